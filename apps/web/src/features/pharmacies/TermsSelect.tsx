import { NativeSelect } from '@chakra-ui/react';
import { PAYMENT_TERMS, TERMS_LABELS } from '@pharm/validators';

/** A pharmacy's payment terms to pick, or none (`emptyLabel`). */
export function TermsSelect({
  emptyLabel,
  ...props
}: NativeSelect.FieldProps & { emptyLabel: string }) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field {...props}>
        <option value="">{emptyLabel}</option>
        {PAYMENT_TERMS.map((terms) => (
          <option key={terms} value={terms}>
            {TERMS_LABELS[terms]}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
