import { sql, type Kysely } from 'kysely';

/**
 * Recalls (issue 30 item 4).
 *
 * `recalls`: one recall of one or more lots (`recall_lots`), numbered RCL-YYYY-NNNNN from the
 * document counter, its class (FDA I, II, III), opened on `initiated_on` and closed on
 * `closed_on`: either every pharmacy acknowledged, or `close_reason` says why it closed without.
 *
 * `recall_lines`: the invoice lines carrying the lots when the recall opened, copied with their
 * invoice number, date, description, quantity and lot number, so that what a pharmacy was told
 * stays as it was told even if an invoice is later edited or deleted (`invoice_id` and
 * `line_id` then go null, the copy stays).
 *
 * `recall_notices`: one per pharmacy that received a lot, moving forward only: to_notify →
 * notified (when, by whom, how) → acknowledged (when, who at the pharmacy, how much came back or
 * was destroyed). `recall_notice_events` keeps every move with who recorded it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table recalls (
      id integer generated always as identity primary key,
      recall_number varchar(20) not null constraint recalls_number_key unique,
      reason text not null,
      class varchar(3) not null constraint recalls_class_check check (class in ('I', 'II', 'III')),
      initiated_on date not null,
      closed_on date,
      close_reason text,
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint recalls_dates_check check (closed_on >= initiated_on),
      constraint recalls_close_reason_check check (close_reason is null or closed_on is not null)
    )`.execute(db);
  // The dashboard's card and the list's "open" filter read the open ones.
  await sql`create index recalls_open_idx on recalls (id) where closed_on is null`.execute(db);
  await sql`
    create index recalls_number_prefix_idx
      on recalls (length(recall_number), recall_number text_pattern_ops)`.execute(db);

  await sql`
    create table recall_lots (
      recall_id integer not null references recalls (id) on delete cascade,
      lot_id integer not null references lots (id) on delete restrict,
      primary key (recall_id, lot_id)
    )`.execute(db);
  await sql`create index recall_lots_lot_idx on recall_lots (lot_id)`.execute(db);

  await sql`
    create table recall_notices (
      id integer generated always as identity primary key,
      recall_id integer not null references recalls (id) on delete cascade,
      pharmacy_id integer not null references pharmacies (id) on delete cascade,
      status varchar(20) not null default 'to_notify'
        constraint recall_notices_status_check
        check (status in ('to_notify', 'notified', 'acknowledged')),
      notified_at timestamptz,
      notified_by varchar(200),
      channel varchar(10) constraint recall_notices_channel_check
        check (channel in ('email', 'phone', 'letter')),
      acknowledged_at timestamptz,
      acknowledged_by varchar(200),
      contact varchar(200),
      quantity_returned integer constraint recall_notices_quantity_check
        check (quantity_returned >= 0),
      updated_at timestamptz not null default now(),
      constraint recall_notices_pharmacy_key unique (recall_id, pharmacy_id),
      constraint recall_notices_notified_check
        check (status = 'to_notify' or (notified_at is not null and channel is not null)),
      constraint recall_notices_acknowledged_check
        check (status <> 'acknowledged' or acknowledged_at is not null)
    )`.execute(db);
  await sql`create index recall_notices_pharmacy_idx on recall_notices (pharmacy_id)`.execute(db);

  await sql`
    create table recall_lines (
      id integer generated always as identity primary key,
      recall_id integer not null references recalls (id) on delete cascade,
      pharmacy_id integer not null,
      invoice_id integer references invoices (id) on delete set null,
      invoice_number varchar(50) not null,
      invoice_date date not null,
      line_id integer references invoice_line_items (id) on delete set null,
      description text not null,
      qty integer not null,
      lot_id integer not null references lots (id) on delete restrict,
      lot_number varchar(100) not null,
      constraint recall_lines_notice_fkey foreign key (recall_id, pharmacy_id)
        references recall_notices (recall_id, pharmacy_id) on delete cascade
    )`.execute(db);
  await sql`create index recall_lines_recall_idx on recall_lines (recall_id, pharmacy_id)`.execute(
    db,
  );

  await sql`
    create table recall_notice_events (
      id integer generated always as identity primary key,
      notice_id integer not null references recall_notices (id) on delete cascade,
      status varchar(20) not null,
      at timestamptz not null,
      by_name varchar(200),
      channel varchar(10),
      contact varchar(200),
      quantity_returned integer,
      user_id uuid references users (id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index recall_notice_events_notice_idx on recall_notice_events (notice_id, id)`.execute(
    db,
  );
}
