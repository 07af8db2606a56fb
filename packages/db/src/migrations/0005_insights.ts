import { sql, type Kysely } from 'kysely';

/**
 * What the dashboard, the reports and the global search read, kept so that none of them scans
 * every invoice (issue 10 designs for 1,000,000 of them).
 *
 * `pharmacy_sales` holds each pharmacy's Σ total of its non-Draft invoices and its count of
 * invoices (docs/rules.md §3: Total Sales, Sales by Pharmacy, Active Pharmacies, Total Invoices).
 * Statement triggers on `invoices` keep it in the transaction that changes the invoices, whichever
 * code does it, so the money services need not know about it. One statement's changes are summed
 * per pharmacy first, so a bulk insert costs one row update per pharmacy, not one per invoice.
 *
 * Locking: a money transaction locks the pharmacy first, then its invoices (rules §3: pharmacy →
 * invoice → payment → counter). The trigger then locks the pharmacy's `pharmacy_sales` row, after
 * the invoice; that adds no new order between transactions, because any two that reach the same
 * `pharmacy_sales` row already hold, or wait for, the same pharmacy row taken before it. A
 * statement that touches several pharmacies (a bulk load) takes their rows in id order. An update
 * that changes neither a total, a status nor a pharmacy (a payment moving the balance) writes and
 * locks nothing here. A pharmacy deleted in the same transaction is skipped: its row goes with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table pharmacy_sales (
      pharmacy_id integer primary key references pharmacies (id) on delete cascade,
      sales_total numeric(16,2) not null default 0,
      invoice_count integer not null default 0
    )`.execute(db);

  // Adds per-pharmacy deltas (one entry per pharmacy); rows are taken in pharmacy id order.
  await sql`
    create function pharmacy_sales_add(ids integer[], sales numeric[], invoices integer[])
    returns void language sql as $$
      insert into pharmacy_sales as s (pharmacy_id, sales_total, invoice_count)
      select d.id, d.sales, d.invoices
        from unnest(ids, sales, invoices) as d (id, sales, invoices)
        join pharmacies p on p.id = d.id
       where d.sales <> 0 or d.invoices <> 0
       order by d.id
      on conflict (pharmacy_id) do update
        set sales_total = s.sales_total + excluded.sales_total,
            invoice_count = s.invoice_count + excluded.invoice_count
    $$`.execute(db);

  // A trigger with transition tables serves one event, and a statement may name only the
  // transition tables its trigger has: one branch per event.
  await sql`
    create function pharmacy_sales_keep() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform pharmacy_sales_add(array_agg(pharmacy_id), array_agg(sales), array_agg(invoices))
           from (select pharmacy_id,
                        coalesce(sum(total) filter (where status <> 'Draft'), 0) as sales,
                        count(*)::int as invoices
                   from new_rows group by pharmacy_id) d;
      elsif tg_op = 'DELETE' then
        perform pharmacy_sales_add(array_agg(pharmacy_id), array_agg(sales), array_agg(invoices))
           from (select pharmacy_id,
                        -coalesce(sum(total) filter (where status <> 'Draft'), 0) as sales,
                        -count(*)::int as invoices
                   from old_rows group by pharmacy_id) d;
      else
        perform pharmacy_sales_add(array_agg(pharmacy_id), array_agg(sales), array_agg(invoices))
           from (select pharmacy_id, sum(sales) as sales, sum(invoices)::int as invoices
                   from (select pharmacy_id,
                                case when status <> 'Draft' then total else 0 end as sales,
                                1 as invoices
                           from new_rows
                         union all
                         select pharmacy_id,
                                case when status <> 'Draft' then -total else 0 end,
                                -1
                           from old_rows) c
                  group by pharmacy_id) d;
      end if;
      return null;
    end $$`.execute(db);

  for (const [event, tables] of [
    ['insert', 'new table as new_rows'],
    ['update', 'old table as old_rows new table as new_rows'],
    ['delete', 'old table as old_rows'],
  ] as const) {
    await sql`
      create trigger ${sql.raw(`invoices_sales_${event}`)} after ${sql.raw(event)} on invoices
        referencing ${sql.raw(tables)}
        for each statement execute function pharmacy_sales_keep()`.execute(db);
  }

  await sql`
    insert into pharmacy_sales (pharmacy_id, sales_total, invoice_count)
    select pharmacy_id, coalesce(sum(total) filter (where status <> 'Draft'), 0), count(*)::int
      from invoices
     group by pharmacy_id`.execute(db);

  // The invoices still open (issued, something owed): unpaid count, aging and the outstanding
  // detail read only these, a few percent of all invoices, mostly from the index alone.
  await sql`
    create index invoices_open_idx on invoices (due_date, id) include (balance, pharmacy_id)
     where status <> 'Draft' and balance > 0`.execute(db);

  // Search matches invoice numbers anywhere in the string, as 0002 does for order numbers.
  // 'if not exists': the invoices list's own filter may have made the same index first.
  await sql`
    create index if not exists invoices_number_search_idx on invoices
     using gin (invoice_number gin_trgm_ops)`.execute(db);

  // A trigram index cannot serve a 2-character text (it has no trigram), and search starts at 2:
  // without these, '%zq%' on a million invoices walks all of them (1.3 s measured). Each number's
  // lower-cased character pairs, indexed, answer a 2-character substring exactly.
  await sql`
    create function document_number_pairs(number text) returns text[]
    language sql immutable parallel safe as $$
      select coalesce(array_agg(distinct lower(substr(number, i, 2))), '{}')
        from generate_series(1, length(number) - 1) i
    $$`.execute(db);
  for (const table of ['orders', 'invoices'] as const) {
    const column = table === 'orders' ? 'order_number' : 'invoice_number';
    await sql`
      create index ${sql.raw(`${table}_number_pairs_idx`)} on ${sql.raw(table)}
       using gin (document_number_pairs(${sql.raw(column)}))`.execute(db);
    // A pharmacy's newest documents in one index probe: search reads the newest 10 of each
    // matching pharmacy, so its cost follows how many pharmacies match, not how many documents
    // they have or how long ago the last one was.
    await sql`
      create index ${sql.raw(`${table}_pharmacy_newest_idx`)} on ${sql.raw(table)}
       (pharmacy_id, id)`.execute(db);
  }
}
