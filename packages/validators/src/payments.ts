import { z } from 'zod';
import {
  calendarDate,
  decimalString,
  entityId,
  isoDate,
  dateRangeQuery,
  sortableListQuery,
  sortedPageOf,
  moneyAmount,
  optionalText,
  recordId,
  timestamp,
} from './common.js';
import { INVOICE_STATUSES } from './statuses.js';
import { PAYMENT_SORTS } from './sorts.js';

export const PAYMENT_METHODS = ['ACH', 'Card', 'Check', 'Cash', 'Other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const paymentSchema = z.object({
  invoiceId: entityId('Invoice is required'),
  pharmacyId: entityId('Pharmacy is required'),
  date: isoDate('Date is required', 'Date'),
  amount: decimalString({
    scale: 2,
    required: 'Amount must be greater than 0',
    invalid: 'Amount must be a number with at most 2 decimal places',
    min: [1, 'Amount must be greater than 0'],
  }),
  method: z.enum(PAYMENT_METHODS, { error: 'Payment method is required' }),
  reference: optionalText(255, 'Reference'),
  notes: optionalText(5000, 'Notes'),
});

export const idempotencyKeyField = z
  .string()
  .trim()
  .min(8, 'Idempotency-Key must be 8 to 255 characters')
  .max(255, 'Idempotency-Key must be 8 to 255 characters');

/**
 * POST /api/payments (the REST adapter puts the Idempotency-Key header here): a repeat with the
 * same key answers the first payment, docs/rules.md §3.
 */
export const paymentCreateSchema = paymentSchema.extend({
  idempotencyKey: idempotencyKeyField.optional(),
});

/**
 * The payments list: newest first, `q` over the payment number, invoice number and pharmacy;
 * `invoiceId` keeps one invoice's payments.
 */
export const paymentListQuery = sortableListQuery(PAYMENT_SORTS).extend({
  invoiceId: entityId('Invoice must be a positive integer').optional(),
  pharmacyId: entityId('pharmacyId must be a positive integer').optional(),
  ...dateRangeQuery,
});
export type PaymentListQuery = z.output<typeof paymentListQuery>;

/** A payment with its invoice's figures (after the payment) and its pharmacy's name. */
export const paymentOutput = z.object({
  id: recordId,
  paymentNumber: z.string(),
  invoiceId: recordId,
  pharmacyId: recordId,
  date: calendarDate,
  amount: moneyAmount,
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  invoice: z.object({
    invoiceNumber: z.string(),
    status: z.enum(INVOICE_STATUSES),
    total: moneyAmount,
    balance: moneyAmount,
  }),
  pharmacy: z.object({ name: z.string() }),
});
export const paymentPageOutput = sortedPageOf(paymentOutput);

/** The invoices a payment can be recorded against, for the payment form's picker. */
export const paymentInvoiceOptionsOutput = z.array(
  z.object({
    id: recordId,
    invoiceNumber: z.string(),
    pharmacyId: recordId,
    pharmacyName: z.string(),
    balance: moneyAmount,
  }),
);

export type PaymentInput = z.input<typeof paymentSchema>;
export type PaymentData = z.output<typeof paymentSchema>;
export type PaymentCreateInput = z.input<typeof paymentCreateSchema>;
export type PaymentCreateData = z.output<typeof paymentCreateSchema>;
