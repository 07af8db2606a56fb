import type { ReactNode } from 'react';
import { Field, Input, InputGroup, type InputProps } from '@chakra-ui/react';

/**
 * One labelled field of a form: `children` (the input), then `helper` and the field's `error`
 * message under it. `required` marks the label.
 */
export function FormField({
  label,
  error,
  required = false,
  disabled,
  readOnly,
  helper,
  children,
}: {
  label: string;
  error: string | undefined;
  required?: boolean;
  disabled?: boolean;
  /** Shown but not editable: the user's role may not change it. */
  readOnly?: boolean;
  helper?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={!!error} required={required} disabled={disabled} readOnly={readOnly}>
      <Field.Label>
        {label}
        {required ? (
          <>
            {' '}
            <Field.RequiredIndicator />
          </>
        ) : null}
      </Field.Label>
      {children}
      {helper}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** A USD amount input: '$' before it, cents steps, right-aligned. */
export function MoneyInput(props: InputProps) {
  return (
    <InputGroup startElement="$">
      <Input type="number" min={0} step="0.01" textAlign="end" {...props} />
    </InputGroup>
  );
}
