import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AxePuppeteer } from '@axe-core/puppeteer';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import { afterEach } from 'vitest';
import { baseUrl } from './app.js';

export const artifactsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../artifacts',
);

export async function launchBrowser(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
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

export async function openPage(browser: Browser, route = '/'): Promise<Page> {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  page.setDefaultTimeout(15_000);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${String(error)}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy|Refused to/.test(msg.text()))
      problems.push(msg.text());
  });
  (page as Page & { problems: string[] }).problems = problems;
  await page.goto(`${baseUrl()}${route}`, { waitUntil: 'networkidle0' });
  return page;
}

/** Errors the page raised and CSP violations, so tests can assert there were none. */
export function pageProblems(page: Page): string[] {
  return (page as Page & { problems?: string[] }).problems ?? [];
}

/** Waits until the page shows `text` somewhere in its visible body. */
export async function waitForText(page: Page, text: string, timeout = 15_000): Promise<void> {
  await page.waitForFunction((t) => document.body.innerText.includes(t), { timeout }, text);
}

export async function waitForNoText(page: Page, text: string, timeout = 15_000): Promise<void> {
  await page.waitForFunction((t) => !document.body.innerText.includes(t), { timeout }, text);
}

/** The first visible button (or link styled as one) whose text is exactly `label`. */
export async function button(page: Page, label: string): Promise<ElementHandle<Element>> {
  const handle = await page.waitForFunction(
    (l) =>
      [...document.querySelectorAll('button, a, [role="menuitem"], [role="tab"]')].find(
        (el) =>
          (el as HTMLElement).innerText?.trim() === l && (el as HTMLElement).offsetParent !== null,
      ),
    {},
    label,
  );
  return handle as ElementHandle<Element>;
}

export async function click(page: Page, label: string): Promise<void> {
  await (await button(page, label)).click();
}

/** Clears an input or textarea found by its name attribute (inside `scope`, if given) and types the value. */
export async function fill(page: Page, name: string, value: string, scope = ''): Promise<void> {
  const selector = `${scope} [name="${name}"]`.trim();
  await page.waitForSelector(selector, { visible: true });
  await page.$eval(selector, (el) => {
    (el as HTMLInputElement).focus();
    (el as HTMLInputElement).select?.();
  });
  await page.keyboard.press('Backspace');
  if (value) await page.type(selector, value);
}

export async function select(page: Page, name: string, value: string): Promise<void> {
  await page.waitForSelector(`select[name="${name}"]`, { visible: true });
  await page.select(`select[name="${name}"]`, value);
}

/** Waits until what moves on the page has stopped; endless animations (skeletons, spinners) never do. */
async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

export async function screenshot(page: Page, name: string): Promise<string> {
  // A dialog caught halfway through fading in shows the page behind it.
  await animationsSettled(page);
  mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}.png`);
  await page.screenshot({ path: file as `${string}.png` });
  return file;
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Registers a new user through the API from inside the page (sets the session cookie), then opens `route`. */
export async function signUp(
  page: Page,
  route = '/',
): Promise<{ email: string; password: string }> {
  const account = {
    email: uniqueEmail('staff'),
    password: 'secret12',
    firstName: 'Casey',
    lastName: 'Quinn',
  };
  const status = await page.evaluate(async (body) => {
    const res = await fetch('/api/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return res.status;
  }, account);
  if (status !== 201) throw new Error(`register answered ${status}`);
  await page.goto(`${baseUrl()}${route}`, { waitUntil: 'networkidle0' });
  return account;
}

/** Calls the REST API from inside the page, with its session cookie. */
export async function api(
  page: Page,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  return page.evaluate(
    async (m, u, b) => {
      const res = await fetch(u, {
        method: m,
        headers: b === undefined ? {} : { 'content-type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    method,
    url,
    body,
  );
}

/** The axe-core that ran, said once per test file: the wrapper's own dependency is overridden. */
let axeVersionShown = false;

/**
 * What axe (its default rules: WCAG 2 A and AA, best practices) finds wrong with the page as it
 * is now, one line per element: rule, element, what to fix.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // The screen at rest: no tooltip over it. One that the pointer left open over the last button
  // clicked is not part of it (and sits outside the landmarks, portalled to the body), and one
  // whose open delay (700 ms, tooltip.tsx) started before the pointer left may still open: wait
  // until none has shown for longer than that delay.
  await page.mouse.move(0, 0);
  const since = await page.evaluate(() => performance.now());
  await page.waitForFunction(
    (start: number, quietMs: number) => {
      const w = window as { tooltipShownAt?: number };
      const shown = [
        ...document.querySelectorAll('[data-scope="tooltip"][data-part="content"]'),
      ].some((el) => el.getClientRects().length > 0);
      if (shown) w.tooltipShownAt = performance.now();
      return performance.now() - Math.max(start, w.tooltipShownAt ?? 0) > quietMs;
    },
    { timeout: 10_000, polling: 50 },
    since,
    900,
  );
  // Colours halfway through an animation (a dialog fading in) are not what anyone reads.
  await animationsSettled(page);
  const { violations, testEngine } = await new AxePuppeteer(page).analyze();
  if (!axeVersionShown) {
    axeVersionShown = true;
    console.info(`axe-core ${testEngine.version}`);
  }
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}: ${n.failureSummary ?? v.help}`),
  );
}

/**
 * What a PDF tab loaded, fetched again from the page with its session: the tab's own response
 * comes through Chromium's PDF viewer, which hides its headers (and in a loaded CI run handed
 * one on without them).
 */
export async function fetchAgain(page: Page, url: string) {
  return page.evaluate(async (u) => {
    const res = await fetch(u);
    const bytes = new Uint8Array(await res.arrayBuffer());
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      disposition: res.headers.get('content-disposition'),
      magic: String.fromCharCode(...bytes.slice(0, 5)),
    };
  }, url);
}

/** Clicks the icon button with this aria-label inside the element matching `scope`. */
export async function clickIn(page: Page, scope: string, ariaLabel: string): Promise<void> {
  const selector = `${scope} [aria-label="${ariaLabel}"]`;
  await page.waitForSelector(selector, { visible: true });
  await page.click(selector);
}

/** The row of a table whose text includes `text`: its data-testid, for scoping clicks. */
export async function rowTestId(page: Page, text: string): Promise<string> {
  const handle = await page.waitForFunction(
    (t) =>
      [...document.querySelectorAll('tr[data-testid]')]
        .find((row) => (row as HTMLElement).innerText.includes(t))
        ?.getAttribute('data-testid'),
    {},
    text,
  );
  return `[data-testid="${await handle.jsonValue()}"]`;
}

/** Keeps a screenshot of the page of every failed test in e2e/artifacts, named after the test. */
export function screenshotOnFailure(getPage: () => Page | undefined): void {
  afterEach(async (ctx) => {
    const page = getPage();
    if (ctx.task.result?.state === 'fail' && page) {
      await screenshot(page, `failed-${ctx.task.name.replace(/[^a-z0-9]+/gi, '-')}`).catch(
        () => undefined,
      );
    }
  });
}
