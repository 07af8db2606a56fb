// Cash application (issue 27, decisions.md §9): allocations, credit notes, refunds and applying
// a pharmacy's unapplied cash and credits to its open invoices.
import { z } from 'zod';
import {
  calendarDate,
  decimalString,
  entityId,
  isoDate,
  listQuery,
  moneyAmount,
  optionalText,
  pageOf,
  recordId,
  requiredText,
  timestamp,
} from './common.js';
import { allocationInput, allocationOutput, PAYMENT_METHODS, refundOutput } from './payments.js';
import { toCents } from './money.js';

const positiveAmount = () =>
  decimalString({
    scale: 2,
    required: 'Amount must be greater than 0',
    invalid: 'Amount must be a number with at most 2 decimal places',
    min: [1, 'Amount must be greater than 0'],
  });

/** POST /api/allocations/{id}/void's body. */
export const allocationVoidSchema = z.object({
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(500, 'Reason must be at most 500 characters'),
});
export type AllocationVoidData = z.output<typeof allocationVoidSchema>;

/** POST /api/refunds: of a payment's or a credit note's unapplied rest. */
export const refundCreateSchema = z
  .object({
    paymentId: entityId('Payment must be a positive integer').optional(),
    creditNoteId: entityId('Credit note must be a positive integer').optional(),
    amount: positiveAmount(),
    date: isoDate('Date is required', 'Date'),
    method: z.enum(PAYMENT_METHODS, { error: 'Refund method is required' }),
    reference: optionalText(255, 'Reference'),
  })
  .superRefine((data, ctx) => {
    if ((data.paymentId === undefined) === (data.creditNoteId === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['paymentId'],
        message: 'Give either paymentId or creditNoteId',
      });
    }
  });
export type RefundCreateData = z.output<typeof refundCreateSchema>;

export const refundListQuery = listQuery.extend({
  pharmacyId: entityId('pharmacyId must be a positive integer').optional(),
  paymentId: entityId('paymentId must be a positive integer').optional(),
  creditNoteId: entityId('creditNoteId must be a positive integer').optional(),
});
export type RefundListQuery = z.output<typeof refundListQuery>;
export const refundPageOutput = pageOf(refundOutput);

/** Most lines a credit note may take back. */
export const MAX_CREDIT_NOTE_LINES = 500;

/**
 * POST /api/credit-notes: from an invoice's lines (each with a quantity up to what is left of it
 * to credit), or a free amount before tax, with a reason. Tax follows the invoice's rate; a credit
 * note without an invoice carries no tax.
 */
export const creditNoteCreateSchema = z
  .object({
    pharmacyId: entityId('Pharmacy is required'),
    invoiceId: entityId('Invoice must be a positive integer').nullish(),
    date: isoDate('Date is required', 'Date'),
    reason: requiredText(5000, 'Reason is required', 'Reason'),
    lines: z
      .array(
        z.object({
          invoiceLineId: entityId('Invoice line is required'),
          qty: z
            .number({ error: 'Quantity must be a whole number of at least 1' })
            .int('Quantity must be a whole number of at least 1')
            .min(1, 'Quantity must be a whole number of at least 1')
            .max(1_000_000, 'Quantity must be at most 1000000'),
        }),
      )
      .max(MAX_CREDIT_NOTE_LINES, `At most ${MAX_CREDIT_NOTE_LINES} lines`)
      .optional(),
    amount: positiveAmount().optional(),
  })
  .superRefine((data, ctx) => {
    const hasLines = data.lines !== undefined && data.lines.length > 0;
    if (hasLines === (data.amount !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: 'Give either returned lines or an amount',
      });
    }
    if (hasLines && !data.invoiceId) {
      ctx.addIssue({
        code: 'custom',
        path: ['invoiceId'],
        message: 'Returned lines need the invoice they came from',
      });
    }
    const seen = new Set<number>();
    data.lines?.forEach((line, index) => {
      if (seen.has(line.invoiceLineId)) {
        ctx.addIssue({
          code: 'custom',
          path: ['lines', index, 'invoiceLineId'],
          message: 'Each invoice line may appear once',
        });
      }
      seen.add(line.invoiceLineId);
    });
  });
export type CreditNoteCreateInput = z.input<typeof creditNoteCreateSchema>;
export type CreditNoteCreateData = z.output<typeof creditNoteCreateSchema>;

export const creditNoteListQuery = listQuery.extend({
  pharmacyId: entityId('pharmacyId must be a positive integer').optional(),
  invoiceId: entityId('invoiceId must be a positive integer').optional(),
  /** Only those with an unapplied rest. */
  open: z.boolean().optional(),
});
export type CreditNoteListQuery = z.output<typeof creditNoteListQuery>;

export const creditNoteLineOutput = z.object({
  id: recordId,
  invoiceLineId: recordId.nullable(),
  position: z.number(),
  description: z.string(),
  qty: z.number(),
  unitPrice: moneyAmount,
  lineTotal: moneyAmount,
});

