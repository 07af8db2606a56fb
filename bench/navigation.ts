/**
 * Navigation (issue 25 item 4): signed in on the demo data in Chromium, the time from a click on a
 * side-menu entry until the next screen's rows are painted, p50 and p95 per screen, beside a floor
 * measured in the same browser in the same rounds: a bare page of the same build
 * (apps/web/floor.html) that, on a click, makes one request to the screen's REST list and paints
 * the same rows and cells in the app's theme and Chakra table components, with nothing of the
 * app around them. The target is p95 ≤ 100 ms, or 1.5 × the floor's p95 where the floor itself
 * is above 100 ms on this machine.
 *
 *     BENCH_FLOOR=1 pnpm --filter @pharm/web build && pnpm --filter @pharm/api build
 *     pnpm --filter @pharm/bench exec tsx navigation.ts
 *
 * ROUNDS (default 20) clicks per screen, after a warm-up round. The app runs on PGlite in a
 * temporary folder with the demo data (`pnpm db:seed`'s). "Painted" is the first moment after
 * the DOM holds the screen (its heading, no skeleton, as many rows as the warm-up found) when a
 * frame has been produced: a requestAnimationFrame callback, then a task after it. Chromium is
 * CHROMIUM_PATH or /usr/bin/chromium. PROFILE=<screen> writes a Chromium trace of that screen's
 * rounds to navigation-<screen>.trace.json (open it in the Performance panel).
 *
 * Then the global search (issue 25: results within 150 ms of the last keystroke): ROUNDS
 * queries, each the first letters of a different pharmacy's or product's name of the demo data
 * (a query already answered would come from the cache), typed into the top bar's box at 100 ms
 * a key; the time from the last key down until the panel lists that query's results and a frame
 * was painted. Beside it, the API's own time for the same query (a fetch of /api/search from the
 * page), the floor that no debounce or render can go under. SCREENS=search times only that;
 * a SCREENS list without it skips it.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import puppeteer, { type KeyInput, type Page } from 'puppeteer-core';
import { DEMO_USER, seed } from '@pharm/api';
import { createDb } from '@pharm/db';
import { API_MAIN, exited, startBuiltServer } from './lib/server-process.js';

// The functions handed to page.evaluate run in the page, with the page's globals; this package
// has no DOM types, so the few used are declared here.
interface PageNode {
  querySelector(selector: string): PageNode | null;
  querySelectorAll(selector: string): ArrayLike<PageNode>;
  textContent: string | null;
  innerText: string;
  cells: ArrayLike<PageNode>;
  click(): void;
}
declare const document: PageNode & { body: PageNode };
declare const location: { pathname: string };
declare const window: {
  floor: { set: (pending: { url: string; cells: string[][] }) => void };
  searched?: Promise<number>;
};
declare const performance: { now(): number };
declare function requestAnimationFrame(callback: () => void): number;
declare class MutationObserver {
  constructor(callback: () => void);
  observe(target: PageNode, options: Record<string, boolean>): void;
  disconnect(): void;
}

const ROUNDS = Number(process.env.ROUNDS ?? 20);
const PROFILE = process.env.PROFILE;
const FLOOR_HTML = new URL('../apps/web/dist/floor.html', import.meta.url);

/**
 * The side menu's screens, in its order (the recalls list is a tab of Recall, not an entry): the
 * menu entry's test id (`nav-<name>`), its path, and the
 * REST list the floor reads.
 */
