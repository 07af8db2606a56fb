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
import { termsField } from './pharmacies.js';

export const INVOICE_STATUSES = ['Draft', 'Unpaid', 'Partially Paid', 'Paid'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

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
