import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from './lib/app.js';
import {
  api,
  axeViolations,
  clickIn,
  launchBrowser,
  openPage,
  pageProblems,
  rowTestId,
  screenshot,
  screenshotOnFailure,
  signUp,
  waitForText,
} from './lib/browser.js';

/*
 * Every record has a page at its own address (issue 25): reached from its list, by its URL, from
 * the search, from its details dialog and from the records it is linked to; a missing one says
 * so with the way back; each fits a phone.
 */

const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true };
const DESKTOP = { width: 1440, height: 900 };

let browser: Browser;
let page: Page;

const PHARMACY = 'Cascade Compounding Pharmacy';
const OTHER_PHARMACY = 'Harbor Apothecary';

const ids = {
  pharmacy: 0,
  otherPharmacy: 0,
  product: 0,
  order: 0,
  sentOrder: 0,
  invoice: 0,
  otherInvoice: 0,
  payment: 0,
};
const numbers = { order: '', sentOrder: '', invoice: '', otherInvoice: '', payment: '' };

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, '/');
  await page.setViewport(DESKTOP);
  await signUp(page, '/');
  const post = async (url: string, body: unknown) => {
    const res = await api(page, 'POST', url, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  ids.pharmacy = (
    await post('/api/pharmacies', {
      name: PHARMACY,
      contactName: 'Priya Natarajan',
      email: 'ap@cascaderx.com',
      phone: '(206) 555-0199',
      shippingAddress: '400 Pine St, Seattle, WA 98101',
      terms: 'Net 30',
      creditLimit: '10000.00',
    })
  ).id;
  // A licence too: its table is on the pharmacy's page, within the phone width check below.
  await post(`/api/pharmacies/${ids.pharmacy}/licences`, {
    kind: 'dea',
    number: 'BN4130917',
    schedules: ['II', 'IIN', 'III', 'IIIN', 'IV', 'V'],
    expiresOn: '2099-01-02',
  });
  ids.otherPharmacy = (
    await post('/api/pharmacies', { name: OTHER_PHARMACY, email: 'h@x.com' })
  ).id;
  ids.product = (
    await post('/api/products', {
      sku: 'VL-2R-AMB',
      name: 'Amber Serum Vial 2R',
      category: 'Vial',
      defaultPrice: '0.80',
      active: true,
    })
  ).id;
  await post('/api/product-variants', {
    parentSku: 'VL-2R-AMB',
    variantSku: 'VL-2R-AMB-ST',
    size: '2R',
    color: 'Amber',
    sterile: true,
    packageQty: 500,
    defaultPrice: '0.95',
  });
  const lineItems = [
    {
      productSku: 'VL-2R-AMB',
      variantSku: 'VL-2R-AMB-ST',
      description: 'Amber vial 2R, sterile',
      qty: 2000,
      unitPrice: '0.95',
    },
  ];
  const sent = async (pharmacyId: number) => {
    const order = await post('/api/orders', { pharmacyId, orderDate: '2026-03-02', lineItems });
    expect((await api(page, 'PUT', `/api/orders/${order.id}`, { status: 'Sent' })).status).toBe(
      200,
    );
    return order;
  };
  const order = await sent(ids.pharmacy);
  ids.order = order.id;
  numbers.order = order.orderNumber;
  const uninvoiced = await sent(ids.pharmacy);
  ids.sentOrder = uninvoiced.id;
  numbers.sentOrder = uninvoiced.orderNumber;
  const invoice = await post('/api/invoices', {
    pharmacyId: ids.pharmacy,
    fromOrderId: order.id,
    invoiceDate: '2026-03-03',
    dueDate: '2026-04-02',
    terms: 'Net 30',
    lotNumber: 'LT-260303-A',
    taxRate: '0.0000',
    status: 'Unpaid',
  });
  ids.invoice = invoice.id;
  numbers.invoice = invoice.invoiceNumber;
  const other = await post('/api/invoices', {
    pharmacyId: ids.otherPharmacy,
    invoiceDate: '2026-03-03',
    dueDate: '2026-04-02',
    amount: '120.00',
    status: 'Unpaid',
  });
  ids.otherInvoice = other.id;
  numbers.otherInvoice = other.invoiceNumber;
  const payment = await post('/api/payments', {
    invoiceId: invoice.id,
    pharmacyId: ids.pharmacy,
    date: '2026-03-10',
    amount: '500.00',
    method: 'Check',
    reference: 'CHK-2201',
  });
  ids.payment = payment.id;
  numbers.payment = payment.paymentNumber;
});
afterAll(() => browser.close());
screenshotOnFailure(() => page);

