import { fromCents, lineTotalCents, parseScaled, sumCents } from './money.js';
import type { OrderStatus } from './statuses.js';

/** The order form's rules that need no schema: the form loads zod only to validate. */

/** Fulfilled and Cancelled orders are history: their content no longer changes. */
export function isOrderEditable(status: OrderStatus): boolean {
  return status === 'Draft' || status === 'Sent';
}

export const SHIPPING_METHODS = ['Ground Shipping', 'Express Shipping', 'Overnight'] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

/** The largest amount numeric(10,2) holds: 99,999,999.99. */
export const MAX_MONEY_CENTS = 9_999_999_999;

/**
 * A form line's total while the user types: '0.00' until qty is a whole number ≥ 0 and the
 * price a valid amount, so half-typed input never shows NaN.
 */
export function formLineTotal(qty: unknown, unitPrice: unknown): string {
  const cents = typeof unitPrice === 'string' ? parseScaled(unitPrice, 2) : null;
  if (cents === null || cents < 0 || typeof qty !== 'number' || !Number.isInteger(qty) || qty < 0)
    return '0.00';
  const total = lineTotalCents(qty, cents);
  return Number.isSafeInteger(total) ? fromCents(total) : '0.00';
}

/** The form's order total: Σ of its lines' shown totals, in cents. */
export function formOrderTotalCents(
  lines: readonly { qty?: unknown; unitPrice?: unknown }[],
): number {
  return sumCents(
    lines.map((line) => parseScaled(formLineTotal(line.qty, line.unitPrice), 2) ?? 0),
  );
}
