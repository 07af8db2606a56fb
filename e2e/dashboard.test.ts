import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from './lib/app.js';
import {
  api,
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

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, '/');
  await signUp(page, '/');
});
afterAll(() => browser.close());
screenshotOnFailure(() => page);

const statValue = (name: string) =>
  page.$eval(`[data-testid="stat-${name}-value"]`, (el) => (el as HTMLElement).innerText);

async function waitForStat(name: string, value: string): Promise<void> {
  await page.waitForFunction(
    (n, v) =>
      (document.querySelector(`[data-testid="stat-${n}-value"]`) as HTMLElement | null)
        ?.innerText === v,
    {},
    name,
    value,
  );
}

describe('dashboard', () => {
  it('shows the heading, zero figures and both empty texts on a new database', async () => {
    await waitForText(page, 'Overview of your supply chain operations');
    await waitForStat('open-orders', '0');
    expect(await statValue('unpaid-invoices')).toBe('0');
    expect(await statValue('total-outstanding')).toBe('$0.00');
    await waitForText(page, 'No orders yet — click New Order to get started.');
    await waitForText(page, 'No invoices yet — create an order first.');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('has the four quick actions', async () => {
    const links = await page.$$eval('a', (anchors) =>
      anchors.map((a) => [a.innerText.trim(), new URL(a.href).pathname]),
    );
    for (const action of [
      ['Add New Pharmacy', '/pharmacies/new'],
      ['New Order', '/orders/new'],
      ['Record Payment', '/payments'],
      ['New Product', '/products/new'],
    ]) {
      expect(links).toContainEqual(action);
    }
    await click(page, 'Add New Pharmacy');
    await page.waitForFunction(() => location.pathname === '/pharmacies/new');
  });

  it('counts a new order made in the app and lists it among the recent ones', async () => {
    const pharmacy = await api(page, 'POST', '/api/pharmacies', {
      name: 'Riverside Compounding Pharmacy',
      email: 'orders@riversiderx.com',
    });
    expect(pharmacy.status).toBe(201);
    await page.goto(`${baseUrl()}/`, { waitUntil: 'networkidle0' });
    await waitForStat('open-orders', '0');

    // The dashboard stays loaded (cached) while the order is made through the form.
    await click(page, 'New Order');
    await page.waitForFunction(
      () =>
        (document.querySelector('select[name="pharmacyId"]') as HTMLSelectElement | null)?.options
          .length === 2,
    );
    await select(page, 'pharmacyId', String(pharmacy.body.id));
    await fill(page, 'lineItems.0.description', '10 mL clear vial');
    await fill(page, 'lineItems.0.qty', '4');
    await fill(page, 'lineItems.0.unitPrice', '12.50');
    await click(page, 'Create Order');
    await waitForText(page, 'Order created successfully');
    await page.waitForFunction(() => location.pathname === '/orders');

    await click(page, 'Dashboard');
    await waitForStat('open-orders', '1');
    const row = '[data-testid^="recent-order-"]';
    await page.waitForSelector(row);
    const text = await page.$eval(row, (el) => (el as HTMLElement).innerText);
    expect(text).toMatch(/ORD-\d{4}-00001/);
    expect(text).toContain('Draft');
    expect(text).toContain('Riverside Compounding Pharmacy');
    expect(text).toContain('$50.00');
    expect(await statValue('unpaid-invoices')).toBe('0');
    await screenshot(page, 'dashboard');
    expect(pageProblems(page)).toEqual([]);
  });

  it("'View all' goes to the orders list", async () => {
    await page.click('[aria-label="View all orders"]');
    await page.waitForFunction(() => location.pathname === '/orders');
  });
});
