import type { ReactNode } from 'react';
import { Button, Text, type TextProps } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { LuSquareArrowOutUpRight } from 'react-icons/lu';

/** The record pages, by the kind of record. */
export const RECORD_ROUTES = {
  order: '/orders/$id',
  invoice: '/invoices/$id',
  payment: '/payments/$id',
  pharmacy: '/pharmacies/$id',
  product: '/products/$id',
  lot: '/lots/$id',
} as const;

export type RecordKind = keyof typeof RECORD_ROUTES;

/** A record's number or name as a link to its page, in the app's link colour. */
export function RecordLink({
  kind,
  id,
  children,
  ...props
}: { kind: RecordKind; id: number; children: ReactNode } & Omit<TextProps, 'children' | 'id'>) {
  return (
    <Text
      asChild
      fontWeight="semibold"
      color="brand.fg"
      fontVariantNumeric="tabular-nums"
      _hover={{ textDecoration: 'underline' }}
      {...props}
    >
      <Link to={RECORD_ROUTES[kind]} params={{ id }}>
        {children}
      </Link>
    </Text>
  );
}

/** A details dialog's way to the record's own page (the dialog is its quick view). */
export function OpenPageButton({ kind, id }: { kind: RecordKind; id: number }) {
  return (
    <Button asChild variant="outline" colorPalette="gray">
      <Link to={RECORD_ROUTES[kind]} params={{ id }} data-testid="open-page">
        <LuSquareArrowOutUpRight /> Open page
      </Link>
    </Button>
  );
}
