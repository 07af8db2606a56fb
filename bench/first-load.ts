/**
 * First load: Lighthouse (desktop preset: simulated 40 ms RTT, 10 Mbit/s, no CPU slowdown) on the
 * sign-in screen and, signed in, on the orders list, against the built app (apps/api/dist serving
 * apps/web/dist) on PGlite in a temporary folder. A user, 5 pharmacies and 12 orders are created
 * through the API first. Prints the median of RUNS runs per screen: the performance and
 * accessibility scores, LCP, FCP, TBT and the JavaScript transferred (compressed, with headers),
 * then every accessibility audit that failed in any run.
 *
 *     pnpm build && pnpm --filter @pharm/bench exec tsx first-load.ts
 *     BASELINE=/path/to/other/checkout pnpm --filter @pharm/bench exec tsx first-load.ts
 *
 * LONG_TASKS=1 also prints each run's long tasks and its main-thread time by kind.
 *
 * BASELINE measures that checkout's build too (run `pnpm build` there first), e.g. main before a
 * change. RUNS (default 3) is the number of Lighthouse runs per screen. Chromium is CHROMIUM_PATH
 * or /usr/bin/chromium.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';

const RUNS = Number(process.env.RUNS ?? 3);
const REPO = fileURLToPath(new URL('..', import.meta.url));

interface RunningApp {
  base: string;
  stop: () => Promise<void>;
}

/** Starts `<checkout>/apps/api/dist/main.js` on a free port with PGlite in a temporary folder. */
async function startApp(checkout: string): Promise<RunningApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pharm-first-load-'));
  const child = spawn(process.execPath, [path.join(checkout, 'apps/api/dist/main.js')], {
    cwd: checkout,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    const base = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    if (
      base &&
      (await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      return { base, stop };
    }
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`the app at ${checkout} did not start:\n${output}`);
}

/** Registers a user and creates pharmacies and orders through the REST API; answers its cookie. */
async function seed(base: string): Promise<string> {
  const register = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'first-load@example.com',
      password: 'secret12',
      firstName: 'Casey',
      lastName: 'Quinn',
    }),
  });
  if (register.status !== 201) throw new Error(`register answered ${register.status}`);
  const cookie = register.headers.getSetCookie()[0]!.split(';', 1)[0]!;
  const post = async (url: string, body: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    if (res.status !== 201) throw new Error(`POST ${url} answered ${res.status}`);
    return (await res.json()) as { id: number };
  };
  for (let i = 0; i < 5; i++) {
    const pharmacy = await post('/api/pharmacies', {
      name: `Lakeside Compounding ${i + 1}`,
      email: `pharmacy${i + 1}@example.com`,
    });
    for (let j = 0; j < (i < 2 ? 3 : 2); j++) {
      await post('/api/orders', {
        pharmacyId: pharmacy.id,
        orderDate: '2026-03-14',
        lineItems: [
          { productSku: 'VL-TI', description: '10R clear vial', qty: 4 + j, unitPrice: '42.00' },
          { productSku: 'ST-20', description: '20 mm stopper', qty: 100, unitPrice: '0.35' },
        ],
      });
    }
  }
  return cookie;
}

interface Figures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  jsBytes: number;
  failedA11y: string[];
  /** Lighthouse's long tasks (start and duration in ms, the script they are charged to). */
  longTasks: { url: string; startTime: number; duration: number }[];
  /** Main-thread time by kind (script evaluation, style and layout...), in ms. */
  mainThread: { groupLabel: string; duration: number }[];
}

