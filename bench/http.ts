/**
 * HTTP: requests per second and latency of the built API server, signed in, beside a bare Fastify
 * answering the very same bytes on the same paths. The server is apps/api/dist/main.js started
 * as production starts it (NODE_ENV=production, one JSON log line per request at info level, here
 * into a file), on PostgreSQL (a scratch database) and on PGlite (on disk in a temporary folder),
 * each in a child process; the bare Fastify runs in a process of its own. The bench seeds a user,
 * 55 pharmacies and 55 orders of 3 lines through the API, signs in, and drives the servers in
 * turns with autocannon (16 connections), so that whatever else loads the machine hits them all.
 * Besides req/s and latency it prints the CPU time each server process used per request, the
 * figure that holds when other work shares the machine.
 *
 * With DATABASE_URL a third kind of server joins the turns, the floor (lib/floor-server.ts): a
 * bare Fastify doing only the data work of the answer (the session read and the list's service
 * function, from this checkout's source) on the PostgreSQL app's database. "of floor" is the
 * app's req/s over the floor's: what the app's plumbing costs; the floor's "of bare" is what the
 * data costs.
 *
 *     pnpm --filter @pharm/api build                       # the bench runs what is built
 *     DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm --filter @pharm/bench exec tsx http.ts
 *     pnpm --filter @pharm/bench exec tsx http.ts          # without DATABASE_URL: PGlite only
 *     pnpm --filter @pharm/bench exec tsx http.ts --profile /api/orders
 *
 * --profile PATH runs one server (PostgreSQL when DATABASE_URL is set) under `node --cpu-prof`
 * and prints where its main thread spent the load. RUN_SECONDS (5) is the length of a run, ROUNDS
 * (3) the runs per server and path, PATHS a comma-separated subset of the paths.
 * BASELINE=<another checkout>/apps/api/dist/main.js adds that build's servers to the turns: a
 * change measured before and after in one run.
 */
import { fork, type ChildProcess } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase } from '@pharm/db';
import autocannon from 'autocannon';
import type { CapturedResponse } from './lib/bare-server.js';
import { summariseProfile } from './lib/cpu-profile.js';
import { API_MAIN, exited, startBuiltServer } from './lib/server-process.js';

const CONNECTIONS = 16;
const SECONDS = Number(process.env.RUN_SECONDS ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const WARM_UP_SECONDS = 2;
const PROFILE_SECONDS = 10;
const PATHS = process.env.PATHS?.split(',') ?? ['/api/user', '/api/pharmacies', '/api/orders'];
const PHARMACIES = 55;
const ORDERS = 55;
const BARE = 'bare Fastify';

const BARE_SERVER = fileURLToPath(new URL('./lib/bare-server.ts', import.meta.url));
const FLOOR_SERVER = fileURLToPath(new URL('./lib/floor-server.ts', import.meta.url));
const FLOOR = 'Fastify + services';
const BASELINE = process.env.BASELINE ? path.resolve(process.env.BASELINE) : undefined;

const profileAt = process.argv.indexOf('--profile');
const profilePath = profileAt < 0 ? undefined : (process.argv[profileAt + 1] ?? '/api/user');
if (profilePath !== undefined && !PATHS.includes(profilePath)) {
  throw new Error(`--profile takes one of ${PATHS.join(', ')}`);
}
for (const main of [API_MAIN, BASELINE]) {
  if (main && !existsSync(main)) {
    throw new Error(`${main} is missing: build it first (pnpm --filter @pharm/api build)`);
  }
}

type Driver = 'PostgreSQL' | 'PGlite';

/** A server under load: an app process or the bare Fastify. */
interface Target {
  label: string;
  driver?: Driver;
  baseline?: boolean;
  /** The floor (lib/floor-server.ts): the app's data work in a bare Fastify, on PostgreSQL. */
  floor?: boolean;
  url: string;
  /** The scratch database of an app on PostgreSQL, which the floor reads too. */
  databaseUrl?: string;
  /** The session cookie of the seeded user; the bare server ignores it. */
  cookie: string;
  responses: Record<string, CapturedResponse>;
  logFile?: string;
  child: ChildProcess;
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'pharm-bench-http-'));
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

