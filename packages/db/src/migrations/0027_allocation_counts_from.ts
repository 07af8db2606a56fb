import { sql, type Kysely } from 'kysely';
import { ALLOCATION_ROW, allocationCountsFrom } from '../allocation-day.js';

/**
 * Reports as of a past day (issue 27 with issue 25's `asOf`) need the allocations that count
 * differently on that day than now. Each allocation's day was computed per row from its source's
 * and invoice's dates and when it was made, so finding them joined every allocation dated after
 * the day to its payment, credit note and invoice: 1.2 s a month back at 1,000,000 invoices, over
 * 3 s a year back. Stored (kept by the writes: packages/db/src/allocation-day.ts), the active
 * ones counting after a day are one range of allocations_counts_from_idx, which carries what the
 * reports sum; the voided ones are found by allocations_voided_idx (migration 0025).
 *
 * allocations_created_idx (0025) served only the reports' old search for allocations made after
 * the day (counts_from now holds that day); it is dropped, so allocation writes maintain one
 * index fewer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table allocations add column counts_from date`.execute(db);
  await sql`update allocations a set counts_from = ${allocationCountsFrom(ALLOCATION_ROW)}`.execute(
    db,
  );
  await sql`alter table allocations alter column counts_from set not null`.execute(db);
  await sql`create index allocations_counts_from_idx on allocations (counts_from)
              include (invoice_id, amount) where voided_at is null`.execute(db);
  await sql`drop index allocations_created_idx`.execute(db);
}
