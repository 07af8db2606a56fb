import { z } from 'zod';
import { calendarDate, count, recordId } from './common.js';
import { INVOICE_STATUSES } from './statuses.js';

/** Most invoices one recall answers; a prefix that matches more is refused as too broad. */
export const RECALL_LIMIT = 5000;

/**
 * `?lot=` of the recall: a lot number matched exactly, or `LOT*` for every lot starting with LOT
 * (a trailing `*` only; any other `*`, `%` or `_` is matched as itself). Case is ignored.
 */
export const recallQuery = z.object({
  lot: z
    .string({ error: 'Lot number is required' })
    .trim()
    .min(1, 'Lot number is required')
    .max(101, 'Lot number must be at most 100 characters')
    .transform((lot, ctx) => {
      const prefix = lot.endsWith('*');
      const text = prefix ? lot.slice(0, -1).trimEnd() : lot;
      if (!text) {
        ctx.addIssue({ code: 'custom', message: 'Give at least one character before the *' });
        return z.NEVER;
      }
      if (text.length > 100) {
        ctx.addIssue({ code: 'custom', message: 'Lot number must be at most 100 characters' });
        return z.NEVER;
      }
      return { text, prefix };
    }),
});
export type RecallQuery = z.output<typeof recallQuery>;
export type RecallQueryInput = z.input<typeof recallQuery>;

/** A recall: the pharmacies that received the lot, each with the invoices that name it. */
export const recallOutput = z.array(
  z.object({
    pharmacy: z.object({
      id: recordId,
      name: z.string(),
      contactName: z.string().nullable(),
      email: z.string(),
      phone: z.string().nullable(),
    }),
    invoices: z.array(
      z.object({
        id: recordId,
        invoiceNumber: z.string(),
        invoiceDate: calendarDate,
        lotNumber: z.string().nullable(),
        status: z.enum(INVOICE_STATUSES),
        lineItems: z.array(z.object({ description: z.string(), qty: count })),
      }),
    ),
  }),
);
