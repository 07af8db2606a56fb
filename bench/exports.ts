/**
 * Recall by lot and a large CSV export (issue 12), against the built API (NODE_ENV=production) on
 * the database `insights-seed.ts` filled (1,000,000 invoices, 500 lots a month, ~40 invoices a lot):
 *
 *     BENCH_DATABASE=pharm_exports_bench DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *       pnpm bench:seed --invoices 1000000
 *     pnpm --filter @pharm/api build
 *     BENCH_DATABASE=pharm_exports_bench DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *       pnpm --filter @pharm/bench exec tsx exports.ts
 *
 * 1. Recall: LOOKUPS (300) exact lookups of random lots and as many of 10-lot prefixes, one at a
 *    time over HTTP, p50/p99/max; and the plan of the exact query (it must read
 *    invoices_lot_number_idx). The recall searches line lots too (issue 30), so the same again
 *    for line lots (`LTyymm-vvvv`, ~40 lines each, the lots table's numbers); then the lots list
 *    (`/api/lots`, a page of 50, with the Lots screen's filters and a variant's, in the picker's
 *    FEFO order, and paging through with the cursors) and the seeded recall's page
 *    (`/api/recalls/{id}`), LOOKUPS requests each. EXPORT_RUNS=0 runs this part alone; ONLY
 *    (words of the labels, comma-separated: 'line-lot prefix,lots') runs only those lookups.
 * 2. Export: GET /api/invoices.csv, every invoice, read as it streams: seconds, rows, bytes; the
 *    server's resident memory before and at its peak during the export (VmRSS sampled every
 *    100 ms, and VmHWM, the kernel's high-water mark); and meanwhile, one other request
 *    (/api/invoices, the first page) every 250 ms, whose latencies say whether the server still
 *    answers others. EXPORT_PATH picks another export; EXPORT_RUNS (2) runs it again in the same
 *    server, so that a peak that stays put shows the memory is bounded, not growing with rows.
 */
import { readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDb } from '@pharm/db';
import { sql } from 'kysely';
import { insightsDatabaseUrl } from './lib/insights-db.js';
import { API_MAIN, startBuiltServer } from './lib/server-process.js';
import type { ChildProcess } from 'node:child_process';

const LOOKUPS = Number(process.env.LOOKUPS ?? 300);
/** Comma-separated words: only the lookups whose label holds one run ('line-lot prefix,lots'). */
const ONLY = process.env.ONLY?.split(',').filter(Boolean);
const wanted = (label: string) => !ONLY || ONLY.some((word) => label.includes(word));
const EXPORT_PATH = process.env.EXPORT_PATH ?? '/api/invoices.csv';
/** Exports one after another in the same server: a peak that does not grow is memory held flat. */
const EXPORT_RUNS = Number(process.env.EXPORT_RUNS ?? 2);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summary(label: string, ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  return `${label.padEnd(40)}${percentile(sorted, 50).toFixed(1).padStart(8)}${percentile(sorted, 99).toFixed(1).padStart(8)}${sorted.at(-1)!.toFixed(1).padStart(8)}`;
}

