/**
 * Writes: order creates, invoice creates and payments per second at 1 and 16 clients, through
 * the built API on PostgreSQL, beside a floor: the same SQL statements in one transaction sent
 * through raw node-postgres by a pool of as many connections as there are clients.
 *
 *     pnpm --filter @pharm/api build                       # the bench runs what is built
 *     DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm --filter @pharm/bench exec tsx writes.ts
 *
 * The server (apps/api/dist/main.js, started as production starts it) gets a scratch database;
 * the bench registers a user, signs in and creates PHARMACIES pharmacies and an issued invoice
 * for each, then drives `POST /api/orders`, `POST /api/invoices` and `POST /api/payments` (a
 * draft invoice of 100.00, a payment of 1.00), each request for the next pharmacy in turn, so
 * that clients do not queue on one pharmacy's or one invoice's row.
 *
 * The floor's statements are captured, not written by hand: the same procedure (orders.create,
 * invoices.create, payments.create, from this checkout's source) runs once per pharmacy in this
 * process on the server's database, and every statement its pg client sends (BEGIN to COMMIT,
 * with its parameters and what it answered) is kept. A replay sends them again on one connection
 * with what a statement's RETURNING gave in place of the captured value wherever a later
 * parameter carries it (the new row's id, the counter's value), and a fresh UUID for each one
 * captured but the user's id. So that those values cannot be mistaken for others, the ids start
 * at 7,000,000 (orders), 8,000,000 (invoices) and 9,000,000 (payments) and the year's counters
 * at 500,000. The floor leaves out what a request does outside the procedure (the session read,
 * validation, the REST adapter, JSON, the request log).
 *
 * BASELINE=<another build>/apps/api/dist/main.js adds that build on a database of its own to the
 * turns (the floor stays this checkout's statements): a change measured before and after in one
 * run, on a machine whose other work moves every figure. RUN_SECONDS (5) is the length of a run,
 * ROUNDS (3) the runs of each server and the floor, taken in turns; the table shows the medians.
 * OPS=orders,invoices,payments and CLIENTS=1,16 choose. CPU_PROF_DIR=<folder> has each server
 * write a V8 CPU profile there when it stops (node --cpu-prof).
 */
import { randomUUID } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCaller, createInnerContext } from '@pharm/api';
import { createDb, createScratchDatabase, type Database } from '@pharm/db';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { API_MAIN, exited, startBuiltServer } from './lib/server-process.js';

const SECONDS = Number(process.env.RUN_SECONDS ?? 5);
const WARM_UP_SECONDS = 1;
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CLIENTS = (process.env.CLIENTS ?? '1,16').split(',').map(Number);
const PHARMACIES = 32;
const OPS = (process.env.OPS ?? 'orders,invoices,payments').split(',') as Op[];

type Op = 'orders' | 'invoices' | 'payments';

const ACCOUNT = { email: 'bench@example.com', password: 'bench-password-1' };
const BASELINE = process.env.BASELINE ? path.resolve(process.env.BASELINE) : undefined;

if (!process.env.DATABASE_URL) throw new Error('writes.ts measures PostgreSQL: set DATABASE_URL');
for (const main of [API_MAIN, BASELINE]) {
  if (main && !existsSync(main)) {
    throw new Error(`${main} is missing: build it first (pnpm --filter @pharm/api build)`);
  }
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'pharm-bench-writes-'));
/** Run last first at the end: the server stops before its database is dropped. */
const cleanups: (() => Promise<void> | void)[] = [
  () => rmSync(tmp, { recursive: true, force: true }),
];

/** What each operation sends for the i-th request; `ids` are the seeded rows. */
interface Seeded {
  pharmacyIds: number[];
  invoiceIds: number[];
}

