import { sql, type Kysely } from 'kysely';

/**
 * Lots (issue 30).
 *
 * `lots`: a variant's lot (or a product's, for a product sold without variants: exactly one of
 * the two is set), its expiry, status and certificate of analysis (PDF bytes in the row, at most
 * 5 MiB, so that a backup carries it, as licences keep their documents). "Expired" is never
 * stored: it is the expiry date against the day a request reads it. A lot number is unique per
 * variant (or product); `lots_expiry_idx` answers the picker's FEFO order for one variant.
 *
 * `order_line_items.lot_id`, `invoice_line_items.lot_id`: the lot a line ships; optional, and a
 * lot with lines on it cannot be deleted (restrict), so what shipped stays traceable.
 *
 * `business_settings.min_shelf_life_days` (default 180), and a pharmacy's own in
 * `pharmacy_shelf_life` (no row: the business's): a lot expiring within that many days of the
 * day of fulfilment or issue is refused for that pharmacy. A table of its own rather than a
 * column, so that the pharmacy rows every pharmacy read selects keep their shape.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table lots (
      id integer generated always as identity primary key,
      variant_id integer references product_variants (id) on delete cascade,
      product_id integer references products (id) on delete cascade,
      lot_number varchar(100) not null,
      expiry_date date not null,
      manufactured_on date,
      supplier varchar(200),
      status varchar(20) not null default 'released'
        constraint lots_status_check
        check (status in ('released', 'quarantined', 'on_hold', 'recalled')),
      certificate bytea,
      certificate_name varchar(255),
      notes text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint lots_owner_check check ((variant_id is null) <> (product_id is null)),
      constraint lots_certificate_size_check
        check (certificate is null or octet_length(certificate) <= 5242880),
      constraint lots_dates_check check (expiry_date >= manufactured_on)
    )`.execute(db);
  await sql`
    create unique index lots_variant_number_key on lots (variant_id, lot_number)
      where variant_id is not null`.execute(db);
  await sql`
    create unique index lots_product_number_key on lots (product_id, lot_number)
      where product_id is not null`.execute(db);
  await sql`create index lots_expiry_idx on lots (expiry_date, lot_number)`.execute(db);
  await sql`create index lots_number_idx on lots (lower(lot_number) text_pattern_ops)`.execute(db);

  for (const table of ['order_line_items', 'invoice_line_items']) {
    await sql`
      alter table ${sql.table(table)}
        add column lot_id integer references lots (id) on delete restrict`.execute(db);
    await sql`
      create index ${sql.id(`${table}_lot_idx`)} on ${sql.table(table)} (lot_id)
        where lot_id is not null`.execute(db);
  }

  await sql`
    alter table business_settings
      add column min_shelf_life_days integer not null default 180
        constraint business_settings_min_shelf_life_days_check
        check (min_shelf_life_days between 0 and 3650)`.execute(db);
  await sql`
    create table pharmacy_shelf_life (
      pharmacy_id integer primary key references pharmacies (id) on delete cascade,
      min_shelf_life_days integer not null
        constraint pharmacy_shelf_life_days_check check (min_shelf_life_days between 0 and 3650)
    )`.execute(db);
}