/** The same data on every server: a user, pharmacies and orders, written through the API. */
async function seed(base: string): Promise<string> {
  const account = { email: 'bench@example.com', password: 'bench-password-1' };
  await request(base, 'POST', '/api/register', {
    body: { ...account, firstName: 'Bench', lastName: 'User' },
  });
  const login = await request(base, 'POST', '/api/login', { body: account });
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))
    ?.split(';', 1)[0];
  if (!cookie) throw new Error('POST /api/login set no session cookie');

  const pharmacyIds: number[] = [];
  for (let i = 0; i < PHARMACIES; i++) {
    const res = await request(base, 'POST', '/api/pharmacies', {
      cookie,
      body: {
        name: `Bench Pharmacy ${String(i).padStart(2, '0')} ${i % 2 ? 'Compounding' : 'Apothecary'}`,
        contactName: 'Pat Lee',
        email: `p${i}@example.com`,
        phone: '(555) 555-0100',
        shippingAddress: `${100 + i} Main St, Springfield, IL 62701`,
        notes: 'Deliveries to the rear dock, weekdays before noon.',
      },
    });
    pharmacyIds.push(((await res.json()) as { id: number }).id);
  }
  for (let i = 0; i < ORDERS; i++) {
    await request(base, 'POST', '/api/orders', {
      cookie,
      body: {
        pharmacyId: pharmacyIds[i % PHARMACIES],
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
      },
    });
  }
  return cookie;
}

/** What the app answers on each path, signed in: the bytes the bare server will send. */
async function capture(base: string, cookie: string): Promise<Record<string, CapturedResponse>> {
  const responses: Record<string, CapturedResponse> = {};
  for (const url of PATHS) {
    const res = await request(base, 'GET', url, { cookie });
    responses[url] = { contentType: res.headers.get('content-type')!, body: await res.text() };
  }
  return responses;
}

/** Starts a build of the server on its own database, waits for /healthz, seeds and signs in. */
async function startApp(
  driver: Driver,
  main: string,
  baseline: boolean,
  nodeFlags: string[] = [],
): Promise<Target> {
  const label = baseline ? `${driver} baseline` : driver;
  let database: { DATABASE_URL: string } | { DATA_DIR: string };
  if (driver === 'PostgreSQL') {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL!, 'pharm_bench');
    cleanups.push(scratch.drop);
    database = { DATABASE_URL: scratch.url };
  } else {
    database = { DATA_DIR: mkdtempSync(path.join(tmp, 'pglite-')) };
  }
  const logFile = path.join(tmp, `${label.replace(/\W+/g, '-').toLowerCase()}.log`);
  const { url, child } = await startBuiltServer({
    label,
    main,
    database,
    logFile,
    nodeFlags,
    onSpawn: stopOnExit,
  });
  const cookie = await seed(url);
  const responses = await capture(url, cookie);
  const databaseUrl = 'DATABASE_URL' in database ? database.DATABASE_URL : undefined;
  return { label, driver, baseline, url, databaseUrl, cookie, responses, logFile, child };
}

/** The floor on the database of `app` (an app on PostgreSQL), expected to answer its bytes. */
async function startFloor(app: Target): Promise<Target> {
  const child = fork(FLOOR_SERVER, [app.databaseUrl!], { execArgv: ['--import', 'tsx'] });
  stopOnExit(child);
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`the floor server exited (${code})`)));
  });
  const url = `http://127.0.0.1:${port}`;
  return { label: FLOOR, floor: true, url, cookie: app.cookie, responses: app.responses, child };
}

async function startBare(responses: Record<string, CapturedResponse>): Promise<Target> {
  const file = path.join(tmp, 'responses.json');
  writeFileSync(file, JSON.stringify(responses));
  const child = fork(BARE_SERVER, [file], { execArgv: ['--import', 'tsx'] });
  stopOnExit(child);
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  return { label: BARE, url: `http://127.0.0.1:${port}`, cookie: '', responses, child };
}

/**
 * CPU time the process has had so far, all its threads, in nanoseconds (Linux; NaN elsewhere).
 * Throughput on a shared machine depends on who else runs; the CPU time a request costs the
 * server much less so, which makes it the figure to compare builds by.
 */