async function visit(route: string): Promise<void> {
  await page.goto(`${baseUrl()}${route}`, { waitUntil: 'networkidle0' });
}

/** Waits for the record page `testId` at `path`, showing `text`. */
async function onPage(path: string, testId: string, text: string): Promise<void> {
  await page.waitForFunction((p) => location.pathname === p, {}, path);
  await page.waitForSelector(`[data-testid="${testId}"]`);
  await waitForText(page, text);
}

/** Clicks the link with exactly this text inside `scope`. */
async function clickLink(scope: string, text: string): Promise<void> {
  const link = await page.waitForFunction(
    (s, t) =>
      [...document.querySelectorAll(`${s} a`)].find(
        (el) => (el as HTMLElement).innerText.trim() === t && (el as HTMLElement).offsetParent,
      ),
    {},
    scope,
    text,
  );
  await (link.asElement() as ElementHandle<Element>).click();
}

/** Each record page: its address, test id, what it shows, its list and the row's text there. */
function records() {
  return [
    {
      kind: 'order',
      path: `/orders/${ids.order}`,
      testId: 'order-page',
      text: numbers.order,
      list: '/orders',
      row: `order-row-${ids.order}`,
      view: 'View details',
      dialog: 'order-details',
    },
    {
      kind: 'invoice',
      path: `/invoices/${ids.invoice}`,
      testId: 'invoice-page',
      text: numbers.invoice,
      list: '/invoices',
      row: `invoice-row-${ids.invoice}`,
      view: 'View details',
      dialog: 'invoice-details',
    },
    {
      kind: 'payment',
      path: `/payments/${ids.payment}`,
      testId: 'payment-page',
      text: numbers.payment,
      list: '/payments',
      row: `payment-row-${ids.payment}`,
      view: 'View details',
      dialog: 'payment-details',
    },
    {
      kind: 'pharmacy',
      path: `/pharmacies/${ids.pharmacy}`,
      testId: 'pharmacy-page',
      text: PHARMACY,
      list: '/pharmacies',
      row: `pharmacy-row-${ids.pharmacy}`,
      view: 'View',
      dialog: 'pharmacy-details',
    },
    {
      kind: 'product',
      path: `/products/${ids.product}`,
      testId: 'product-page',
      text: 'Amber Serum Vial 2R',
      list: '/products',
      row: 'product-row-VL-2R-AMB',
      view: 'View',
      dialog: 'product-details',
    },
  ];
}

const KINDS = ['order', 'invoice', 'payment', 'pharmacy', 'product'] as const;
const record = (kind: (typeof KINDS)[number]) => records().find((r) => r.kind === kind)!;

