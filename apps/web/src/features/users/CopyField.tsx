import { useRef, useState } from 'react';
import { Button, Field, HStack, Input, Text } from '@chakra-ui/react';
import { LuCheck, LuCopy } from 'react-icons/lu';

/**
 * A secret shown once (an invitation link, an API token): read-only, selected on focus, with a
 * Copy button. Where the clipboard is refused, the text is selected for the user to copy.
 */
export function CopyField({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string;
  hint: string;
  testId: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      input.current?.select();
    }
  };
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <HStack w="full" gap="2">
        <Input
          ref={input}
          value={value}
          readOnly
          fontFamily="mono"
          fontSize="sm"
          onFocus={(event) => event.currentTarget.select()}
          data-testid={testId}
        />
        <Button variant="outline" colorPalette="gray" onClick={() => void copy()} flexShrink={0}>
          {copied ? <LuCheck /> : <LuCopy />} {copied ? 'Copied' : 'Copy'}
        </Button>
      </HStack>
      <Field.HelperText>
        <Text as="span">{hint}</Text>
      </Field.HelperText>
    </Field.Root>
  );
}
