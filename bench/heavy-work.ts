/**
 * Heavy work off the event loop (issue 22.1): how long `GET /api/user` takes alone and while six
 * 500-line PDFs render without pause, how long that PDF takes alone and under that load, and
 * `GET /api/user` while a 40,000-row CSV upload (3.6 MB) is previewed without pause. The
 * order is the attacker's: 500 lines of 1,000 wide characters (502 pages), valid by the
 * validators. The server is apps/api/dist/main.js started as production starts it
 * (lib/server-process.ts), on PostgreSQL (a scratch database, with DATABASE_URL) and on PGlite
 * (on disk in a temporary folder), each in a child process; the phases run in turns over the
 * servers, so that whatever else loads the machine hits them all.
 *
 *     pnpm --filter @pharm/api build                       # the bench runs what is built
 *     DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *       BASELINE=<a checkout of the build before>/apps/api/dist/main.js \
 *       pnpm --filter @pharm/bench exec tsx heavy-work.ts
 *
 * BASELINE adds that build's servers to the turns: before and after in one run. PROBE_SECONDS
 * (20) is how long `GET /api/user` is timed in each phase, PDF_RUNS (5) how many PDFs are timed
 * alone, LOADERS (6) how many clients download the PDF without pause during the load, CSV_ROWS
 * (40,000) the rows of the CSV.
 */
import { type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '@pharm/db';
import { API_MAIN, exited, startBuiltServer } from './lib/server-process.js';

const PROBE_SECONDS = Number(process.env.PROBE_SECONDS ?? 20);
const PDF_RUNS = Number(process.env.PDF_RUNS ?? 5);
const LOADERS = Number(process.env.LOADERS ?? 6);
const CSV_ROWS = Number(process.env.CSV_ROWS ?? 40_000);
const LINES = 500;
const DESCRIPTION = 'W'.repeat(1000);
const BASELINE = process.env.BASELINE ? path.resolve(process.env.BASELINE) : undefined;

for (const main of [API_MAIN, BASELINE]) {
  if (main && !existsSync(main)) {
    throw new Error(`${main} is missing: build it first (pnpm --filter @pharm/api build)`);
  }
}

type Driver = 'PostgreSQL' | 'PGlite';

interface Target {
  label: string;
  url: string;
  cookie: string;
  bigOrderId: number;
  smallOrderId: number;
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'pharm-bench-heavy-'));
/** Run last first at the end: servers stop before their databases are dropped. */
const cleanups: (() => Promise<void> | void)[] = [
  () => rmSync(tmp, { recursive: true, force: true }),
];

function stopOnExit(child: ChildProcess) {
  cleanups.push(async () => {
    child.kill('SIGTERM');
    await exited(child);
  });
}

async function request(
  base: string,
  method: string,
  url: string,
  { cookie, body }: { cookie?: string; body?: unknown } = {},
): Promise<Response> {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res;
}

/** A user signed in, a pharmacy, the 500-line order and a 1-line one, written through the API. */
async function seed(base: string): Promise<Omit<Target, 'label' | 'url'>> {
  const account = { email: 'bench@example.com', password: 'bench-password-1' };
  await request(base, 'POST', '/api/register', { body: account });
  const login = await request(base, 'POST', '/api/login', { body: account });
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))
    ?.split(';', 1)[0];
  if (!cookie) throw new Error('POST /api/login set no session cookie');
  const pharmacy = await request(base, 'POST', '/api/pharmacies', {
    cookie,
    body: { name: 'Bench Pharmacy', email: 'bench-pharmacy@example.com' },
  });
  const pharmacyId = ((await pharmacy.json()) as { id: number }).id;
  const order = async (lines: number, description: string) => {
    const res = await request(base, 'POST', '/api/orders', {
      cookie,
      body: {
        pharmacyId,
        orderDate: '2026-03-14',
        lineItems: Array.from({ length: lines }, () => ({
          description,
          qty: 2,
          unitPrice: '42.00',
        })),
      },
    });
    return ((await res.json()) as { id: number }).id;
  };
  return {
    cookie,
    bigOrderId: await order(LINES, DESCRIPTION),
    smallOrderId: await order(1, '10 mL clear serum vial, sterile'),
  };
}

