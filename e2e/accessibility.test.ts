import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from './lib/app.js';
import {
  api,
  axeViolations,
  click,
  clickIn,
  launchBrowser,
  openPage,
  rowTestId,
  screenshotOnFailure,
  signUp,
  waitForText,
} from './lib/browser.js';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, '/');
});
afterAll(() => browser.close());
screenshotOnFailure(() => page);

async function visit(route: string, text: string): Promise<void> {
  await page.goto(`${baseUrl()}${route}`, { waitUntil: 'networkidle0' });
  await waitForText(page, text);
}

describe('signed out, axe finds nothing wrong on', () => {
  it('the sign-in screen', async () => {
    await waitForText(page, 'Welcome back');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the register tab', async () => {
    await click(page, 'Register');
    await waitForText(page, 'Create an account');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the sign-in form showing its field errors', async () => {
    await click(page, 'Login');
    await click(page, 'Log in');
    await waitForText(page, 'Please enter a valid email');
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('signed in, axe finds nothing wrong on', () => {
  beforeAll(async () => {
    await signUp(page, '/');
    const pharmacy = await api(page, 'POST', '/api/pharmacies', {
      name: 'Riverside Compounding Pharmacy',
      contactName: 'Maria Alvarez',
      email: 'orders@riversiderx.com',
      phone: '(503) 555-0142',
    });
    expect(pharmacy.status).toBe(201);
    const product = await api(page, 'POST', '/api/products', {
      sku: 'VL-TI',
      name: 'Tubular Serum Vial',
      category: 'Vial',
      defaultPrice: '40.00',
      active: true,
    });
    expect(product.status).toBe(201);
    const variant = await api(page, 'POST', '/api/product-variants', {
      parentSku: 'VL-TI',
      variantSku: 'VL-10R-CLR',
      size: '10R',
      color: 'Clear',
      packageQty: 100,
      defaultPrice: '42.00',
    });
    expect(variant.status).toBe(201);
    const order = await api(page, 'POST', '/api/orders', {
      pharmacyId: pharmacy.body.id,
      orderDate: '2026-03-14',
      lineItems: [
        {
          productSku: 'VL-TI',
          variantSku: 'VL-10R-CLR',
          description: 'VL-TI - 10R Clear',
          qty: 3,
          unitPrice: '42.00',
        },
      ],
    });
    expect(order.status).toBe(201);
  });

  it('the dashboard', async () => {
    await visit('/', 'Overview of your supply chain operations');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the pharmacies list', async () => {
    await visit('/pharmacies', 'Riverside Compounding Pharmacy');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the new pharmacy form', async () => {
    await visit('/pharmacies/new', 'Pharmacy details');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the products list', async () => {
    await visit('/products', 'Tubular Serum Vial');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the new product form', async () => {
    await visit('/products/new', 'Add Variant');
    await click(page, 'Add Variant');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the orders list', async () => {
    await visit('/orders', 'Riverside Compounding Pharmacy');
    expect(await axeViolations(page)).toEqual([]);
  });

  it("an order's details dialog", async () => {
    await clickIn(page, await rowTestId(page, 'Riverside Compounding Pharmacy'), 'View details');
    await page.waitForSelector('[data-testid="order-details"]');
    await waitForText(page, 'Maria Alvarez');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the new order form', async () => {
    await visit('/orders/new', 'Line Items');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the invoices list', async () => {
    const { body: orders } = await api(page, 'GET', '/api/orders');
    const invoice = await api(page, 'POST', '/api/invoices', {
      pharmacyId: orders[0].pharmacyId,
      fromOrderId: orders[0].id,
      invoiceDate: '2026-03-14',
      dueDate: '2026-04-13',
      terms: 'Net 30',
      lotNumber: 'LT-240117-A',
      status: 'Unpaid',
    });
    expect(invoice.status).toBe(201);
    const payment = await api(page, 'POST', '/api/payments', {
      invoiceId: invoice.body.id,
      pharmacyId: invoice.body.pharmacyId,
      date: '2026-03-20',
      amount: '50.00',
      method: 'Check',
      reference: 'CHK-1042',
    });
    expect(payment.status).toBe(201);
    await visit('/invoices', invoice.body.invoiceNumber);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("an invoice's details dialog", async () => {
    await clickIn(page, await rowTestId(page, 'Riverside Compounding Pharmacy'), 'View details');
    await page.waitForSelector('[data-testid="invoice-details"]');
    await waitForText(page, 'LT-240117-A');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the new invoice form', async () => {
    await visit('/invoices/new', 'Invoice Summary');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the payments list', async () => {
    await visit('/payments', 'CHK-1042');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the Record Payment dialog', async () => {
    await click(page, 'Record Payment');
    await page.waitForSelector('[data-testid="payment-form"]');
    expect(await axeViolations(page)).toEqual([]);
  });

  it("an order's History tab", async () => {
    await visit('/orders', 'Riverside Compounding Pharmacy');
    await clickIn(page, await rowTestId(page, 'Riverside Compounding Pharmacy'), 'View details');
    await page.waitForSelector('[data-testid="order-details"]');
    await page.click('[data-testid="history-tab"]');
    await page.waitForSelector('[data-testid="record-history"] [data-testid^="change-"]');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the Activity page', async () => {
    await visit('/activity', 'The latest changes across the business');
    await page.waitForSelector('tr[data-testid^="activity-row-"]');
    expect(await axeViolations(page)).toEqual([]);
  });

  it("a pharmacy's statement", async () => {
    const { body: invoices } = await api(page, 'GET', '/api/invoices');
    const { pharmacyId, invoiceNumber } = invoices[0];
    await visit(`/pharmacies/${pharmacyId}/statement?from=2026-03-01&to=2026-03-31`, invoiceNumber);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the reports', async () => {
    await visit('/reports', 'Outstanding Invoices Detail');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the recall page with a lot found', async () => {
    await visit('/recall?lot=LT-240117-A', 'Riverside Compounding Pharmacy');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the settings page', async () => {
    await visit('/settings', 'Days past due before credit hold');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the 404 page', async () => {
    await visit('/no-such-page', '404 Page Not Found');
    expect(await axeViolations(page)).toEqual([]);
  });
});
