/**
 * Issue 30 in the browser: a lot added on its product's page, picked on an order line, put on
 * hold from its page with a reason, and the refusal when the order is then fulfilled.
 */
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api as callApi,
  click,
  clickIn,
  fill,
  launchBrowser,
  openPage,
  screenshot,
  screenshotOnFailure,
  select,
  signUp,
  waitForText,
} from './lib/browser.js';

let browser: Browser;
let page: Page;
let productId: number;
let pharmacyId: number;
let orderId: number;
let lotId: number;

const api = (method: string, url: string, body?: unknown) => callApi(page, method, url, body);
const iso = (d: Date) => d.toISOString().slice(0, 10);
const today = iso(new Date());
const inTwoYears = iso(new Date(Date.now() + 730 * 86_400_000));
const LOT = 'VL10-E2E-A';

/** Sets a date input as a person picking from its calendar would. */
async function setDate(name: string, value: string) {
  await page.$eval(
    `[name="${name}"]`,
    (el, v) => {
      const input = el as HTMLInputElement;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, v);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    value,
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, '/');
  await signUp(page, '/');
  const product = await api('POST', '/api/products', {
    sku: 'VL-E2E',
    name: 'Serum vial',
    category: 'Vial',
    defaultPrice: '0.40',
  });
  expect(product.status).toBe(201);
  productId = product.body.id;
  const variant = await api('POST', '/api/product-variants', {
    parentSku: 'VL-E2E',
    variantSku: 'VL-E2E-10R',
    size: '10R',
    packageQty: 100,
    defaultPrice: '0.40',
  });
  expect(variant.status).toBe(201);
  const pharmacy = await api('POST', '/api/pharmacies', {
    name: 'Harbor Compounding',
    email: 'rx@harbor.example',
  });
  pharmacyId = pharmacy.body.id;
  const order = await api('POST', '/api/orders', {
    pharmacyId,
    orderDate: today,
    lineItems: [
      {
        productSku: 'VL-E2E',
        variantSku: 'VL-E2E-10R',
        description: 'VL-E2E - 10R',
        qty: 200,
        unitPrice: '0.40',
      },
    ],
  });
  expect(order.status).toBe(201);
  orderId = order.body.id;
}, 60_000);
afterAll(() => browser?.close());
screenshotOnFailure(() => page);

describe('lots', () => {
  it('adds a lot on the product page', async () => {
    await page.goto(new URL(`/products/${productId}`, page.url()).toString(), {
      waitUntil: 'networkidle0',
    });
    await page.waitForSelector('[data-testid="product-lots"]');
    await click(page, 'Add Lot');
    await page.waitForSelector('[data-testid="lot-dialog"]');
    await fill(page, 'lotNumber', LOT);
    await setDate('expiryDate', inTwoYears);
    await fill(page, 'supplier', 'Schott Pharma');
    await click(page, 'Save Lot');
    await waitForText(page, `Lot ${LOT} added`);
    const { body: lots } = await api('GET', `/api/lots?productId=${productId}`);
    expect(lots.map((l: { lotNumber: string }) => l.lotNumber)).toEqual([LOT]);
    lotId = lots[0].id;
    await page.waitForSelector(`[data-testid="lot-row-${lotId}"]`);
    await screenshot(page, 'product-lots');
  });

  it('sells it on an order line through the lot picker', async () => {
    await page.goto(new URL(`/orders/${orderId}/edit`, page.url()).toString(), {
      waitUntil: 'networkidle0',
    });
    await page.waitForSelector(`select[name="lineItems.0.lotId"] option[value="${lotId}"]`);
    await select(page, 'lineItems.0.lotId', String(lotId));
    await click(page, 'Save Draft');
    await waitForText(page, 'Draft saved');
    const order = await api('GET', `/api/orders/${orderId}`);
    expect(order.body.lineItems[0]).toMatchObject({
      lotId,
      lot: { id: lotId, lotNumber: LOT, expiryDate: inTwoYears },
    });
    expect((await api('PUT', `/api/orders/${orderId}`, { status: 'Sent' })).status).toBe(200);
  });

  it('puts the lot on hold with a reason, and then fulfilling the order is refused', async () => {
    await page.goto(new URL(`/lots/${lotId}`, page.url()).toString(), {
      waitUntil: 'networkidle0',
    });
    await page.waitForSelector('[data-testid="lot-page"]');
    await page.waitForSelector('[data-testid="lot-orders"]');
    await click(page, 'Change Status');
    await page.waitForSelector('[data-testid="lot-status-dialog"]');
    await select(page, 'status', 'on_hold');
    await fill(page, 'reason', 'Particulate complaint under investigation');
    await click(page, 'Save Status');
    await waitForText(page, `Lot ${LOT} is now on hold`);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="lot-status"]')?.textContent === 'On hold',
    );
    await screenshot(page, 'lot-page');

    await page.goto(new URL('/orders', page.url()).toString(), { waitUntil: 'networkidle0' });
    await clickIn(page, `[data-testid="order-row-${orderId}"]`, 'Mark as fulfilled');
    await waitForText(page, `lot ${LOT} (VL-E2E-10R) is on hold`);
    expect((await api('GET', `/api/orders/${orderId}`)).body.status).toBe('Sent');
  });
});
