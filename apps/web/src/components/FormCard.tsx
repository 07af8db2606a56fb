import type { FormEventHandler, ReactNode } from 'react';
import { Box, Card, chakra, Stack } from '@chakra-ui/react';
import type { LinkProps } from '@tanstack/react-router';
import { preloadSchemas } from '../lib/schemas';
import { capitalize } from '../lib/text';
import { FormFooter } from './FormFooter';

/**
 * The card of a record's form (`<one>-form`): its sections (usually FormSection) one under the
 * other with a line between them, and along the bottom Cancel back to the list (`/<many>`) and
 * Create or Update (FormFooter).
 */
export function FormCard({
  list,
  isEdit,
  onSubmit,
  pending,
  children,
}: {
  /** The record's list (`features/x/list.ts`): 'pharmacy', 'pharmacies'. */
  list: { names: { one: string; many: string } };
  isEdit: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  children: ReactNode;
}) {
  const { one, many } = list.names;
  return (
    <Card.Root asChild>
      <chakra.form
        onSubmit={onSubmit}
        onChange={preloadSchemas}
        noValidate
        data-testid={`${one}-form`}
      >
        <Stack
          px={{ base: '5', md: '8' }}
          gap="0"
          separator={<Box borderBottomWidth="1px" borderColor="border.muted" />}
        >
          {children}
        </Stack>
        <FormFooter
          // Every list route is at `/<many>`.
          cancelTo={`/${many}` as LinkProps['to']}
          noun={capitalize(one)}
          isEdit={isEdit}
          pending={pending}
        />
      </chakra.form>
    </Card.Root>
  );
}
