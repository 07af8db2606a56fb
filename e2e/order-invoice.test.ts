import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api as callApi,
  click,
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
let pharmacyId: number;
type Order = { id: number; orderNumber: string; total: string };
let invoiced: Order;
let sent: Order;
let draft: Order;
let cancelled: Order;
let invoiceNumber: string;

/** The REST API, called from inside the page with its session cookie. */
const api = (method: string, url: string, body?: unknown) => callApi(page, method, url, body);

async function goto(route: string): Promise<void> {
  await page.goto(new URL(route, page.url()).toString(), { waitUntil: 'networkidle0' });
}

async function newOrder(status: 'Draft' | 'Sent' | 'Cancelled', forPharmacy = pharmacyId) {
  const res = await api('POST', '/api/orders', {
    pharmacyId: forPharmacy,
    orderDate: '2026-03-14',
    lineItems: [{ description: 'VL-TI - 10R Clear', qty: 3, unitPrice: '42.00' }],
  });
  expect(res.status).toBe(201);
  if (status !== 'Draft') {
    expect((await api('PUT', `/api/orders/${res.body.id}`, { status })).status).toBe(200);
  }
  return res.body as Order;
}

/** Opens the order's details dialog from the orders list. */
async function openOrder(order: Order): Promise<string> {
  await goto(`/orders?q=${order.orderNumber}`);
  await clickIn(page, `[data-testid="order-row-${order.id}"]`, 'View details');
  const dialog = '[data-testid="order-details"]';
  await page.waitForSelector(`${dialog} [data-testid="order-invoice"]`);
  await waitForText(page, 'Maria Alvarez');
  return dialog;
}

/** The element's text as read, its line breaks and runs of spaces as one space. */
const textOf = (selector: string) =>
  page.$eval(selector, (el) => (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim());

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, '/');
  await signUp(page, '/');
  const pharmacy = await api('POST', '/api/pharmacies', {
    name: 'Riverside Compounding Pharmacy',
    contactName: 'Maria Alvarez',
    email: 'orders@riversiderx.com',
  });
  expect(pharmacy.status).toBe(201);
  pharmacyId = pharmacy.body.id;
  invoiced = await newOrder('Sent');
  sent = await newOrder('Sent');
  draft = await newOrder('Draft');
  cancelled = await newOrder('Cancelled');
  const invoice = await api('POST', '/api/invoices', {
    pharmacyId,
    fromOrderId: invoiced.id,
    invoiceDate: '2026-03-16',
    dueDate: '2026-04-15',
    status: 'Unpaid',
  });
  expect(invoice.status).toBe(201);
  invoiceNumber = invoice.body.invoiceNumber;
});
afterAll(() => browser.close());
screenshotOnFailure(() => page);

describe('an order and its invoice', () => {
  it('the From Order picker offers no invoiced and no Cancelled order', async () => {
    await goto('/invoices/new');
    await page.waitForSelector('select[name="fromOrderId"]');
    const offered = await page.$$eval('select[name="fromOrderId"] option', (els) =>
      els.map((el) => (el as HTMLOptionElement).value),
    );
    expect(offered).toEqual(['', String(draft.id), String(sent.id)]);
    expect(offered).not.toContain(String(invoiced.id));
    expect(offered).not.toContain(String(cancelled.id));
  });

  it("an invoiced order's details link its invoice's number, and offer no second one", async () => {
    const dialog = await openOrder(invoiced);
    const link = `${dialog} [data-testid="order-invoice-link"]`;
    expect(await textOf(link)).toBe(invoiceNumber);
    expect(await page.$eval(link, (el) => el.getAttribute('href'))).toMatch(/^\/invoices\/\d+$/);
    expect(await textOf(`${dialog} [data-testid="order-invoice"]`)).toBe(
      `Invoiced on ${invoiceNumber}`,
    );
    await screenshot(page, 'order-details-invoiced');
    await page.click(link);
    await page.waitForFunction(() => /^\/invoices\/\d+$/.test(location.pathname));
    await page.waitForSelector('[data-testid="invoice-page"]');
    await waitForText(page, invoiceNumber);
  });

  it('a Draft order is not offered Create invoice', async () => {
    const dialog = await openOrder(draft);
    expect(await textOf(`${dialog} [data-testid="order-invoice"]`)).toBe('Not invoiced yet.');
  });

  it('Create invoice on a Sent order opens the invoice form with the order picked', async () => {
    const dialog = await openOrder(sent);
    expect(await textOf(`${dialog} [data-testid="order-invoice"]`)).toBe(
      'Not invoiced yet. Create invoice',
    );
    await screenshot(page, 'order-details-not-invoiced');
    await click(page, 'Create invoice');
    await page.waitForFunction(() => location.pathname === '/invoices/new');
    expect(new URL(page.url()).search).toBe(`?fromOrderId=${sent.id}`);
    await page.waitForSelector('select[name="fromOrderId"]');
    const form = await page.evaluate(() => {
      const value = (name: string) =>
        (document.querySelector(`[name="${name}"]`) as HTMLInputElement).value;
      return {
        fromOrderId: value('fromOrderId'),
        pharmacyId: value('pharmacyId'),
        pharmacyLocked: (document.querySelector('select[name="pharmacyId"]') as HTMLSelectElement)
          .disabled,
        amount: value('amount'),
      };
    });
    expect(form).toEqual({
      fromOrderId: String(sent.id),
      pharmacyId: String(pharmacyId),
      pharmacyLocked: true,
      amount: '126.00',
    });
    await screenshot(page, 'invoice-form-from-order');

    await click(page, 'Create Invoice');
    await waitForText(page, 'Invoice created successfully');
    await page.waitForFunction(() => location.pathname === '/invoices');
    const { body: order } = await api('GET', `/api/orders/${sent.id}`);
    expect(order.invoice.invoiceNumber).toMatch(/^INV-/);
    const again = await openOrder(sent);
    expect(await textOf(`${again} [data-testid="order-invoice-link"]`)).toBe(
      order.invoice.invoiceNumber,
    );
    expect(pageProblems(page)).toEqual([]);
  });
});

describe('a credit-hold override', () => {
  it("shows its reason in the order's History tab and on the Activity page", async () => {
    const held = await api('POST', '/api/pharmacies', {
      name: 'Held Pharmacy',
      contactName: 'Maria Alvarez',
      email: 'held@example.com',
      creditLimit: '0.00',
    });
    expect(held.status).toBe(201);
    const owed = await api('POST', '/api/invoices', {
      pharmacyId: held.body.id,
      invoiceDate: '2026-03-01',
      dueDate: '2026-03-31',
      amount: '10.00',
      status: 'Unpaid',
    });
    expect(owed.status).toBe(201);
    const order = await newOrder('Draft', held.body.id);
    const override = await api('PUT', `/api/orders/${order.id}`, {
      status: 'Sent',
      holdOverrideReason: 'Cheque promised by phone',
    });
    expect(override.status).toBe(200);
    const note = 'Credit hold overridden: Cheque promised by phone';

    const dialog = await openOrder(order);
    await page.click(`${dialog} [data-testid="history-tab"]`);
    await page.waitForSelector(`${dialog} [data-testid="history-note"]`);
    expect(await textOf(`${dialog} [data-testid="history-note"]`)).toBe(note);
    await screenshot(page, 'order-history-override-note');

    await goto('/activity?tab=order');
    await page.waitForSelector('[data-testid="activity-note"]');
    expect(await textOf('[data-testid="activity-note"]')).toBe(note);
    await screenshot(page, 'activity-override-note');
  });
});
