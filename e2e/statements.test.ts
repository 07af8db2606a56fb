/**
 * Issue 11 in the browser: a pharmacy's statement and its PDF, and an order for a pharmacy on
 * credit hold refused, then sent with an override reason.
 */
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fetchAgain,
  api as callApi,
  click,
  select,
  clickIn,
  fill,
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
let orderId: number;
const numbers: string[] = [];

const api = (method: string, url: string, body?: unknown) => callApi(page, method, url, body);

/** The last full month before today, as the statement's default period. */
function lastMonth(): { from: string; to: string; mid: (day: number) => string } {
  const now = new Date();
  const first = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  const last = new Date(now.getFullYear(), now.getMonth(), 0);
  const iso = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return {
    from: iso(first),
    to: iso(last),
    mid: (day) => iso(new Date(first.getFullYear(), first.getMonth(), day)),
  };
}

async function textOf(selector: string): Promise<string> {
  await page.waitForSelector(selector);
  return page.$eval(selector, (el) => (el as HTMLElement).innerText.trim());
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, '/');
  await signUp(page, '/');
  const month = lastMonth();
  const pharmacy = await api('POST', '/api/pharmacies', {
    name: 'Harbor Compounding Pharmacy',
    contactName: 'Sam Lee',
    email: 'ap@harborrx.com',
    billingAddress: '88 Pier Rd, Seattle, WA 98101',
    creditLimit: '500.00',
  });
  pharmacyId = pharmacy.body.id;
  for (const [day, amount] of [
    [3, '400.00'],
    [12, '250.00'],
  ] as const) {
    const invoice = await api('POST', '/api/invoices', {
      pharmacyId,
      invoiceDate: month.mid(day),
      dueDate: month.mid(day + 30),
      taxRate: '0.0000',
      shipping: '0.00',
      amount,
      status: 'Unpaid',
    });
    expect(invoice.status).toBe(201);
    numbers.push(invoice.body.invoiceNumber);
  }
  const payment = await api('POST', '/api/payments', {
    pharmacyId,
    invoiceId: (await api('GET', `/api/invoices?q=${numbers[0]}`)).body[0].id,
    date: month.mid(20),
    amount: '100.00',
    method: 'ACH',
  });
  expect(payment.status).toBe(201);
  numbers.push(payment.body.paymentNumber);
  const order = await api('POST', '/api/orders', {
    pharmacyId,
    orderDate: month.to,
    lineItems: [{ description: 'VL-TI - 10R Clear', qty: 10, unitPrice: '4.20' }],
  });
  orderId = order.body.id;
});
afterAll(() => browser.close());
screenshotOnFailure(() => page);

describe('statement', () => {
  it('opens from the pharmacy row and shows the last full month', async () => {
    await page.goto(new URL('/pharmacies', page.url()).toString(), { waitUntil: 'networkidle0' });
    await clickIn(page, `[data-testid="pharmacy-row-${pharmacyId}"]`, 'Statement');
    await page.waitForFunction(
      (id) => location.pathname === `/pharmacies/${id}/statement`,
      {},
      pharmacyId,
    );
    await waitForText(page, 'Statement — Harbor Compounding Pharmacy');
    const table = await textOf('[data-testid="statement-table"]');
    for (const expected of [
      'Opening balance',
      numbers[0]!,
      numbers[1]!,
      numbers[2]!,
      '$400.00',
      '$650.00',
      '$550.00',
      'Closing balance',
    ]) {
      expect(table).toContain(expected);
    }
    expect(await textOf('[data-testid="statement-closing-value"]')).toBe('$550.00');
    await screenshot(page, 'statement');
  });

  it('changes the period with the picker', async () => {
    await select(page, 'period', 'This month');
    await page.waitForFunction(() => new URL(location.href).searchParams.has('from'));
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="statement-opening-value"]')?.textContent ===
        '$550.00',
    );
    await select(page, 'period', 'Last month');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="statement-closing-value"]')?.textContent ===
        '$550.00',
    );
  });

  it('opens its PDF in a new tab', async () => {
    const popup = new Promise<Page>((resolve) => page.once('popup', (p) => resolve(p!)));
    await click(page, 'Download PDF');
    const tab = await popup;
    try {
      await tab.waitForFunction(
        (id) => location.pathname === `/api/pharmacies/${id}/statement.pdf`,
        {},
        pharmacyId,
      );
      const { from, to } = lastMonth();
      expect(new URL(tab.url()).search).toBe(`?from=${from}&to=${to}`);
      const file = await fetchAgain(page, tab.url());
      expect(file).toEqual({
        status: 200,
        type: 'application/pdf',
        disposition: `inline; filename="statement-harbor-compounding-pharmacy-${to}.pdf"`,
        magic: '%PDF-',
      });
    } finally {
      await tab.close();
    }
  });
});

describe('credit hold', () => {
  it('badges the pharmacy, counts it on the dashboard and filters the list', async () => {
    await page.goto(new URL('/', page.url()).toString(), { waitUntil: 'networkidle0' });
    await page.waitForFunction(
      () => document.querySelector('[data-testid="stat-credit-hold-value"]')?.textContent === '1',
    );
    await page.click('[data-testid="stat-credit-hold"]');
    await page.waitForFunction(() => location.search === '?tab=hold');
    const row = `[data-testid="pharmacy-row-${pharmacyId}"]`;
    expect(await textOf(`${row} [data-testid="credit-hold"]`)).toBe('Credit hold');
    await screenshot(page, 'pharmacies-credit-hold');
  });

  it('refuses to send the order, then sends it with an override reason', async () => {
    await page.goto(new URL('/orders', page.url()).toString(), { waitUntil: 'networkidle0' });
    await clickIn(page, `[data-testid="order-row-${orderId}"]`, 'Send');
    const dialog = '[data-testid="hold-override-dialog"]';
    expect(await textOf(dialog)).toContain(
      'Pharmacy Harbor Compounding Pharmacy is on credit hold: balance $550.00 is above the credit limit of $500.00',
    );
    await click(page, 'Override and Send');
    await waitForText(page, 'Please give a reason to override the hold.');
    expect((await api('GET', `/api/orders/${orderId}`)).body.status).toBe('Draft');
    await fill(page, 'holdOverrideReason', 'Cheque for $300 received today');
    await screenshot(page, 'order-credit-hold-override');
    await click(page, 'Override and Send');
    await waitForText(page, 'Order updated successfully');
    await page.waitForFunction(
      () => !document.querySelector('[data-testid="hold-override-dialog"]'),
    );
    expect((await api('GET', `/api/orders/${orderId}`)).body.status).toBe('Sent');
    expect(pageProblems(page).filter((p) => !p.includes('409'))).toEqual([]);
  });
});
