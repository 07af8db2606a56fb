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
 */
import { performance } from 'node:perf_hooks';
import { createDb } from '@pharm/db';
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
  await step(
    'order line items (2 per order)',
    sql`
      insert into order_line_items (order_id, position, product_sku, description, qty, unit_price,
                                    line_total)
      select o.id, l.position, p.sku, p.name, l.qty, l.price, l.qty * l.price
        from orders o
        cross join lateral (values
          (0, 1, o.total - round(o.total / 3, 2)), (1, 1, round(o.total / 3, 2))) l (position, qty, price)
        join products p on p.id = 1 + (o.id + l.position * 13) % ${PRODUCTS}::int`,
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
      insert into invoice_line_items (invoice_id, position, description, qty, unit_price, line_total)
      select i.id, ol.position, ol.description, ol.qty, ol.unit_price, ol.line_total
        from invoices i
        join order_line_items ol on ol.order_id = i.from_order_id`,
  );
  await step(
    'payments',
    sql`
      insert into payments (payment_number, invoice_id, pharmacy_id, date, amount, method,
                            reference, created_at, updated_at)
      select 'PAY-' || extract(year from x.date) || '-' ||
               ${sequence(sql`row_number() over (partition by extract(year from x.date) order by i.id)`)},
             i.id, i.pharmacy_id, x.date, i.total - i.balance,
             (array['ACH', 'Card', 'Check', 'Cash', 'Other'])[1 + i.id % 5], 'REF-' || i.id,
             x.date, x.date
        from invoices i
        cross join lateral (select least(i.due_date - i.id % 20, current_date) as date) x
       where i.status in ('Paid', 'Partially Paid')
       order by i.id`,
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
          from payments) n
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
