import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from './lib/app.js';
import {
  api,
  clickIn,
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
let productId: number;

const product = (defaultPrice: string) => ({
  sku: 'HIST-VIAL',
  name: 'History Serum Vial',
  category: 'Vial',
  defaultPrice,
  active: true,
});

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, '/');
  await signUp(page, '/');
  const created = await api(page, 'POST', '/api/products', product('12.50'));
  expect(created.status).toBe(201);
  productId = created.body.id;
  expect((await api(page, 'PUT', `/api/products/${productId}`, product('13.00'))).status).toBe(200);
});
afterAll(() => browser.close());
screenshotOnFailure(() => page);

const text = (selector: string) =>
  page.$eval(selector, (el) => (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim());

describe('history', () => {
  it("shows an edited price in the product's History tab: $12.50 → $13.00", async () => {
    await page.goto(`${baseUrl()}/products?q=HIST-VIAL`, { waitUntil: 'networkidle0' });
    await clickIn(page, '[data-testid="product-row-HIST-VIAL"]', 'View');
    await page.waitForSelector('[data-testid="product-details"]');
    await page.click('[data-testid="history-tab"]');
    await page.waitForSelector(
      '[data-testid="record-history"] [data-testid="change-defaultPrice"]',
    );
    const entries = await page.$$eval('[data-testid="record-history"] > div', (els) =>
      els.map((el) => (el as HTMLElement).innerText.replace(/\s+/g, ' ')),
    );
    expect(entries[0]).toMatch(/^Updated .*@example\.com/);
    expect(entries[0]).toContain('Default Price $12.50 $13.00');
    expect(entries[1]).toMatch(/^Created /);
    await screenshot(page, 'record-history');
    await page.click('[data-testid="details-tab"]');
    await waitForText(page, 'History Serum Vial');
    expect(pageProblems(page)).toEqual([]);
  });

  it('lists the latest changes on the Activity page, filtered by record type', async () => {
    const pharmacy = await api(page, 'POST', '/api/pharmacies', {
      name: 'Short-lived Pharmacy',
      contactName: null,
      email: 'short@history.test',
      phone: null,
      shippingAddress: null,
      billingAddress: null,
      terms: 'Net 30',
      notes: null,
    });
    expect((await api(page, 'DELETE', `/api/pharmacies/${pharmacy.body.id}`)).status).toBe(200);

    await page.goto(`${baseUrl()}/`, { waitUntil: 'networkidle0' });
    await page.click('[data-testid="nav-activity"]');
    await waitForText(page, 'Short-lived Pharmacy');
    await waitForText(page, 'HIST-VIAL');

    await page.click('[data-testid="tab-product"]');
    await page.waitForFunction(() => !document.body.innerText.includes('Short-lived Pharmacy'));
    expect(new URL(page.url()).searchParams.get('tab')).toBe('product');
    await page.waitForSelector('tr[data-testid^="activity-row-"]');
    const rows = await page.$$eval('tr[data-testid^="activity-row-"]', (els) =>
      els.map((el) => (el as HTMLElement).innerText.replace(/\s+/g, ' ')),
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((row) => row.includes('Product'))).toBe(true);
    expect(rows[0]).toContain('HIST-VIAL');
    expect(rows[0]).toContain('Updated');
    expect(rows[0]).toContain('Default Price');

    // A live record links to its list, filtered to it.
    await page.click('a[aria-label="Open Product HIST-VIAL"]');
    await page.waitForSelector('[data-testid="product-row-HIST-VIAL"]');
    expect(new URL(page.url()).pathname).toBe('/products');

    // A deleted one shows its snapshot.
    await page.goto(`${baseUrl()}/activity?tab=pharmacy`, { waitUntil: 'networkidle0' });
    const deleted = await page.waitForSelector('tr[data-testid^="activity-row-"]');
    expect(await deleted!.evaluate((el) => (el as HTMLElement).innerText)).toContain('deleted');
    await page.click('[aria-label="Snapshot of Pharmacy Short-lived Pharmacy"]');
    await page.waitForSelector('[data-testid="activity-details"] [data-testid="change-email"]');
    expect(await text('[data-testid="activity-details"] [data-testid="change-email"]')).toContain(
      'short@history.test',
    );
    await screenshot(page, 'activity');
    expect(pageProblems(page)).toEqual([]);
  });
});
