import { sql, type Kysely } from 'kysely';

/**
 * Cash application (issue 27, decisions.md §9): money moves from a payment or a credit note to an
 * invoice only through an allocation, which is voided and never deleted while both ends exist.
 * A payment now belongs to a pharmacy; `payments.invoice_id` stays only as the invoice the spec's
 * single-invoice shape named (its delete still takes such a payment along).
 *
 * What the constraints hold: an allocation or refund comes from exactly one source, and its
 * source, its invoice and itself share one pharmacy (composite foreign keys on (id, pharmacy_id));
 * amounts are above 0; the stored unapplied rest of a payment or credit note stays within 0 and
 * its amount, which stops a source from being spent twice even if a service forgot to check.
 * What they cannot hold (Σ of rows) packages/db/src/money-invariants.ts checks.
 *
 * Every existing payment gets one allocation of its whole amount to its invoice, so paid amounts,
 * balances and statuses are the same after the migration as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payments alter column invoice_id drop not null`.execute(db);
  await sql`
    alter table payments
      add column unapplied numeric(10,2) not null default 0,
      add constraint payments_unapplied_check check (unapplied >= 0 and unapplied <= amount),
      add constraint payments_id_pharmacy_key unique (id, pharmacy_id)`.execute(db);
  // A pharmacy's unapplied cash sums only its payments with a rest, not all it ever received.
  await sql`create index payments_unapplied_idx on payments (pharmacy_id) include (unapplied)
    where unapplied > 0`.execute(db);
  await sql`
    alter table pharmacies
      add column unapplied numeric(10,2) not null default 0,
      add constraint pharmacies_unapplied_check check (unapplied >= 0)`.execute(db);
  await sql`
    alter table business_settings
      add column auto_apply_on_issue boolean not null default false`.execute(db);

  await sql`
    create table credit_notes (
      id integer generated always as identity primary key,
      credit_note_number varchar(50) not null
        constraint credit_notes_credit_note_number_key unique,
      pharmacy_id integer not null references pharmacies (id) on delete cascade,
      invoice_id integer,
      date date not null,
      reason text not null,
      amount numeric(10,2) not null constraint credit_notes_amount_check check (amount > 0),
      tax_rate numeric(5,4) not null default 0,
      tax_amount numeric(10,2) not null default 0,
      total numeric(10,2) not null,
      unapplied numeric(10,2) not null,
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint credit_notes_total_check check (total = amount + tax_amount and tax_amount >= 0),
      constraint credit_notes_unapplied_check check (unapplied >= 0 and unapplied <= total),
      constraint credit_notes_id_pharmacy_key unique (id, pharmacy_id),
      constraint credit_notes_invoice_pharmacy_fkey foreign key (invoice_id, pharmacy_id)
        references invoices (id, pharmacy_id) on delete set null (invoice_id)
    )`.execute(db);
  await sql`create index credit_notes_pharmacy_idx on credit_notes (pharmacy_id, date, id)`.execute(
    db,
  );
  await sql`create index credit_notes_unapplied_idx on credit_notes (pharmacy_id)
    include (unapplied) where unapplied > 0`.execute(db);
  await sql`create index credit_notes_invoice_idx on credit_notes (invoice_id)`.execute(db);
  await sql`create index credit_notes_number_search_idx on credit_notes
    using gin (credit_note_number gin_trgm_ops)`.execute(db);

  await sql`
    create table credit_note_lines (
      id integer generated always as identity primary key,
      credit_note_id integer not null references credit_notes (id) on delete cascade,
      invoice_line_id integer references invoice_line_items (id) on delete set null,
      position integer not null,
      description text not null,
      qty integer not null constraint credit_note_lines_qty_check check (qty >= 1),
      unit_price numeric(10,2) not null,
      line_total numeric(10,2) not null
    )`.execute(db);
  await sql`create index credit_note_lines_note_idx on credit_note_lines (credit_note_id, position)`.execute(
    db,
  );
  await sql`create index credit_note_lines_invoice_line_idx on credit_note_lines (invoice_line_id)`.execute(
    db,
  );

  await sql`
    create table allocations (
      id integer generated always as identity primary key,
      pharmacy_id integer not null references pharmacies (id) on delete cascade,
      payment_id integer,
      credit_note_id integer,
      invoice_id integer not null,
      amount numeric(10,2) not null constraint allocations_amount_check check (amount > 0),
      created_at timestamptz not null default now(),
      created_by uuid references users (id) on delete set null,
      voided_at timestamptz,
      voided_by uuid references users (id) on delete set null,
      void_reason varchar(500),
      constraint allocations_source_check check (num_nonnulls(payment_id, credit_note_id) = 1),
      constraint allocations_void_check check ((voided_at is null) = (void_reason is null)),
      constraint allocations_payment_pharmacy_fkey foreign key (payment_id, pharmacy_id)
        references payments (id, pharmacy_id) on delete cascade,
      constraint allocations_credit_note_pharmacy_fkey foreign key (credit_note_id, pharmacy_id)
        references credit_notes (id, pharmacy_id) on delete cascade,
      constraint allocations_invoice_pharmacy_fkey foreign key (invoice_id, pharmacy_id)
        references invoices (id, pharmacy_id) on delete cascade
    )`.execute(db);
  // Σ active allocations of an invoice (its paid amount) and of a source, each an index probe.
  await sql`create index allocations_invoice_idx on allocations (invoice_id)
    include (amount) where voided_at is null`.execute(db);
  await sql`create index allocations_payment_idx on allocations (payment_id)`.execute(db);
  await sql`create index allocations_credit_note_idx on allocations (credit_note_id)`.execute(db);
  await sql`create index allocations_pharmacy_idx on allocations (pharmacy_id, created_at)`.execute(
    db,
  );

  await sql`
    create table refunds (
      id integer generated always as identity primary key,
      pharmacy_id integer not null references pharmacies (id) on delete cascade,
      payment_id integer,
      credit_note_id integer,
      amount numeric(10,2) not null constraint refunds_amount_check check (amount > 0),
      date date not null,
      method varchar(20) not null
        constraint refunds_method_check check (method in ('ACH', 'Card', 'Check', 'Cash', 'Other')),
      reference varchar(255),
      created_at timestamptz not null default now(),
      created_by uuid references users (id) on delete set null,
      constraint refunds_source_check check (num_nonnulls(payment_id, credit_note_id) = 1),
      constraint refunds_payment_pharmacy_fkey foreign key (payment_id, pharmacy_id)
        references payments (id, pharmacy_id) on delete cascade,
      constraint refunds_credit_note_pharmacy_fkey foreign key (credit_note_id, pharmacy_id)
        references credit_notes (id, pharmacy_id) on delete cascade
    )`.execute(db);
  await sql`create index refunds_payment_idx on refunds (payment_id)`.execute(db);
  await sql`create index refunds_credit_note_idx on refunds (credit_note_id)`.execute(db);
  await sql`create index refunds_pharmacy_idx on refunds (pharmacy_id, date, id)`.execute(db);

  // Payments and credit notes join the global search: the indexes orders and invoices have
  // (migration 0005), so a 2-character text or a pharmacy's newest is an index read there too
  // (payments have the latter since migration 0011).
  for (const [table, column] of [
    ['payments', 'payment_number'],
    ['credit_notes', 'credit_note_number'],
  ] as const) {
    await sql`
      create index ${sql.raw(`${table}_number_pairs_idx`)} on ${sql.raw(table)}
       using gin (document_number_pairs(${sql.raw(column)}))`.execute(db);
  }
  await sql`create index credit_notes_pharmacy_newest_idx on credit_notes (pharmacy_id, id)`.execute(
    db,
  );

  await sql`
    insert into allocations (pharmacy_id, payment_id, invoice_id, amount, created_at)
    select pharmacy_id, id, invoice_id, amount, created_at from payments order by id`.execute(db);
}