function cpuTimeNs(pid: number): number {
  const taskDir = `/proc/${pid}/task`;
  if (!existsSync(taskDir)) return Number.NaN;
  let ns = 0;
  for (const task of readdirSync(taskDir)) {
    try {
      ns += Number(readFileSync(`${taskDir}/${task}/schedstat`, 'utf8').split(' ', 1)[0]);
    } catch {
      // The thread ended since the listing.
    }
  }
  return ns;
}

interface Run {
  rate: number;
  p50: number;
  p99: number;
  /** The server's CPU time per answer, in microseconds. */
  cpuUs: number;
  /** Answers that were not 2xx or not the expected bytes, and connection errors. */
  failures: number;
}

async function drive(target: Target, url: string, seconds: number): Promise<Run> {
  const cpuBefore = cpuTimeNs(target.child.pid!);
  const result = await autocannon({
    url: target.url + url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { cookie: target.cookie },
    // Every answer is checked against the captured bytes: a fast wrong answer counts as a failure.
    expectBody: target.responses[url]!.body,
  });
  const cpuNs = cpuTimeNs(target.child.pid!) - cpuBefore;
  return {
    rate: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuUs: cpuNs / 1000 / result.requests.total,
    failures: result.non2xx + result.mismatches + result.errors,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
/** autocannon's latencies are whole milliseconds. */
const ms = (value: number) => (value < 1 ? '<1' : String(value));
const kb = (text: string) => `${(Buffer.byteLength(text) / 1024).toFixed(1)} KB`;

/** The request lines a server logged: proof that logging was on while it was measured. */
function loggedRequests(target: Target): number {
  return readFileSync(target.logFile!, 'utf8')
    .split('\n')
    .filter((line) => line.includes('"msg":"request"')).length;
}

const drivers: Driver[] = process.env.DATABASE_URL ? ['PostgreSQL', 'PGlite'] : ['PGlite'];

async function compare(): Promise<void> {
  const targets: Target[] = [];
  for (const driver of drivers) {
    targets.push(await startApp(driver, API_MAIN, false));
    if (BASELINE) targets.push(await startApp(driver, BASELINE, true));
  }
  const onPostgres = targets.find((t) => t.driver === 'PostgreSQL' && !t.baseline);
  if (onPostgres) targets.push(await startFloor(onPostgres));
  targets.push(await startBare(targets[0]!.responses));

  console.log(
    `${CONNECTIONS} connections, signed in; ${targets.map((t) => t.label).join(', ')} in turns, ` +
      `${ROUNDS} runs of ${SECONDS} s each after ${WARM_UP_SECONDS} s of warm-up; medians of the runs.\n` +
      `${os.cpus().length} CPUs (${os.cpus()[0]!.model}), load average ${os.loadavg()[0]!.toFixed(1)} at the start.`,
  );
  const runs = new Map<Target, Map<string, Run[]>>(targets.map((t) => [t, new Map()]));
  for (const url of PATHS) {
    for (const target of targets) await drive(target, url, WARM_UP_SECONDS);
    for (let round = 0; round < ROUNDS; round++) {
      for (const target of targets) {
        const done = runs.get(target)!.get(url) ?? [];
        runs.get(target)!.set(url, [...done, await drive(target, url, SECONDS)]);
      }
    }
  }

  /** The median over the rounds of one figure of a server on a path. */
  const stat = (target: Target, url: string, figure: 'rate' | 'p50' | 'p99' | 'cpuUs') =>
    median(
      runs
        .get(target)!
        .get(url)!
        .map((r) => r[figure]),
    );
  const find = (driver: Driver | undefined, baseline: boolean) =>
    targets.find((t) => t.driver === driver && !!t.baseline === baseline && !t.floor)!;
  const floor = targets.find((t) => t.floor);
  const ratio = (a: number, b: number) => (a / b).toFixed(a / b < 0.1 ? 3 : 2);
  const widths = [34, 22, 8, 8, 8, 12, 9, 11, 11, 13, 11];
  const row = (cells: string[]) =>
    console.log(
      cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(''),
    );
  row([
    ...[
      'path (body)',
      'server',
      'req/s',
      'p50 ms',
      'p99 ms',
      'CPU µs/req',
      'of bare',
      'of floor',
      'PGlite/PG',
    ],
    ...(BASELINE ? ['req/s ×base', 'CPU ×base'] : []),
  ]);
  for (const url of PATHS) {
    const bare = stat(find(undefined, false), url, 'rate');
    targets.forEach((target, i) => {
      const rate = stat(target, url, 'rate');
      const cpu = stat(target, url, 'cpuUs');
      const pg = target.driver === 'PGlite' && find('PostgreSQL', !!target.baseline);
      const base = BASELINE && target.driver && !target.baseline && find(target.driver, true);
      const failures = runs
        .get(target)!
        .get(url)!
        .reduce((sum, r) => sum + r.failures, 0);
      row([
        i ? '' : `GET ${url} (${kb(target.responses[url]!.body)})`,
        target.label,
        rate.toFixed(0),
        ms(stat(target, url, 'p50')),
        ms(stat(target, url, 'p99')),
        cpu.toFixed(0),
        target.driver || target.floor ? ratio(rate, bare) : '',
        floor && target.driver === 'PostgreSQL' ? ratio(rate, stat(floor, url, 'rate')) : '',
        pg ? ratio(rate, stat(pg, url, 'rate')) : '',
        base ? ratio(rate, stat(base, url, 'rate')) : '',
        base ? ratio(cpu, stat(base, url, 'cpuUs')) : '',
        ...(failures ? [`  ${failures} FAILED`] : []),
      ]);
    });
  }
  console.log('req/s of each run:');
  for (const url of PATHS) {
    const each = targets.map(
      (t) =>
        `${t.label} ${runs
          .get(t)!
          .get(url)!
          .map((r) => r.rate.toFixed(0))
          .join('/')}`,
    );
    console.log(`  ${url}: ${each.join(', ')}`);
  }
  const apps = targets.filter((t) => t.logFile);
  console.log(
    `request lines logged: ${apps.map((t) => `${t.label} ${loggedRequests(t).toLocaleString('en-US')}`).join(', ')}`,
  );
}

async function profile(url: string): Promise<void> {
  const profileDir = path.join(tmp, 'profile');
  const target = await startApp(drivers[0]!, API_MAIN, false, [
    '--cpu-prof',
    `--cpu-prof-dir=${profileDir}`,
  ]);
  await drive(target, url, WARM_UP_SECONDS);
  // The profile's clock is the monotonic one process.hrtime reads: only the load is summarised.
  const from = Number(process.hrtime.bigint() / 1000n);
  const run = await drive(target, url, PROFILE_SECONDS);
  const to = Number(process.hrtime.bigint() / 1000n);
  // The profile is written when the server exits; SIGTERM makes it drain and exit.
  target.child.kill('SIGTERM');
  await exited(target.child);
  const [file] = readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('the server wrote no CPU profile');
  // Kept for a closer look in Chrome DevTools (Performance, load profile).
  const kept = path.join(
    os.tmpdir(),
    `pharm-http-${target.label.toLowerCase()}${url.replaceAll('/', '-')}.cpuprofile`,
  );
  copyFileSync(path.join(profileDir, file), kept);

  const summary = summariseProfile(kept, from, to);
  const busy = summary.windowMs - summary.idleMs;
  const requests = run.rate * PROFILE_SECONDS;
  console.log(
    `GET ${url} on ${target.label} under --cpu-prof, ${CONNECTIONS} connections, ${PROFILE_SECONDS} s: ` +
      `${run.rate.toFixed(0)} req/s, p99 ${ms(run.p99)} ms${run.failures ? `, ${run.failures} FAILED` : ''}; ` +
      `the server's main thread busy ${((100 * busy) / summary.windowMs).toFixed(0)}% of the time, ` +
      `${((busy * 1000) / requests).toFixed(0)} µs a request`,
  );
  const share = (ms: number) =>
    `${((100 * ms) / busy).toFixed(1).padStart(5)}% ${((ms * 1000) / requests).toFixed(0).padStart(4)} µs`;
  console.log('self time by package (share of the busy time, per request):');
  for (const p of summary.packages.slice(0, 12)) console.log(`  ${share(p.ms)}  ${p.name}`);
  console.log('self time by function:');
  for (const f of summary.functions.slice(0, 20)) {
    console.log(`  ${share(f.ms)}  ${f.name}  ${f.where}`);
  }
  console.log(`the whole profile: ${kept}`);
}

try {
  if (profilePath) await profile(profilePath);
  else await compare();
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}
