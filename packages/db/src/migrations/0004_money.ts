import { sql, type Kysely } from 'kysely';

/**
 * The database backs the money rules of docs/rules.md §3, so that a bug in a service cannot store
 * an impossible invoice: amounts are never negative, an invoice's total is its amount plus tax and
 * shipping, its balance stays within 0 and its total, and its status agrees with that balance.
 *
 * A payment names its invoice and pharmacy as one pair referencing the invoice's own pair, so a
 * payment can never belong to a pharmacy other than its invoice's. Deleting an invoice (or its
 * pharmacy) removes its payments.
 *
 * Idempotency keys of payment creation get their own table: the key, a hash of the request it
 * first came with, and the payment it recorded. The column 0001 put on payments for this held no
 * request hash and is dropped (nothing wrote it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table invoices
      add constraint invoices_amounts_check check (
        amount >= 0 and shipping >= 0 and tax_amount >= 0 and tax_rate >= 0 and tax_rate <= 1
      ),
      add constraint invoices_total_check check (
        subtotal = amount and total = amount + tax_amount + shipping
      ),
      add constraint invoices_balance_check check (balance >= 0 and balance <= total),
      add constraint invoices_status_balance_check check (
        case status
          when 'Paid' then balance = 0
          when 'Partially Paid' then balance > 0 and balance < total
          else balance = total
        end
      ),
      add constraint invoices_id_pharmacy_key unique (id, pharmacy_id)`.execute(db);

  await sql`alter table payments drop constraint payments_invoice_id_fkey`.execute(db);
  await sql`
    alter table payments
      add constraint payments_invoice_pharmacy_fkey foreign key (invoice_id, pharmacy_id)
        references invoices (id, pharmacy_id) on delete cascade`.execute(db);
  await sql`alter table payments drop column idempotency_key`.execute(db);
  await sql`create index payments_number_search_idx on payments
    using gin (payment_number gin_trgm_ops)`.execute(db);

  await sql`alter table pharmacies add constraint pharmacies_balance_check check (balance >= 0)`.execute(
    db,
  );

  await sql`create index invoices_number_search_idx on invoices
    using gin (invoice_number gin_trgm_ops)`.execute(db);

  await sql`
    create table payment_idempotency (
      key varchar(255) primary key,
      request_hash char(64) not null,
      payment_id integer references payments (id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);
}
