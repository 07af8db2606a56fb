import { z } from 'zod';
import {
  decimalString,
  entityId,
  fullOrOnly,
  isoDate,
  listQuery,
  money,
  optionalText,
} from './common.js';
import { toCents } from './money.js';
import { termsField } from './pharmacies.js';

export const INVOICE_STATUSES = ['Draft', 'Unpaid', 'Partially Paid', 'Paid'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** What a badge shows: a stored status, or Overdue, which is derived and never stored. */
export type InvoiceDisplayStatus = InvoiceStatus | 'Overdue';

/**
 * The spec's badge colours as Chakra palette names (Unpaid yellow, Partially Paid orange, Paid
 * green, Overdue red); anything else, Draft included, is grey.
 */
export const INVOICE_STATUS_PALETTE = {
  Unpaid: 'yellow',
  'Partially Paid': 'orange',
  Paid: 'green',
  Overdue: 'red',
} as const satisfies Partial<Record<InvoiceDisplayStatus, string>>;

/** docs/rules.md §3: Overdue is a due date before today, a balance above 0 and not Paid. */
export function isInvoiceOverdue(
  invoice: { status: string; dueDate: string; balance: string },
  today: string,
): boolean {
  return invoice.status !== 'Paid' && invoice.dueDate < today && toCents(invoice.balance) > 0;
}

export function invoiceDisplayStatus(
  invoice: { status: InvoiceStatus; dueDate: string; balance: string },
  today: string,
): InvoiceDisplayStatus {
  return isInvoiceOverdue(invoice, today) ? 'Overdue' : invoice.status;
}

export const DEFAULT_TAX_RATE = '0.0875';
export const DEFAULT_DUE_DAYS = 30;

export const invoiceStatusField = z.enum(INVOICE_STATUSES, {
  error: `Status must be one of ${INVOICE_STATUSES.join(', ')}`,
});

export const invoiceSchema = z.object({
  pharmacyId: entityId('Pharmacy is required'),
  fromOrderId: z
    .number({ error: 'Order must be a positive integer' })
    .int('Order must be a positive integer')
    .min(1, 'Order must be a positive integer')
    .nullish()
    .transform((value) => value ?? null),
  invoiceDate: isoDate('Invoice date is required', 'Invoice date'),
  dueDate: isoDate('Due date is required', 'Due date'),
  terms: termsField,
  notes: optionalText(5000, 'Notes'),
  lotNumber: optionalText(100, 'Lot number'),
  traySize: optionalText(100, 'Tray size'),
  nestSize: optionalText(100, 'Nest size'),
  caseSize: optionalText(100, 'Case size'),
  status: invoiceStatusField.optional(),
  taxRate: decimalString({
    scale: 4,
    required: 'Tax rate must be between 0 and 100%',
    invalid: 'Tax rate must be between 0 and 100%',
    min: [0, 'Tax rate must be between 0 and 100%'],
    max: [10_000, 'Tax rate must be between 0 and 100%'],
  }),
  shipping: money('Shipping must be non-negative', [0, 'Shipping must be non-negative']),
  amount: money('Amount must be non-negative', [0, 'Amount must be non-negative']),
});

/** PUT /api/invoices/{id}: the full invoice, or only `{status}` (Mark Paid). */
export const invoiceStatusOnlySchema = z.strictObject({ status: invoiceStatusField });
export const invoiceUpdateSchema = fullOrOnly(invoiceSchema, invoiceStatusOnlySchema);

/** The invoices list tabs; overdue is derived, never stored. */
export const INVOICE_TABS = ['all', 'unpaid', 'partially_paid', 'paid', 'overdue'] as const;
export const invoiceListQuery = listQuery.extend({
  tab: z.enum(INVOICE_TABS).optional(),
});
export type InvoiceListQuery = z.output<typeof invoiceListQuery>;

export type InvoiceInput = z.input<typeof invoiceSchema>;
export type InvoiceData = z.output<typeof invoiceSchema>;
export type InvoiceUpdateData = z.output<typeof invoiceUpdateSchema>;
