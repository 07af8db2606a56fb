import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
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
let invoice: { id: number; invoiceNumber: string };
let second: { id: number; invoiceNumber: string };

/** The REST API, called from inside the page with its session cookie. */
const api = (method: string, url: string, body?: unknown) => callApi(page, method, url, body);

function today(): string {
  const date = new Date();
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

async function newInvoice(amount: string) {
  const res = await api('POST', '/api/invoices', {
    pharmacyId,
    invoiceDate: today(),
    dueDate: today(),
    terms: 'Due on Receipt',
    taxRate: '0.0000',
    amount,
    status: 'Unpaid',
  });
  expect(res.status).toBe(201);
  return res.body;
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, '/');
  await signUp(page, '/payments');
  const pharmacy = await api('POST', '/api/pharmacies', {
    name: 'Riverside Compounding Pharmacy',
    email: 'orders@riversiderx.com',
  });
  expect(pharmacy.status).toBe(201);
  pharmacyId = pharmacy.body.id;
  invoice = await newInvoice('150.00');
  second = await newInvoice('80.00');
});
afterAll(() => browser.close());
screenshotOnFailure(() => page);

describe('payments', () => {
  it('shows the empty state', async () => {
    await goto('/payments');
    await waitForText(page, 'No payments recorded yet.');
  });

  it("refuses a dialog without an invoice, with the spec's messages", async () => {
    await click(page, 'Record Payment');
    await page.waitForSelector('[data-testid="payment-form"]');
    expect(await value('select[name="method"]')).toBe('ACH');
    expect(await value('[name="date"]')).toBe(today());
    await page.click('[data-testid="payment-form"] button[type="submit"]');
    await waitForText(page, 'Invoice is required');
    await waitForText(page, 'Amount must be greater than 0');
    await page.keyboard.press('Escape');
    await noDialog();
  });

  it("records a partial payment from the invoice's row: Partially Paid, balance right", async () => {
    await goto('/invoices');
    const row = `[data-testid="invoice-row-${invoice.id}"]`;
    await clickIn(page, row, 'Record payment');
    await page.waitForFunction(() => location.pathname === '/payments');
    await page.waitForSelector('[data-testid="payment-form"]');
    // The dialog opens on that invoice: its pharmacy and its balance as the amount.
    await waitForValue('select[name="invoiceId"]', String(invoice.id));
    expect(await value('[name="amount"]')).toBe('150.00');
    await waitForText(page, 'Balance due: $150.00');
    expect(
      await page.$eval('[data-testid="payment-pharmacy"]', (el) => (el as HTMLElement).innerText),
    ).toBe('Riverside Compounding Pharmacy');
    expect(new URL(page.url()).search).toBe('');
    // Invoices with nothing owed are not offered.
    const offered = await page.$$eval('select[name="invoiceId"] option', (els) =>
      els.map((el) => (el as HTMLOptionElement).value),
    );
    expect(offered.sort()).toEqual(['0', String(invoice.id), String(second.id)].sort());

    await fill(page, 'amount', '60.00');
    await select(page, 'method', 'Check');
    await fill(page, 'reference', 'CHK-1042');
    await screenshot(page, 'payment-dialog');
    await page.click('[data-testid="payment-form"] button[type="submit"]');
    await waitForText(page, 'Payment recorded successfully');
    await noDialog();
    await waitForText(page, 'CHK-1042');
    await waitForText(page, invoice.invoiceNumber);

    const { body } = await api('GET', `/api/invoices/${invoice.id}`);
    expect(body).toMatchObject({ status: 'Partially Paid', balance: '90.00', amountPaid: '60.00' });
    await goto('/invoices');
    await page.waitForSelector(`${row} [data-status="partially paid"]`);
    expect(await page.$eval(`${row} [data-status="partially paid"]`, (el) => el.textContent)).toBe(
      'Partially paid',
    );
    expect(
      await page.$eval(`${row} [data-testid="balance"]`, (el) => (el as HTMLElement).innerText),
    ).toBe('$90.00');
    await clickIn(page, row, 'View details');
    await page.waitForSelector('[data-testid="invoice-paid"]');
    expect(
      await page.$eval('[data-testid="invoice-paid"]', (el) => (el as HTMLElement).innerText),
    ).toContain('$60.00');
    await page.keyboard.press('Escape');
    await noDialog();
  });

  it('records ONE payment when Record Payment is double-clicked', async () => {
    await goto('/payments');
    await click(page, 'Record Payment');
    await page.waitForSelector('select[name="invoiceId"]');
    await select(page, 'invoiceId', String(second.id));
    await waitForValue('[name="amount"]', '80.00');
    await fill(page, 'amount', '30.00');
    const calls: string[] = [];
    const onRequest = (request: { url(): string }) => {
      if (request.url().includes('payments.create')) calls.push(request.url());
    };
    page.on('request', onRequest);
    // A real double click, then two submits in one go as a double click would be if the button
    // had not been disabled yet: whichever of them reach the server (the form's own pending guard
    // stops some, depending on timing) carry the dialog's one Idempotency-Key.
    await page.click('[data-testid="payment-form"] button[type="submit"]', { count: 2 });
    await page.evaluate(() => {
      const form = document.querySelector<HTMLFormElement>('[data-testid="payment-form"]');
      form?.requestSubmit();
      form?.requestSubmit();
    });
    await waitForText(page, 'Payment recorded successfully');
    await noDialog();
    await page.waitForNetworkIdle();
    page.off('request', onRequest);
    expect(calls.length).toBeGreaterThanOrEqual(1);
    const { body: payments } = await api('GET', '/api/payments');
    expect(payments.filter((p: { invoiceId: number }) => p.invoiceId === second.id)).toHaveLength(
      1,
    );
    expect((await api('GET', `/api/invoices/${second.id}`)).body.balance).toBe('50.00');
  });

  it('pays the rest: the invoice is Paid and leaves the picker', async () => {
    await dismissToasts();
    await click(page, 'Record Payment');
    await page.waitForSelector('select[name="invoiceId"]');
    await select(page, 'invoiceId', String(invoice.id));
    await waitForValue('[name="amount"]', '90.00');
    await page.click('[data-testid="payment-form"] button[type="submit"]');
    await waitForText(page, 'Payment recorded successfully');
    await noDialog();
    expect((await api('GET', `/api/invoices/${invoice.id}`)).body).toMatchObject({
      status: 'Paid',
      balance: '0.00',
    });
    await dismissToasts();
    await click(page, 'Record Payment');
    await page.waitForSelector('select[name="invoiceId"]');
    const offered = await page.$$eval('select[name="invoiceId"] option', (els) =>
      els.map((el) => (el as HTMLOptionElement).value),
    );
    expect(offered).not.toContain(String(invoice.id));
    await page.keyboard.press('Escape');
    await noDialog();
  });

  it('edits a payment with its invoice locked, and refuses an overpayment', async () => {
    const { body: payments } = await api('GET', '/api/payments');
    const check = payments.find((p: { reference: string | null }) => p.reference === 'CHK-1042');
    const row = `[data-testid="payment-row-${check.id}"]`;
    await page.waitForSelector(row);
    await clickIn(page, row, 'Edit');
    await page.waitForSelector('[data-testid="payment-form"]');
    expect(
      await page.$eval('select[name="invoiceId"]', (el) => (el as HTMLSelectElement).disabled),
    ).toBe(true);
    await waitForValue('[name="amount"]', '60.00');
    await fill(page, 'amount', '61.00');
    await page.click('[data-testid="payment-form"] button[type="submit"]');
    await waitForText(page, 'Failed to update payment:');
    await waitForText(page, 'exceeds the invoice balance');
    await fill(page, 'amount', '55.00');
    await page.click('[data-testid="payment-form"] button[type="submit"]');
    await waitForText(page, 'Payment updated successfully');
    await noDialog();
    expect((await api('GET', `/api/invoices/${invoice.id}`)).body).toMatchObject({
      status: 'Partially Paid',
      balance: '5.00',
    });
  });

  it("shows an overpayment's refusal under the Amount field as well as in the toast", async () => {
    await dismissToasts();
    await click(page, 'Record Payment');
    await page.waitForSelector('select[name="invoiceId"]');
    await page.select('select[name="invoiceId"]', String(invoice.id));
    await waitForValue('[name="amount"]', '5.00');
    await fill(page, 'amount', '6.00');
    await page.click('[data-testid="payment-form"] button[type="submit"]');
    await waitForText(
      page,
      'Failed to record payment: Payment exceeds the invoice balance of $5.00',
    );
    const amountField = await page.waitForFunction(() => {
      const input = document.querySelector('[data-testid="payment-form"] input[name="amount"]');
      const field = input?.closest('[data-scope="field"][data-part="root"]');
      return field?.querySelector('[data-part="error-text"]')?.textContent;
    });
    expect(await amountField.jsonValue()).toBe('Payment exceeds the invoice balance of $5.00');
    expect(
      await page.$eval('[data-testid="payment-form"] input[name="amount"]', (el) =>
        el.getAttribute('aria-invalid'),
      ),
    ).toBe('true');
    await page.keyboard.press('Escape');
    await noDialog();
    expect((await api('GET', `/api/invoices/${invoice.id}`)).body.balance).toBe('5.00');
  });

  it('shows a payment, edits it from there, and deletes it after the confirmation', async () => {
    const { body: payments } = await api('GET', '/api/payments');
    const check = payments.find((p: { reference: string | null }) => p.reference === 'CHK-1042');
    const row = `[data-testid="payment-row-${check.id}"]`;
    await dismissToasts();
    await clickIn(page, row, 'View details');
    await page.waitForSelector('[data-testid="payment-details"]');
    await waitForText(page, check.paymentNumber);
    await waitForText(page, 'CHK-1042');
    await screenshot(page, 'payment-details');
    // Edit Payment closes the details and opens the payment dialog on the same payment.
    await click(page, 'Edit Payment');
    await page.waitForSelector('[data-testid="payment-form"]');
    await waitForValue('[name="amount"]', '55.00');
    await page.waitForFunction(() => !document.querySelector('[data-testid="payment-details"]'));
    await page.keyboard.press('Escape');
    await noDialog();

    await clickIn(page, row, 'Delete');
    await waitForText(page, `Are you sure you want to delete payment ${check.paymentNumber}?`);
    await click(page, 'Delete');
    await waitForText(page, 'Payment deleted successfully');
    await waitForNoText(page, 'CHK-1042');
    expect((await api('GET', `/api/invoices/${invoice.id}`)).body.balance).toBe('60.00');
    await screenshot(page, 'payments-list');
  });

  it('ran without page errors or CSP violations', () => {
    expect(pageProblems(page)).toEqual([]);
  });
});
