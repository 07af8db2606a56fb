/**
 * Issue 30 in the browser: a Draft invoice made from an order whose line has no lot; its edit
 * form offers the variant's released lots, and the lot picked there shows on the invoice's page
 * and prints on its PDF. A new invoice from an order whose line carries a lot now on hold names
 * that lot and why, is refused on issue as the server refuses it, and takes a lot picked before
 * its first save, also after its saved Draft moved to another order.
 */
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdf } from '../apps/api/src/lib/pdf/read-pdf.js';
import {
  api as callApi,
  click,
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
let invoiceId: number;
let lotId: number;
let heldLotId: number;
let heldOrderId: number;
let pharmacyId: number;

const api = (method: string, url: string, body?: unknown) => callApi(page, method, url, body);
const iso = (d: Date) => d.toISOString().slice(0, 10);
const today = iso(new Date());
const inTwoYears = iso(new Date(Date.now() + 730 * 86_400_000));
const LOT = 'ST20-E2E-INV';

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, '/');
  await signUp(page, '/');
  expect(
    (
      await api('POST', '/api/products', {
        sku: 'ST-E2E',
        name: 'Butyl stopper',
        category: 'Stopper',
        defaultPrice: '0.10',
      })
    ).status,
  ).toBe(201);
  const variant = await api('POST', '/api/product-variants', {
    parentSku: 'ST-E2E',
    variantSku: 'ST-E2E-20',
    size: '20mm',
    packageQty: 1000,
    defaultPrice: '0.10',
  });
  expect(variant.status).toBe(201);
  const pharmacy = await api('POST', '/api/pharmacies', {
    name: 'Lakeside Compounding',
    email: 'rx@lakeside.example',
  });
  const order = await api('POST', '/api/orders', {
    pharmacyId: pharmacy.body.id,
    orderDate: today,
    lineItems: [
      {
        productSku: 'ST-E2E',
        variantSku: 'ST-E2E-20',
        description: 'ST-E2E - 20mm',
        qty: 500,
        unitPrice: '0.10',
      },
    ],
  });
  expect(order.status).toBe(201);
  const invoice = await api('POST', '/api/invoices', {
    fromOrderId: order.body.id,
    pharmacyId: pharmacy.body.id,
    invoiceDate: today,
    dueDate: today,
    status: 'Draft',
  });
  expect(invoice.status).toBe(201);
  invoiceId = invoice.body.id;
  const lot = await api('POST', '/api/lots', {
    variantId: variant.body.id,
    lotNumber: LOT,
    expiryDate: inTwoYears,
  });
  expect(lot.status).toBe(201);
  lotId = lot.body.id;
  const held = await api('POST', '/api/lots', {
    variantId: variant.body.id,
    lotNumber: 'ST20-E2E-HELD',
    expiryDate: inTwoYears,
    status: 'on_hold',
  });
  expect(held.status).toBe(201);
  heldLotId = held.body.id;
  pharmacyId = pharmacy.body.id;
  // An order line that took the lot before it was put on hold keeps it.
  const heldOrder = await api('POST', '/api/orders', {
    pharmacyId: pharmacy.body.id,
    orderDate: today,
    lineItems: [
      {
        productSku: 'ST-E2E',
        variantSku: 'ST-E2E-20',
        description: 'ST-E2E - 20mm held',
        qty: 200,
        unitPrice: '0.10',
        lotId: heldLotId,
      },
    ],
  });
  expect(heldOrder.status, JSON.stringify(heldOrder.body)).toBe(201);
  heldOrderId = heldOrder.body.id;
}, 60_000);
afterAll(() => browser?.close());
screenshotOnFailure(() => page);

