import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from './lib/app.js';
import {
  api,
  axeViolations,
  select,
  launchBrowser,
  openPage,
  pageProblems,
  screenshot,
  screenshotOnFailure,
  signUp,
  waitForText,
} from './lib/browser.js';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, '/');
  await signUp(page, '/reports');
});
afterAll(() => browser.close());
screenshotOnFailure(() => page);

const metric = (name: string) =>
  page.$eval(`[data-testid="metric-${name}-value"]`, (el) => (el as HTMLElement).innerText);

const iso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Waits until a metric shows the value (the figures follow the period once fetched). */
const metricBecomes = (name: string, value: string) =>
  page.waitForFunction(
    (n, v) =>
      (document.querySelector(`[data-testid="metric-${n}-value"]`) as HTMLElement | null)
        ?.innerText === v,
    {},
    name,
    value,
  );

describe('reports', () => {
  it('shows the four metrics, the aging table and chart, and the empty reports', async () => {
    await page.waitForSelector('[data-testid="metric-total-sales-value"]');
    expect(await metric('total-outstanding')).toBe('$0.00');
    expect(await metric('total-sales')).toBe('$0.00');
    expect(await metric('total-invoices')).toBe('0');
    expect(await metric('active-pharmacies')).toBe('0');
    await waitForText(page, 'A/R Aging Report');
    for (const bucket of ['Current (0-30 days)', '31-60 days', '61-90 days', 'Over 90 days']) {
      await waitForText(page, bucket);
    }
    await page.waitForSelector('[data-testid="aging-chart"] svg.recharts-surface');
    await waitForText(page, 'Sales by Pharmacy (Top 10)');
    await waitForText(page, 'No sales yet');
    await waitForText(page, 'Outstanding Invoices Detail');
    await waitForText(page, 'Nothing outstanding');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'reports');
  });

  it('exports the aging table as CSV', async () => {
    const csv = await page.evaluate(async () => {
      const captured: Promise<string> = new Promise((resolve) => {
        const original = URL.createObjectURL.bind(URL);
        URL.createObjectURL = (blob: Blob) => {
          // Read with its byte order mark, which text() would drop.
          void blob
            .arrayBuffer()
            .then((bytes) => resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)));
          return original(blob);
        };
      });
      (document.querySelector('[aria-label="Export A/R aging as CSV"]') as HTMLElement).click();
      return captured;
    });
    expect(csv).toBe(
      '\uFEFFBucket,Invoices,Amount (USD),Share\r\n' +
        'Current (0-30 days),0,0.00,0.0%\r\n' +
        '31-60 days,0,0.00,0.0%\r\n' +
        '61-90 days,0,0.00,0.0%\r\n' +
        'Over 90 days,0,0.00,0.0%\r\n' +
        'Unapplied cash and credits,,0.00,\r\n' +
        'Total outstanding,0,0.00,\r\n',
    );
  });

  it('shows the figures of the period chosen, kept in the URL, and names the CSV files after it', async () => {
    const now = new Date();
    const lastMonth = {
      from: iso(new Date(now.getFullYear(), now.getMonth() - 1, 1)),
      to: iso(new Date(now.getFullYear(), now.getMonth(), 0)),
      day: (d: number) => iso(new Date(now.getFullYear(), now.getMonth() - 1, d)),
    };
    const pharmacy = await api(page, 'POST', '/api/pharmacies', {
      name: 'Period Compounding',
      email: 'ap@period.example',
    });
    expect(pharmacy.status).toBe(201);
    // One invoice issued last month, one today: all time sells both, last month only the first.
    for (const [invoiceDate, amount] of [
      [lastMonth.day(10), '400.00'],
      [iso(now), '250.00'],
    ] as const) {
      const invoice = await api(page, 'POST', '/api/invoices', {
        pharmacyId: pharmacy.body.id,
        invoiceDate,
        dueDate: invoiceDate,
        taxRate: '0.0000',
        shipping: '0.00',
        amount,
        status: 'Unpaid',
      });
      expect(invoice.status).toBe(201);
    }

    await page.reload({ waitUntil: 'networkidle0' });
    await metricBecomes('total-sales', '$650.00');
    expect(await metric('total-outstanding')).toBe('$650.00');

    await select(page, 'period', 'Last month');
    await page.waitForFunction(
      (from, to) => {
        const params = new URL(location.href).searchParams;
        return params.get('from') === from && params.get('to') === to;
      },
      {},
      lastMonth.from,
      lastMonth.to,
    );
    await metricBecomes('total-sales', '$400.00');
    // Aged at the month's end: today's invoice was not issued yet.
    expect(await metric('total-outstanding')).toBe('$400.00');
    expect(await metric('total-invoices')).toBe('1');
    await waitForText(page, 'owed as of');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'reports-last-month');

    const agingFile = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const original = HTMLAnchorElement.prototype.click;
          HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
            HTMLAnchorElement.prototype.click = original;
            resolve(this.download);
          };
          (document.querySelector('[aria-label="Export A/R aging as CSV"]') as HTMLElement).click();
        }),
    );
    const named = `${lastMonth.from}-to-${lastMonth.to}-as-of-${lastMonth.to}.csv`;
    expect(agingFile).toBe(`ar-aging-${named}`);
    const outstanding = await page.$eval(
      '[aria-label="Export outstanding invoices as CSV"]',
      async (link) => {
        const res = await fetch((link as HTMLAnchorElement).href);
        return { disposition: res.headers.get('content-disposition'), body: await res.text() };
      },
    );
    expect(outstanding.disposition).toContain(`outstanding-invoices-${named}`);
    expect(outstanding.body).toContain('Period Compounding');
    expect(outstanding.body).toContain('400.00');
    expect(outstanding.body).not.toContain('250.00');

    // The URL alone gives the same report; All time takes the period off.
    await page.reload({ waitUntil: 'networkidle0' });
    await metricBecomes('total-sales', '$400.00');
    await select(page, 'period', 'All time');
    await page.waitForFunction(() => !new URL(location.href).searchParams.has('from'));
    await metricBecomes('total-sales', '$650.00');
    expect(pageProblems(page)).toEqual([]);
  });

  it('loads the charts apart from the first load', async () => {
    const page2 = await openPage(browser, '/');
    const scripts: string[] = [];
    page2.on('response', (res) => {
      if (res.url().endsWith('.js')) scripts.push(new URL(res.url()).pathname);
    });
    await page2.goto(`${baseUrl()}/`, { waitUntil: 'networkidle0' });
    expect(scripts.some((s) => s.includes('ReportCharts'))).toBe(false);
    await page2.close();
    expect(pageProblems(page)).toEqual([]);
  });
});
