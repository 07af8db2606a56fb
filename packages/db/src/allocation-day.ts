import { sql, type RawBuilder } from 'kysely';

/**
 * An allocation's columns as SQL: a row's (`a.invoice_id`, …) or the values being inserted.
 * Column references name their table's alias, and not `i`, `pm` or `c`, which
 * allocationCountsFrom's subquery uses itself (an unqualified `id` would be read as its own).
 */
export interface AllocationRef {
  invoiceId: RawBuilder<unknown>;
  paymentId: RawBuilder<unknown>;
  creditNoteId: RawBuilder<unknown>;
  /** When it was made: `a.created_at`, or `now()` in the transaction that inserts it. */
  createdAt: RawBuilder<unknown>;
}

/** The columns of allocations `a`, for allocationCountsFrom over stored rows. */
export const ALLOCATION_ROW: AllocationRef = {
  invoiceId: sql`a.invoice_id`,
  paymentId: sql`a.payment_id`,
  creditNoteId: sql`a.credit_note_id`,
  createdAt: sql`a.created_at`,
};

/**
 * An allocation's invoice's date, stored as `allocations.invoice_date` (migration 0030) beside
 * counts_from: a report as of a day reads the allocations counted after it for invoices issued by
 * then as one range of allocations_counts_from_idx, not every allocation counted since (at
 * 1,000,000 invoices a year back, 14,000 of 219,000). Set with the row, moved with the invoice's
 * date by the same writes as counts_from, checked by moneyViolations.
 */
export function allocationInvoiceDate(a: Pick<AllocationRef, 'invoiceId'>): RawBuilder<string> {
  return sql<string>`(select invoice_date from invoices where id = ${a.invoiceId})`;
}

/**
 * The day from which an allocation counts in what was owed and unapplied on a past day (reports
 * as of a date), stored as `allocations.counts_from` (migration 0027): never before its source's
 * date nor its invoice's, and never before the day it was made, so a report as of an earlier day
 * shows the cash still unapplied then and the invoice still owed. One made with its payment (the
 * spec's payment, an account payment's own allocations: one transaction, one `created_at`)
 * counts from the payment's date, as payments always did. A voided one counts until the day
 * before it was voided.
 *
 * The one definition: the insert (allocations engine), the date edits that move it (a payment's,
 * an invoice's), the migration's backfill, the bench seed and moneyViolations' check all use it.
 * A scalar subquery, so it can stand in a VALUES list, a SET or a comparison.
 */
export function allocationCountsFrom(a: AllocationRef): RawBuilder<string> {
  return sql<string>`(
    select greatest(coalesce(pm.date, c.date), i.invoice_date,
                    case when ${a.createdAt} <> coalesce(pm.created_at, c.created_at)
                         then (${a.createdAt})::date end)
      from invoices i
      left join payments pm on pm.id = ${a.paymentId}
      left join credit_notes c on c.id = ${a.creditNoteId}
     where i.id = ${a.invoiceId})`;
}
