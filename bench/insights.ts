/**
 * Dashboard, reports and search at a million invoices (issue 10): p50/p99 latency and requests per
 * second of each path with one client (one connection, one request at a time), against the built
 * API (apps/api/dist/main.js, NODE_ENV=production) on the database `insights-seed.ts` filled.
 *
 *     DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm bench:seed --invoices 1000000
 *     pnpm --filter @pharm/api build
 *     DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm bench:insights
 *
 * RUN_SECONDS (10) is each path's run, after a 2 s warm-up. The invoices and payments lists are
 * measured too when the build serves them (they come with the invoices issue); a path that
 * answers 404 is reported as such and skipped. Then each list's sorts (issue 25), each on the
 * page after the first (its cursor read from the first page), which is where the keyset
 * comparison runs, and the lists' date range and pharmacy filters. ONLY=<regex> keeps the paths
 * whose label matches (`ONLY=sorted` for the sorts alone).
 *
 * Cash application (issue 27): a payment split over several invoices, an invoice paid by a
 * payment and a credit note, a pharmacy with unapplied cash and open invoices (its page,
 * statement and apply proposal), a credit note, the credit notes list; the ids are read from the
 * database first. Each line ends with the 1-minute load average when the path ran: the machine
 * is shared, and a p99 measured at load 8 says little about the code.
 *
 * The server runs with REGISTRATION=open and DEFAULT_ROLE=admin, so that each run can register
 * its own admin on a database an earlier run already has users in.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createDb } from '@pharm/db';
import { lastFullMonth, todayIso } from '@pharm/validators';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { insightsDatabaseUrl } from './lib/insights-db.js';

const SECONDS = Number(process.env.RUN_SECONDS ?? 10);
const WARM_UP_SECONDS = 2;
const API_MAIN = fileURLToPath(new URL('../apps/api/dist/main.js', import.meta.url));

const today = todayIso();
const lastMonth = lastFullMonth(today);
const lastYear = String(Number(today.slice(0, 4)) - 1);

/** The paths measured; the two search terms are a rare and a common one on the seeded data. */
const PATHS = [
  ['dashboard', '/api/dashboard'],
  ['reports', '/api/reports'],
  [
    'reports, last month, aged at its end',
    `/api/reports?from=${lastMonth.from}&to=${lastMonth.to}&asOf=${lastMonth.to}`,
  ],
  ['reports, year to date', `/api/reports?from=${today.slice(0, 4)}-01-01&to=${today}`],
  [
    'reports, last year, aged at its end',
    `/api/reports?from=${lastYear}-01-01&to=${lastYear}-12-31&asOf=${lastYear}-12-31`,
  ],
  ['reports, aged today (asOf)', `/api/reports?asOf=${today}`],
  ['search, rare term (one invoice number)', '/api/search?q=INV-2025-01234'],
  ['search, rare term (one pharmacy)', '/api/search?q=Willow%20Land%20Drugs%20%23777'],
  ['search, common term', '/api/search?q=pharmacy'],
  ['search, 2 characters', '/api/search?q=ri'],
  ['search, year prefix', '/api/search?q=INV-2025'],
  ['search, old year, mid-number (known slow)', '/api/search?q=025-0'],
  ['invoices list', '/api/invoices'],
  ['payments list', '/api/payments'],
  ['orders list (for comparison)', '/api/orders'],
];

/** The records the cash paths read, chosen from the seeded data. */
interface CashIds {
  /** The newest payment split over several invoices. */
  splitPayment: number;
  /** The newest invoice paid by a payment and a credit note. */
  creditedInvoice: number;
  /** The pharmacy with unapplied cash that owes the most. */
  pharmacy: number;
  /** The newest credit note applied to an invoice (its lines and allocation). */
  creditNote: number;
  /** That credit note's pharmacy. */
  creditNotePharmacy: number;
}