describe('lot picker on invoice lines', () => {
  it('picks a released lot on the line and saves it', async () => {
    await page.goto(new URL(`/invoices/${invoiceId}/edit`, page.url()).toString(), {
      waitUntil: 'networkidle0',
    });
    const picker = 'select[name="lineItems.0.lotId"]';
    await page.waitForSelector(`${picker} option[value="${lotId}"]`);
    // The lot on hold is not offered.
    expect(await page.$(`${picker} option[value="${heldLotId}"]`)).toBeNull();
    await select(page, 'lineItems.0.lotId', String(lotId));
    await screenshot(page, 'invoice-line-lots');
    await click(page, 'Save Draft');
    await waitForText(page, 'Draft saved');
    const invoice = await api('GET', `/api/invoices/${invoiceId}`);
    expect(invoice.body.lineItems[0]).toMatchObject({
      lotId,
      lot: { id: lotId, lotNumber: LOT, expiryDate: inTwoYears },
    });
  });

  it('shows the lot on the invoice page and prints it on the PDF', async () => {
    await page.goto(new URL(`/invoices/${invoiceId}`, page.url()).toString(), {
      waitUntil: 'networkidle0',
    });
    await page.waitForSelector('[data-testid="line-lot"]');
    expect(await page.$eval('[data-testid="line-lot"]', (el) => el.textContent)).toContain(
      `Lot ${LOT}`,
    );
    const base64 = await page.evaluate(async (id) => {
      const response = await fetch(`/api/invoices/${id}/download`, { credentials: 'same-origin' });
      const bytes = new Uint8Array(await response.arrayBuffer());
      let text = '';
      for (const byte of bytes) text += String.fromCharCode(byte);
      return btoa(text);
    }, invoiceId);
    const pages = await readPdf(Buffer.from(base64, 'base64'));
    expect(pages.map((p) => p.text).join(' ')).toContain(LOT);
  });
});

describe('lot picker on a new invoice', () => {
  it("names a line's unavailable lot and why, refuses the issue, then takes the lot picked", async () => {
    await page.goto(new URL(`/invoices/new?fromOrderId=${heldOrderId}`, page.url()).toString(), {
      waitUntil: 'networkidle0',
    });
    const picker = 'select[name="lineItems.0.lotId"]';
    await page.waitForSelector(`${picker} option[value="${lotId}"]`);
    const held = await page.$eval(`${picker} option[value="${heldLotId}"]`, (el) => el.textContent);
    expect(held).toBe('ST20-E2E-HELD — on hold');
    expect(await page.$eval(picker, (el) => (el as HTMLSelectElement).value)).toBe(
      String(heldLotId),
    );
    await screenshot(page, 'new-invoice-line-lots');
    await click(page, 'Create Invoice');
    await waitForText(page, 'ST20-E2E-HELD');
    await waitForText(page, 'is on hold');
    expect((await api('GET', `/api/orders/${heldOrderId}`)).body.invoice).toBeNull();

    await select(page, 'lineItems.0.lotId', String(lotId));
    await click(page, 'Create Invoice');
    await waitForText(page, 'Invoice created successfully');
    const order = await api('GET', `/api/orders/${heldOrderId}`);
    const invoice = await api('GET', `/api/invoices/${order.body.invoice.id}`);
    expect(invoice.body).toMatchObject({ status: 'Unpaid', pharmacyId });
    expect(invoice.body.lineItems[0]).toMatchObject({ lotId, lot: { lotNumber: LOT } });
    // The order's line keeps its own lot.
    expect(order.body.lineItems[0].lotId).toBe(heldLotId);
  });

  it('takes the lot picked after its saved Draft moved to another order', async () => {
    const line = {
      productSku: 'ST-E2E',
      variantSku: 'ST-E2E-20',
      description: 'ST-E2E - 20mm',
      qty: 100,
      unitPrice: '0.10',
    };
    const first = await api('POST', '/api/orders', {
      pharmacyId,
      orderDate: today,
      lineItems: [line],
    });
    const second = await api('POST', '/api/orders', {
      pharmacyId,
      orderDate: today,
      lineItems: [{ ...line, qty: 300 }],
    });
    expect([first.status, second.status]).toEqual([201, 201]);
    await page.goto(new URL(`/invoices/new?fromOrderId=${first.body.id}`, page.url()).toString(), {
      waitUntil: 'networkidle0',
    });
    await page.waitForSelector(`select[name="lineItems.0.lotId"] option[value="${lotId}"]`);
    await click(page, 'Save Draft');
    await expect
      .poll(async () => (await api('GET', `/api/orders/${first.body.id}`)).body.invoice)
      .not.toBeNull();

    await select(page, 'fromOrderId', String(second.body.id));
    await page.waitForSelector(`select[name="lineItems.0.lotId"] option[value="${lotId}"]`);
    await select(page, 'lineItems.0.lotId', String(lotId));
    await click(page, 'Save Draft');
    const moved = async () => {
      const order = await api('GET', `/api/orders/${second.body.id}`);
      if (!order.body.invoice) return null;
      const invoice = await api('GET', `/api/invoices/${order.body.invoice.id}`);
      return { status: invoice.body.status, lines: invoice.body.lineItems };
    };
    await expect
      .poll(moved, { timeout: 10_000 })
      .toMatchObject({ status: 'Draft', lines: [{ qty: 300, lotId, lot: { lotNumber: LOT } }] });
    expect((await api('GET', `/api/orders/${first.body.id}`)).body.invoice).toBeNull();
  });
});
