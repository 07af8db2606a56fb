import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api as callApi,
  axeViolations,
  click,
  fill,
  launchBrowser,
  openPage,
  pageProblems,
  screenshot,
  screenshotOnFailure,
  select,
  signUp,
  waitForText,
} from './lib/browser.js';

let browser: Browser;
let page: Page;
let downloads: string;
const numbers: Record<string, string> = {};
const ids: Record<string, number> = {};
const pharmacyIds: Record<string, number> = {};

const api = (method: string, url: string, body?: unknown) => callApi(page, method, url, body);

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const now = new Date();
/** Day `d` of this month plus `months` (local time, as the app's presets). */
const day = (months: number, d: number) =>
  iso(new Date(now.getFullYear(), now.getMonth() + months, d));
const lastMonth = { from: day(-1, 1), to: day(0, 0) };

/** The invoice numbers of the rows shown, top to bottom. */
async function rowNumbers(): Promise<string[]> {
  return page.$$eval(
    '[data-testid="invoices-table"] tbody tr[data-testid^="invoice-row-"]',
    (rows) => rows.map((row) => (row as HTMLElement).querySelector('td')!.innerText.trim()),
  );
}

/** Waits until the rows are those invoices, in that order. */
async function rowsBecome(...keys: string[]): Promise<void> {
  const expected = keys.map((key) => numbers[key]!);
  await page
    .waitForFunction(
      (want) => {
        const rows = [
          ...document.querySelectorAll(
            '[data-testid="invoices-table"] tbody tr[data-testid^="invoice-row-"]',
          ),
        ].map((row) => (row as HTMLElement).querySelector('td')!.innerText.trim());
        return JSON.stringify(rows) === JSON.stringify(want);
      },
      { timeout: 10_000 },
      expected,
    )
    .catch(async () => {
      throw new Error(
        `rows ${JSON.stringify(await rowNumbers())}, expected ${JSON.stringify(expected)}`,
      );
    });
}

const params = () => Object.fromEntries(new URL(page.url()).searchParams);

async function waitForParams(expected: Record<string, string>): Promise<void> {
  await page
    .waitForFunction(
      (want) =>
        JSON.stringify([...new URL(location.href).searchParams].sort()) === JSON.stringify(want),
      { timeout: 10_000 },
      Object.entries(expected).sort(),
    )
    .catch(() => {
      throw new Error(`URL ${page.url()}, expected ${JSON.stringify(expected)}`);
    });
}

const ariaSort = (field: string) =>
  page.$eval(`[data-testid="sort-${field}"]`, (button) => button.closest('th')!.ariaSort);

/** Types a date into a date box of the period picker, as the browser's date field would set it. */
async function setDate(name: 'from' | 'to', value: string): Promise<void> {
  await page.$eval(
    `[data-testid="list-period"] input[name="${name}"]`,
    (input, v) => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input, v);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    value,
  );
}

/** Clicks the link and waits for the file it downloads; returns its text. */
async function download(selector: string): Promise<string> {
  for (const file of readdirSync(downloads)) rmSync(path.join(downloads, file));
  await page.click(selector);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const done = readdirSync(downloads).find((f) => f.endsWith('.csv'));
    if (done) return readFileSync(path.join(downloads, done), 'utf8');
    if (Date.now() > deadline) throw new Error('no CSV downloaded');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, '/');
  await page.setViewport({ width: 1440, height: 900 });
  await signUp(page, '/');
  downloads = mkdtempSync(path.join(tmpdir(), 'e2e-list-downloads-'));
  const cdp = await page.createCDPSession();
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });

  for (const name of ['Alder Compounding', 'Birch Apothecary', 'Cedar Pharmacy']) {
    const res = await api('POST', '/api/pharmacies', {
      name,
      email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
    });
    expect(res.status).toBe(201);
    pharmacyIds[name.split(' ')[0]!] = res.body.id;
  }
  // Totals and dates apart, so that each sort and each range gives its own rows.
  const invoices = [
    ['a', 'Alder', day(-1, 5), day(0, 1), '300.00'],
    ['b', 'Birch', day(-1, 20), day(-1, 20), '100.00'],
    ['c', 'Cedar', iso(now), day(1, 1), '200.00'],
    ['d', 'Alder', `${now.getFullYear() - 1}-06-01`, `${now.getFullYear() - 1}-07-01`, '50.00'],
  ] as const;
  for (const [key, pharmacy, invoiceDate, dueDate, amount] of invoices) {
    const res = await api('POST', '/api/invoices', {
      pharmacyId: pharmacyIds[pharmacy],
      invoiceDate,
      dueDate,
      taxRate: '0.0000',
      shipping: '0.00',
      amount,
      status: 'Unpaid',
    });
    expect(res.status).toBe(201);
    numbers[key] = res.body.invoiceNumber;
    ids[key] = res.body.id;
  }
});
afterAll(async () => {
  await browser.close();
  rmSync(downloads, { recursive: true, force: true });
});
screenshotOnFailure(() => page);