const ALL_SCREENS = [
  { name: 'dashboard', path: '/', rest: '/api/dashboard' },
  { name: 'orders', path: '/orders', rest: '/api/orders' },
  { name: 'invoices', path: '/invoices', rest: '/api/invoices' },
  { name: 'payments', path: '/payments', rest: '/api/payments' },
  { name: 'credit notes', path: '/credit-notes', rest: '/api/credit-notes' },
  { name: 'pharmacies', path: '/pharmacies', rest: '/api/pharmacies' },
  { name: 'products', path: '/products', rest: '/api/products' },
  { name: 'lots', path: '/lots', rest: '/api/lots' },
  { name: 'reports', path: '/reports', rest: '/api/reports' },
  { name: 'recall', path: '/recall', rest: '/api/recall' },
  { name: 'activity', path: '/activity', rest: '/api/activity' },
  { name: 'outbox', path: '/outbox', rest: '/api/emails' },
  { name: 'dunning', path: '/dunning', rest: '/api/dunning/due' },
] as const;
// SCREENS=orders,invoices: only those (the comparisons of one change, quicker).
const ONLY = process.env.SCREENS?.split(',');
const SCREENS = ONLY ? ALL_SCREENS.filter((s) => ONLY.includes(s.name)) : ALL_SCREENS;
const SEARCH = !ONLY || ONLY.includes('search');
/** The pause between two keys of a query typed into the search box, as a quick typist's. */
const KEY_DELAY_MS = 100;
const SEARCH_INPUT = 'header input[role="combobox"]';

interface Shape {
  heading: string;
  rows: number;
  cells: string[][];
}

/** What the screen at `path` shows once loaded: its heading and its table rows' cells. */
async function shapeOf(page: Page): Promise<Shape> {
  return page.evaluate(() => {
    const main = document.querySelector('main')!;
    const rows = Array.from(main.querySelectorAll('tbody tr'));
    return {
      heading: main.querySelector('h1')?.textContent ?? '',
      rows: rows.length,
      cells: rows.map((row) => Array.from(row.cells).map((cell) => cell.innerText)),
    };
  });
}

/**
 * Clicks `selector` and answers the milliseconds until `ready` holds and a frame was painted
 * after it. `ready` is checked on every change to the DOM (a MutationObserver), so the time is
 * not rounded up to frames.
 */
async function timeClick(
  page: Page,
  selector: string,
  ready: { path?: string; heading?: string; rows: number; root: string },
): Promise<number> {
  // Only the tab in front gets frames.
  await page.bringToFront();
  return page.evaluate(
    (selector, ready) =>
      new Promise<number>((resolve, reject) => {
        const isReady = () => {
          if (ready.path !== undefined && location.pathname !== ready.path) return false;
          const root = document.querySelector(ready.root);
          if (!root) return false;
          if (
            ready.heading !== undefined &&
            root.querySelector('h1')?.textContent !== ready.heading
          )
            return false;
          if (root.querySelector('.chakra-skeleton, [aria-busy="true"]')) return false;
          return root.querySelectorAll('tbody tr').length === ready.rows;
        };
        const timeout = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`not ready after 10 s: ${JSON.stringify(ready)}`));
        }, 10_000);
        let done = false;
        const check = () => {
          if (done || !isReady()) return;
          done = true;
          observer.disconnect();
          clearTimeout(timeout);
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start)));
        };
        const observer = new MutationObserver(check);
        observer.observe(document.body, {
          childList: true,
          subtree: true,
          attributes: true,
          characterData: true,
        });
        const start = performance.now();
        document.querySelector(selector)!.click();
        check();
      }),
    selector,
    ready,
  );
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/**
 * Types `query` into the global search (its box emptied first) and answers the milliseconds from
 * the last key down until the panel lists the query's results, none of them "Searching...", and
 * a frame was painted after it.
 */