async function cashIds(databaseUrl: string): Promise<CashIds> {
  const { db, close } = await createDb({ url: databaseUrl, migrate: false, pool: { max: 1 } });
  try {
    const { rows } = await sql<CashIds>`
      select (select id from payments where invoice_id is null order by id desc limit 1)
               as "splitPayment",
             (select invoice_id from allocations where credit_note_id is not null
               order by id desc limit 1) as "creditedInvoice",
             (select id from pharmacies where unapplied > 0 and balance > 0
               order by balance desc limit 1) as pharmacy,
             (select credit_note_id from allocations where credit_note_id is not null
               order by id desc limit 1) as "creditNote",
             (select pharmacy_id from allocations where credit_note_id is not null
               order by id desc limit 1) as "creditNotePharmacy"`.execute(db);
    const ids = rows[0]!;
    for (const [name, id] of Object.entries(ids)) {
      if (id === null) throw new Error(`the seeded data has no ${name}: bench:seed makes them`);
    }
    return ids;
  } finally {
    await close();
  }
}

function cashPaths(ids: CashIds): (readonly [string, string])[] {
  return [
    ['payment with allocations (split)', `/api/payments/${ids.splitPayment}`],
    ['invoice with a credit note and payment', `/api/invoices/${ids.creditedInvoice}`],
    ['pharmacy with unapplied cash', `/api/pharmacies/${ids.pharmacy}`],
    ['pharmacy statement', `/api/pharmacies/${ids.pharmacy}/statement`],
    [
      'pharmacy statement, last year',
      `/api/pharmacies/${ids.pharmacy}/statement?from=${lastYear}-01-01&to=${lastYear}-12-31`,
    ],
    ['apply proposal', `/api/pharmacies/${ids.pharmacy}/apply-proposal`],
    ['credit note with lines and allocation', `/api/credit-notes/${ids.creditNote}`],
    ['credit notes list', '/api/credit-notes'],
    ['credit notes, open', '/api/credit-notes?open=true'],
    ['credit notes, one pharmacy', `/api/credit-notes?pharmacyId=${ids.creditNotePharmacy}`],
    ['pharmacies list (with unapplied)', '/api/pharmacies'],
  ];
}

/** The lists' sorts (ORDER_SORTS and the others in @pharm/validators), each measured both ways. */
const SORTS = {
  orders: ['number', 'pharmacy', 'date', 'total', 'status'],
  invoices: ['number', 'pharmacy', 'date', 'dueDate', 'total', 'balance', 'status'],
  payments: ['number', 'pharmacy', 'date', 'amount'],
  pharmacies: ['name', 'balance'],
  products: ['name', 'sku', 'price'],
} as const;

/** Measured on the page after the first: `{cursor}` is the first page's X-Next-Cursor. */
const LIST_PATHS: (readonly [string, string])[] = [
  ...Object.entries(SORTS).flatMap(([list, sorts]) =>
    sorts.flatMap((sort) =>
      (['asc', 'desc'] as const).map(
        (order) =>
          [
            `${list} sorted by ${sort} ${order}, page 2`,
            `/api/${list}?sort=${sort}&order=${order}`,
          ] as const,
      ),
    ),
  ),
  ['invoices, one month', '/api/invoices?from=2025-03-01&to=2025-03-31'],
  [
    'invoices, due in one month, by due date',
    '/api/invoices?dateField=due&from=2025-03-01&to=2025-03-31&sort=dueDate',
  ],
  ['invoices, one pharmacy', '/api/invoices?pharmacyId=777'],
  ['invoices, one pharmacy, sorted by total', '/api/invoices?pharmacyId=777&sort=total'],
  ['orders, one month, sorted by date', '/api/orders?from=2025-03-01&to=2025-03-31&sort=date'],
  ['orders, one pharmacy', '/api/orders?pharmacyId=777'],
  ['payments, one month', '/api/payments?from=2025-03-01&to=2025-03-31'],
  ['payments, one pharmacy, sorted by amount', '/api/payments?pharmacyId=777&sort=amount'],
];

