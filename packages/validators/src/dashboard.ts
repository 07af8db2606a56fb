import { z } from 'zod';
import { calendarDate, count, moneyAmount, recordId } from './common.js';
import { INVOICE_STATUSES, ORDER_STATUSES } from './statuses.js';

/** The dashboard's figures. */
/** Each figure is left out when the role may not read what it counts (DASHBOARD_PARTS). */
export const dashboardSummaryOutput = z.object({
  openOrders: count.optional(),
  unpaidInvoices: count.optional(),
  /** Net of unapplied cash and credits (issue 27). */
  totalOutstanding: moneyAmount.optional(),
  unappliedCash: moneyAmount.optional(),
  /** The card's note on what the total is net of. */
  totalOutstandingNote: z.string().optional(),
  onCreditHold: count.optional(),
});

const byName = z.object({ name: z.string() });

/** The dashboard's newest orders and invoices. */
export const dashboardRecentOutput = z.object({
  orders: z.array(
    z.object({
      id: recordId,
      orderNumber: z.string(),
      status: z.enum(ORDER_STATUSES),
      total: moneyAmount,
      orderDate: calendarDate,
      pharmacy: byName,
    }),
  ),
  invoices: z.array(
    z.object({
      id: recordId,
      invoiceNumber: z.string(),
      status: z.enum(INVOICE_STATUSES),
      total: moneyAmount,
      balance: moneyAmount,
      dueDate: calendarDate,
      pharmacy: byName,
    }),
  ),
});
