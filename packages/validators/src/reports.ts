import { z } from 'zod';
import { calendarDate, count, isoDate, moneyAmount, recordId } from './common.js';
import { agingOutput } from './statements.js';
import { INVOICE_STATUSES } from './statuses.js';

const reportFields = {
  from: isoDate('From date is required', 'From date').optional(),
  to: isoDate('To date is required', 'To date').optional(),
  asOf: isoDate('As-of date is required', 'As-of date').optional(),
};

function checkPeriod(value: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if ((value.from === undefined) !== (value.to === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: [value.from === undefined ? 'from' : 'to'],
      message: 'Give both dates of the period, or neither',
    });
  } else if (value.from && value.to && value.from > value.to) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'To date must not precede From date' });
  }
}

/**
 * GET /api/reports?from=&to=&asOf= : the sales figures of a period (both dates, inclusive, or
 * neither: all time), and what was owed on `asOf` (default today).
 */
export const reportsQuery = z.object(reportFields).superRefine(checkPeriod);
export type ReportsQuery = z.output<typeof reportsQuery>;

/**
 * A page of the outstanding detail (the outstanding CSV, which takes the report's query): what
 * was open on `asOf`, after the last row's due date and id (most past due first).
 */
export const outstandingQuery = z
  .object({
    ...reportFields,
    after: z
      .object({
        dueDate: isoDate('Due date is required', 'Due date'),
        id: z.number().int().min(1).max(2_147_483_647),
      })
      .nullish(),
    limit: z.number().int().min(1).max(1000).default(200),
  })
  .superRefine(checkPeriod);
export type OutstandingQuery = z.output<typeof outstandingQuery>;

/** An open invoice with its days past due (negative: not due yet). */
export const outstandingInvoiceOutput = z.object({
  id: recordId,
  invoiceNumber: z.string(),
  status: z.enum(INVOICE_STATUSES),
  invoiceDate: calendarDate,
  dueDate: calendarDate,
  total: moneyAmount,
  balance: moneyAmount,
  daysPastDue: count,
  pharmacy: z.object({ id: recordId, name: z.string() }),
});

/** The reports page. */
export const reportsOutput = z.object({
  /** Open invoice balances less unapplied cash and credits (the dashboard's figure). */
  totalOutstanding: moneyAmount,
  /** Σ of the aging's buckets. */
  openInvoiceBalance: moneyAmount,
  /** The aging's own line, on `asOf` (today without). */
  unappliedCash: moneyAmount,
  totalSales: moneyAmount,
  totalInvoices: count,
  activePharmacies: count,
  aging: agingOutput,
  agingCounts: z.object({ current: count, days31to60: count, days61to90: count, over90: count }),
  salesByPharmacy: z.array(
    z.object({ pharmacyId: recordId, name: z.string(), totalSales: moneyAmount }),
  ),
  /** The first of them, most past due first; outstandingInvoiceCount counts all. */
  outstandingInvoices: z.array(outstandingInvoiceOutput),
  outstandingInvoiceCount: count,
});

/** A page of the outstanding detail, and the cursor of the next (null on the last). */
export const outstandingPageOutput = z.object({
  items: z.array(outstandingInvoiceOutput),
  after: z.object({ dueDate: calendarDate, id: recordId }).nullable(),
});
