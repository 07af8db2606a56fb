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

/** The class of an amount, styled once in the theme's global CSS (theme/system.ts). */
export const MONEY_TEXT_CLASS = 'money-text';

/**
 * A USD amount, en-US, formatted without floating point (formatUsd). Without style props it is a
 * plain span with one class: a list screen shows one or two in each of its rows, and a Chakra
 * Text for each resolved its styles at every mount (the time from a click in the side menu to
 * the painted rows).
 */
export function MoneyText({ value, highlightPositive = false, ...props }: MoneyTextProps) {
  const amount = value === null || value === undefined ? null : cents(value);
  const owed = highlightPositive && amount !== null && amount > 0;
  const shared = {
    className: MONEY_TEXT_CLASS,
    'data-positive': owed ? '' : undefined,
    children: amount === null ? '—' : formatUsd(amount),
  };
  return Object.keys(props).length === 0 ? (
    <span {...shared} />
  ) : (
    <Text as="span" {...shared} {...props} />
  );
}
