import { addDaysIso } from './dates.js';
import { formatScaled, parseScaled, taxCents, toCents } from './money.js';
import { MAX_MONEY_CENTS } from './order-rules.js';
import type { PaymentTerms } from './terms.js';

/** The invoice form's rules that need no schema: the form loads zod only to validate. */

export const DEFAULT_TAX_RATE = '0.0875';
export const DEFAULT_DUE_DAYS = 30;

/** Days from the invoice date to the due date under each payment term. */
export const TERMS_DUE_DAYS: Record<PaymentTerms, number> = {
  'Net 15': 15,
  'Net 30': 30,
  'Net 60': 60,
  'Due on Receipt': 0,
  COD: 0,
};

/** The due date the invoice form proposes: the invoice date plus the terms' days. */
export function dueDateForTerms(invoiceDate: string, terms: PaymentTerms): string {
  return addDaysIso(invoiceDate, TERMS_DUE_DAYS[terms]);
}

/** '0.0875' → '8.75': the stored rate as the percent with 2 decimals the form shows. */
export function taxRateToPercent(taxRate: string): string {
  const units = parseScaled(taxRate, 4);
  return units === null ? taxRate : formatScaled(units, 2);
}

/**
 * '8.75' → '0.0875': the form's percent as the 4-decimal rate sent; a percent the rate cannot
 * hold exactly (more than 2 decimals, not a number) is returned as typed, for the schema to refuse.
 */
export function taxPercentToRate(percent: string): string {
  const units = parseScaled(percent, 2);
  return units === null ? percent : formatScaled(units, 4);
}

export interface InvoiceTotals {
  /** subtotal = amount, tax, shipping and total, in cents. */
  subtotal: number;
  taxAmount: number;
  shipping: number;
  total: number;
  /** False when the total does not fit numeric(10,2). */
  fits: boolean;
}

/**
 * docs/rules.md §2, in integer cents: tax = round(amount × rate) half away from zero; total =
 * amount + tax + shipping. The server stores these; the form shows the same figures live.
 */
export function invoiceTotals(input: {
  amount: string;
  taxRate: string;
  shipping: string;
}): InvoiceTotals {
  const subtotal = toCents(input.amount);
  const taxAmount = taxCents(subtotal, input.taxRate);
  const shipping = toCents(input.shipping);
  const total = subtotal + taxAmount + shipping;
  return { subtotal, taxAmount, shipping, total, fits: total <= MAX_MONEY_CENTS };
}
