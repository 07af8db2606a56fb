import { sql, type Kysely } from 'kysely';

/**
 * Sales of a period (issue 25's reports for a period) read every invoice dated in it: a year at
 * 1,000,000 invoices is some 250,000 index entries grouped by pharmacy, 59 ms on a quiet machine,
 * over the reports' 50 ms (issue 27). `pharmacy_monthly_sales` holds, per calendar month and
 * pharmacy, Σ total of the non-Draft invoices dated in it and their count, as `pharmacy_sales`
 * (0005) does for all time: a period's whole months are read from it and only its partial months
 * from the invoices.
 *
 * The same statement triggers keep both tables (pharmacy_sales_keep is replaced): a statement's
 * changes are summed per pharmacy and month first, then per pharmacy from those. An invoice whose
 * date moves to another month counts in its new month only; an update that changes neither a
 * total, a status, a pharmacy nor a date nets to nothing and writes nothing. Locking as 0005
 * explains: a transaction reaches these rows only after its pharmacy's row, and a bulk statement
 * takes them in (pharmacy, month) order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table pharmacy_monthly_sales (
      month date not null check (extract(day from month) = 1),
      pharmacy_id integer not null references pharmacies (id) on delete cascade,
      sales_total numeric(16,2) not null default 0,
      invoice_count integer not null default 0,
      primary key (month, pharmacy_id)
    )`.execute(db);

  await sql`
    create function pharmacy_monthly_sales_add(
      ids integer[], months date[], sales numeric[], invoices integer[]
    ) returns void language sql as $$
      insert into pharmacy_monthly_sales as s (month, pharmacy_id, sales_total, invoice_count)
      select d.month, d.id, d.sales, d.invoices
        from unnest(ids, months, sales, invoices) as d (id, month, sales, invoices)
        join pharmacies p on p.id = d.id
       where d.sales <> 0 or d.invoices <> 0
       order by d.id, d.month
      on conflict (month, pharmacy_id) do update
        set sales_total = s.sales_total + excluded.sales_total,
            invoice_count = s.invoice_count + excluded.invoice_count
    $$`.execute(db);

  await sql`
    create or replace function pharmacy_sales_keep() returns trigger language plpgsql as $$
    declare
      ids integer[];
      months date[];
      sales numeric[];
      invoices integer[];
    begin
      if tg_op = 'INSERT' then
        select array_agg(pharmacy_id), array_agg(month), array_agg(s), array_agg(n)
          into ids, months, sales, invoices
          from (select pharmacy_id, date_trunc('month', invoice_date)::date as month,
                       coalesce(sum(total) filter (where status <> 'Draft'), 0) as s,
                       count(*)::int as n
                  from new_rows group by 1, 2) d;
      elsif tg_op = 'DELETE' then
        select array_agg(pharmacy_id), array_agg(month), array_agg(s), array_agg(n)
          into ids, months, sales, invoices
          from (select pharmacy_id, date_trunc('month', invoice_date)::date as month,
                       -coalesce(sum(total) filter (where status <> 'Draft'), 0) as s,
                       -count(*)::int as n
                  from old_rows group by 1, 2) d;
      else
        select array_agg(pharmacy_id), array_agg(month), array_agg(s), array_agg(n)
          into ids, months, sales, invoices
          from (select pharmacy_id, month, sum(s) as s, sum(n)::int as n
                  from (select pharmacy_id, date_trunc('month', invoice_date)::date as month,
                               case when status <> 'Draft' then total else 0 end as s, 1 as n
                          from new_rows
                        union all
                        select pharmacy_id, date_trunc('month', invoice_date)::date,
                               case when status <> 'Draft' then -total else 0 end, -1
                          from old_rows) c
                 group by 1, 2
                having sum(s) <> 0 or sum(n) <> 0) d;
      end if;
      if ids is null then
        return null;
      end if;
      perform pharmacy_monthly_sales_add(ids, months, sales, invoices);
      perform pharmacy_sales_add(array_agg(id), array_agg(s), array_agg(n))
         from (select id, sum(s) as s, sum(n)::int as n
                 from unnest(ids, sales, invoices) as u (id, s, n)
                group by id) d;
      return null;
    end $$`.execute(db);

  await sql`
    insert into pharmacy_monthly_sales (month, pharmacy_id, sales_total, invoice_count)
    select date_trunc('month', invoice_date)::date, pharmacy_id,
           coalesce(sum(total) filter (where status <> 'Draft'), 0), count(*)::int
      from invoices
     group by 1, 2`.execute(db);
  // Without statistics the planner took a year's 24,000 rows for 428 (0030 says the same of
  // counts_from).
  await sql`analyze pharmacy_monthly_sales`.execute(db);
}