async function timeSearch(page: Page, query: string): Promise<number> {
  await page.bringToFront();
  await page.click(SEARCH_INPUT, { count: 3 });
  await page.keyboard.press('Backspace');
  await page.waitForFunction(() => !document.querySelector('[data-testid="search-panel"]'));
  await page.type(SEARCH_INPUT, query.slice(0, -1), { delay: KEY_DELAY_MS });
  await new Promise((resolve) => setTimeout(resolve, KEY_DELAY_MS));
  await page.evaluate((query) => {
    window.searched = new Promise<number>((resolve, reject) => {
      let start: number | undefined;
      const input = document.querySelector('header input[role="combobox"]') as unknown as {
        addEventListener(type: string, listener: () => void, options: object): void;
        value: string;
      };
      input.addEventListener('keydown', () => (start = performance.now()), { once: true });
      const isReady = () => {
        if (start === undefined || input.value !== query) return false;
        const panel = document.querySelector('[data-testid="search-panel"]');
        if (!panel || panel.querySelector('[role="status"]')?.textContent === 'Searching...')
          return false;
        return panel.querySelectorAll('[role="option"]').length > 0;
      };
      const timeout = setTimeout(() => {
        observer.disconnect();
        reject(new Error(`no results for ${query} after 10 s`));
      }, 10_000);
      const observer = new MutationObserver(() => {
        if (!isReady()) return;
        observer.disconnect();
        clearTimeout(timeout);
        const painted = () => resolve(performance.now() - start!);
        requestAnimationFrame(() => setTimeout(painted));
      });
      observer.observe(document.body, {
        childList: true,
        subtree: true,
        attributes: true,
        characterData: true,
      });
    });
  }, query);
  await page.keyboard.press(query.at(-1) as KeyInput);
  return page.evaluate(() => window.searched!);
}

/** The milliseconds the API takes to answer `query`, fetched from the page (its cookie). */
async function timeSearchApi(page: Page, query: string): Promise<number> {
  return page.evaluate(async (query) => {
    const start = performance.now();
    const res = await fetch(`/api/search?q=${encodeURIComponent(query)}`);
    await res.json();
    return performance.now() - start;
  }, query);
}

if (!existsSync(FLOOR_HTML)) {
  throw new Error('apps/web/dist/floor.html is missing: build with BENCH_FLOOR=1 (see the top)');
}

