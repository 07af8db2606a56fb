import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from './lib/app.js';
import {
  api,
  click,
  launchBrowser,
  openPage,
  rowTestId,
  screenshot,
  screenshotOnFailure,
  signUp,
  waitForText,
} from './lib/browser.js';

/*
 * Every screen on a phone (390 × 844): nothing is wider than the screen, so nobody scrolls a page
 * sideways; the lists show their main columns and open a record on a tap; the line items of a
 * document stack as cards.
 */

const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true };

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, '/');
  await page.setViewport(PHONE);
});
afterAll(() => browser.close());
screenshotOnFailure(() => page);

async function visit(route: string, text: string): Promise<void> {
  await page.goto(`${baseUrl()}${route}`, { waitUntil: 'networkidle0' });
  await waitForText(page, text);
}

/** How wide the page is (what a sideways scroll would reveal), in CSS pixels. */
function pageWidth(): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/**
 * The open dialog's box and how far its content reaches sideways: a dialog is fixed to the screen,
 * so it never widens the page, but its content can still run off the screen's edge.
 */
function dialogWidth(): Promise<{ right: number; scroll: number; client: number }> {
  return page.$eval('[data-scope="dialog"][data-part="content"]', (el) => ({
    right: el.getBoundingClientRect().right,
    scroll: el.scrollWidth,
    client: el.clientWidth,
  }));
}

async function expectFits(): Promise<void> {
  expect(await pageWidth()).toBeLessThanOrEqual(PHONE.width);
}

async function expectDialogFits(): Promise<void> {
  const dialog = await dialogWidth();
  expect(dialog.right).toBeLessThanOrEqual(PHONE.width);
  expect(dialog.scroll).toBeLessThanOrEqual(dialog.client);
}

