/**
 * Fills a PostgreSQL database with years of business for the dashboard, reports and search
 * benchmark (issue 10): 2,000 pharmacies, a catalogue of products with variants, one order with
 * line items per invoice plus a few percent of open orders, N invoices (1,000,000 by default)
 * with line items, of which a few percent are still open, and the payments that settled the
 * rest. Everything is generated inside PostgreSQL (generate_series, set-based inserts), never
 * row by row from Node; the invoices' triggers keep pharmacy_sales as they would in the app.
 *
 *     DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm bench:seed --invoices 1000000
 *
 * The database is `pharm_insights_bench` on DATABASE_URL's server (dropped and made anew);
 * `bench/insights.ts` reads it. What is made, per invoice by age (4 years, newest last):
 * issued in the last 45 days → Unpaid (70%) or Partially Paid (30%), a few of them Draft; older →
 * Paid, except 1 in 400 left unpaid (the long tail of the aging report). About 3% are open.
 * Money moves as the app moves it (migration 0016): payments reach invoices through allocations
 * (some split over three invoices, some with an unapplied rest, part of it refunded), credit
 * notes are applied, left open or refunded, and the pharmacies' balance and unapplied cash are
 * the sums `moneyViolations` checks (`seed-check.ts`), each allocation with the day it counts
 * from (migration 0027). Lines carry their variant's lot of the month (migration 0018), and one
 * recall of two lots is in progress (0021).
 */
import { performance } from 'node:perf_hooks';
import { allocationCountsFrom, allocationInvoiceDate, createDb } from '@pharm/db';
import { sql, type RawBuilder } from 'kysely';
import { INSIGHTS_DATABASE as DATABASE, insightsDatabaseUrl } from './lib/insights-db.js';

function argument(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`--${name} takes a count`);
  return value;
}

const INVOICES = argument('invoices', 1_000_000);
const PHARMACIES = argument('pharmacies', 2_000);
const PRODUCTS = 300;
/** Open orders (Draft and Sent) beside the invoiced ones, as a share of the invoices. */
const OPEN_ORDER_SHARE = 0.02;
const DAYS_OF_HISTORY = 4 * 365;

/** A document number's sequence part as the app writes it: at least 5 digits, zero-padded. */
const sequence = (n: RawBuilder<unknown>) =>
  sql`lpad((${n})::text, greatest(5, length((${n})::text)), '0')`;

/** Drops and creates the bench database through a connection to the server's own one. */
async function freshDatabase(adminUrl: string): Promise<void> {
  const server = await createDb({ url: adminUrl, migrate: false, pool: { max: 1 } });
  try {
    await sql`drop database if exists ${sql.id(DATABASE)} with (force)`.execute(server.db);
    await sql`create database ${sql.id(DATABASE)}`.execute(server.db);
  } finally {
    await server.close();
  }
}