function body(op: Op, i: number, { pharmacyIds, invoiceIds }: Seeded): Record<string, unknown> {
  const k = i % pharmacyIds.length;
  const pharmacyId = pharmacyIds[k]!;
  switch (op) {
    case 'orders':
      return {
        pharmacyId,
        orderDate: '2026-03-14',
        shipMethod: 'Ground Shipping',
        notes: 'Certificates of analysis for every lot.',
        lineItems: [1, 2, 3].map((n) => ({
          productSku: 'VL-TI',
          variantSku: `VL-${n * 5}R-CLR`,
          description: `VL-TI - ${n * 5}R Clear, Type I borosilicate tubular serum vial`,
          qty: n * 10,
          unitPrice: '0.42',
        })),
      };
    case 'invoices':
      return {
        pharmacyId,
        invoiceDate: '2026-03-14',
        dueDate: '2026-04-13',
        terms: 'Net 30',
        amount: '100.00',
        notes: 'Bench invoice',
      };
    case 'payments':
      return {
        invoiceId: invoiceIds[k]!,
        pharmacyId,
        date: '2026-03-20',
        amount: '1.00',
        method: 'Check',
        reference: `CHK-${i}`,
      };
  }
}

async function call(
  base: string,
  method: string,
  url: string,
  { cookie, body: payload }: { cookie?: string; body?: unknown } = {},
): Promise<Response> {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res;
}

/** One run's figures: requests per second and latency percentiles in milliseconds. */
interface Run {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  firstError?: string;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * `clients` loops, each sending one operation after another for the warm-up and then SECONDS;
 * only what starts and ends within the measured window counts.
 */
async function drive(clients: number, once: (i: number) => Promise<void>): Promise<Run> {
  let next = 0;
  let errors = 0;
  let firstError: string | undefined;
  const latencies: number[] = [];
  const start = performance.now() + WARM_UP_SECONDS * 1000;
  const end = start + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          await once(next++);
          const t1 = performance.now();
          if (t0 >= start && t1 <= end) latencies.push(t1 - t0);
        } catch (error) {
          errors++;
          firstError ??= String(error);
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / SECONDS,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    firstError,
  };
}