/** Keys in the service's order (test/outputs.test.ts compares the bytes). */
export const creditNoteOutput = z.object({
  id: recordId,
  pharmacyId: recordId,
  invoiceId: recordId.nullable(),
  date: calendarDate,
  reason: z.string(),
  amount: moneyAmount,
  taxRate: z.string(),
  taxAmount: moneyAmount,
  total: moneyAmount,
  unapplied: moneyAmount,
  createdAt: timestamp,
  updatedAt: timestamp,
  number: z.string(),
  pharmacy: z.object({ name: z.string() }),
  invoice: z.object({ invoiceNumber: z.string() }).nullable(),
  lines: z.array(creditNoteLineOutput),
  allocations: z.array(allocationOutput),
  refunds: z.array(refundOutput),
});
export type CreditNoteOutput = z.output<typeof creditNoteOutput>;
export const creditNoteListItemOutput = creditNoteOutput.omit({
  lines: true,
  allocations: true,
  refunds: true,
});
export const creditNotePageOutput = pageOf(creditNoteListItemOutput);

/** What a credit note of an invoice may still take back, line by line, for its form. */
export const creditableLinesOutput = z.object({
  invoiceId: recordId,
  invoiceNumber: z.string(),
  pharmacyId: recordId,
  taxRate: z.string(),
  lines: z.array(
    z.object({
      invoiceLineId: recordId,
      description: z.string(),
      unitPrice: moneyAmount,
      invoicedQty: z.number(),
      creditedQty: z.number(),
      creditableQty: z.number(),
    }),
  ),
});

/** A payment or credit note whose rest may be applied. */
export const cashSourceOutput = z.object({
  paymentId: recordId.nullable(),
  creditNoteId: recordId.nullable(),
  number: z.string(),
  date: calendarDate,
  unapplied: moneyAmount,
});

/** One proposed or confirmed allocation from a given source. */
export const applyItem = z
  .object({
    paymentId: entityId('Payment must be a positive integer').optional(),
    creditNoteId: entityId('Credit note must be a positive integer').optional(),
    invoiceId: allocationInput.shape.invoiceId,
    amount: allocationInput.shape.amount,
  })
  .superRefine((item, ctx) => {
    if ((item.paymentId === undefined) === (item.creditNoteId === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['paymentId'],
        message: 'Give either paymentId or creditNoteId',
      });
    }
  });
export type ApplyItemData = z.output<typeof applyItem>;

/**
 * The account's unapplied cash and credits against its open invoices, oldest first (sources
 * oldest first too): the proposal staff confirm, or change, before it is applied.
 */
export const applyProposalOutput = z.object({
  pharmacyId: recordId,
  unapplied: moneyAmount,
  sources: z.array(cashSourceOutput),
  invoices: z.array(
    z.object({
      invoiceId: recordId,
      invoiceNumber: z.string(),
      invoiceDate: calendarDate,
      dueDate: calendarDate,
      balance: moneyAmount,
    }),
  ),
  proposals: z.array(
    z.object({
      paymentId: recordId.nullable(),
      creditNoteId: recordId.nullable(),
      sourceNumber: z.string(),
      invoiceId: recordId,
      invoiceNumber: z.string(),
      amount: moneyAmount,
    }),
  ),
});
export type ApplyProposalOutput = z.output<typeof applyProposalOutput>;

/** GET /api/pharmacies/{id}/apply-proposal[?invoiceId=]: one invoice (just issued) or all. */
export const applyProposalQuery = z.object({
  id: entityId('id must be a positive integer'),
  invoiceId: entityId('invoiceId must be a positive integer').optional(),
});

/** POST /api/allocations: confirmed allocations of one pharmacy, in one transaction. */
export const applyConfirmSchema = z
  .object({
    pharmacyId: entityId('Pharmacy is required'),
    allocations: z.array(applyItem).min(1, 'Nothing to apply').max(200, 'At most 200 at once'),
  })
  .superRefine((data, ctx) => {
    const seen = new Set<string>();
    data.allocations.forEach((a, index) => {
      const key = `${a.paymentId ?? ''}/${a.creditNoteId ?? ''}/${a.invoiceId}`;
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['allocations', index],
          message: 'Each source and invoice pair may appear once',
        });
      }
      seen.add(key);
    });
  });
export type ApplyConfirmData = z.output<typeof applyConfirmSchema>;

export const appliedOutput = z.object({ allocations: z.array(allocationOutput) });

/** Oldest-first filling: exported so that the web's "apply oldest first" gives the same. */
export function fillOldestFirst<T extends { balance: string }>(
  amountCents: number,
  invoices: readonly T[],
): { item: T; cents: number }[] {
  let left = amountCents;
  const out: { item: T; cents: number }[] = [];
  for (const item of invoices) {
    if (left <= 0) break;
    const cents = Math.min(left, toCents(item.balance));
    if (cents > 0) out.push({ item, cents });
    left -= cents;
  }
  return out;
}