/** Waits until the drawer or dialog has finished sliding in: a tap hits where things are at rest. */
function stopped(): Promise<unknown> {
  return page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

async function closeDialog(): Promise<void> {
  await page.keyboard.press('Escape');
  await page.waitForFunction(
    () => !document.querySelector('[data-scope="dialog"][data-part="backdrop"]'),
  );
}

describe('signed out, fits a phone', () => {
  it('the sign-in screen', async () => {
    await waitForText(page, 'Welcome back');
    await expectFits();
  });

  it('the register tab', async () => {
    await click(page, 'Register');
    await waitForText(page, 'Create an account');
    await expectFits();
  });
});

describe('signed in, fits a phone', () => {
  let pharmacyId: number;
  let productId: number;
  let order: { id: number; orderNumber: string };
  let invoice: { id: number; invoiceNumber: string };
  let paymentId: number;
  // The cash, lot and recall screens (issues 27, 30) and their records.
  let creditNote: { id: number; number: string };
  let lot: { id: number; lotNumber: string };
  let recall: { id: number; number: string };

  beforeAll(async () => {
    await signUp(page, '/');
    const post = async (url: string, body: unknown) => {
      const res = await api(page, 'POST', url, body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    };
    pharmacyId = (
      await post('/api/pharmacies', {
        name: 'Riverside Compounding Pharmacy of the Greater Portland Metropolitan Area',
        contactName: 'Maria Alvarez',
        email: 'accounts-payable.department@riverside-compounding-pharmacy.com',
        phone: '(503) 555-0142',
        shippingAddress: '1820 NW Front Ave, Suite 400, Portland, OR 97209',
      })
    ).id;
    productId = (
      await post('/api/products', {
        sku: 'VL-TI-LONGSKU',
        name: 'Tubular Serum Vial, Type I Borosilicate Glass',
        category: 'Vial',
        defaultPrice: '40.00',
        active: true,
      })
    ).id;
    const variant = await post('/api/product-variants', {
      parentSku: 'VL-TI-LONGSKU',
      variantSku: 'VL-10R-CLR-STERILE',
      size: '10R',
      color: 'Clear',
      sterile: true,
      packageQty: 100,
      defaultPrice: '42.00',
    });
    lot = await post('/api/lots', {
      variantId: variant.id,
      lotNumber: 'LT-2603-0142-STERILE',
      expiryDate: '2099-06-30',
    });
    const lineItems = [
      {
        productSku: 'VL-TI-LONGSKU',
        variantSku: 'VL-10R-CLR-STERILE',
        description: 'VL-TI-LONGSKU - 10R Clear sterile, boxes of 100',
        qty: 3000,
        unitPrice: '42.00',
        lotId: lot.id,
      },
    ];
    order = await post('/api/orders', { pharmacyId, orderDate: '2026-03-14', lineItems });
    const sent = await post('/api/orders', { pharmacyId, orderDate: '2026-03-14', lineItems });
    expect((await api(page, 'PUT', `/api/orders/${sent.id}`, { status: 'Sent' })).status).toBe(200);
    invoice = await post('/api/invoices', {
      pharmacyId,
      fromOrderId: sent.id,
      invoiceDate: '2026-03-14',
      dueDate: '2026-04-13',
      terms: 'Net 30',
      lotNumber: 'LT-240117-A',
      status: 'Unpaid',
    });
    paymentId = (
      await post('/api/payments', {
        invoiceId: invoice.id,
        pharmacyId,
        date: '2026-03-20',
        amount: '50.00',
        method: 'Check',
        reference: 'CHK-1042',
      })
    ).id;
    creditNote = await post('/api/credit-notes', {
      pharmacyId,
      invoiceId: invoice.id,
      date: '2026-03-21',
      reason: 'Two boxes arrived with cracked vials, credited at the invoiced price',
      amount: '84.00',
    });
    recall = await post('/api/recalls', {
      lotIds: [lot.id],
      class: 'II',
      reason: 'Particulate matter found in retained samples of the lot',
    });
  });

  const screens: [string, () => string, string][] = [
    ['the dashboard', () => '/', 'Overview of your supply chain operations'],
    ['the orders list', () => '/orders', 'Riverside Compounding'],
    ['the invoices list', () => '/invoices', 'Riverside Compounding'],
    ['the payments list', () => '/payments', 'Riverside Compounding'],
    ['the pharmacies list', () => '/pharmacies', 'Riverside Compounding'],
    ['the pharmacies on credit hold', () => '/pharmacies?tab=hold', 'On credit hold'],
    ['the products list', () => '/products', 'Tubular Serum Vial'],
    ['the reports', () => '/reports', 'Outstanding Invoices Detail'],
    ['the recall page', () => '/recall?lot=LT-240117-A', 'Riverside Compounding'],
    ['the activity page', () => '/activity', 'The latest changes across the business'],
    ['the settings', () => '/settings', 'Days past due before credit hold'],
    ['the users', () => '/settings/users', 'Pending invitations'],
    ['the API tokens', () => '/settings/tokens', 'New API token'],
    ['the invitation page', () => '/invitation#token=x', 'Accept your invitation'],
    [
      "a pharmacy's statement",
      () => `/pharmacies/${pharmacyId}/statement?from=2026-03-01&to=2026-03-31`,
      'Opening balance',
    ],
    ['the new order form', () => '/orders/new', 'Line Items'],
    ['the edit order form', () => `/orders/${order.id}/edit`, 'Update Order'],
    ['the new invoice form', () => '/invoices/new', 'Invoice Summary'],
    ['the edit invoice form', () => `/invoices/${invoice.id}/edit`, 'Update Invoice'],
    ['the new pharmacy form', () => '/pharmacies/new', 'Pharmacy details'],
    ['the edit pharmacy form', () => `/pharmacies/${pharmacyId}/edit`, 'Update Pharmacy'],
    ['the new product form', () => '/products/new', 'Add Variant'],
    ['the edit product form', () => `/products/${productId}/edit`, 'Update Product'],
    ['the 404 page', () => '/no-such-page', '404 Page Not Found'],
    ['the credit notes list', () => '/credit-notes', 'Riverside Compounding'],
    ['the new credit note form', () => '/credit-notes/new', 'New Credit Note'],
    ['a credit note page', () => `/credit-notes/${creditNote.id}`, 'cracked vials'],
    ['the lots list', () => '/lots', 'LT-2603-0142-STERILE'],
    ['a lot page', () => `/lots/${lot.id}`, 'Riverside Compounding'],
    ['the recalls list', () => '/recalls', 'LT-2603-0142-STERILE'],
    ['a recall page', () => `/recalls/${recall.id}`, 'Riverside Compounding'],
    ['the outbox', () => '/outbox', 'Emails sent and waiting'],
    ['the dunning page', () => '/dunning', 'Reminders of overdue invoices'],
    // Reached by a tap on a list row below too; here by their URL, each in a screenshot.
    ['an order page', () => `/orders/${order.id}`, 'Line Items'],
    ['an invoice page', () => `/invoices/${invoice.id}`, 'Riverside Compounding'],
    ['a payment page', () => `/payments/${paymentId}`, 'CHK-1042'],
    ['a pharmacy page', () => `/pharmacies/${pharmacyId}`, 'Maria Alvarez'],
    ['a product page', () => `/products/${productId}`, 'VL-10R-CLR-STERILE'],
  ];

  it.each(screens)('%s', async (name, route, text) => {
    await visit(route(), text);
    await expectFits();
    await screenshot(page, `phone-${name.replace(/[^a-z0-9]+/gi, '-')}`);
  });

  it('the orders list shows number, pharmacy, total and status, and leaves out the rest', async () => {
    await visit('/orders', order.orderNumber);
    const row = await page.$eval(`[data-testid="order-row-${order.id}"]`, (el) =>
      (el as HTMLElement).innerText.split('\n'),
    );
    expect(row).toEqual([
      order.orderNumber,
      'Riverside Compounding Pharmacy of the Greater Portland Metropolitan Area',
      '$126,000.00',
      'Draft',
    ]);
  });

  const records: [string, string, string, RegExp][] = [
    ['/orders', 'order-page', 'Riverside Compounding', /^\/orders\/\d+$/],
    ['/invoices', 'invoice-page', 'Riverside Compounding', /^\/invoices\/\d+$/],
    ['/payments', 'payment-page', 'Riverside Compounding', /^\/payments\/\d+$/],
    ['/pharmacies', 'pharmacy-page', 'Riverside Compounding', /^\/pharmacies\/\d+$/],
    ['/products', 'product-page', 'Tubular Serum Vial', /^\/products\/\d+$/],
  ];

  it.each(records)(
    '%s: a tap on a row opens its page (%s), which fits',
    async (route, testId, row, path) => {
      await visit(route, row);
      // The row's end, away from the number or name that is its link.
      const box = await (await page.$(await rowTestId(page, row)))!.boundingBox();
      await page.touchscreen.tap(box!.x + box!.width - 8, box!.y + box!.height / 2);
      await page.waitForSelector(`[data-testid="${testId}"]`);
      expect(new URL(page.url()).pathname).toMatch(path);
      await expectFits();
    },
  );

  it('the Record Payment dialog', async () => {
    await visit('/payments', 'Riverside Compounding');
    await click(page, 'Record Payment');
    await page.waitForSelector('[data-testid="payment-form"]');
    await expectDialogFits();
    await closeDialog();
  });

  it("the Activity page's Changes dialog", async () => {
    await visit('/activity', 'The latest changes across the business');
    await page.waitForSelector('[data-testid^="activity-row-"]');
    await click(page, 'Changes');
    await page.waitForSelector('[data-testid="activity-details"]');
    await expectDialogFits();
    await closeDialog();
  });

  it('the side menu, opened and closed on the new order form', async () => {
    await visit('/orders/new', 'Line Items');
    await page.tap('[aria-label="Open menu"]');
    await page.waitForSelector('[role="dialog"] nav');
    await stopped();
    await expectFits();
    await page.tap('[aria-label="Close menu"]');
    await page.waitForFunction(() => !document.querySelector('[role="dialog"] nav'));
    await expectFits();
    await screenshot(page, 'phone-order-form-menu-closed');
  });

  it("the order form's line items stack as cards, each field above the next", async () => {
    await visit(`/orders/${order.id}/edit`, 'Update Order');
    const boxes = await page.$$eval(
      ['category', 'productSku', 'variantSku', 'description', 'qty']
        .map((field) => `[name="lineItems.0.${field}"]`)
        .join(', '),
      (fields) =>
        fields.map((field) => {
          const box = field.getBoundingClientRect();
          return { top: box.top, bottom: box.bottom, right: box.right };
        }),
    );
    expect(boxes).toHaveLength(5);
    // In the order of the line's markup: each field starts below the one before it ends.
    boxes.slice(1).forEach((below, i) => {
      expect(below.top).toBeGreaterThanOrEqual(boxes[i]!.bottom);
    });
    for (const box of boxes) expect(box.right).toBeLessThanOrEqual(PHONE.width);
    await expectFits();
    await page.$eval('[data-testid="line-items"]', (el) => el.scrollIntoView());
    await screenshot(page, 'phone-order-form-line-items');
  });
});
