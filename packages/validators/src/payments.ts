import { z } from 'zod';
import { entityId, isoDate, listQuery, money, optionalText } from './common.js';

export const PAYMENT_METHODS = ['ACH', 'Card', 'Check', 'Cash', 'Other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const paymentSchema = z.object({
  invoiceId: entityId('Invoice is required'),
  pharmacyId: entityId('Pharmacy is required'),
  date: isoDate('Date is required', 'Date'),
  amount: money('Amount must be greater than 0', [1, 'Amount must be greater than 0']),
  method: z.enum(PAYMENT_METHODS, { error: 'Payment method is required' }),
  reference: optionalText(255, 'Reference'),
  notes: optionalText(5000, 'Notes'),
});

export const idempotencyKeyField = z
  .string()
  .trim()
  .min(8, 'Idempotency-Key must be 8 to 255 characters')
  .max(255, 'Idempotency-Key must be 8 to 255 characters');

/** The payments list: newest first, `q` over the payment number, invoice number and pharmacy. */
export const paymentListQuery = listQuery;
export type PaymentListQuery = z.output<typeof paymentListQuery>;

export type PaymentInput = z.input<typeof paymentSchema>;
export type PaymentData = z.output<typeof paymentSchema>;
