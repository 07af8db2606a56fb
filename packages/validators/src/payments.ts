import { z } from 'zod';
import { decimalString, entityId, isoDate, listQuery, optionalText } from './common.js';

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
export const paymentListQuery = listQuery.extend({
  invoiceId: entityId('Invoice must be a positive integer').optional(),
});
export type PaymentListQuery = z.output<typeof paymentListQuery>;

export type PaymentInput = z.input<typeof paymentSchema>;
export type PaymentData = z.output<typeof paymentSchema>;
export type PaymentCreateInput = z.input<typeof paymentCreateSchema>;
export type PaymentCreateData = z.output<typeof paymentCreateSchema>;