const work = mkdtempSync(path.join(os.tmpdir(), 'pharm-navigation-'));
let server: ChildProcess | undefined;
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--no-first-run',
  ],
  protocolTimeout: 60_000,
});
try {
  const dataDir = path.join(work, 'data');
  const demo = await createDb({ dataDir });
  await seed(demo.db, () => undefined);
  await demo.close();
  const started = await startBuiltServer({
    label: 'app',
    main: API_MAIN,
    database: { DATA_DIR: dataDir },
    logFile: path.join(work, 'server.log'),
    onSpawn: (child) => (server = child),
  });
  const base = started.url;

  const app = await browser.newPage();
  // tsx names the functions handed to page.evaluate through a helper of its own, __name.
  const defineName = 'globalThis.__name ??= (fn) => fn';
  await app.evaluateOnNewDocument(defineName);
  await app.setViewport({ width: 1440, height: 900 });
  // Signed in through the API from the page (its cookie), then the app opened on the dashboard.
  await app.goto(`${base}/login`, { waitUntil: 'networkidle0' });
  const status = await app.evaluate(
    (email, password) =>
      fetch('/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      }).then((res) => res.status),
    DEMO_USER.email,
    DEMO_USER.password,
  );
  if (status !== 200) throw new Error(`sign-in answered ${status}`);
  await app.goto(`${base}/`, { waitUntil: 'networkidle0' });
  console.log('signed in');
  await app.waitForNetworkIdle();
  const floor = await browser.newPage();
  await floor.evaluateOnNewDocument(defineName);
  await floor.setViewport({ width: 1440, height: 900 });
  await floor.goto(`${base}/floor.html`, { waitUntil: 'networkidle0' });

  // Warm-up: each screen once, to learn its heading and rows and load its code.
  await app.bringToFront();
  const shapes = new Map<string, Shape>();
  for (const screen of SCREENS) {
    await app.click(`[data-testid="nav-${screen.name}"]`);
    await app.waitForFunction((p) => location.pathname === p, {}, screen.path);
    await app.waitForNetworkIdle({ idleTime: 300 });
    await app.waitForFunction(
      () => !document.querySelector('main .chakra-skeleton, main [aria-busy="true"]'),
    );
    shapes.set(screen.name, await shapeOf(app));
    console.log(`warm-up: ${screen.name}, ${shapes.get(screen.name)!.rows} rows`);
  }

  const times = new Map<string, { app: number[]; floor: number[] }>(
    SCREENS.map((s) => [s.name, { app: [], floor: [] }]),
  );
  for (let round = 0; round < ROUNDS; round++) {
    for (const screen of SCREENS) {
      const shape = shapes.get(screen.name)!;
      const profiling = PROFILE === screen.name;
      if (profiling && round === 0) {
        await app.tracing.start({
          path: `navigation-${screen.name.replace(' ', '-')}.trace.json`,
          screenshots: false,
        });
      }
      // From the screen before it in the menu (the last one for the first), as a user goes.
      times.get(screen.name)!.app.push(
        await timeClick(app, `[data-testid="nav-${screen.name}"]`, {
          path: screen.path,
          heading: shape.heading,
          rows: shape.rows,
          root: 'main',
        }),
      );
      if (profiling && round === ROUNDS - 1) await app.tracing.stop();
      await floor.evaluate(
        (url, cells) => window.floor.set({ url, cells }),
        screen.rest,
        shape.cells,
      );
      times.get(screen.name)!.floor.push(
        await timeClick(floor, '[data-testid="floor-load"]', {
          rows: shape.rows,
          root: '#root',
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const load = os.loadavg()[0]!.toFixed(1);
  console.log(`${ROUNDS} rounds on the demo data, load average ${load} at the end`);
  console.log(
    `${'screen'.padEnd(12)} ${'rows'.padStart(4)}  ${'app p50'.padStart(8)} ${'app p95'.padStart(8)}  ${'floor p50'.padStart(9)} ${'floor p95'.padStart(9)}  ${'target'.padStart(7)}  met`,
  );
  for (const screen of SCREENS) {
    const { app: a, floor: f } = times.get(screen.name)!;
    const floorP95 = percentile(f, 95);
    const target = floorP95 > 100 ? 1.5 * floorP95 : 100;
    const appP95 = percentile(a, 95);
    console.log(
      `${screen.name.padEnd(12)} ${String(shapes.get(screen.name)!.rows).padStart(4)}  ${percentile(a, 50).toFixed(0).padStart(8)} ${appP95.toFixed(0).padStart(8)}  ${percentile(f, 50).toFixed(0).padStart(9)} ${floorP95.toFixed(0).padStart(9)}  ${target.toFixed(0).padStart(7)}  ${appP95 <= target ? 'yes' : 'no'}`,
    );
  }
  writeFileSync(path.join(work, 'times.json'), JSON.stringify(Object.fromEntries(times)));

  if (SEARCH) {
    // Queries no earlier one began with or was: each is fetched, not read from the cache.
    const names = await app.evaluate(async () => {
      const [pharmacies, products] = await Promise.all(
        ['/api/pharmacies', '/api/products'].map(
          (url) => fetch(url).then((res) => res.json()) as Promise<{ name: string }[]>,
        ),
      );
      // A paged REST list answers its page as an array (the next one in its Link header).
      return [...pharmacies!, ...products!].map((item) => item.name);
    });
    const queries: string[] = [];
    for (const name of names) {
      const query = name.slice(0, 5).trim().toLowerCase();
      if (query.length < 4) continue;
      if (queries.some((q) => q.startsWith(query))) continue;
      queries.push(query);
    }
    const searched: number[] = [];
    const api: number[] = [];
    for (const query of queries.slice(0, ROUNDS)) {
      searched.push(await timeSearch(app, query));
      api.push(await timeSearchApi(app, query));
    }
    await app.keyboard.press('Escape');
    console.log(
      `search: ${searched.length} queries typed at ${KEY_DELAY_MS} ms a key (${queries.slice(0, ROUNDS).join(', ')}), ms from the last key to the results painted: p50 ${percentile(searched, 50).toFixed(0)}, p95 ${percentile(searched, 95).toFixed(0)} (target 150); the API alone: p50 ${percentile(api, 50).toFixed(0)}, p95 ${percentile(api, 95).toFixed(0)}`,
    );
  }
} finally {
  await browser.close();
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await exited(server);
  }
  rmSync(work, { recursive: true, force: true });
}
