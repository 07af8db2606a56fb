import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api as callApi,
  click,
  clickIn,
  launchBrowser,
  openPage,
  pageProblems,
  rowTestId,
  screenshot,
  screenshotOnFailure,
  select,
  signUp,
  waitForNoText,
  waitForText,
} from './lib/browser.js';

let browser: Browser;
let page: Page;
const downloads = mkdtempSync(path.join(os.tmpdir(), 'pharm-e2e-downloads-'));

/** The REST API, called from inside the page with its session cookie. */
const api = (method: string, url: string, body?: unknown) => callApi(page, method, url, body);

async function value(selector: string): Promise<string> {
  return page.$eval(selector, (el) => (el as HTMLInputElement).value);
}

async function waitForValue(selector: string, expected: string): Promise<void> {
  await page.waitForFunction(
    (s, v) => (document.querySelector(s) as HTMLInputElement | null)?.value === v,
    {},
    selector,
    expected,
  );
}

/** Closes whatever dialog or toast could sit over the next click. */
async function noDialog(): Promise<void> {
  await page.waitForFunction(
    () => !document.querySelector('[data-scope="dialog"][data-part="backdrop"]'),
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, '/');
  await signUp(page, '/orders');
  const session = await browser.target().createCDPSession();
  await session.send('Browser.setDownloadBehavior', {
    behavior: 'allow',
    downloadPath: downloads,
    eventsEnabled: true,
  });

  expect(
    (
      await api('POST', '/api/pharmacies', {
        name: 'Riverside Compounding Pharmacy',
        contactName: 'Maria Alvarez',
        email: 'orders@riversiderx.com',
        phone: '(503) 555-0142',
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await api('POST', '/api/products', {
        sku: 'VL-TI',
        name: 'Tubular Serum Vial',
        category: 'Vial',
        defaultPrice: '40.00',
        active: true,
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await api('POST', '/api/product-variants', {
        parentSku: 'VL-TI',
        variantSku: 'VL-10R-CLR',
        size: '10R',
        color: 'Clear',
        packageQty: 100,
        defaultPrice: '42.00',
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await api('POST', '/api/products', {
        sku: 'SL-20-FO',
        name: '20 mm Flip-Off Seal',
        category: 'Seal',
        defaultPrice: '45.00',
        active: true,
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await api('POST', '/api/product-variants', {
        parentSku: 'SL-20-FO',
        variantSku: 'SL-20-FO-RED',
        size: '20 mm',
        color: 'Red',
        packageQty: 1000,
        defaultPrice: '45.50',
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await api('POST', '/api/products', {
        sku: 'VL-OLD',
        name: 'Discontinued Vial',
        category: 'Vial',
        defaultPrice: '1.00',
        active: false,
      })
    ).status,
  ).toBe(201);
});
afterAll(() => browser.close());
screenshotOnFailure(() => page);

describe('orders', () => {
  it('shows the empty states of the All and Draft tabs', async () => {
    await page.goto(new URL('/orders', page.url()).toString(), { waitUntil: 'networkidle0' });
    await waitForText(page, 'No orders yet — click New Order to get started.');
    await click(page, 'Draft');
    await waitForText(page, 'No draft orders found.');
    expect(new URL(page.url()).search).toBe('?tab=draft');
    await click(page, 'All Orders');
    await waitForText(page, 'No orders yet — click New Order to get started.');
  });

  it('refuses to save a draft without a pharmacy', async () => {
    await page.goto(new URL('/orders/new', page.url()).toString(), { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid="order-form"]');
    await click(page, 'Save Draft');
    await waitForText(page, 'Cannot save');
    await waitForText(page, 'Please select a pharmacy and add at least one item.');
  });

  it('builds two lines from category → product → variant, with prices and totals', async () => {
    const pharmacyId = await page.$eval(
      'select[name="pharmacyId"] option:nth-child(2)',
      (el) => (el as HTMLOptionElement).value,
    );
    await select(page, 'pharmacyId', pharmacyId);
    await select(page, 'shipMethod', 'Express Shipping');

    expect(
      await page.$eval(
        'select[name="lineItems.0.productSku"]',
        (el) => (el as HTMLSelectElement).disabled,
      ),
    ).toBe(true);
    await select(page, 'lineItems.0.category', 'Vial');
    const vialOptions = await page.$$eval('select[name="lineItems.0.productSku"] option', (els) =>
      els.map((el) => (el as HTMLOptionElement).value),
    );
    expect(vialOptions).toEqual(['', 'VL-TI']); // the inactive vial is not offered
    expect(
      await page.$eval(
        'select[name="lineItems.0.variantSku"]',
        (el) => (el as HTMLSelectElement).disabled,
      ),
    ).toBe(true);
    await select(page, 'lineItems.0.productSku', 'VL-TI');
    await waitForValue('[name="lineItems.0.description"]', 'Tubular Serum Vial');
    expect(await value('[name="lineItems.0.unitPrice"]')).toBe('40.00');
    await select(page, 'lineItems.0.variantSku', 'VL-10R-CLR');
    await waitForValue('[name="lineItems.0.description"]', 'VL-TI - 10R Clear');
    expect(await value('[name="lineItems.0.unitPrice"]')).toBe('42.00');
    await page.click('[name="lineItems.0.qty"]', { count: 3 });
    await page.type('[name="lineItems.0.qty"]', '3');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="line-0-total"]')?.textContent === '$126.00',
    );

    await click(page, 'Add Item');
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('name') === 'lineItems.1.category',
    );
    expect(await value('[name="lineItems.1.qty"]')).toBe('1');
    expect(await value('[name="lineItems.1.unitPrice"]')).toBe('0.00');
    await select(page, 'lineItems.1.category', 'Seal');
    await select(page, 'lineItems.1.productSku', 'SL-20-FO');
    await select(page, 'lineItems.1.variantSku', 'SL-20-FO-RED');
    await waitForValue('[name="lineItems.1.description"]', 'SL-20-FO - 20 mm Red');
    await page.click('[name="lineItems.1.qty"]', { count: 3 });
    await page.type('[name="lineItems.1.qty"]', '2');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="order-total"]')?.textContent === '$217.00',
    );

    // A third line can be removed; then the two left can, but never the last one.
    await click(page, 'Add Item');
    await page.waitForSelector('[data-testid="line-2"]');
    await page.keyboard.press('Escape');
    await page.click('[data-testid="line-2"] [aria-label="Remove line"]');
    await page.waitForFunction(() => !document.querySelector('[data-testid="line-2"]'));
    await screenshot(page, 'order-form');
  });

  it('saves a draft, and the edit screen reloads it', async () => {
    await click(page, 'Save Draft');
    await waitForText(page, 'Draft saved');
    await waitForText(page, 'Your order draft has been saved successfully.');
    await page.waitForFunction(() => /Saved [1-9]\d*s ago/.test(document.body.innerText), {
      timeout: 5_000,
    });

    const { body: orders } = await api('GET', '/api/orders');
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ status: 'Draft', total: '217.00', itemCount: 5 });
    await page.goto(new URL(`/orders/${orders[0].id}/edit`, page.url()).toString(), {
      waitUntil: 'networkidle0',
    });
    await waitForValue('select[name="lineItems.1.variantSku"]', 'SL-20-FO-RED');
    expect(await value('select[name="lineItems.0.category"]')).toBe('Vial');
    expect(await value('select[name="lineItems.0.productSku"]')).toBe('VL-TI');
    expect(await value('select[name="lineItems.0.variantSku"]')).toBe('VL-10R-CLR');
    expect(await value('[name="lineItems.0.qty"]')).toBe('3');
    expect(await value('select[name="shipMethod"]')).toBe('Express Shipping');
    await waitForText(page, orders[0].orderNumber);

    await page.click('[name="lineItems.1.qty"]', { count: 3 });
    await page.type('[name="lineItems.1.qty"]', '4');
    await click(page, 'Update Order');
    await waitForText(page, 'Order updated successfully');
    await page.waitForFunction(() => location.pathname === '/orders');
    await waitForText(page, '7 items');
    await waitForText(page, '$308.00');
  });

  it('sends the draft from the list, then marks it fulfilled', async () => {
    const row = await rowTestId(page, 'Riverside Compounding Pharmacy');
    await clickIn(page, row, 'Send');
    await waitForText(page, 'Order updated successfully');
    await page.waitForSelector(`${row} [data-status="sent"]`);
    expect(await page.$(`${row} [aria-label="Send"]`)).toBeNull();
    await clickIn(page, row, 'Mark as fulfilled');
    await page.waitForSelector(`${row} [data-status="fulfilled"]`);
    await click(page, 'Fulfilled');
    await page.waitForSelector(`${row} [data-status="fulfilled"]`);
    await click(page, 'Sent');
    await waitForText(page, 'No sent orders found.');
    await click(page, 'All Orders');
    await page.waitForSelector(row);
  });

  it('shows the details dialog and downloads the PDF', async () => {
    const row = await rowTestId(page, 'Riverside Compounding Pharmacy');
    const orderNumber = await page.$eval(`${row} td`, (el) => (el as HTMLElement).innerText.trim());
    await clickIn(page, row, 'View details');
    const dialog = '[data-testid="order-details"]';
    await page.waitForSelector(dialog);
    await waitForText(page, 'Maria Alvarez');
    const text = await page.$eval(dialog, (el) => (el as HTMLElement).innerText);
    for (const expected of [
      orderNumber,
      'Express Shipping',
      'orders@riversiderx.com',
      '(503) 555-0142',
      'VL-TI - 10R Clear',
      'SL-20-FO - 20 mm Red',
      '7 items',
      '$308.00',
      'Download PDF',
      'Edit Order',
    ]) {
      expect(text).toContain(expected);
    }
    await screenshot(page, 'order-details');

    await click(page, 'Download PDF');
    await waitForText(page, 'Order downloaded successfully');
    const file = `order-${orderNumber}.pdf`;
    for (let i = 0; i < 50 && !readdirSync(downloads).includes(file); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(readdirSync(downloads)).toContain(file);
    expect(readFileSync(path.join(downloads, file)).subarray(0, 5).toString('latin1')).toBe(
      '%PDF-',
    );
    await page.keyboard.press('Escape');
    await noDialog();
  });

  it("submitting a new order's saved draft sends it", async () => {
    await page.goto(new URL('/orders/new', page.url()).toString(), { waitUntil: 'networkidle0' });
    const pharmacyId = await page.$eval(
      'select[name="pharmacyId"] option:nth-child(2)',
      (el) => (el as HTMLOptionElement).value,
    );
    await select(page, 'pharmacyId', pharmacyId);
    expect(
      await page.$eval(
        '[data-testid="line-0"] [aria-label="Remove line"]',
        (el) => (el as HTMLButtonElement).disabled,
      ),
    ).toBe(true);
    await page.type('[name="lineItems.0.description"]', 'Custom amber dropper bottles');
    await click(page, 'Save Draft');
    await waitForText(page, 'Draft saved');
    await click(page, 'Create Order');
    await waitForText(page, 'Order created successfully');
    await page.waitForFunction(() => location.pathname === '/orders');
    const { body: orders } = await api('GET', '/api/orders');
    expect(orders.map((o: any) => o.status)).toEqual(['Sent', 'Fulfilled']);
  });

  it('deletes an order after the confirmation', async () => {
    const { body: orders } = await api('GET', '/api/orders');
    const fulfilled = orders.find((o: any) => o.status === 'Fulfilled');
    const row = `[data-testid="order-row-${fulfilled.id}"]`;
    await page.waitForSelector(row);
    await clickIn(page, row, 'Delete');
    await waitForText(
      page,
      `Are you sure you want to delete order ${fulfilled.orderNumber}? This action cannot be undone.`,
    );
    await click(page, 'Delete');
    await waitForText(page, 'Order deleted successfully');
    await waitForNoText(page, fulfilled.orderNumber);
    expect((await api('GET', `/api/orders/${fulfilled.id}`)).status).toBe(404);
  });

  it("fetches the list's rows while its link is hovered, before the click", async () => {
    await page.goto(new URL('/', page.url()).toString(), { waitUntil: 'networkidle0' });
    let listCalls = 0;
    const onRequest = (request: { url: () => string }) => {
      if (request.url().includes('orders.list')) listCalls += 1;
    };
    page.on('request', onRequest);
    try {
      const prefetched = page.waitForRequest((r) => r.url().includes('orders.list'));
      await page.hover('[data-testid="nav-orders"]');
      await prefetched;
      expect(new URL(page.url()).pathname).toBe('/');
      await page.click('[data-testid="nav-orders"]');
      await page.waitForSelector('[data-testid^="order-row-"]');
      // The click found the rows in the cache: no second request.
      expect(listCalls).toBe(1);
    } finally {
      page.off('request', onRequest);
    }
  });

  it('ran without page errors or CSP violations', () => {
    expect(pageProblems(page)).toEqual([]);
  });
});
