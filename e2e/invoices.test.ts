import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fetchAgain,
  api as callApi,
  click,
  clickIn,
  fill,
  launchBrowser,
  openPage,
  pageProblems,
  screenshot,
  screenshotOnFailure,
  select,
  signUp,
  waitForNoText,
  waitForText,
} from './lib/browser.js';

let browser: Browser;
let page: Page;
let pharmacyId: number;
let order: { id: number; orderNumber: string };
let cancelled: { id: number; orderNumber: string };
let invoiceId: number;

/** The REST API, called from inside the page with its session cookie. */
const api = (method: string, url: string, body?: unknown) => callApi(page, method, url, body);

/** YYYY-MM-DD `days` from today, in the browser's (and the server's) local time. */
function isoDay(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

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

async function textOf(selector: string): Promise<string> {
  return page.$eval(selector, (el) => (el as HTMLElement).innerText.trim());
}

async function goto(route: string): Promise<void> {
  await page.goto(new URL(route, page.url()).toString(), { waitUntil: 'networkidle0' });
}

async function noDialog(): Promise<void> {
  await page.waitForFunction(
    () => !document.querySelector('[data-scope="dialog"][data-part="backdrop"]'),
  );
}

/** A toast left from the last step must not take the next click: close them first. */
async function dismissToasts(): Promise<void> {
  for (const close of await page.$$('[data-testid="toast"] [aria-label="Dismiss notification"]')) {
    await close.click().catch(() => undefined);
  }
  await page.waitForFunction(() => !document.querySelector('[data-testid="toast"]'));
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, '/');
  await signUp(page, '/invoices');

  const pharmacy = await api('POST', '/api/pharmacies', {
    name: 'Riverside Compounding Pharmacy',
    contactName: 'Maria Alvarez',
    email: 'orders@riversiderx.com',
    phone: '(503) 555-0142',
  });
  expect(pharmacy.status).toBe(201);
  pharmacyId = pharmacy.body.id;
  const other = await api('POST', '/api/pharmacies', {
    name: 'Oak Street Apothecary',
    email: 'oak@example.com',
  });
  expect(other.status).toBe(201);

  const newOrder = async () => {
    const res = await api('POST', '/api/orders', {
      pharmacyId,
      orderDate: '2026-03-14',
      lineItems: [
        { description: 'VL-TI - 10R Clear', qty: 3, unitPrice: '42.00' },
        { description: '20 mm gray stopper', qty: 100, unitPrice: '0.29' },
      ],
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  order = await newOrder(); // 126.00 + 29.00 = 155.00
  cancelled = await newOrder();
  expect((await api('PUT', `/api/orders/${cancelled.id}`, { status: 'Cancelled' })).status).toBe(
    200,
  );
});
afterAll(() => browser.close());
screenshotOnFailure(() => page);

describe('invoices', () => {
  it('shows the empty states of the All and Overdue tabs', async () => {
    await goto('/invoices');
    await waitForText(page, 'No invoices yet — create an order first.');
    await click(page, 'Overdue');
    await waitForText(page, 'No overdue invoices found.');
    expect(new URL(page.url()).search).toBe('?tab=overdue');
    await click(page, 'Partially Paid');
    await waitForText(page, 'No partially paid invoices found.');
    expect(new URL(page.url()).search).toBe('?tab=partially_paid');
    await click(page, 'All');
    await waitForText(page, 'No invoices yet — create an order first.');
  });

  it('refuses to save a draft without a pharmacy, and starts with the defaults', async () => {
    await goto('/invoices/new');
    await page.waitForSelector('[data-testid="invoice-form"]');
    expect(await value('[name="invoiceDate"]')).toBe(isoDay(0));
    expect(await value('[name="dueDate"]')).toBe(isoDay(30));
    expect(await value('select[name="terms"]')).toBe('Net 30');
    expect(await value('[name="taxRate"]')).toBe('8.75');
    const terms = await page.$$eval('select[name="terms"] option', (els) =>
      els.map((el) => (el as HTMLOptionElement).innerText),
    );
    expect(terms).toContain('Cash on Delivery');
    await click(page, 'Save Draft');
    await waitForText(page, 'Cannot save');
    await waitForText(page, 'Please select a pharmacy.');
  });

  it('from an order: locks the pharmacy, fills the amount, totals in cents', async () => {
    const offered = await page.$$eval('select[name="fromOrderId"] option', (els) =>
      els.map((el) => (el as HTMLOptionElement).value),
    );
    expect(offered).toEqual(['', String(order.id)]); // the Cancelled order is not offered
    await select(page, 'fromOrderId', String(order.id));
    await waitForValue('select[name="pharmacyId"]', String(pharmacyId));
    expect(
      await page.$eval('select[name="pharmacyId"]', (el) => (el as HTMLSelectElement).disabled),
    ).toBe(true);
    expect(await value('[name="amount"]')).toBe('155.00');
    // 155.00 × 8.75% = 13.5625 → 13.56; then a rate that lands on half a cent rounds up.
    await page.waitForFunction(
      () => document.querySelector('[data-testid="invoice-total"]')?.textContent === '$168.56',
    );
    await fill(page, 'taxRate', '8.5'); // 155.00 × 8.5% = 13.175 → 13.18
    await fill(page, 'shipping', '12.50');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="invoice-total"]')?.textContent === '$180.68',
    );
    expect(await textOf('[data-testid="invoice-subtotal"]')).toBe('$155.00');
    expect(await textOf('[data-testid="invoice-tax"]')).toBe('$13.18');
    expect(await textOf('[data-testid="invoice-shipping"]')).toBe('$12.50');

    await select(page, 'terms', 'Net 15');
    await waitForValue('[name="dueDate"]', isoDay(15));
    await select(page, 'terms', 'COD');
    await waitForValue('[name="dueDate"]', isoDay(0));
    await select(page, 'terms', 'Net 30');
    await waitForValue('[name="dueDate"]', isoDay(30));
    await fill(page, 'lotNumber', 'LT-240117-A');
    await fill(page, 'caseSize', '1,000');
    await screenshot(page, 'invoice-form');
  });

  it('saves a draft once, then creating issues that same invoice', async () => {
    await click(page, 'Save Draft');
    await waitForText(page, 'Draft saved');
    await waitForText(page, 'Your invoice draft has been saved successfully.');
    await page.waitForFunction(() => /Saved [1-9]\d*s ago/.test(document.body.innerText), {
      timeout: 5_000,
    });
    const { body: drafts } = await api('GET', '/api/invoices');
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({ status: 'Draft', total: '180.68', taxRate: '0.0850' });

    await click(page, 'Create Invoice');
    await waitForText(page, 'Invoice created successfully');
    await page.waitForFunction(() => location.pathname === '/invoices');
    const { body: invoices } = await api('GET', '/api/invoices');
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      id: drafts[0].id,
      status: 'Unpaid',
      fromOrderId: order.id,
      pharmacyId,
      amount: '155.00',
      taxAmount: '13.18',
      shipping: '12.50',
      total: '180.68',
      balance: '180.68',
      dueDate: isoDay(30),
      lotNumber: 'LT-240117-A',
    });
    expect(invoices[0].lineItems).toHaveLength(2);
    invoiceId = invoices[0].id;
    const row = `[data-testid="invoice-row-${invoiceId}"]`;
    await page.waitForSelector(`${row} [data-status="unpaid"]`);
    expect(await textOf(`${row} [data-status="unpaid"]`)).toBe('Unpaid');
    // Something is owed: no Mark Paid, a Record payment link instead.
    expect(await page.$(`${row} [aria-label="Mark Paid"]`)).toBeNull();
    expect(
      await page.$eval(`${row} [aria-label="Record payment"]`, (el) => el.getAttribute('href')),
    ).toBe(`/payments?record=${invoiceId}`);
  });

  it('shows the details and opens the PDF in a new tab', async () => {
    const row = `[data-testid="invoice-row-${invoiceId}"]`;
    await clickIn(page, row, 'View details');
    const dialog = '[data-testid="invoice-details"]';
    await page.waitForSelector(dialog);
    const text = await textOf(dialog);
    for (const expected of [
      'Maria Alvarez',
      'orders@riversiderx.com',
      '(503) 555-0142',
      'LT-240117-A',
      '1,000',
      'VL-TI - 10R Clear',
      '20 mm gray stopper',
      '$180.68',
      'Tax (8.50%)',
      'Edit Invoice',
      'Download PDF',
    ]) {
      expect(text).toContain(expected);
    }
    expect(await page.$('[data-testid="invoice-paid"]')).toBeNull(); // nothing paid yet
    await screenshot(page, 'invoice-details');

    await dismissToasts();
    const popup = new Promise<Page>((resolve) => page.once('popup', (p) => resolve(p!)));
    await click(page, 'Download PDF');
    const tab = await popup;
    try {
      await tab.waitForFunction(
        (id) => location.pathname === `/api/invoices/${id}/download`,
        {},
        invoiceId,
      );
      const file = await fetchAgain(page, tab.url());
      expect(file).toMatchObject({ status: 200, type: 'application/pdf', magic: '%PDF-' });
      expect(file.disposition).toMatch(/^inline; filename="invoice-INV-/);
    } finally {
      await tab.close();
    }
    await page.keyboard.press('Escape');
    await noDialog();
  });

  it('edits the invoice without changing its status', async () => {
    await goto(`/invoices/${invoiceId}/edit`);
    await waitForValue('[name="taxRate"]', '8.50');
    expect(await value('select[name="fromOrderId"]')).toBe(String(order.id));
    // An issued invoice is no draft: no Save Draft.
    const buttons = await page.$$eval('[data-testid="invoice-form"] button', (els) =>
      els.map((el) => (el as HTMLElement).innerText.trim()),
    );
    expect(buttons).not.toContain('Save Draft');
    await fill(page, 'shipping', '0.00');
    await click(page, 'Update Invoice');
    await waitForText(page, 'Invoice updated successfully');
    await page.waitForFunction(() => location.pathname === '/invoices');
    const { body } = await api('GET', `/api/invoices/${invoiceId}`);
    expect(body).toMatchObject({ status: 'Unpaid', total: '168.18' });
  });

  it('lists a past-due invoice under Overdue, with a red badge', async () => {
    const overdue = await api('POST', '/api/invoices', {
      pharmacyId,
      invoiceDate: isoDay(-40),
      dueDate: isoDay(-10),
      taxRate: '0.0000',
      amount: '40.00',
      status: 'Unpaid',
    });
    expect(overdue.status).toBe(201);
    await goto('/invoices?tab=overdue');
    const row = `[data-testid="invoice-row-${overdue.body.id}"]`;
    await page.waitForSelector(`${row} [data-status="overdue"]`);
    expect(await page.$(`[data-testid="invoice-row-${invoiceId}"]`)).toBeNull();
    await click(page, 'All');
    await page.waitForSelector(`[data-testid="invoice-row-${invoiceId}"]`);
    await page.waitForSelector(`${row} [data-status="overdue"]`);
    await screenshot(page, 'invoices-list');

    // Deleting it takes its payment too, after a confirmation that says so.
    const payment = await api('POST', '/api/payments', {
      invoiceId: overdue.body.id,
      pharmacyId,
      date: isoDay(0),
      amount: '10.00',
      method: 'Check',
    });
    expect(payment.status).toBe(201);
    await clickIn(page, row, 'Delete');
    await waitForText(
      page,
      `Are you sure you want to delete invoice ${overdue.body.invoiceNumber}? This will also delete all associated payments. This action cannot be undone.`,
    );
    await click(page, 'Delete');
    await waitForText(page, 'Invoice deleted successfully');
    await waitForNoText(page, overdue.body.invoiceNumber);
    expect((await api('GET', `/api/invoices/${overdue.body.id}`)).status).toBe(404);
    expect((await api('GET', `/api/payments/${payment.body.id}`)).status).toBe(404);
  });

  it('marks an invoice with nothing owed Paid', async () => {
    const free = await api('POST', '/api/invoices', {
      pharmacyId,
      invoiceDate: isoDay(0),
      dueDate: isoDay(30),
      taxRate: '0.0875',
      shipping: '0.00',
      amount: '0.00',
      notes: 'Replacement stoppers, no charge',
      status: 'Unpaid',
    });
    expect(free.status).toBe(201);
    await goto('/invoices');
    const row = `[data-testid="invoice-row-${free.body.id}"]`;
    await page.waitForSelector(`${row} [data-status="unpaid"]`);
    await clickIn(page, row, 'Mark Paid');
    await waitForText(page, 'Invoice status updated successfully');
    await page.waitForSelector(`${row} [data-status="paid"]`);
    expect(await page.$(`${row} [aria-label="Mark Paid"]`)).toBeNull();

    await clickIn(page, row, 'View details');
    await waitForText(page, 'No product information available');
    await page.keyboard.press('Escape');
    await noDialog();
  });

  it('ran without page errors or CSP violations', () => {
    expect(pageProblems(page)).toEqual([]);
  });
});