async function startServer(databaseUrl: string): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [API_MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REGISTRATION: 'open',
      DEFAULT_ROLE: 'admin',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Its request log (one line a request, as in production) is read until it says where it listens.
  let output = '';
  const read = (chunk: Buffer) => {
    if (!/listening at/.test(output)) output += chunk.toString();
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const url = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    if (url) return { url, stop: () => child.kill('SIGTERM') };
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the API did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function signIn(url: string): Promise<string> {
  const account = {
    email: `bench-${Date.now()}@example.com`,
    password: 'bench-password-1',
    firstName: 'Bench',
    lastName: 'User',
  };
  const res = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const cookie = res.headers.get('set-cookie')?.split(';', 1)[0];
  if (res.status !== 201 || !cookie) throw new Error(`register answered ${res.status}`);
  return cookie;
}

function run(url: string, path: string, cookie: string, seconds: number) {
  return autocannon({
    url: url + path,
    connections: 1,
    pipelining: 1,
    duration: seconds,
    headers: { cookie },
  });
}

/** The path of the page after `path`'s first (a list's X-Next-Cursor). */
async function secondPage(url: string, path: string, cookie: string): Promise<string> {
  const res = await fetch(url + path, { headers: { cookie } });
  await res.arrayBuffer();
  const cursor = res.headers.get('x-next-cursor');
  if (!res.ok || !cursor) throw new Error(`${path} answered ${res.status} without a next page`);
  return `${path}&cursor=${cursor}`;
}

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL (the server bench:seed filled)');
  if (!existsSync(API_MAIN))
    throw new Error(`${API_MAIN} is missing: pnpm --filter @pharm/api build`);
  const databaseUrl = insightsDatabaseUrl(process.env.DATABASE_URL);
  const ids = await cashIds(databaseUrl);
  const server = await startServer(databaseUrl);
  try {
    const cookie = await signIn(server.url);
    const load = () =>
      loadavg()
        .map((n) => n.toFixed(2))
        .join(' ');
    console.log(
      `one client, ${SECONDS} s a path after ${WARM_UP_SECONDS} s of warm-up; ` +
        `${new Date().toISOString()}, load average ${load()}\n`,
    );
    console.log(
      `${'path'.padEnd(44)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'max ms'.padStart(8)}${'req/s'.padStart(8)}${'bytes'.padStart(8)}  load`,
    );
    const only = process.env.ONLY ? new RegExp(process.env.ONLY) : undefined;
    const paths = [...PATHS, ...cashPaths(ids), ...LIST_PATHS].filter(
      ([label]) => !only || only.test(label),
    );
    for (const [label, first] of paths) {
      const path = label.endsWith('page 2') ? await secondPage(server.url, first, cookie) : first;
      const probe = await fetch(server.url + path, { headers: { cookie } });
      const body = await probe.arrayBuffer();
      if (probe.status === 404) {
        console.log(`${label.padEnd(44)}  not served by this build (404)`);
        continue;
      }
      if (!probe.ok) throw new Error(`${path} answered ${probe.status}`);
      await run(server.url, path, cookie, WARM_UP_SECONDS);
      const result = await run(server.url, path, cookie, SECONDS);
      if (result.non2xx || result.errors) {
        throw new Error(`${path}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      }
      console.log(
        `${label.padEnd(44)}${result.latency.p50.toFixed(1).padStart(8)}${result.latency.p99.toFixed(1).padStart(8)}` +
          `${result.latency.max.toFixed(1).padStart(8)}${result.requests.average.toFixed(0).padStart(8)}` +
          `${String(body.byteLength).padStart(8)}  ${loadavg()[0]!.toFixed(2)}`,
      );
    }
    console.log(`\n${new Date().toISOString()}, load average ${load()}`);
  } finally {
    server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
