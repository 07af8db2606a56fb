import { sql, type Kysely } from 'kysely';

/**
 * Pharmacy licences (issue 29).
 *
 * `licences`: a pharmacy's state pharmacy licences, DEA registrations, 503B registrations and
 * resale certificates, the scanned document kept in the row (bytea, at most 5 MiB, checked here
 * too) so that a backup carries it. `licences_pharmacy_idx` answers a pharmacy's licences and
 * the gate's probe (one pharmacy, one kind) from one index.
 *
 * `pharmacies.shipping_state`: the US state the gate reads; backfilled from a shipping address
 * whose last line ends in "City, ST 12345" (the service derives it the same way on each save
 * that does not give it).
 *
 * `controlled_schedule` (a DEA schedule) and `bulk_substance` on products and variants: a
 * variant's own value, when set, wins over its product's.
 *
 * `business_settings.require_licences`: off here, so a fresh database runs the spec's flows as
 * written; the demo data turns it on. `licence_warning_days`: how soon an expiry counts as
 * "expiring".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table licences (
      id integer generated always as identity primary key,
      pharmacy_id integer not null references pharmacies (id) on delete cascade,
      kind varchar(30) not null
        constraint licences_kind_check
        check (kind in ('state_pharmacy', 'dea', 'outsourcing_503b', 'resale_certificate')),
      number varchar(100) not null,
      state char(2),
      schedules text[] not null default '{}',
      issued_on date,
      expires_on date,
      document bytea,
      document_type varchar(50),
      document_name varchar(255),
      verified_by uuid references users (id) on delete set null,
      verified_at timestamptz,
      notes text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint licences_document_size_check
        check (document is null or octet_length(document) <= 5242880),
      constraint licences_document_type_check
        check ((document is null) = (document_type is null)),
      constraint licences_dates_check check (expires_on >= issued_on)
    )`.execute(db);
  await sql`create index licences_pharmacy_idx on licences (pharmacy_id, kind, expires_on)`.execute(
    db,
  );
  await sql`create index licences_number_idx on licences (lower(number) text_pattern_ops)`.execute(
    db,
  );

  await sql`alter table pharmacies add column shipping_state char(2)`.execute(db);
  await sql`
    update pharmacies
       set shipping_state = upper(substring(shipping_address
                                            from '([A-Za-z]{2})\\s+\\d{5}(?:-\\d{4})?\\s*$'))
     where shipping_address ~ '[A-Za-z]{2}\\s+\\d{5}(-\\d{4})?\\s*$'`.execute(db);

  for (const table of ['products', 'product_variants']) {
    await sql`
      alter table ${sql.table(table)}
        add column controlled_schedule varchar(4)
          check (controlled_schedule in ('II', 'IIN', 'III', 'IIIN', 'IV', 'V')),
        add column bulk_substance boolean not null default false`.execute(db);
  }

  await sql`
    alter table business_settings
      add column require_licences boolean not null default false,
      add column licence_warning_days integer not null default 30
        constraint business_settings_licence_warning_days_check
        check (licence_warning_days between 1 and 365)`.execute(db);
}