async function startApp(driver: Driver, main: string, baseline: boolean): Promise<Target> {
  const label = baseline ? `${driver} before` : driver;
  let database: { DATABASE_URL: string } | { DATA_DIR: string };
  if (driver === 'PostgreSQL') {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL!, 'pharm_bench');
    cleanups.push(scratch.drop);
    database = { DATABASE_URL: scratch.url };
  } else {
    database = { DATA_DIR: mkdtempSync(path.join(tmp, 'pglite-')) };
  }
  const { url } = await startBuiltServer({
    label,
    main,
    database,
    logFile: path.join(tmp, `${label.replace(/\W+/g, '-').toLowerCase()}.log`),
    onSpawn: stopOnExit,
  });
  return { label, url, ...(await seed(url)) };
}

/** One GET, its body read to the end; its time in ms, or undefined when it was not a 200. */
async function timed(target: Target, url: string, expectType: string): Promise<number | undefined> {
  const started = performance.now();
  const res = await fetch(target.url + url, { headers: { cookie: target.cookie } });
  await res.arrayBuffer();
  const ms = performance.now() - started;
  return res.status === 200 && res.headers.get('content-type')?.startsWith(expectType)
    ? ms
    : undefined;
}

interface Sample {
  times: number[];
  failed: number;
}

/** `GET /api/user` one after another for PROBE_SECONDS (and at least 3 answers). */
async function probeUser(target: Target): Promise<Sample> {
  const sample: Sample = { times: [], failed: 0 };
  const end = performance.now() + PROBE_SECONDS * 1000;
  while (performance.now() < end || sample.times.length + sample.failed < 3) {
    const ms = await timed(target, '/api/user', 'application/json');
    if (ms === undefined) sample.failed++;
    else sample.times.push(ms);
  }
  return sample;
}

const bigPdf = (target: Target) => `/api/orders/${target.bigOrderId}/download`;

async function pdfsAlone(target: Target): Promise<Sample> {
  const sample: Sample = { times: [], failed: 0 };
  for (let i = 0; i < PDF_RUNS; i++) {
    const ms = await timed(target, bigPdf(target), 'application/pdf');
    if (ms === undefined) sample.failed++;
    else sample.times.push(ms);
  }
  return sample;
}

/** The first 1-line PDF after start (a thread to start, where there are threads), then 20 more. */
async function smallPdf(target: Target): Promise<{ first: number; p50: number }> {
  const url = `/api/orders/${target.smallOrderId}/download`;
  const first = await timed(target, url, 'application/pdf');
  const rest: number[] = [];
  for (let i = 0; i < 20; i++) rest.push((await timed(target, url, 'application/pdf')) ?? NaN);
  return { first: first ?? NaN, p50: percentile(rest, 50) };
}

/**
 * LOADERS clients download the 500-line PDF without pause; once each has had one answer (so that
 * the renders overlap as they will), `GET /api/user` is timed. The PDFs answered while the probe
 * ran are the PDF's time under load.
 */
async function underLoad(target: Target): Promise<{ user: Sample; pdf: Sample }> {
  const pdf: Sample = { times: [], failed: 0 };
  let probing = false;
  let stop = false;
  let warm = 0;
  const loaders = Array.from({ length: LOADERS }, async () => {
    let first = true;
    while (!stop) {
      const ms = await timed(target, bigPdf(target), 'application/pdf');
      if (first) warm++;
      first = false;
      if (!probing) continue;
      if (ms === undefined) pdf.failed++;
      else pdf.times.push(ms);
    }
  });
  while (warm < LOADERS) await new Promise((resolve) => setTimeout(resolve, 50));
  probing = true;
  const user = await probeUser(target);
  // The PDFs that began during the probe are let finish, so that their times count.
  stop = true;
  await Promise.all(loaders);
  return { user, pdf };
}

/** 8,000 products of 5 variants each, as the Products page's Upload CSV sends it. */
function catalogueCsv(): string {
  const lines = [
    'sku,name,category,default_price,active,variant_sku,size,color,material,sterile,package_qty,variant_price,notes',
  ];
  for (let row = 0; row < CSV_ROWS; row++) {
    const p = Math.floor(row / 5);
    const v = (row % 5) + 1;
    lines.push(
      `GEN-${p},Generated product ${p},Vial,10.00,,GEN-${p}-V${v},${v * 2}R,Clear,Borosilicate glass,${v % 2 === 0},100,,`,
    );
  }
  return lines.join('\n');
}