describe('list controls on invoices', () => {
  it('sorts by a column header, ascending then descending, with aria-sort', async () => {
    await page.goto(new URL('/invoices', page.url()).toString(), { waitUntil: 'networkidle0' });
    // Newest first, as before.
    await rowsBecome('d', 'c', 'b', 'a');
    expect(await ariaSort('total')).toBe('none');

    await page.click('[data-testid="sort-total"]');
    await waitForParams({ sort: 'total', order: 'asc' });
    await rowsBecome('d', 'b', 'c', 'a');
    expect(await ariaSort('total')).toBe('ascending');

    await page.click('[data-testid="sort-total"]');
    await waitForParams({ sort: 'total', order: 'desc' });
    await rowsBecome('a', 'c', 'b', 'd');
    expect(await ariaSort('total')).toBe('descending');
    expect(await ariaSort('date')).toBe('none');

    // From the keyboard: the header is a button.
    await page.focus('[data-testid="sort-pharmacy"]');
    await page.keyboard.press('Enter');
    await waitForParams({ sort: 'pharmacy', order: 'asc' });
    // Alder's two invoices first, ties by id, then Birch, then Cedar.
    await rowsBecome('a', 'd', 'b', 'c');
    expect(await ariaSort('pharmacy')).toBe('ascending');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('filters by a period of invoice dates or due dates', async () => {
    await page.click('[data-testid="sort-date"]');
    await waitForParams({ sort: 'date', order: 'asc' });
    await rowsBecome('d', 'a', 'b', 'c');

    await select(page, 'period', 'Last month');
    await waitForParams({ sort: 'date', order: 'asc', ...lastMonth });
    await rowsBecome('a', 'b');

    // The same period of due dates: only B falls due last month.
    await select(page, 'dateField', 'due');
    await waitForParams({ sort: 'date', order: 'asc', ...lastMonth, dateField: 'due' });
    await rowsBecome('b');

    // A custom range, both ends inclusive.
    await select(page, 'dateField', 'invoice');
    await select(page, 'period', 'Custom');
    await setDate('from', day(-1, 20));
    await setDate('to', iso(now));
    await waitForParams({ sort: 'date', order: 'asc', from: day(-1, 20), to: iso(now) });
    await rowsBecome('b', 'c');

    await select(page, 'period', 'All time');
    await waitForParams({ sort: 'date', order: 'asc' });
    await rowsBecome('d', 'a', 'b', 'c');
  });

  it('filters by a pharmacy chosen in the combobox', async () => {
    await page.click('input[name="pharmacy"]');
    await page.waitForSelector('[data-testid="pharmacy-filter"] [role="combobox"]');
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');
    await page.keyboard.type('ald');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[role="option"]')].some(
        (o) => (o as HTMLElement).innerText.trim() === 'Alder Compounding',
      ),
    );
    expect(
      await page.$$eval('[role="option"]', (options) =>
        options.map((o) => (o as HTMLElement).innerText.trim()),
      ),
    ).toEqual(['Alder Compounding']);
    await screenshot(page, 'invoices-pharmacy-filter-open');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await waitForParams({ sort: 'date', order: 'asc', pharmacyId: String(pharmacyIds.Alder) });
    await rowsBecome('d', 'a');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('keeps the state in the URL: a reload shows the same list and controls', async () => {
    await select(page, 'period', 'Year to date');
    const state = {
      sort: 'date',
      order: 'asc',
      from: `${now.getFullYear()}-01-01`,
      to: iso(now),
      pharmacyId: String(pharmacyIds.Alder),
    };
    await waitForParams(state);
    await rowsBecome('a');
    await page.reload({ waitUntil: 'networkidle0' });
    await rowsBecome('a');
    expect(params()).toEqual(state);
    expect(await page.$eval('select[name="period"]', (s) => (s as HTMLSelectElement).value)).toBe(
      'Year to date',
    );
    await page.waitForFunction(
      () =>
        (document.querySelector('input[name="pharmacy"]') as HTMLInputElement | null)?.value ===
        'Alder Compounding',
    );
    expect(await ariaSort('date')).toBe('ascending');
    await screenshot(page, 'invoices-list-controls-1440');
  });

  it('exports the CSV of the sort and filters shown', async () => {
    const href = await page.$eval('[data-testid="export-csv"]', (a) => a.getAttribute('href'));
    const query = Object.fromEntries(new URL(href!, page.url()).searchParams);
    expect(query).toEqual(params());
    // Everything Alder was billed, sorted by total, highest first.
    await select(page, 'period', 'All time');
    // Two presses in one task, before React renders the first: the second still turns it around.
    await page.$eval('[data-testid="sort-total"]', (button) => {
      (button as HTMLButtonElement).click();
      (button as HTMLButtonElement).click();
    });
    await waitForParams({ sort: 'total', order: 'desc', pharmacyId: String(pharmacyIds.Alder) });
    await rowsBecome('a', 'd');
    const csv = await download('[data-testid="export-csv"]');
    const rows = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1);
    expect(rows.map((row) => row.split(',')[0])).toEqual([numbers.a, numbers.d]);
  });

  it('reopens the list as it was left through the side menu, and a new tab from the default', async () => {
    const left = params();
    await page.click('[data-testid="nav-orders"]');
    await page.waitForFunction(() => location.pathname === '/orders');
    await page.click('[data-testid="nav-invoices"]');
    await page.waitForFunction(() => location.pathname === '/invoices');
    await waitForParams(left);
    await rowsBecome('a', 'd');
    expect(await ariaSort('total')).toBe('descending');

    const other = await openPage(browser, '/invoices');
    try {
      await other.waitForSelector('[data-testid="nav-invoices"]');
      expect(await other.$eval('[data-testid="nav-invoices"]', (a) => a.getAttribute('href'))).toBe(
        '/invoices',
      );
    } finally {
      await other.close();
    }
  });

  it('offers a Sort by select on a phone, and nothing wider than the screen', async () => {
    await page.setViewport({ width: 390, height: 844 });
    try {
      await select(page, 'sort', 'balance:asc');
      await waitForParams({
        sort: 'balance',
        order: 'asc',
        pharmacyId: String(pharmacyIds.Alder),
      });
      await rowsBecome('d', 'a');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      await screenshot(page, 'invoices-list-controls-390');
      await select(page, 'sort', '');
      await waitForParams({ pharmacyId: String(pharmacyIds.Alder) });
    } finally {
      await page.setViewport({ width: 1440, height: 900 });
    }
    expect(pageProblems(page)).toEqual([]);
  });
});

describe('refusals at their field', () => {
  it('shows "cannot be below the amount already paid" under Amount', async () => {
    const invoiceId = ids.a!;
    const paid = await api('POST', '/api/payments', {
      invoiceId,
      pharmacyId: pharmacyIds.Alder,
      date: iso(now),
      amount: '250.00',
      method: 'Check',
    });
    expect(paid.status).toBe(201);
    await page.goto(new URL(`/invoices/${invoiceId}/edit`, page.url()).toString(), {
      waitUntil: 'networkidle0',
    });
    await fill(page, 'amount', '120.00');
    await click(page, 'Update Invoice');
    const message = `Invoice ${numbers.a} total of $120.00 cannot be below the $250.00 already paid`;
    await waitForText(page, message);
    // At the field, not only in the toast.
    await page.waitForFunction(
      (m) => {
        const field = document.querySelector('input[name="amount"]')?.closest('[data-part="root"]');
        return (field as HTMLElement | null)?.innerText.includes(m);
      },
      {},
      message,
    );
    expect(
      await page.$eval('input[name="amount"]', (input) => input.getAttribute('aria-invalid')),
    ).toBe('true');
  });
});

describe('logging out', () => {
  it('forgets how the lists were left', async () => {
    const kept = () =>
      page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('list-search:')));
    expect(await kept()).toEqual(['list-search:/invoices']);
    await page.click('[data-testid="user-menu"]');
    await waitForText(page, 'My Account');
    await click(page, 'Log out');
    await waitForText(page, 'Welcome back');
    expect(await kept()).toEqual([]);
  });
});
