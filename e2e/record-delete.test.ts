import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from './lib/app.js';
import {
  api,
  launchBrowser,
  openPage,
  screenshot,
  screenshotOnFailure,
  signUp,
  waitForText,
} from './lib/browser.js';

/*
 * Delete on a record's page (issue 25): the list's confirmation, procedure and permission; after
 * it the list, without the record; a refusal of the server in the list's toast, the page kept; a
 * role without the permission sees no Delete.
 */

let browser: Browser;
let page: Page;

const ids = {
  pharmacy: 0,
  product: 0,
  draftOrder: 0,
  sentOrder: 0,
  invoice: 0,
  paidInvoice: 0,
  payment: 0,
  keptPharmacy: 0,
  keptPayment: 0,
};
const numbers = { draftOrder: '', sentOrder: '', invoice: '', payment: '' };

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, '/');
  await page.setViewport({ width: 1440, height: 900 });
  await signUp(page, '/');
  const post = async (url: string, body: unknown) => {
    const res = await api(page, 'POST', url, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  ids.pharmacy = (
    await post('/api/pharmacies', { name: 'Juniper Street Pharmacy', email: 'ap@juniper.example' })
  ).id;
  // The others stay: each list is shown with rows after the delete.
  const keeper = (
    await post('/api/pharmacies', {
      name: 'Meridian Health Pharmacy',
      email: 'ap@meridian.example',
    })
  ).id;
  ids.keptPharmacy = keeper;
  await post('/api/products', {
    sku: 'SL-20-BLU',
    name: 'Blue Flip-off Seal 20 mm',
    category: 'Seal',
    defaultPrice: '0.30',
    active: true,
  });
  ids.product = (
    await post('/api/products', {
      sku: 'ST-20-GRY',
      name: 'Grey Butyl Stopper 20 mm',
      category: 'Stopper',
      defaultPrice: '0.12',
      active: true,
    })
  ).id;
  const lineItems = [{ description: 'Flip-off seal 20 mm', qty: 100, unitPrice: '0.30' }];
  const draft = await post('/api/orders', {
    pharmacyId: keeper,
    orderDate: '2026-03-02',
    lineItems,
  });
  ids.draftOrder = draft.id;
  numbers.draftOrder = draft.orderNumber;
  const sent = await post('/api/orders', {
    pharmacyId: keeper,
    orderDate: '2026-03-02',
    lineItems,
  });
  expect((await api(page, 'PUT', `/api/orders/${sent.id}`, { status: 'Sent' })).status).toBe(200);
  ids.sentOrder = sent.id;
  numbers.sentOrder = sent.orderNumber;
  const invoice = (amount: string) =>
    post('/api/invoices', {
      pharmacyId: keeper,
      invoiceDate: '2026-03-03',
      dueDate: '2026-04-02',
      amount,
      status: 'Unpaid',
    });
  const unpaid = await invoice('120.00');
  ids.invoice = unpaid.id;
  numbers.invoice = unpaid.invoiceNumber;
  const paid = await invoice('80.00');
  ids.paidInvoice = paid.id;
  const payment = await post('/api/payments', {
    invoiceId: paid.id,
    pharmacyId: keeper,
    date: '2026-03-10',
    amount: '30.00',
    method: 'Check',
    reference: 'CHK-3301',
  });
  ids.payment = payment.id;
  numbers.payment = payment.paymentNumber;
  ids.keptPayment = (
    await post('/api/payments', {
      invoiceId: paid.id,
      pharmacyId: keeper,
      date: '2026-03-11',
      amount: '20.00',
      method: 'ACH',
    })
  ).id;
});
afterAll(() => browser.close());
screenshotOnFailure(() => page);

async function visit(on: Page, route: string, testId: string): Promise<void> {
  await on.goto(`${baseUrl()}${route}`, { waitUntil: 'networkidle0' });
  await on.waitForSelector(`[data-testid="${testId}"]`);
}

/** Clicks the confirmation's own Delete (the page has one too). */
async function confirmDelete(on: Page, message: string): Promise<void> {
  await on.waitForSelector('[role="alertdialog"]', { visible: true });
  await waitForText(on, message);
  const confirm = await on.waitForFunction(() =>
    [...document.querySelectorAll('[role="alertdialog"] button')].find(
      (el) => (el as HTMLElement).innerText.trim() === 'Delete',
    ),
  );
  await (confirm as ElementHandle<Element>).click();
}

