import { sql, type Kysely } from 'kysely';

/**
 * Customer statements and credit hold (issue 11).
 *
 * `pharmacies.credit_limit`: optional; a pharmacy whose balance is above it is on hold.
 * `business_settings`: the business's own settings, one row (the check on `id` keeps it one), so
 * that each setting is a typed, checked column rather than text in `app_settings`.
 *
 * Indexes: a statement reads one pharmacy's invoices and payments by date; credit hold asks each
 * pharmacy for its oldest open invoice. Each is one index probe, so neither depends on how many
 * invoices there are in all.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table pharmacies
      add column credit_limit numeric(10,2),
      add constraint pharmacies_credit_limit_check check (credit_limit >= 0)`.execute(db);

  await sql`
    create table business_settings (
      id boolean primary key default true check (id),
      hold_days_past_due integer not null default 60
        constraint business_settings_hold_days_check check (hold_days_past_due >= 1)
    )`.execute(db);
  await sql`insert into business_settings default values`.execute(db);

  await sql`
    create index invoices_pharmacy_date_idx on invoices (pharmacy_id, invoice_date, id)
      include (total) where status <> 'Draft'`.execute(db);
  await sql`
    create index payments_pharmacy_date_idx on payments (pharmacy_id, date, id)
      include (amount, invoice_id)`.execute(db);
  await sql`
    create index invoices_open_pharmacy_idx on invoices (pharmacy_id, due_date, id)
      where status <> 'Draft' and balance > 0`.execute(db);
}
