import { sql, type Kysely } from 'kysely';

/**
 * Reports for a period and as of a date (issue 25). A period's sales read the invoices dated in
 * it from `invoices_date_idx` alone (status, total and pharmacy ride along), so their cost
 * follows the period, not the history. The aging on a past date reads the invoices open now with
 * their invoice dates (`invoices_open_idx` carries it from here on) and the payments dated after
 * that date (`payments_date_idx`), each from its index alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index invoices_date_idx on invoices (invoice_date)
      include (status, total, pharmacy_id)`.execute(db);
  await sql`
    create index payments_date_idx on payments (date) include (invoice_id, amount)`.execute(db);
  await sql`drop index invoices_open_idx`.execute(db);
  await sql`
    create index invoices_open_idx on invoices (due_date, id)
      include (balance, pharmacy_id, invoice_date)
     where status <> 'Draft' and balance > 0`.execute(db);
}
