import { sql, type Kysely } from 'kysely';

/**
 * Reports for a period and as of a date (issue 25). A period's sales read the invoices dated in
 * it from `invoices_date_idx` alone (status, total and pharmacy ride along), so their cost
 * follows the period, not the history. The aging on a past date needs the invoices paid since:
 * `payments_date_idx` gives the payments dated after it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index invoices_date_idx on invoices (invoice_date)
      include (status, total, pharmacy_id)`.execute(db);
  await sql`create index payments_date_idx on payments (date) include (invoice_id)`.execute(db);
}