describe('each record page', () => {
  it.each(KINDS)('the %s page opens from its list row', async (kind) => {
    const r = record(kind);
    await visit(r.list);
    await page.waitForSelector(`[data-testid="${r.row}"]`);
    await clickLink(`[data-testid="${r.row}"]`, r.text);
    await onPage(r.path, r.testId, r.text);
  });

  it.each(KINDS)('the %s page opens by its URL, and axe finds nothing', async (kind) => {
    const r = record(kind);
    await visit(r.path);
    await onPage(r.path, r.testId, r.text);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `record-${kind}`);
    expect(pageProblems(page)).toEqual([]);
  });

  it.each(KINDS)("the %s page opens from its details dialog's Open page", async (kind) => {
    const r = record(kind);
    await visit(r.list);
    await clickIn(page, `[data-testid="${r.row}"]`, r.view);
    await page.waitForSelector(`[data-testid="${r.dialog}"] [data-testid="open-page"]`);
    await page.click(`[data-testid="${r.dialog}"] [data-testid="open-page"]`);
    await onPage(r.path, r.testId, r.text);
    expect(await page.$('[data-scope="dialog"][data-part="content"]')).toBeNull();
  });

  it.each(['order', 'invoice', 'pharmacy', 'product'] as const)(
    'the %s page opens from the search',
    async (kind) => {
      const r = record(kind);
      const query = kind === 'product' ? 'VL-2R-AMB' : r.text;
      await visit('/');
      await page.click('header input[role="combobox"]');
      await page.type('header input[role="combobox"]', query);
      await page.waitForFunction(
        (t) =>
          [...document.querySelectorAll('[role="option"]')].some((el) =>
            (el as HTMLElement).innerText.includes(t),
          ),
        {},
        r.text,
      );
      const options = await page.$$eval('[role="option"]', (els) =>
        els.map((el) => (el as HTMLElement).innerText),
      );
      // The pharmacy's name is also in its orders' and invoices' results: the one titled so.
      const index = options.findIndex((text) => text.split('\n')[0]?.trim() === r.text);
      expect(index).toBeGreaterThanOrEqual(0);
      for (let n = 0; n <= index; n++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await onPage(r.path, r.testId, r.text);
    },
  );

  it.each(KINDS)('a missing %s says so, with the way back to its list', async (kind) => {
    const r = record(kind);
    const noun = kind.charAt(0).toUpperCase() + kind.slice(1);
    await visit(r.path.replace(/\d+$/, '999999'));
    await page.waitForSelector('[data-testid="record-not-found"]');
    await waitForText(page, `${noun} not found`);
    expect(await axeViolations(page)).toEqual([]);
    const list = r.list.slice(1);
    await clickLink(
      '[data-testid="record-not-found"]',
      `Back to ${list[0]!.toUpperCase()}${list.slice(1)}`,
    );
    await page.waitForFunction((p) => location.pathname === p, {}, r.list);
    expect(pageProblems(page)).toEqual([]);
  });

  it.each(KINDS)('the %s page is no wider than a 390 px phone', async (kind) => {
    const r = record(kind);
    await page.setViewport(PHONE);
    try {
      await visit(r.path);
      await onPage(r.path, r.testId, r.text);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await screenshot(page, `record-${kind}-phone`);
    } finally {
      await page.setViewport(DESKTOP);
    }
  });
});

describe('links between records', () => {
  it('order → invoice → payment → pharmacy → its order, each by its link', async () => {
    await visit(`/orders/${ids.order}`);
    await page.waitForSelector('[data-testid="order-page"]');
    await page.click('[data-testid="order-invoice-link"]');
    await onPage(`/invoices/${ids.invoice}`, 'invoice-page', numbers.invoice);
    expect(await page.$eval('[data-testid="invoice-order-link"]', (el) => el.textContent)).toBe(
      numbers.order,
    );
    // The payment's allocation to the invoice links to the payment.
    await page.waitForSelector('[data-testid^="invoice-allocations-row-"]');
    await clickLink('[data-testid^="invoice-allocations-row-"]', numbers.payment);
    await onPage(`/payments/${ids.payment}`, 'payment-page', 'CHK-2201');
    expect(await page.$eval('[data-testid="payment-invoice-link"]', (el) => el.textContent)).toBe(
      numbers.invoice,
    );
    await page.click('[data-testid="payment-pharmacy-link"]');
    await onPage(`/pharmacies/${ids.pharmacy}`, 'pharmacy-page', PHARMACY);
    await page.click('[data-testid="pharmacy-tab-orders"]');
    await page.waitForSelector(`[data-testid="pharmacy-orders-row-${ids.order}"]`);
    await clickLink(`[data-testid="pharmacy-orders-row-${ids.order}"]`, numbers.order);
    await onPage(`/orders/${ids.order}`, 'order-page', numbers.order);
  });

  it("the product lists the orders and invoices that sold it, through a variant's SKU", async () => {
    await visit(`/products/${ids.product}`);
    await page.waitForSelector(`[data-testid="product-orders-row-${ids.order}"]`);
    await page.waitForSelector(`[data-testid="product-orders-row-${ids.sentOrder}"]`);
    await page.waitForSelector(`[data-testid="product-invoices-row-${ids.invoice}"]`);
    expect(await page.$(`[data-testid="product-invoices-row-${ids.otherInvoice}"]`)).toBeNull();
    await clickLink(`[data-testid="product-invoices-row-${ids.invoice}"]`, numbers.invoice);
    await onPage(`/invoices/${ids.invoice}`, 'invoice-page', numbers.invoice);
  });

  it("the dashboard's recent rows open their records", async () => {
    await visit('/');
    await page.waitForSelector(`[data-testid="recent-invoice-${ids.invoice}"]`);
    await clickLink(`[data-testid="recent-invoice-${ids.invoice}"]`, numbers.invoice);
    await onPage(`/invoices/${ids.invoice}`, 'invoice-page', numbers.invoice);
  });
});

