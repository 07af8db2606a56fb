import { sql, type Kysely } from 'kysely';

/**
 * Deleting a payment voids its allocations (issue 27 item 2): allocations are never deleted, so
 * the payment stays as a row marked deleted, which no reader shows. A deleted payment holds no
 * money: its unapplied rest is 0 (so the pharmacy's unapplied cash and `payments_unapplied_idx`
 * leave it out as they are) and it has no refund (a refund cannot be undone by a delete).
 *
 * `payments_date_idx` is the reports' as-of index (migration 0012), read from the index alone;
 * those readers now leave deleted payments out, so it holds only the others: a filter on a
 * column outside the index would read every payment dated after the day from the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table payments
      add column deleted_at timestamptz,
      add column deleted_by uuid references users (id) on delete set null,
      add constraint payments_deleted_check check (deleted_at is null or unapplied = 0)`.execute(
    db,
  );
  await sql`drop index payments_date_idx`.execute(db);
  await sql`
    create index payments_date_idx on payments (date) include (invoice_id, amount)
     where deleted_at is null`.execute(db);
}