/** Resident memory of a process in MiB: now (VmRSS) and its peak so far (VmHWM). */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench-${Date.now()}@example.com`,
      password: 'bench-password-1',
      firstName: 'Bench',
      lastName: 'User',
    }),
  });
  const cookie = res.headers.get('set-cookie')?.split(';', 1)[0];
  if (res.status !== 201 || !cookie) throw new Error(`register answered ${res.status}`);
  return cookie;
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

async function timed(url: string, cookie: string): Promise<{ ms: number; bytes: number }> {
  const start = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  const body = await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return { ms: performance.now() - start, bytes: body.byteLength };
}

async function main() {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('Set DATABASE_URL (the server bench:seed filled)');
  const databaseUrl = insightsDatabaseUrl(adminUrl);
  const { db, close } = await createDb({ url: databaseUrl, migrate: false, pool: { max: 1 } });
  const lots = (
    await sql<{ lot: string }>`
      select lot_number as lot from invoices where id in (
        select (random() * (select max(id) from invoices))::int from generate_series(1, ${LOOKUPS}))
        and lot_number is not null`.execute(db)
  ).rows.map((r) => r.lot);
  // Random lines' lots: lots that shipped, as a recall would name them.
  const lineLots = (
    await sql<{ lot: string }>`
      select l.lot_number as lot from invoice_line_items li join lots l on l.id = li.lot_id
       where li.id in (
        select (random() * (select max(id) from invoice_line_items))::int
          from generate_series(1, ${LOOKUPS}))`.execute(db)
  ).rows.map((r) => r.lot);
  const { rows: lotVariants } = await sql<{
    id: number;
  }>`select variant_id as id from lots where variant_id is not null limit 1`.execute(db);
  const variantId = lotVariants[0]?.id ?? 1;
  const { rows: recalls } = await sql<{
    id: number;
  }>`select id from recalls order by id limit 1`.execute(db);
  const { rows: invoiceCount } = await sql<{
    n: number;
  }>`select count(*)::int as n from invoices`.execute(db);
  const plan = await sql<{
    'QUERY PLAN': string;
  }>`explain select id from invoices where lot_number is not null and lower(lot_number) = ${lots[0]!.toLowerCase()}`.execute(
    db,
  );
  await close();
  console.log(
    `${new Date().toISOString()}, load average ${load()}\n` +
      `${invoiceCount[0]!.n.toLocaleString('en-US')} invoices; plan of an exact lookup:`,
  );
  for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);

  let child: ChildProcess | undefined;
  try {
    const server = await startBuiltServer({
      label: 'exports',
      main: API_MAIN,
      database: { DATABASE_URL: databaseUrl },
      logFile: path.join(tmpdir(), 'bench-exports-server.log'),
      // Each run registers its own admin, also on a database an earlier run has users in.
      env: { REGISTRATION: 'open', DEFAULT_ROLE: 'admin' },
      onSpawn: (spawned) => (child = spawned),
    });
    const pid = server.child.pid!;
    const cookie = await signIn(server.url);

    console.log(`\nrecall, lots and recalls over HTTP, one request at a time (ms)`);
    const lookups = async (label: string, urls: string[]) => {
      if (!wanted(label)) return;
      const ms: number[] = [];
      let bytes = 0;
      for (const url of urls) {
        const res = await timed(server.url + url, cookie);
        ms.push(res.ms);
        bytes += res.bytes;
      }
      console.log(
        `${summary(label, ms)}${(bytes / urls.length / 1024).toFixed(1).padStart(8)}  ${loadavg()[0]!.toFixed(2)}`,
      );
    };
    const recallOf = (lot: string) => `/api/recall?lot=${encodeURIComponent(lot)}`;
    console.log(
      `${''.padEnd(40)}${'p50'.padStart(8)}${'p99'.padStart(8)}${'max'.padStart(8)}${'KB'.padStart(8)}  load`,
    );
    await lookups(`exact lot (${lots.length} lots)`, lots.map(recallOf));
    await lookups(
      `10-lot prefix (LYYMM-12*)`,
      lots.map((lot) => recallOf(`${lot.slice(0, -1)}*`)),
    );
    await lookups(`exact line lot (${lineLots.length} lots)`, lineLots.map(recallOf));
    await lookups(
      `10-line-lot prefix (LTyymm-012*)`,
      lineLots.map((lot) => recallOf(`${lot.slice(0, -1)}*`)),
    );
    const repeat = (url: string) => Array.from({ length: LOOKUPS }, () => url);
    await lookups('lots list, first page (50)', repeat('/api/lots'));
    await lookups('lots expiring within 90 days (50)', repeat('/api/lots?expiringWithin=90'));
    await lookups(
      'lots released, expiring in 90 d (50)',
      repeat('/api/lots?status=released&expiringWithin=90'),
    );
    await lookups(`lots of one variant (50)`, repeat(`/api/lots?variantId=${variantId}`));
    // Page after page of 50 through the X-Next-Cursor each answers (LOOKUPS pages at most): a
    // keyset page costs the same however deep it is.
    if (wanted('lots paging through')) {
      const ms: number[] = [];
      let bytes = 0;
      let cursor: string | null = null;
      do {
        const start = performance.now();
        const res = await fetch(
          `${server.url}/api/lots?limit=50${cursor ? `&cursor=${cursor}` : ''}`,
          { headers: { cookie } },
        );
        bytes += (await res.arrayBuffer()).byteLength;
        if (!res.ok) throw new Error(`/api/lots answered ${res.status}`);
        ms.push(performance.now() - start);
        cursor = res.headers.get('x-next-cursor');
      } while (cursor && ms.length < LOOKUPS);
      console.log(
        `${summary(`lots paging through (${ms.length} pages)`, ms)}${(bytes / ms.length / 1024).toFixed(1).padStart(8)}  ${loadavg()[0]!.toFixed(2)}`,
      );
    }
    if (recalls[0]) await lookups("a recall's page", repeat(`/api/recalls/${recalls[0].id}`));
    console.log(`${new Date().toISOString()}, load average ${load()}`);

    for (let run = 1; run <= EXPORT_RUNS; run++) {
      const before = memory(pid);
      console.log(
        `\nexport ${EXPORT_PATH}, run ${run}: server RSS before ${before.rss.toFixed(0)} MiB`,
      );
      let peakRss = before.rss;
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, memory(pid).rss);
      }, 100);
      const others: number[] = [];
      let exporting = true;
      const prober = (async () => {
        while (exporting) {
          others.push((await timed(`${server.url}/api/invoices`, cookie)).ms);
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      })();
      const start = performance.now();
      const res = await fetch(server.url + EXPORT_PATH, { headers: { cookie } });
      if (!res.ok || !res.body) throw new Error(`${EXPORT_PATH} answered ${res.status}`);
      let bytes = 0;
      let lines = 0;
      for await (const chunk of res.body) {
        bytes += chunk.byteLength;
        for (const byte of chunk) if (byte === 10) lines++;
      }
      const seconds = (performance.now() - start) / 1000;
      exporting = false;
      await prober;
      clearInterval(sampler);
      const after = memory(pid);
      console.log(
        `  ${(lines - 1).toLocaleString('en-US')} rows, ${(bytes / 1024 / 1024).toFixed(1)} MiB in ${seconds.toFixed(1)} s ` +
          `(${Math.round((lines - 1) / seconds).toLocaleString('en-US')} rows/s)`,
      );
      console.log(
        `  server RSS peak ${peakRss.toFixed(0)} MiB sampled, ${after.peak.toFixed(0)} MiB VmHWM (process lifetime), ${after.rss.toFixed(0)} MiB after`,
      );
      console.log(summary(`  /api/invoices meanwhile (${others.length} requests)`, others));
    }
  } finally {
    child?.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