describe('the pages’ actions', () => {
  it('the pharmacy page shows its credit, balance and aging, and its open invoices', async () => {
    await visit(`/pharmacies/${ids.pharmacy}`);
    await page.waitForSelector('[data-testid="pharmacy-page"]');
    // 2,000 × $0.95 = $1,900.00 invoiced (no tax), $500.00 paid; $10,000.00 of credit.
    const text = (selector: string) => page.$eval(selector, (el) => (el as HTMLElement).innerText);
    expect(await text('[data-testid="pharmacy-balance"]')).toBe('$1,400.00');
    expect(await text('[data-testid="pharmacy-available-credit"]')).toBe('$8,600.00');
    await page.waitForSelector(`[data-testid="pharmacy-invoices-row-${ids.invoice}"]`);
    await waitForText(page, 'Aging on');
    expect(await text('[data-testid="pharmacy-aging"]')).toContain('$1,400.00');
  });

  it('New order and New invoice open their forms with the pharmacy picked', async () => {
    await visit(`/pharmacies/${ids.pharmacy}`);
    await page.waitForSelector('[data-testid="pharmacy-page"]');
    await clickLink('[data-testid="pharmacy-page"]', 'New order');
    await page.waitForFunction(() => location.pathname === '/orders/new');
    await page.waitForSelector('select[name="pharmacyId"]');
    expect(await page.$eval('select[name="pharmacyId"]', (el) => el.value)).toBe(
      String(ids.pharmacy),
    );

    await visit(`/pharmacies/${ids.pharmacy}`);
    await page.waitForSelector('[data-testid="pharmacy-page"]');
    await clickLink('[data-testid="pharmacy-page"]', 'New invoice');
    await page.waitForFunction(() => location.pathname === '/invoices/new');
    await page.waitForSelector('select[name="pharmacyId"]');
    expect(await page.$eval('select[name="pharmacyId"]', (el) => el.value)).toBe(
      String(ids.pharmacy),
    );
  });

  it("Record payment on the pharmacy page offers only that pharmacy's invoices", async () => {
    await visit(`/pharmacies/${ids.pharmacy}`);
    await page.waitForSelector('[data-testid="pharmacy-page"]');
    const [button] = await page.$$('xpath/.//button[normalize-space()="Record payment"]');
    await button!.click();
    // A payment for the pharmacy (issue 27): a row for each of its open invoices.
    await page.waitForSelector(
      `[data-testid="pharmacy-payment-form"] [data-testid="pharmacy-payment-row-${ids.invoice}"]`,
    );
    expect(await page.$(`[data-testid="pharmacy-payment-row-${ids.otherInvoice}"]`)).toBeNull();
  });

  it('an invoice with a balance offers Record payment on itself', async () => {
    await visit(`/invoices/${ids.invoice}`);
    await page.waitForSelector('[data-testid="invoice-page"]');
    const [button] = await page.$$('xpath/.//button[normalize-space()="Record payment"]');
    await button!.click();
    await page.waitForSelector('[data-testid="payment-form"] select[name="invoiceId"]');
    expect(
      await page.$eval('[data-testid="payment-form"] select[name="invoiceId"]', (el) => el.value),
    ).toBe(String(ids.invoice));
    expect(await axeViolations(page)).toEqual([]);
  });

  it('an order not yet invoiced offers Create invoice, with the order picked', async () => {
    await visit(`/orders/${ids.sentOrder}`);
    await page.waitForSelector('[data-testid="order-page"]');
    await waitForText(page, 'Not invoiced yet.');
    await clickLink('[data-testid="order-invoice"]', 'Create invoice');
    await page.waitForFunction(() => location.pathname === '/invoices/new');
    await page.waitForSelector('select[name="fromOrderId"]');
    expect(await page.$eval('select[name="fromOrderId"]', (el) => el.value)).toBe(
      String(ids.sentOrder),
    );
  });

  it('a list row still opens the quick view: its View action', async () => {
    await visit('/orders');
    const row = await rowTestId(page, numbers.order);
    await clickIn(page, row, 'View details');
    await page.waitForSelector('[data-testid="order-details"]');
    expect(new URL(page.url()).pathname).toBe('/orders');
  });
});