/** Signs a new user of `role` in, in a browser context of their own. */
async function invitee(role: 'viewer' | 'sales'): Promise<Page> {
  const invited = await api(page, 'POST', '/api/invitations', {
    email: `${role}-${Date.now()}@juniper.example`,
    role,
  });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const context = await browser.createBrowserContext();
  const other = await context.newPage();
  await other.setViewport({ width: 1440, height: 900 });
  await other.goto(`${baseUrl()}/login`, { waitUntil: 'networkidle0' });
  const accepted = await api(other, 'POST', '/api/invitations/accept', {
    token: new URL(invited.body.url).hash.replace('#token=', ''),
    password: `${role}-secret-42`,
    firstName: 'Robin',
    lastName: 'Ames',
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBeLessThan(300);
  return other;
}

/** Each record page with a Delete, what its confirmation says, and its list. */
function records() {
  return [
    {
      kind: 'Order',
      path: `/orders/${ids.draftOrder}`,
      api: `/api/orders/${ids.draftOrder}`,
      testId: 'order-page',
      list: '/orders',
      kept: `order-row-${ids.sentOrder}`,
      row: `order-row-${ids.draftOrder}`,
      message: `Are you sure you want to delete order ${numbers.draftOrder}? This action cannot be undone.`,
    },
    {
      kind: 'Payment',
      path: `/payments/${ids.payment}`,
      api: `/api/payments/${ids.payment}`,
      testId: 'payment-page',
      list: '/payments',
      kept: `payment-row-${ids.keptPayment}`,
      row: `payment-row-${ids.payment}`,
      message: `Are you sure you want to delete payment ${numbers.payment}?`,
    },
    {
      kind: 'Invoice',
      path: `/invoices/${ids.invoice}`,
      api: `/api/invoices/${ids.invoice}`,
      testId: 'invoice-page',
      list: '/invoices',
      kept: `invoice-row-${ids.paidInvoice}`,
      row: `invoice-row-${ids.invoice}`,
      message: `Are you sure you want to delete invoice ${numbers.invoice}?`,
    },
    {
      kind: 'Product',
      path: `/products/${ids.product}`,
      api: `/api/products/${ids.product}`,
      testId: 'product-page',
      list: '/products',
      kept: 'product-row-SL-20-BLU',
      row: 'product-row-ST-20-GRY',
      message: 'Are you sure you want to delete Grey Butyl Stopper 20 mm?',
    },
    {
      kind: 'Pharmacy',
      path: `/pharmacies/${ids.pharmacy}`,
      api: `/api/pharmacies/${ids.pharmacy}`,
      testId: 'pharmacy-page',
      list: '/pharmacies',
      kept: `pharmacy-row-${ids.keptPharmacy}`,
      row: `pharmacy-row-${ids.pharmacy}`,
      message: 'Are you sure you want to delete Juniper Street Pharmacy?',
    },
  ];
}

describe('Delete on a record page', () => {
  it('shows a viewer no Delete on any record page', async () => {
    const viewer = await invitee('viewer');
    try {
      for (const record of records()) {
        await visit(viewer, record.path, record.testId);
        expect(await viewer.$('[data-testid="record-delete"]'), record.path).toBeNull();
      }
    } finally {
      await viewer.browserContext().close();
    }
  });

  it("shows a sales user Delete only on an order's page, and the server's refusal of a sent one", async () => {
    const seller = await invitee('sales');
    try {
      for (const record of records().filter((r) => r.kind !== 'Order')) {
        await visit(seller, record.path, record.testId);
        expect(await seller.$('[data-testid="record-delete"]'), record.path).toBeNull();
      }
      // A sent order carries money: only an admin deletes it (403), said as the list says it.
      await visit(seller, `/orders/${ids.sentOrder}`, 'order-page');
      await seller.click('[data-testid="record-delete"]');
      await confirmDelete(
        seller,
        `Are you sure you want to delete order ${numbers.sentOrder}? This action cannot be undone.`,
      );
      await waitForText(seller, 'Failed to delete order: A sales user may not');
      await seller.waitForFunction(() => !document.querySelector('[role="alertdialog"]'));
      expect(new URL(seller.url()).pathname).toBe(`/orders/${ids.sentOrder}`);
      expect(await seller.$('[data-testid="order-page"]')).not.toBeNull();
      await screenshot(seller, 'record-delete-refused');
      expect((await api(page, 'GET', `/api/orders/${ids.sentOrder}`)).status).toBe(200);
    } finally {
      await seller.browserContext().close();
    }
  });

  it.each(['Order', 'Payment', 'Invoice', 'Product', 'Pharmacy'])(
    'deletes the %s from its page and lands on its list without it',
    async (kind) => {
      const record = records().find((r) => r.kind === kind)!;
      await visit(page, record.path, record.testId);
      await page.click('[data-testid="record-delete"]');
      await confirmDelete(page, record.message);
      await page.waitForFunction((list) => location.pathname === list, {}, record.list);
      await waitForText(page, `${record.kind} deleted successfully`);
      // The list's rows are there, and this record's is not.
      await page.waitForSelector(`[data-testid="${record.kept}"]`);
      expect(await page.$(`[data-testid="${record.row}"]`), record.kind).toBeNull();
      expect((await api(page, 'GET', record.api)).status).toBe(404);
      if (kind === 'Order') await screenshot(page, 'record-delete-back-on-list');
    },
  );
});