async function main() {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl)
    throw new Error(
      'Set DATABASE_URL to a PostgreSQL server (the seed makes its own database there)',
    );
  await freshDatabase(adminUrl);
  const { db, close } = await createDb({
    url: insightsDatabaseUrl(adminUrl),
    pool: { max: 1, statementTimeoutMs: 0, lockTimeoutMs: 0 },
  });
  const started = performance.now();
  const step = async (label: string, statement: RawBuilder<unknown>) => {
    const t0 = performance.now();
    const result = await statement.execute(db);
    const rows = result.numAffectedRows === undefined ? '' : ` ${result.numAffectedRows} rows`;
    console.log(
      `${label.padEnd(34)}${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} s${rows}`,
    );
  };

  await step('settings', sql`set maintenance_work_mem = '512MB'`);

  await step(
    'pharmacies',
    sql`
      insert into pharmacies (name, contact_name, email, phone, shipping_address, billing_address, terms)
      select initcap(a.word) || ' ' || initcap(b.word) || ' ' || kind.word || ' #' || n,
             'Contact ' || n,
             'orders' || n || '@' || lower(a.word) || lower(b.word) || '.example.com',
             '(555) 555-' || lpad((n % 10000)::text, 4, '0'),
             n || ' Main St, Springfield', n || ' Main St, Springfield',
             (array['Net 15', 'Net 30', 'Net 60', 'Due on Receipt', 'COD'])[1 + n % 5]
        from generate_series(1, ${PHARMACIES}::int) n
        cross join lateral (select (array['north', 'south', 'river', 'oak', 'maple', 'cedar',
          'harbor', 'valley', 'summit', 'lake', 'pine', 'sunset', 'granite', 'meadow', 'bay',
          'park', 'elm', 'willow', 'coast', 'prairie'])[1 + n % 20] as word) a
        cross join lateral (select (array['side', 'view', 'crest', 'field', 'wood', 'stone',
          'bridge', 'gate', 'point', 'ridge', 'brook', 'dale', 'haven', 'mill', 'ford', 'land',
          'wells', 'town', 'port', 'vale', 'moor', 'glen', 'hurst'])[1 + (n / 20) % 23] as word) b
        cross join lateral (select (array['Pharmacy', 'Compounding', 'Apothecary', 'Drugs',
          'Health', 'Rx'])[1 + n % 6] as word) kind`,
  );

  await step(
    'products',
    sql`
      insert into products (sku, name, category, default_price)
      select c.prefix || '-' || lpad(n::text, 4, '0'),
             c.label || ' ' || (1 + n % 50) || ' mL ' ||
               (array['clear', 'amber', 'gray', 'blue', 'white'])[1 + n % 5],
             c.category,
             round((0.05 + (n % 97) * 0.13)::numeric, 2)
        from generate_series(1, ${PRODUCTS}::int) n
        cross join lateral (select * from (values
          (0, 'VL', 'Serum vial', 'Vial'), (1, 'ST', 'Stopper', 'Stopper'),
          (2, 'SL', 'Flip-off seal', 'Seal'), (3, 'CP', 'Cap', 'Cap'),
          (4, 'SY', 'Luer-lock syringe', 'Syringe'), (5, 'CT', 'Cartridge', 'Cartridge'),
          (6, 'AP', 'API', 'API'), (7, 'PP', 'Peptide', 'Peptide')) v (k, prefix, label, category)
          where v.k = n % 8) c`,
  );
  await step(
    'product variants',
    sql`
      insert into product_variants (parent_sku, variant_sku, size, color, material, sterile,
                                    package_qty, default_price)
      select p.sku, p.sku || '-' || v, v || ' pack', 'clear', 'glass', v % 2 = 0, 10 * v,
             p.default_price
        from products p cross join generate_series(1, 3) v`,
  );

  // Invoice k (1..N) is issued DAYS_OF_HISTORY × (1 − k/N) days ago: the newest are today.
  await step(
    'orders (invoiced)',
    sql`
      insert into orders (order_number, pharmacy_id, order_date, ship_method, status, subtotal,
                          total, created_at, updated_at)
      select 'ORD-' || extract(year from d) || '-' ||
               ${sequence(sql`row_number() over (partition by extract(year from d) order by k)`)},
             1 + (k::bigint * 7919) % ${PHARMACIES}::int, d, 'Ground Shipping', 'Fulfilled',
             amount, amount, d, d
        from generate_series(1, ${INVOICES}::int) k
        cross join lateral (select (current_date - (${DAYS_OF_HISTORY}::bigint * (${INVOICES}::int - k)
                                     / ${INVOICES}::int)::int)::date as d,
                                   round((50 + (k::bigint * 2654435761) % 495000 / 100.0)::numeric, 2) as amount) x
       order by k`,
  );
  await step(
    'orders (open: Draft and Sent)',
    sql`
      insert into orders (order_number, pharmacy_id, order_date, ship_method, status, subtotal, total)
      select 'ORD-' || extract(year from current_date) || '-' || ${sequence(sql`(c.last + n)`)},
             1 + (n::bigint * 104729) % ${PHARMACIES}::int, current_date - n % 20, 'Express Shipping',
             case when n % 3 = 0 then 'Sent' else 'Draft' end, 120.00, 120.00
        from generate_series(1, ${Math.ceil(INVOICES * OPEN_ORDER_SHARE)}::int) n
        cross join (select count(*) as last from orders
                     where order_date >= date_trunc('year', current_date)) c`,
  );
  // A lot per variant and month, made the month before the orders that ship it and good for two
  // years (issue 30): ~40 lines a lot, as the invoice-level lot numbers have ~40 invoices each.
  // A few are on hold or quarantined; the recall below recalls two.
  await step(
    'lots (a variant a month)',
    sql`
      insert into lots (variant_id, lot_number, expiry_date, manufactured_on, supplier, status)
      select pv.id, 'LT' || to_char(m, 'YYMM') || '-' || lpad(pv.id::text, 4, '0'),
             (m + interval '2 years')::date, m::date, 'Supplier ' || (1 + pv.id % 7),
             case when (pv.id * 31 + extract(month from m)::int) % 503 = 0 then 'on_hold'
                  when (pv.id * 31 + extract(month from m)::int) % 1009 = 1 then 'quarantined'
                  else 'released' end
        from product_variants pv
        cross join generate_series(
          date_trunc('month', current_date - ${DAYS_OF_HISTORY}::int) - interval '1 month',
          date_trunc('month', current_date), interval '1 month') m
       order by pv.id, m`,
  );
  // Each line is of one of its product's variants and ships that variant's lot of the month
  // before the order, except seals, which are not lotted.
  await step(
    'order line items (2 per order)',
    sql`
      insert into order_line_items (order_id, position, product_sku, variant_sku, description, qty,
                                    unit_price, line_total, lot_id)
      select o.id, l.position, p.sku, pv.variant_sku, p.name, l.qty, l.price, l.qty * l.price,
             case when p.category <> 'Seal' then lt.id end
        from orders o
        cross join lateral (values
          (0, 1, o.total - round(o.total / 3, 2)), (1, 1, round(o.total / 3, 2))) l (position, qty, price)
        join products p on p.id = 1 + (o.id + l.position * 13) % ${PRODUCTS}::int
        join product_variants pv on pv.variant_sku = p.sku || '-' || (1 + o.id % 3)
        left join lots lt on lt.variant_id = pv.id
         and lt.manufactured_on = (date_trunc('month', o.order_date) - interval '1 month')::date`,
  );

  await step(
    'invoices',
    sql`
      insert into invoices (invoice_number, from_order_id, pharmacy_id, invoice_date, due_date,
                            terms, status, tax_rate, shipping, amount, subtotal, tax_amount, total,
                            balance, lot_number, created_at, updated_at)
      select 'INV-' || extract(year from o.order_date) || '-' ||
               ${sequence(sql`row_number() over (partition by extract(year from o.order_date) order by o.id)`)},
             o.id, o.pharmacy_id, o.order_date, o.order_date + 30, 'Net 30', s.status,
             0.0875, 15.00, o.total, o.total, t.tax, o.total + t.tax + 15.00,
             case s.status when 'Paid' then 0
                           when 'Partially Paid' then round((o.total + t.tax + 15.00) / 2, 2)
                           else o.total + t.tax + 15.00 end,
             -- 500 lots a month, each shipped on about 40 invoices (the recall benchmark).
             'L' || to_char(o.order_date, 'YYMM') || '-' || lpad((o.id % 500)::text, 3, '0'),
             o.order_date, o.order_date
        from orders o
        cross join lateral (select round(o.total * 0.0875, 2) as tax) t
        cross join lateral (select case
            when o.order_date >= current_date - 45 then
              case when o.id % 97 = 0 then 'Draft' when o.id % 10 < 3 then 'Partially Paid' else 'Unpaid' end
            when o.id % 400 = 0 then 'Unpaid'
            else 'Paid' end as status) s
       where o.status = 'Fulfilled'
       order by o.id`,
  );
  await step(
    'invoice line items (2 per invoice)',
    sql`
      insert into invoice_line_items (invoice_id, position, description, qty, unit_price, line_total,
                                      lot_id)
      select i.id, ol.position, ol.description, ol.qty, ol.unit_price, ol.line_total, ol.lot_id
        from invoices i
        join order_line_items ol on ol.order_id = i.from_order_id`,
  );
  // Cash as the app keeps it (issue 27, migration 0016): an invoice's paid amount is Σ of its
  // active allocations, a payment's and a credit note's unapplied rest is its amount less its
  // allocations and refunds, a pharmacy's unapplied is Σ of those; moneyViolations holds on it.
  //
  // Credit notes: 1 in 150 paid invoices had its second line (qty 1) returned; the credit note is
  // applied to that invoice (kind 0: the payment paid the rest), kept as open credit (kind 1) or
  // refunded (kind 2). Ids are given here (overriding the identity) so that the later steps can
  // join on them; the identities are moved past them afterwards.
  await step(
    'credit notes (plan)',
    sql`
      create temp table cn_plan as
      select row_number() over (order by i.id)::int as id, i.id as invoice_id, i.pharmacy_id,
             i.tax_rate, least(i.invoice_date + 10, current_date) as date, li.id as line_id,
             li.description, li.unit_price, li.line_total, (i.id / 150) % 3 as kind,
             li.line_total + round(li.line_total * i.tax_rate, 2) as total
        from invoices i
        join invoice_line_items li on li.invoice_id = i.id and li.position = 1
       where i.status = 'Paid' and i.id % 150 = 7`,
  );
  await step(
    'credit notes',
    sql`
      insert into credit_notes (id, credit_note_number, pharmacy_id, invoice_id, date, reason,
                                amount, tax_rate, tax_amount, total, unapplied, created_at,
                                updated_at)
      overriding system value
      select id, 'CRN-' || extract(year from date) || '-' ||
               ${sequence(sql`row_number() over (partition by extract(year from date) order by id)`)},
             pharmacy_id, invoice_id, date, 'Returned: cracked vials', line_total, tax_rate,
             total - line_total, total, case kind when 1 then total else 0 end, date, date
        from cn_plan order by id`,
  );
  await step(
    'credit note lines',
    sql`
      insert into credit_note_lines (credit_note_id, invoice_line_id, position, description, qty,
                                     unit_price, line_total)
      select id, line_id, 0, description, 1, unit_price, line_total from cn_plan order by id`,
  );
  // Payments: one per paid or partly paid invoice, except that 1 in 8 runs of three paid
  // invoices of a pharmacy were paid by one cheque split over the three; 1 in 40 payments paid
  // 25.00 more than it applied (unapplied cash), and half of those had 10.00 of it refunded.
  await step(
    'payments (plan)',
    sql`
      create temp table pay_plan as
      select x.id as invoice_id, x.pharmacy_id, x.due_date, x.paid - coalesce(c.total, 0) as paid,
             case when x.status = 'Paid' and (x.rn / 3) % 8 = 0
                  then -(x.pharmacy_id::bigint * 1000000 + x.rn / 3) else x.id end as grp
        from (select i.id, i.pharmacy_id, i.due_date, i.status, i.total - i.balance as paid,
                     row_number() over (partition by i.pharmacy_id, i.status order by i.id) as rn
                from invoices i where i.status in ('Paid', 'Partially Paid')) x
        left join cn_plan c on c.invoice_id = x.id and c.kind = 0`,
  );
  await step(
    'payments (groups)',
    sql`
      create temp table pay_groups as
      select row_number() over (order by min(invoice_id))::int as id, grp, min(pharmacy_id) as pharmacy_id,
             case when count(*) = 1 then min(invoice_id) end as invoice_id, min(invoice_id) as first,
             least(max(due_date) - min(invoice_id) % 20, current_date) as date, sum(paid) as applied,
             case when abs(grp) % 40 = 3 then 25.00 else 0 end as extra,
             case when abs(grp) % 80 = 3 then 10.00 else 0 end as refunded
        from pay_plan group by grp`,
  );
  await step(
    'payments',
    sql`
      insert into payments (id, payment_number, invoice_id, pharmacy_id, date, amount, method,
                            reference, unapplied, created_at, updated_at)
      overriding system value
      select id, 'PAY-' || extract(year from date) || '-' ||
               ${sequence(sql`row_number() over (partition by extract(year from date) order by id)`)},
             invoice_id, pharmacy_id, date, applied + extra,
             (array['ACH', 'Card', 'Check', 'Cash', 'Other'])[1 + first % 5], 'REF-' || first,
             extra - refunded, date, date
        from pay_groups order by id`,
  );
  await step(
    'allocations (payments)',
    sql`
      insert into allocations (pharmacy_id, payment_id, invoice_id, amount, created_at,
                               counts_from, invoice_date)
      select g.pharmacy_id, g.id, p.invoice_id, p.paid, g.date,
             ${allocationCountsFrom({
               invoiceId: sql`p.invoice_id`,
               paymentId: sql`g.id`,
               creditNoteId: sql`null::int`,
               createdAt: sql`g.date::timestamptz`,
             })},
             ${allocationInvoiceDate({ invoiceId: sql`p.invoice_id` })}
        from pay_plan p join pay_groups g on g.grp = p.grp
       order by g.id, p.invoice_id`,
  );
  await step(
    'allocations (credit notes)',
    sql`
      insert into allocations (pharmacy_id, credit_note_id, invoice_id, amount, created_at,
                               counts_from, invoice_date)
      select n.pharmacy_id, n.id, n.invoice_id, n.total, n.date,
             ${allocationCountsFrom({
               invoiceId: sql`n.invoice_id`,
               paymentId: sql`null::int`,
               creditNoteId: sql`n.id`,
               createdAt: sql`n.date::timestamptz`,
             })},
             ${allocationInvoiceDate({ invoiceId: sql`n.invoice_id` })}
        from cn_plan n where n.kind = 0 order by n.id`,
  );
  await step(
    'refunds',
    sql`
      insert into refunds (pharmacy_id, payment_id, credit_note_id, amount, date, method, reference,
                           created_at)
      select pharmacy_id, payment_id, credit_note_id, amount, date, 'Check', 'RFD-' || n, date
        from (select pharmacy_id, id as payment_id, null::int as credit_note_id, refunded as amount,
                     least(date + 7, current_date) as date, id as n
                from pay_groups where refunded > 0
              union all
              select pharmacy_id, null, id, total, least(date + 7, current_date), -id
                from cn_plan where kind = 2) r
       order by date, n`,
  );
  await step(
    'identities past the given ids',
    sql`
      select setval(pg_get_serial_sequence('payments', 'id'), (select max(id) from payments)),
             setval(pg_get_serial_sequence('credit_notes', 'id'), (select max(id) from credit_notes))`,
  );
  await step(
    'pharmacy balances',
    sql`
      update pharmacies p set balance = o.owed
        from (select pharmacy_id, sum(balance) as owed from invoices
               where status <> 'Draft' and balance > 0 group by pharmacy_id) o
       where o.pharmacy_id = p.id`,
  );
  await step(
    'pharmacy unapplied cash',
    sql`
      update pharmacies p set unapplied = u.rest
        from (select pharmacy_id, sum(unapplied) as rest
                from (select pharmacy_id, unapplied from payments where unapplied > 0
                      union all
                      select pharmacy_id, unapplied from credit_notes where unapplied > 0) s
               group by pharmacy_id) u
       where u.pharmacy_id = p.id`,
  );

  // One recall in progress (issue 30 item 4) of two lots of half a year ago: the lines that
  // carried them copied as the app copies them, a notice per pharmacy, a third notified and a
  // third acknowledged.
  await step(
    'recall',
    sql`
      with recalled as (
        update lots set status = 'recalled'
         where manufactured_on = (date_trunc('month', current_date - 182) - interval '1 month')::date
           and variant_id in (select id from product_variants where variant_sku in ('VL-0008-2', 'ST-0009-1'))
        returning id
      ), recall as (
        insert into recalls (recall_number, reason, class, initiated_on, created_at, updated_at)
        values ('RCL-' || extract(year from current_date) || '-00001',
                'Particulates found in retained samples', 'II', current_date - 3, now(), now())
        returning id
      )
      insert into recall_lots (recall_id, lot_id) select recall.id, recalled.id from recall, recalled`,
  );
  await step(
    'recall notices and lines',
    sql`
      with lines as (
        select rl.recall_id, i.pharmacy_id, i.id as invoice_id, i.invoice_number, i.invoice_date,
               li.id as line_id, li.description, li.qty, l.id as lot_id, l.lot_number
          from recall_lots rl
          join lots l on l.id = rl.lot_id
          join invoice_line_items li on li.lot_id = l.id
          join invoices i on i.id = li.invoice_id
      ), notices as (
        insert into recall_notices (recall_id, pharmacy_id, status, notified_at, notified_by,
                                    channel, acknowledged_at, acknowledged_by, quantity_returned)
        select recall_id, pharmacy_id, s.status,
               case when s.status <> 'to_notify' then now() - interval '2 days' end,
               case when s.status <> 'to_notify' then 'Bench Seed' end,
               case when s.status <> 'to_notify' then 'email' end,
               case when s.status = 'acknowledged' then now() - interval '1 day' end,
               case when s.status = 'acknowledged' then 'Pharmacist on duty' end,
               case when s.status = 'acknowledged' then 0 end
          from (select distinct recall_id, pharmacy_id from lines) p
          cross join lateral (select (array['to_notify', 'notified', 'acknowledged'])[1 + p.pharmacy_id % 3]
                              as status) s
      )
      insert into recall_lines (recall_id, pharmacy_id, invoice_id, invoice_number, invoice_date,
                                line_id, description, qty, lot_id, lot_number)
      select recall_id, pharmacy_id, invoice_id, invoice_number, invoice_date, line_id,
             description, qty, lot_id, lot_number
        from lines
       order by pharmacy_id, invoice_date, line_id`,
  );
  await step(
    'recall notice events',
    sql`
      insert into recall_notice_events (notice_id, status, at, by_name, channel)
      select id, 'notified', notified_at, notified_by, channel from recall_notices
       where status <> 'to_notify'
      union all
      select id, 'acknowledged', acknowledged_at, acknowledged_by, null from recall_notices
       where status = 'acknowledged'`,
  );
  await step(
    'document counters',
    sql`
      insert into document_counters (kind, year, last_value)
      select kind, year, max(value) from (
        select 'ORD' as kind, split_part(order_number, '-', 2)::int as year,
               split_part(order_number, '-', 3)::int as value from orders
        union all
        select 'INV', split_part(invoice_number, '-', 2)::int, split_part(invoice_number, '-', 3)::int
          from invoices
        union all
        select 'PAY', split_part(payment_number, '-', 2)::int, split_part(payment_number, '-', 3)::int
          from payments
        union all
        select 'CRN', split_part(credit_note_number, '-', 2)::int,
               split_part(credit_note_number, '-', 3)::int
          from credit_notes
        union all
        select 'RCL', split_part(recall_number, '-', 2)::int, split_part(recall_number, '-', 3)::int
          from recalls) n
       group by kind, year`,
  );
  await step('vacuum analyze', sql`vacuum analyze`);

  const { rows } = await sql<{ invoices: number; open: number; orders: number; payments: number }>`
    select (select count(*)::int from invoices) as invoices,
           (select count(*)::int from invoices where status <> 'Draft' and balance > 0) as open,
           (select count(*)::int from orders) as orders,
           (select count(*)::int from payments) as payments`.execute(db);
  const counts = rows[0]!;
  console.log(
    `${counts.invoices} invoices (${counts.open} open, ${((100 * counts.open) / counts.invoices).toFixed(1)}%), ` +
      `${counts.orders} orders, ${counts.payments} payments, ${PHARMACIES} pharmacies ` +
      `in ${((performance.now() - started) / 1000).toFixed(0)} s → ${DATABASE}`,
  );
  await close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
