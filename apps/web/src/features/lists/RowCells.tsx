// The cells that several lists' rows share.
import type { ReactNode } from 'react';
import { Box, Table, Text } from '@chakra-ui/react';
import { Link, type LinkProps } from '@tanstack/react-router';
import { LuPencil } from 'react-icons/lu';
import { ActionButton } from '../../components/ActionButton';

/** The first cell of a numbered record (order, invoice, payment): its number opens its details. */
export function NumberCell({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Table.Cell py="3" whiteSpace="nowrap">
      <Text
        as="button"
        fontWeight="semibold"
        color="brand.fg"
        fontVariantNumeric="tabular-nums"
        cursor="pointer"
        _hover={{ textDecoration: 'underline' }}
        onClick={onClick}
      >
        {children}
      </Text>
    </Table.Cell>
  );
}

/** The pharmacy a record (order, invoice, payment) belongs to. */
export function PharmacyCell({ name }: { name: string }) {
  return (
    <Table.Cell color="fg" minW="40" whiteSpace="normal">
      {name}
    </Table.Cell>
  );
}

/** A row's Edit action: the link to the record's form. */
export function EditAction({
  to,
  id,
}: {
  to: Extract<LinkProps['to'], `${string}/$id/edit`>;
  id: number;
}) {
  return (
    <ActionButton label="Edit" asChild>
      <Link to={to} params={{ id }}>
        <LuPencil />
      </Link>
    </ActionButton>
  );
}

/** Stands for a row's missing quick action: keeps its delete button in the same column on every row. */
export function ActionSpacer() {
  return <Box w="8" flexShrink={0} aria-hidden="true" />;
}