/** One client previews the CSV without pause while `GET /api/user` is timed. */
async function whileCsvPreviews(
  target: Target,
  csv: string,
): Promise<{ user: Sample; csv: Sample }> {
  const previews: Sample = { times: [], failed: 0 };
  const body = JSON.stringify({ json: { csv } });
  let stop = false;
  let first = () => {};
  const started = new Promise<void>((resolve) => (first = resolve));
  const loader = (async () => {
    while (!stop) {
      const t = performance.now();
      const res = await fetch(`${target.url}/trpc/products.previewCsv`, {
        method: 'POST',
        headers: { cookie: target.cookie, 'content-type': 'application/json' },
        body,
      });
      const answer = (await res.json()) as { result?: { data: { json: { created: number } } } };
      if (res.status === 200 && answer.result?.data.json.created === Math.ceil(CSV_ROWS / 5)) {
        previews.times.push(performance.now() - t);
      } else previews.failed++;
      first();
    }
  })();
  await started;
  const user = await probeUser(target);
  stop = true;
  await loader;
  return { user, csv: previews };
}

/** Nearest rank. */
function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const msText = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(value < 10 ? 1 : 0));
const sText = (value: number) => (Number.isNaN(value) ? '–' : (value / 1000).toFixed(1));

const drivers: Driver[] = process.env.DATABASE_URL ? ['PostgreSQL', 'PGlite'] : ['PGlite'];

try {
  const targets: Target[] = [];
  for (const driver of drivers) {
    targets.push(await startApp(driver, API_MAIN, false));
    if (BASELINE) targets.push(await startApp(driver, BASELINE, true));
  }
  console.log(
    `${targets.map((t) => t.label).join(', ')}; each phase in turns over the servers. ` +
      `GET /api/user one at a time for ${PROBE_SECONDS} s; the ${LINES}-line PDF ${PDF_RUNS} times alone; ` +
      `then ${LOADERS} clients downloading it without pause while /api/user is timed.\n` +
      `${os.cpus().length} CPUs (${os.cpus()[0]!.model}), load average ${os.loadavg()[0]!.toFixed(1)} at the start.`,
  );

  const small = new Map<Target, Awaited<ReturnType<typeof smallPdf>>>();
  const alone = new Map<Target, Sample>();
  const pdfAlone = new Map<Target, Sample>();
  const loaded = new Map<Target, Awaited<ReturnType<typeof underLoad>>>();
  const csvLoaded = new Map<Target, Awaited<ReturnType<typeof whileCsvPreviews>>>();
  const csv = catalogueCsv();
  for (const target of targets) small.set(target, await smallPdf(target));
  for (const target of targets) alone.set(target, await probeUser(target));
  for (const target of targets) pdfAlone.set(target, await pdfsAlone(target));
  for (const target of targets) loaded.set(target, await underLoad(target));
  for (const target of targets) csvLoaded.set(target, await whileCsvPreviews(target, csv));

  const widths = [20, 18, 28, 12, 22, 22];
  const row = (cells: string[]) =>
    console.log(cells.map((c, i) => (i ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(''));
  const failed = (s: Sample) => (s.failed ? `, ${s.failed} failed` : '');
  row([
    'server',
    '/api/user alone',
    `with ${LOADERS} PDFs rendering`,
    'PDF alone',
    `PDF, ${LOADERS} rendering`,
    '1-line PDF',
  ]);
  row(['', 'p50 / p99 ms', 'p50 / p99 ms (answers)', 'p50 s', 'p50 s (answers)', 'first / p50 ms']);
  for (const target of targets) {
    const a = alone.get(target)!;
    const { user, pdf } = loaded.get(target)!;
    const p = pdfAlone.get(target)!;
    const s = small.get(target)!;
    row([
      target.label,
      `${msText(percentile(a.times, 50))} / ${msText(percentile(a.times, 99))}${failed(a)}`,
      `${msText(percentile(user.times, 50))} / ${msText(percentile(user.times, 99))} (${user.times.length}${failed(user)})`,
      `${sText(percentile(p.times, 50))}${failed(p)}`,
      `${sText(percentile(pdf.times, 50))} (${pdf.times.length}${failed(pdf)})`,
      `${msText(s.first)} / ${msText(s.p50)}`,
    ]);
  }
  console.log(
    `\nGET /api/user while one client previews a ${CSV_ROWS.toLocaleString('en-US')}-row CSV ` +
      `(${(Buffer.byteLength(csv) / 1024 / 1024).toFixed(1)} MB) without pause:`,
  );
  row(['server', '/api/user', '(answers)', 'preview', '(answers)']);
  row(['', 'p50 / p99 ms', '', 'p50 s', '']);
  for (const target of targets) {
    const { user, csv: previews } = csvLoaded.get(target)!;
    row([
      target.label,
      `${msText(percentile(user.times, 50))} / ${msText(percentile(user.times, 99))}`,
      `(${user.times.length}${failed(user)})`,
      sText(percentile(previews.times, 50)),
      `(${previews.times.length}${failed(previews)})`,
    ]);
  }
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}
