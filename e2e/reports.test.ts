import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from './lib/app.js';
import {
  axeViolations,
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
        'Over 90 days,0,0.00,0.0%\r\n',
    );
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
