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
import { formatUsd, toCents } from './money.js';
import { INVOICE_STATUSES } from './statuses.js';
import { PAYMENT_SORTS } from './sorts.js';

export const PAYMENT_METHODS = ['ACH', 'Card', 'Check', 'Cash', 'Other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

const positiveAmount = () =>
  decimalString({
    scale: 2,
    required: 'Amount must be greater than 0',
    invalid: 'Amount must be a number with at most 2 decimal places',
    min: [1, 'Amount must be greater than 0'],
  });

/** Money from a payment or credit note to one invoice (decisions.md §9). */
export const allocationInput = z.object({
  invoiceId: entityId('Invoice is required'),
  amount: positiveAmount(),
});
export type AllocationInput = z.input<typeof allocationInput>;
export type AllocationData = z.output<typeof allocationInput>;

/** At most this many invoices in one payment's or one apply's allocations. */
export const MAX_ALLOCATIONS = 200;

/**
 * Allocations to distinct invoices; what they add up to is checked against the source by the
 * caller (a payment's amount here, a source's unapplied rest on the server).
 */
export const allocationList = z
  .array(allocationInput)
  .max(MAX_ALLOCATIONS, `At most ${MAX_ALLOCATIONS} allocations at once`)
  .superRefine((list, ctx) => {
    const seen = new Set<number>();
    list.forEach((item, index) => {
      if (seen.has(item.invoiceId)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'invoiceId'],
          message: 'Each invoice may appear once',
        });
      }
      seen.add(item.invoiceId);
    });
  });

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
/**
 * POST /api/payments: the spec's `{ invoiceId, amount, … }` (one allocation of the whole amount)
 * or a payment to the pharmacy's account `{ pharmacyId, amount, …, allocations: [...] }` whose
 * rest is unapplied cash (decisions.md §9). The REST adapter puts the Idempotency-Key header in
 * `idempotencyKey`.
 */
export const paymentCreateSchema = paymentSchema
  .extend({
    invoiceId: entityId('Invoice is required').optional(),
    allocations: allocationList.optional(),
    idempotencyKey: idempotencyKeyField.optional(),
  })
  .superRefine((data, ctx) => {
    if (data.invoiceId === undefined && data.allocations === undefined) {
      ctx.addIssue({ code: 'custom', path: ['invoiceId'], message: 'Invoice is required' });
    } else if (data.invoiceId !== undefined && data.allocations !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['allocations'],
        message: 'Give either invoiceId or allocations, not both',
      });
    } else if (data.allocations) {
      const applied = data.allocations.reduce((sum, a) => sum + toCents(a.amount), 0);
      if (applied > toCents(data.amount)) {
        ctx.addIssue({
          code: 'custom',
          path: ['allocations'],
          message: `The allocations add up to ${formatUsd(applied)}, more than the amount`,
        });
      }
    }
  });

/**
 * PUT /api/payments/{id}: the spec's body; `invoiceId` may be left out of a payment to an account
 * (it never changes either way).
 */
export const paymentUpdateSchema = paymentSchema.extend({
  invoiceId: entityId('Invoice is required').optional(),
});
export type PaymentUpdateData = z.output<typeof paymentUpdateSchema>;

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

/** An allocation as a payment, credit note or invoice shows it. */
export const allocationOutput = z.object({
  id: recordId,
  pharmacyId: recordId,
  paymentId: recordId.nullable(),
  creditNoteId: recordId.nullable(),
  /** PAY-… or CRN-…: where the money came from. */
  sourceNumber: z.string(),
  invoiceId: recordId,
  invoiceNumber: z.string(),
  amount: moneyAmount,
  createdAt: timestamp,
  voidedAt: timestamp.nullable(),
  voidReason: z.string().nullable(),
});
export type AllocationOutput = z.output<typeof allocationOutput>;

/** A refund of a payment's or credit note's unapplied rest. */
export const refundOutput = z.object({
  id: recordId,
  pharmacyId: recordId,
  paymentId: recordId.nullable(),
  creditNoteId: recordId.nullable(),
  amount: moneyAmount,
  date: calendarDate,
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  createdAt: timestamp,
});
export type RefundOutput = z.output<typeof refundOutput>;

/**
 * A payment with its allocations (voided ones too, for the record), its refunds and its unapplied
 * rest. `invoiceId` and `invoice` are the invoice of its only active allocation (the spec's
 * shape), null when it has none or several.
 */
export const paymentOutput = z.object({
  id: recordId,
  paymentNumber: z.string(),
  invoiceId: recordId.nullable(),
  pharmacyId: recordId,
  date: calendarDate,
  amount: moneyAmount,
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  invoice: z
    .object({
      invoiceNumber: z.string(),
      status: z.enum(INVOICE_STATUSES),
      total: moneyAmount,
      balance: moneyAmount,
    })
    .nullable(),
  pharmacy: z.object({ name: z.string() }),
  unapplied: moneyAmount,
  allocations: z.array(allocationOutput),
  refunds: z.array(refundOutput),
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