/** One POST through a keep-alive agent; anything but 201 is an error. */
function post(agent: Agent, base: URL, pathname: string, cookie: string, payload: unknown) {
  const data = JSON.stringify(payload);
  return new Promise<void>((resolve, reject) => {
    const req = httpRequest(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path: pathname,
        method: 'POST',
        headers: {
          cookie,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          if (res.statusCode === 201) resolve();
          else reject(new Error(`${res.statusCode} ${Buffer.concat(chunks).toString()}`));
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** A statement as the procedure's pg client sent it, and what it answered. */
interface Statement {
  text: string;
  values: unknown[];
  /** The integers of its RETURNING rows that later statements may carry, with where they are. */
  returned: { value: number; row: number; field: string }[];
}

/** Ids and counter values start above these, so that no other parameter looks like one. */
const DISTINCT_FROM = 100_000;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

function isReturnedInteger(value: unknown): value is number | string {
  return (
    (typeof value === 'number' && Number.isInteger(value) && value >= DISTINCT_FROM) ||
    (typeof value === 'string' && /^\d{6,}$/.test(value))
  );
}

/** A captured parameter with this replay's ids, counter values and UUIDs in place of the captured ones. */
function substitute(
  value: unknown,
  ids: Map<string, string>,
  uuids: Map<string, string>,
  keep: ReadonlySet<string>,
): unknown {
  if (typeof value === 'number') {
    const replaced = ids.get(String(value));
    return replaced === undefined ? value : Number(replaced);
  }
  if (typeof value === 'string') {
    return value
      .replace(/\d+/g, (digits) => ids.get(digits) ?? digits)
      .replace(UUID, (uuid) => {
        if (keep.has(uuid)) return uuid;
        let fresh = uuids.get(uuid);
        if (!fresh) uuids.set(uuid, (fresh = randomUUID()));
        return fresh;
      });
  }
  if (Array.isArray(value)) return value.map((v) => substitute(v, ids, uuids, keep));
  return value;
}

async function replay(
  client: pg.PoolClient,
  statements: Statement[],
  keep: ReadonlySet<string>,
): Promise<void> {
  const ids = new Map<string, string>();
  const uuids = new Map<string, string>();
  try {
    for (const statement of statements) {
      const values = statement.values.map((v) => substitute(v, ids, uuids, keep));
      const result = await client.query(statement.text, values);
      for (const { value, row, field } of statement.returned) {
        ids.set(String(value), String((result.rows[row] as Record<string, unknown>)[field]));
      }
    }
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}

interface App {
  label: string;
  url: string;
  databaseUrl: string;
  db: Kysely<Database>;
  cookie: string;
  seeded: Seeded;
}

/** A build of the server on a scratch database of its own, signed in and seeded. */
async function startApp(label: string, main: string): Promise<App> {
  const scratch = await createScratchDatabase(process.env.DATABASE_URL!, 'pharm_bench');
  cleanups.push(scratch.drop);
  const { url } = await startBuiltServer({
    label,
    main,
    database: { DATABASE_URL: scratch.url },
    logFile: path.join(tmp, `${label.replace(/\W+/g, '-')}.log`),
    nodeFlags: process.env.CPU_PROF_DIR
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CPU_PROF_DIR}`]
      : [],
    onSpawn: (child) =>
      cleanups.push(async () => {
        child.kill('SIGTERM');
        await exited(child);
      }),
  });
  const { db } = await createDb({ url: scratch.url, migrate: false });
  cleanups.push(() => db.destroy());

  // Distinct ids and counter values (see above); the server has created nothing yet.
  const year = new Date().getFullYear();
  await sql`select setval('orders_id_seq', 7000000), setval('invoices_id_seq', 8000000),
    setval('payments_id_seq', 9000000)`.execute(db);
  await db
    .insertInto('documentCounters')
    .values(['ORD', 'INV', 'PAY'].map((kind) => ({ kind, year, lastValue: 500_000 })))
    .execute();

  await call(url, 'POST', '/api/register', {
    body: { ...ACCOUNT, firstName: 'Bench', lastName: 'User' },
  });
  const login = await call(url, 'POST', '/api/login', { body: ACCOUNT });
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))
    ?.split(';', 1)[0];
  if (!cookie) throw new Error('POST /api/login set no session cookie');

  const seeded: Seeded = { pharmacyIds: [], invoiceIds: [] };
  for (let i = 0; i < PHARMACIES; i++) {
    const res = await call(url, 'POST', '/api/pharmacies', {
      cookie,
      body: {
        name: `Bench Pharmacy ${String(i).padStart(2, '0')}`,
        contactName: 'Pat Lee',
        email: `p${i}@example.com`,
        shippingAddress: `${100 + i} Main St, Springfield, IL 62701`,
      },
    });
    const pharmacyId = ((await res.json()) as { id: number }).id;
    seeded.pharmacyIds.push(pharmacyId);
    const invoice = await call(url, 'POST', '/api/invoices', {
      cookie,
      body: {
        pharmacyId,
        invoiceDate: '2026-03-01',
        dueDate: '2026-03-31',
        terms: 'Net 30',
        amount: '90000.00',
        status: 'Unpaid',
      },
    });
    seeded.invoiceIds.push(((await invoice.json()) as { id: number }).id);
  }
  return { label, url, databaseUrl: scratch.url, db, cookie, seeded };
}

/**
 * The floor's statements: each procedure once per pharmacy, run in this process (this
 * checkout's source) on the app's database through a pool whose one connection records them.
 */
async function captureStatements(app: App): Promise<{
  templates: Record<Op, Statement[][]>;
  userId: string;
}> {
  const user = await app.db
    .selectFrom('users')
    .select(['id', 'email', 'firstName', 'lastName', 'role', 'createdAt'])
    .where('email', '=', ACCOUNT.email)
    .executeTakeFirstOrThrow();
  let capturing: Statement[] | null = null;
  const capture = await createDb({ url: app.databaseUrl, migrate: false, pool: { max: 1 } });
  capture.pool!.on('connect', (client) => {
    const query = client.query.bind(client) as (
      text: string,
      values?: unknown[],
    ) => Promise<pg.QueryResult>;
    (client as unknown as { query: typeof query }).query = async (text, values) => {
      const result = await query(text, values);
      if (capturing && typeof text === 'string') {
        const returned: Statement['returned'] = [];
        if (/\breturning\b/i.test(text)) {
          result.rows.forEach((row: Record<string, unknown>, r) => {
            for (const [field, value] of Object.entries(row)) {
              if (isReturnedInteger(value)) returned.push({ value: Number(value), row: r, field });
            }
          });
        }
        capturing.push({ text, values: [...(values ?? [])], returned });
      }
      return result;
    };
  });
  const templates: Record<Op, Statement[][]> = { orders: [], invoices: [], payments: [] };
  try {
    const caller = createCaller(createInnerContext({ db: capture.db, user }));
    for (const op of OPS) {
      for (let i = 0; i < PHARMACIES; i++) {
        const statements: Statement[] = (capturing = []);
        const input = body(op, i, app.seeded);
        if (op === 'orders') await caller.orders.create(input as never);
        else if (op === 'invoices') await caller.invoices.create(input as never);
        else await caller.payments.create(input as never);
        capturing = null;
        templates[op].push(statements);
      }
      const one = templates[op][0]!;
      console.log(`\n${op}: ${one.length} statements a create:`);
      for (const s of one) console.log(`  ${s.text.replace(/\s+/g, ' ').trim().slice(0, 120)}`);
    }
  } finally {
    await capture.db.destroy();
  }
  return { templates, userId: user.id };
}

try {
  const app = await startApp('app', API_MAIN);
  const baseline = BASELINE ? await startApp('baseline', BASELINE) : undefined;
  const { templates, userId } = await captureStatements(app);
  const keep = new Set([userId]);

  const labels = [app.label, ...(baseline ? [baseline.label] : []), 'floor'];
  const results: { op: Op; clients: number; runs: Record<string, Run[]> }[] = [];
  for (const op of OPS) {
    const restPath = `/api/${op}`;
    for (const clients of CLIENTS) {
      const floorPool = new pg.Pool({ connectionString: app.databaseUrl, max: clients });
      const agent = new Agent({ keepAlive: true, maxSockets: clients });
      const through = (target: App) => {
        const base = new URL(target.url);
        return (i: number) =>
          post(agent, base, restPath, target.cookie, body(op, i, target.seeded));
      };
      const targets: Record<string, (i: number) => Promise<void>> = {
        [app.label]: through(app),
        ...(baseline ? { [baseline.label]: through(baseline) } : {}),
        floor: async (i) => {
          const client = await floorPool.connect();
          try {
            await replay(client, templates[op][i % PHARMACIES]!, keep);
          } finally {
            client.release();
          }
        },
      };
      const runs: Record<string, Run[]> = Object.fromEntries(labels.map((l) => [l, []]));
      for (let round = 0; round < ROUNDS; round++) {
        for (const label of labels) runs[label]!.push(await drive(clients, targets[label]!));
      }
      agent.destroy();
      await floorPool.end();
      results.push({ op, clients, runs });
      console.log(
        `${op} × ${clients}: ` +
          labels
            .map((label) => {
              const error = runs[label]!.find((r) => r.firstError)?.firstError;
              return `${label} ${Math.round(median(runs[label]!.map((r) => r.perSecond)))}/s${
                error ? ` (error: ${error.slice(0, 200)})` : ''
              }`;
            })
            .join(', ') +
          `; load average ${os
            .loadavg()
            .map((l) => l.toFixed(1))
            .join(' ')}`,
      );
    }
  }

  const fmt = (n: number) =>
    Number.isNaN(n) ? '—' : n < 10 ? n.toFixed(1) : String(Math.round(n));
  const m = (runs: Run[], key: 'perSecond' | 'p50' | 'p99') => median(runs.map((r) => r[key]));
  console.log(
    `\n${ROUNDS} rounds of ${SECONDS} s each in turns, medians; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );
  console.log(
    `| operation | clients | ${labels.map((l) => `${l} req/s | p50 ms | p99 ms`).join(' | ')} | ${labels
      .filter((l) => l !== 'floor')
      .map((l) => `${l} of floor`)
      .join(' | ')} | errors |`,
  );
  console.log(`| --- | ---: |${' ---: |'.repeat(labels.length * 3 + labels.length - 1 + 1)}`);
  for (const { op, clients, runs } of results) {
    const floorRate = m(runs.floor!, 'perSecond');
    const errors = Object.values(runs)
      .flat()
      .reduce((n, r) => n + r.errors, 0);
    console.log(
      `| POST /api/${op} | ${clients} | ${labels
        .map((l) =>
          [m(runs[l]!, 'perSecond'), m(runs[l]!, 'p50'), m(runs[l]!, 'p99')].map(fmt).join(' | '),
        )
        .join(' | ')} | ${labels
        .filter((l) => l !== 'floor')
        .map((l) => (m(runs[l]!, 'perSecond') / floorRate).toFixed(2))
        .join(' | ')} | ${errors} |`,
    );
  }
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
