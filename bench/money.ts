/**
 * Money on PostgreSQL, through the built server over HTTP:
 *
 * (a) GET /api/invoices latency (p50/p99) at 100,000 invoices: 25 pharmacies created through
 *     the API, then invoices with 3 line items each and the payments behind their statuses
 *     filled with SQL (generate_series), every balance consistent; first page, a deep cursor
 *     page, the Partially Paid and Overdue tabs and text filters, each alone (1 connection) and
 *     under load (16 connections).
 * (b) Payments created per second by 16 concurrent clients (a session each, an Idempotency-Key
 *     on every request, as the web app sends) against one set of invoices, then the invariants
 *     of docs/rules.md §3 checked in SQL over the whole database (moneyViolations) and the
 *     payments the clients were told of compared with those stored.
 *
 * Figures are printed, never asserted.
 *
 *     pnpm --filter @pharm/api build                  # the bench runs what is built
 *     DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm --filter @pharm/bench exec tsx money.ts
 *
 * INVOICES (100,000) sizes the list; RUN_SECONDS (5) is each list run, PAY_SECONDS (15) the
 * payments run; SET_INVOICES (40) and SET_PHARMACIES (4) shape the invoice set.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb, createScratchDatabase, moneyViolations } from '@pharm/db';
import { fromCents, todayIso, toCents } from '@pharm/validators';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { API_MAIN, exited, startBuiltServer } from './lib/server-process.js';

const INVOICES = Number(process.env.INVOICES ?? 100_000);
const RUN_SECONDS = Number(process.env.RUN_SECONDS ?? 5);
const PAY_SECONDS = Number(process.env.PAY_SECONDS ?? 15);
const SET_INVOICES = Number(process.env.SET_INVOICES ?? 40);
const SET_PHARMACIES = Number(process.env.SET_PHARMACIES ?? 4);
const CLIENTS = 16;
const PHARMACIES = 25;

if (!process.env.DATABASE_URL) throw new Error('money.ts runs on PostgreSQL: set DATABASE_URL');
if (!existsSync(API_MAIN)) {
  throw new Error(`${API_MAIN} is missing: build it first (pnpm --filter @pharm/api build)`);
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'pharm-bench-money-'));
const scratch = await createScratchDatabase(process.env.DATABASE_URL, 'pharm_bench');
// The bench's own connection (migrations run here) fills the tables and checks the invariants.
const handle = await createDb({ url: scratch.url });
const { db } = handle;
let server: Awaited<ReturnType<typeof startBuiltServer>>['child'] | undefined;
/** The server's address, once it answers. */
let base = '';

async function call<T = unknown>(
  method: string,
  url: string,
  {
    cookie,
    body,
    headers = {},
  }: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: (text ? JSON.parse(text) : undefined) as T,
    headers: res.headers,
  };
}

