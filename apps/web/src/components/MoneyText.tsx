import { Text, type TextProps } from '@chakra-ui/react';
import { formatUsd, toCents } from '@pharm/validators';

export interface MoneyTextProps extends Omit<TextProps, 'children'> {
  /** A decimal string ('1234.50') or integer cents. */
  value: string | number | null | undefined;
  /** Show amounts above zero in red (balances owed); red.700 keeps 4.5:1 on a muted row too. */
  highlightPositive?: boolean;
}

function cents(value: string | number): number | null {
  if (typeof value === 'number') return value;
  try {
    return toCents(value);
  } catch {
    return null;
  }
}

/** A USD amount, en-US, formatted without floating point (formatUsd). */
export function MoneyText({ value, highlightPositive = false, ...props }: MoneyTextProps) {
  const amount = value === null || value === undefined ? null : cents(value);
  const owed = highlightPositive && amount !== null && amount > 0;
  return (
    <Text
      as="span"
      fontVariantNumeric="tabular-nums"
      whiteSpace="nowrap"
      color={owed ? 'red.700' : undefined}
      fontWeight={owed ? 'medium' : undefined}
      data-positive={owed ? '' : undefined}
      {...props}
    >
      {amount === null ? '—' : formatUsd(amount)}
    </Text>
  );
}