async function runLighthouse(
  url: string,
  port: number,
  cookie?: string,
): Promise<Figures | { error: string }> {
  const result = await lighthouse(
    url,
    {
      port,
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    },
    desktopConfig,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  // A run that failed (the page load timed out on a busy machine, no LCP...) has no scores: it
  // is reported and left out of the medians.
  if (result.lhr.runtimeError) return { error: result.lhr.runtimeError.message };
  const { categories, audits } = result.lhr;
  const requests = (audits['network-requests']?.details as { items?: Record<string, unknown>[] })
    .items;
  const jsBytes = (requests ?? [])
    .filter((r) => r.resourceType === 'Script')
    .reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0);
  const failedA11y = (categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
    .map((ref) => ref.id);
  return {
    performance: categories.performance?.score ?? NaN,
    accessibility: categories.accessibility?.score ?? NaN,
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
    fcpMs: audits['first-contentful-paint']?.numericValue ?? NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
    jsBytes,
    failedA11y,
    longTasks: (audits['long-tasks']?.details as { items?: Figures['longTasks'] }).items ?? [],
    mainThread:
      (audits['mainthread-work-breakdown']?.details as { items?: Figures['mainThread'] }).items ??
      [],
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/**
 * A Chromium of its own for each build: cookies are per host, not per port, so a session cookie
 * one build's server set would reach the other's.
 */
function launchChromium() {
  return chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

const builds: [string, string][] = [['this checkout', REPO]];
if (process.env.BASELINE) builds.unshift(['baseline', path.resolve(process.env.BASELINE)]);

const rows: string[][] = [];
const failures = new Map<string, Set<string>>();
for (const [label, checkout] of builds) {
  const app = await startApp(checkout);
  const chrome = await launchChromium().catch(async (error: unknown) => {
    await app.stop();
    throw error;
  });
  try {
    const cookie = await seed(app.base);
    const screens: [string, string, string | undefined][] = [
      ['sign-in (/login)', `${app.base}/login`, undefined],
      ['orders list, signed in', `${app.base}/orders`, cookie],
    ];
    for (const [screen, url, screenCookie] of screens) {
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i++) {
        const run = await runLighthouse(url, chrome.port, screenCookie);
        if ('error' in run) {
          console.log(`${screen}, ${label}: run ${i + 1} failed: ${run.error}`);
          continue;
        }
        runs.push(run);
        console.log(
          `${screen}, ${label}: run ${i + 1}: performance ${run.performance.toFixed(2)}, ` +
            `TBT ${Math.round(run.tbtMs)} ms, JS ${(run.jsBytes / 1024).toFixed(1)} KB, ` +
            `load average ${os.loadavg()[0]!.toFixed(1)}`,
        );
        if (process.env.LONG_TASKS) {
          for (const task of run.longTasks) {
            const at = `${Math.round(task.startTime)} ms`;
            console.log(`  long task at ${at}: ${Math.round(task.duration)} ms, ${task.url}`);
          }
          const kinds = run.mainThread.map((k) => `${k.groupLabel} ${Math.round(k.duration)} ms`);
          console.log(`  main thread: ${kinds.join(', ')}`);
        }
      }
      if (!runs.length) throw new Error(`every Lighthouse run of ${url} failed`);
      const m = (pick: (f: Figures) => number) => median(runs.map(pick));
      rows.push([
        screen,
        label,
        m((f) => f.performance).toFixed(2),
        m((f) => f.accessibility).toFixed(2),
        `${(m((f) => f.lcpMs) / 1000).toFixed(2)} s`,
        `${(m((f) => f.fcpMs) / 1000).toFixed(2)} s`,
        `${Math.round(m((f) => f.tbtMs))} ms`,
        `${(m((f) => f.jsBytes) / 1024).toFixed(1)} KB`,
      ]);
      const failed = new Set(runs.flatMap((f) => f.failedA11y));
      if (failed.size) failures.set(`${screen}, ${label}`, failed);
    }
  } finally {
    await app.stop();
    chrome.kill();
  }
}

const header = ['screen', 'build', 'performance', 'accessibility', 'LCP', 'FCP', 'TBT', 'JS'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
console.log(`\nLighthouse desktop, medians of ${RUNS} runs per screen:`);
for (const row of [header, ...rows])
  console.log(row.map((c, i) => c.padEnd(widths[i]!)).join('  '));
for (const [where, ids] of failures) {
  console.log(`accessibility audits failed (${where}): ${[...ids].join(', ')}`);
}
