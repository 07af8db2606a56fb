import type { FormEventHandler, ReactNode } from 'react';
import { Box, Card, chakra, Stack } from '@chakra-ui/react';

/**
 * The card of a record form: its sections (usually FormSection) one under the other with a line
 * between them, and `footer` (usually FormFooter) along the bottom.
 */
export function FormCard({
  onSubmit,
  testId,
  footer,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  testId: string;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card.Root asChild>
      <chakra.form onSubmit={onSubmit} noValidate data-testid={testId}>
        <Stack
          px={{ base: '5', md: '8' }}
          gap="0"
          separator={<Box borderBottomWidth="1px" borderColor="border.muted" />}
        >
          {children}
        </Stack>
        {footer}
      </chakra.form>
    </Card.Root>
  );
}
