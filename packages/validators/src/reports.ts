import { z } from 'zod';
import { calendarDate, count, moneyAmount, recordId } from './common.js';
import { agingOutput } from './statements.js';
import { INVOICE_STATUSES } from './statuses.js';

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
  totalOutstanding: moneyAmount,
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