async function ok<T = unknown>(...args: Parameters<typeof call>): Promise<T> {
  const res = await call<T>(...args);
  if (res.status >= 300)
    throw new Error(`${args[0]} ${args[1]}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A signed-in session of its own: the cookie to send. */
async function signIn(account: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))
    ?.split(';', 1)[0];
  if (!res.ok || !cookie) throw new Error(`POST /api/login: ${res.status}`);
  return cookie;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
/** autocannon's latencies are whole milliseconds. */
const ms = (value: number) => (value < 1 ? '<1' : String(value));

try {
  const started = await startBuiltServer({
    label: 'PostgreSQL',
    main: API_MAIN,
    database: { DATABASE_URL: scratch.url },
    logFile: path.join(tmp, 'server.log'),
    onSpawn: (child) => (server = child),
  });
  base = started.url;

  const account = { email: 'bench@example.com', password: 'bench-password-1' };
  await ok('POST', '/api/register', { body: { ...account, firstName: 'Bench', lastName: 'User' } });
  const cookie = await signIn(account);

  const pharmacyIds: number[] = [];
  for (let i = 0; i < PHARMACIES + SET_PHARMACIES; i++) {
    const pharmacy = await ok<{ id: number }>('POST', '/api/pharmacies', {
      cookie,
      body: {
        name: `Bench Pharmacy ${String(i).padStart(2, '0')} ${i % 2 ? 'Compounding' : 'Apothecary'}`,
        contactName: 'Pat Lee',
        email: `p${i}@example.com`,
        phone: '(555) 555-0100',
        shippingAddress: `${100 + i} Main St, Springfield, IL 62701`,
        billingAddress: `PO Box ${4000 + i}, Springfield, IL 62705`,
        terms: 'Net 30',
      },
    });
    pharmacyIds.push(pharmacy.id);
  }
  const listPharmacies = pharmacyIds.slice(0, PHARMACIES);
  const setPharmacies = pharmacyIds.slice(PHARMACIES);

  // (a) The list. Invoices of the last 400 days, due 30 days later (so some are overdue and some
  // not yet), amounts $25–$5,024.99, tax 8.75%, shipping on every third; by g mod 10: Draft,
  // four Unpaid, three Partially Paid (half paid), two Paid, each paid invoice with its payment.
  console.log(
    `PostgreSQL (scratch database), built server over HTTP; ${os.cpus().length} CPUs (${os.cpus()[0]!.model}), load average ${os.loadavg()[0]!.toFixed(1)} at the start.`,
  );
  console.log(`(a) filling ${INVOICES.toLocaleString('en-US')} invoices with SQL...`);
  const fillStart = performance.now();
  await sql`
    insert into invoices (invoice_number, pharmacy_id, invoice_date, due_date, terms, notes,
      lot_number, tray_size, nest_size, case_size, status, tax_rate, shipping, amount, subtotal,
      tax_amount, total, balance)
    select 'INV-2000-' || lpad(g::text, 6, '0'), pharmacy_id, invoice_date, invoice_date + 30,
           'Net 30', 'Certificates of analysis for every lot.', 'LT-' || (240000 + g % 9000),
           '10 x 10', '100', '1,000', status, 0.0875, shipping, amount, amount, tax, total,
           case status when 'Paid' then 0 when 'Partially Paid' then total - round(total / 2, 2)
                       else total end
    from (
      select g, pharmacy_id, invoice_date, status, shipping, amount, tax,
             amount + tax + shipping as total
      from (
        select g,
               (${sql.val(listPharmacies)}::int[])[1 + g % ${PHARMACIES}] as pharmacy_id,
               current_date - (g % 400) as invoice_date,
               case g % 10 when 0 then 'Draft' when 1 then 'Unpaid' when 2 then 'Unpaid'
                 when 3 then 'Unpaid' when 4 then 'Unpaid' when 5 then 'Partially Paid'
                 when 6 then 'Partially Paid' when 7 then 'Partially Paid' else 'Paid' end as status,
               case when g % 3 = 0 then 12.50 else 0 end as shipping,
               (2500 + (g * 7919) % 500000) / 100.0 as amount,
               round((2500 + (g * 7919) % 500000) / 100.0 * 0.0875, 2) as tax
        from generate_series(1, ${INVOICES}::int) g
      ) raw
    ) priced`.execute(db);
  await sql`
    insert into invoice_line_items (invoice_id, position, description, qty, unit_price, line_total)
    select i.id, p, (array['VL-TI - 10R Clear, Type I borosilicate tubular serum vial',
                           'ST-20MM-GRY - 20 mm gray butyl stopper',
                           'SL-20MM-ALU - 20 mm aluminium flip-off seal'])[p + 1],
           100 * (p + 1), 0.42, 42.00 * (p + 1)
    from invoices i cross join generate_series(0, 2) p`.execute(db);
  await sql`
    insert into payments (payment_number, invoice_id, pharmacy_id, date, amount, method, reference)
    select 'PAY-2000-' || lpad(i.id::text, 6, '0'), i.id, i.pharmacy_id, i.invoice_date + 10,
           i.total - i.balance, 'ACH', 'ACH ' || i.invoice_number
    from invoices i where i.total > i.balance`.execute(db);
  await sql`
    update pharmacies p set balance = coalesce((
      select sum(i.balance) from invoices i where i.pharmacy_id = p.id and i.status <> 'Draft'
    ), 0)`.execute(db);
  await sql`analyze`.execute(db);
  const filled = await moneyViolations(db);
  console.log(
    `  setup ${((performance.now() - fillStart) / 1000).toFixed(1)} s; invariant violations after the fill: ${filled.length}`,
  );

  const { oldest } = await db
    .selectFrom('invoices')
    .select(sql<number>`min(id)`.as('oldest'))
    .executeTakeFirstOrThrow();
  const paths: [string, string][] = [
    ['first page (50 rows, pharmacy and line items)', '/api/invoices'],
    ['deep cursor page (near the oldest)', `/api/invoices?cursor=${oldest + 1_000}`],
    ["tab 'partially_paid', first page", '/api/invoices?tab=partially_paid'],
    ["tab 'overdue' (derived), first page", '/api/invoices?tab=overdue'],
    ["text filter on a pharmacy name ('pharmacy 07')", '/api/invoices?q=pharmacy%2007'],
    ['text filter, one invoice number', '/api/invoices?q=INV-2000-054321'],
  ];
  console.log(
    `GET /api/invoices at ${INVOICES.toLocaleString('en-US')} invoices, runs of ${RUN_SECONDS} s after 1 s of warm-up; latency in ms:`,
  );
  console.log(
    `  ${'list'.padEnd(50)}${'1 connection'.padStart(22)}${'16 connections'.padStart(30)}`,
  );
  console.log(
    `  ${''.padEnd(50)}${'req/s  p50  p99'.padStart(22)}${'req/s  p50  p99  failed'.padStart(30)}`,
  );
  for (const [name, url] of paths) {
    const cells: string[] = [];
    for (const connections of [1, CLIENTS]) {
      const options = { url: base + url, connections, headers: { cookie } };
      await autocannon({ ...options, duration: 1 });
      const result = await autocannon({ ...options, duration: RUN_SECONDS });
      const failed = result.non2xx + result.errors;
      cells.push(
        `${(result.requests.total / result.duration).toFixed(0).padStart(5)} ${ms(result.latency.p50).padStart(4)} ${ms(result.latency.p99).padStart(4)}` +
          (connections === 1 ? '' : `  ${String(failed).padStart(6)}`),
      );
    }
    console.log(`  ${name.padEnd(50)}${cells[0]!.padStart(22)}${cells[1]!.padStart(30)}`);
  }

  // (b) Payments. One set of invoices across a few pharmacies, created through the API.
  const set: { id: number; pharmacyId: number }[] = [];
  for (let i = 0; i < SET_INVOICES; i++) {
    const invoice = await ok<{ id: number; pharmacyId: number }>('POST', '/api/invoices', {
      cookie,
      body: {
        pharmacyId: setPharmacies[i % SET_PHARMACIES],
        invoiceDate: todayIso(),
        dueDate: todayIso(),
        terms: 'Due on Receipt',
        amount: '2000.00',
        status: 'Unpaid',
      },
    });
    set.push(invoice);
  }
  const sessions: string[] = [];
  for (let i = 0; i < CLIENTS; i++) sessions.push(await signIn(account));

  const counts = new Map<number, number>();
  const latencies: number[] = [];
  let paidCents = 0;
  const deadline = performance.now() + PAY_SECONDS * 1000;
  const payStart = performance.now();
  await Promise.all(
    sessions.map(async (session) => {
      while (performance.now() < deadline) {
        const invoice = set[Math.floor(Math.random() * set.length)]!;
        const cents = 1 + Math.floor(Math.random() * 4_000);
        const sent = performance.now();
        const res = await call('POST', '/api/payments', {
          cookie: session,
          headers: { 'idempotency-key': randomUUID() },
          body: {
            invoiceId: invoice.id,
            pharmacyId: invoice.pharmacyId,
            date: todayIso(),
            amount: fromCents(cents),
            method: 'ACH',
            reference: 'bench',
          },
        });
        latencies.push(performance.now() - sent);
        counts.set(res.status, (counts.get(res.status) ?? 0) + 1);
        if (res.status === 201) paidCents += cents;
      }
    }),
  );
  const elapsed = (performance.now() - payStart) / 1000;
  latencies.sort((a, b) => a - b);
  const created = counts.get(201) ?? 0;
  console.log(
    `(b) POST /api/payments, ${CLIENTS} clients (a session each, an Idempotency-Key each request) for ${PAY_SECONDS} s on ${SET_INVOICES} invoices of $2,175.00 across ${SET_PHARMACIES} pharmacies:`,
  );
  console.log(
    `  ${(created / elapsed).toFixed(0)} payments created/s (${created} in ${elapsed.toFixed(1)} s); latency p50 ${percentile(latencies, 0.5).toFixed(0)} ms, p99 ${percentile(latencies, 0.99).toFixed(0)} ms`,
  );
  console.log(
    `  answers: ${[...counts]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status} × ${n}`)
      .join(', ')}${counts.has(409) ? ' (409: the payment would have overpaid its invoice)' : ''}`,
  );

  const stored = await db
    .selectFrom('payments')
    .select([
      sql<number>`count(*)::int`.as('count'),
      sql<string>`coalesce(sum(amount), 0)`.as('sum'),
    ])
    .where(
      'invoiceId',
      'in',
      set.map((i) => i.id),
    )
    .executeTakeFirstOrThrow();
  const statuses = await db
    .selectFrom('invoices')
    .select(['status', sql<number>`count(*)::int`.as('count')])
    .where(
      'id',
      'in',
      set.map((i) => i.id),
    )
    .groupBy('status')
    .orderBy('status')
    .execute();
  console.log(
    `  stored on the set: ${stored.count} payments, ${fromCents(toCents(stored.sum))}; answered 201: ${created}, ${fromCents(paidCents)}` +
      `; the set's invoices now ${statuses.map((s) => `${s.status} ${s.count}`).join(', ')}`,
  );
  const violations = await moneyViolations(db);
  console.log(`  invariant violations over the whole database: ${violations.length}`);
  for (const violation of violations.slice(0, 20)) console.log(`    ${violation}`);
  const logged = readFileSync(path.join(tmp, 'server.log'), 'utf8').split('\n');
  const serverErrors = logged.filter((line) => /"level":(50|60)/.test(line)).length;
  console.log(`  server log lines at level error or above: ${serverErrors}`);
} finally {
  if (server) {
    server.kill('SIGTERM');
    await exited(server);
  }
  await handle.close();
  await scratch.drop();
  rmSync(tmp, { recursive: true, force: true });
}
