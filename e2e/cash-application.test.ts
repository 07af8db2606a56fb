import type { Browser, ElementHandle, Page } from 'puppeteer-core';
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
  waitForText,
} from './lib/browser.js';

// Issue 27 in the browser: one payment split over three invoices with a remainder, a credit note
// from an invoice's returned line applied to another invoice, a refund of the remainder, and the
// statement that shows them all; then the same screens on a phone.

let browser: Browser;
let page: Page;
let pharmacyId: number;
const invoices: { id: number; invoiceNumber: string }[] = [];
let returned: { id: number; invoiceNumber: string };
let other: { id: number; invoiceNumber: string };
let paymentId: number;
let paymentNumber: string;
let creditNoteId: number;
let creditNoteNumber: string;

const api = (method: string, url: string, body?: unknown) => callApi(page, method, url, body);

function today(): string {
  const date = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

async function goto(route: string): Promise<void> {
  await page.goto(new URL(route, page.url()).toString(), { waitUntil: 'networkidle0' });
}

async function text(selector: string): Promise<string> {
  await page.waitForSelector(selector, { visible: true });
  return page.$eval(selector, (el) => (el as HTMLElement).innerText.trim());
}

/** Clicks the link inside the element `testId` whose text is `label`. */
async function followLink(testId: string, label: string): Promise<void> {
  const link = await page.waitForFunction(
    (id, t) =>
      [...document.querySelectorAll(`[data-testid="${id}"] a`)].find(
        (el) => el.textContent?.trim() === t,
      ),
    {},
    testId,
    label,
  );
  await (link.asElement() as ElementHandle<Element>).click();
}

async function noDialog(): Promise<void> {
  await page.waitForFunction(
    () => !document.querySelector('[data-scope="dialog"][data-part="backdrop"]'),
  );
}

async function post(url: string, body: unknown) {
  const res = await api('POST', url, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

function newInvoice(amount: string, extra: Record<string, unknown> = {}) {
  return post('/api/invoices', {
    pharmacyId,
    invoiceDate: today(),
    dueDate: today(),
    terms: 'Due on Receipt',
    taxRate: '0.0000',
    shipping: '0.00',
    amount,
    status: 'Unpaid',
    ...extra,
  });
}

async function balanceOf(invoice: { id: number }): Promise<string> {
  return (await api('GET', `/api/invoices/${invoice.id}`)).body.balance;
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, '/');
  await signUp(page, '/');
  pharmacyId = (
    await post('/api/pharmacies', { name: 'Lakeside Apothecary', email: 'ap@lakeside.example' })
  ).id;
  for (const amount of ['100.00', '200.00', '300.00']) invoices.push(await newInvoice(amount));
});
afterAll(() => browser.close());
screenshotOnFailure(() => page);

describe('cash application', () => {
  it('records one payment split over three invoices oldest first, with the rest unapplied', async () => {
    await goto(`/pharmacies/${pharmacyId}`);
    await page.waitForSelector('[data-testid="pharmacy-page"]');
    await click(page, 'Record payment');
    const form = '[data-testid="pharmacy-payment-form"]';
    await page.waitForSelector(`${form} [data-testid="pharmacy-payment-row-${invoices[2]!.id}"]`);
    await fill(page, 'amount', '650.00', form);
    await select(page, 'method', 'Check');
    await fill(page, 'reference', 'CHK-7781', form);
    await click(page, 'Apply oldest first');
    const applied = await Promise.all(
      invoices.map((invoice) =>
        page.$eval(`${form} [name="apply-${invoice.id}"]`, (el) => (el as HTMLInputElement).value),
      ),
    );
    expect(applied).toEqual(['100.00', '200.00', '300.00']);
    expect(await text('[data-testid="pharmacy-payment-unapplied"]')).toBe('$50.00');
    await screenshot(page, 'cash-record-payment');
    await page.click(`${form} button[type="submit"]`);
    await waitForText(page, 'Payment recorded successfully');
    await noDialog();

    for (const invoice of invoices) expect(await balanceOf(invoice)).toBe('0.00');
    await page.waitForSelector('[data-testid="pharmacy-unapplied"]');
    expect(await text('[data-testid="pharmacy-unapplied"]')).toBe('$50.00');
    const payments = await api('GET', `/api/payments?pharmacyId=${pharmacyId}`);
    const payment = payments.body.items?.[0] ?? payments.body[0];
    paymentId = payment.id;
    paymentNumber = payment.paymentNumber;

    await goto(`/payments/${paymentId}`);
    await page.waitForSelector('[data-testid="payment-allocations"]');
    const rows = await page.$$('[data-testid="payment-allocations"] tbody tr');
    expect(rows).toHaveLength(3);
    expect(await text('[data-testid="payment-unapplied"]')).toBe('$50.00');
    await screenshot(page, 'cash-payment-page');
  });

  it('credits a returned line of one invoice and applies the credit to another', async () => {
    const order = await post('/api/orders', {
      pharmacyId,
      orderDate: today(),
      lineItems: [
        { description: '10 mL amber vials, tray of 100', qty: 10, unitPrice: '42.00' },
        { description: 'Crimp seals', qty: 5, unitPrice: '3.00' },
      ],
    });
    // Older by id than the invoice the goods came on: the credit's oldest-first proposal goes to it.
    other = await newInvoice('150.00');
    returned = await newInvoice('435.00', { fromOrderId: order.id, amount: undefined });

    await goto(`/invoices/${returned.id}`);
    await page.waitForSelector('[data-testid="invoice-page"]');
    await click(page, 'Credit note');
    await page.waitForSelector('[data-testid="credit-note-form"] input[name^="qty-"]');
    const [vials] = await page.$$('[data-testid="credit-note-form"] input[name^="qty-"]');
    const vialsName = await vials!.evaluate((el) => (el as HTMLInputElement).name);
    await fill(page, vialsName, '2', '[data-testid="credit-note-form"]');
    await fill(
      page,
      'reason',
      'Two trays arrived with cracked vials',
      '[data-testid="credit-note-form"]',
    );
    await waitForText(page, '$84.00');
    await screenshot(page, 'cash-credit-note-form');
    await click(page, 'Create Credit Note');
    await page.waitForSelector('[data-testid="credit-note-page"]');
    expect(await text('[data-testid="credit-note-total"]')).toBe('$84.00');
    creditNoteId = Number(new URL(page.url()).pathname.split('/').pop());
    creditNoteNumber = (await api('GET', `/api/credit-notes/${creditNoteId}`)).body.number;
    expect(creditNoteNumber).toMatch(/^CRN-\d{4}-\d{5}$/);

    await click(page, 'Apply to invoices');
    await page.waitForSelector(`[data-testid="apply-row-${other.invoiceNumber}"]`);
    expect(
      await page.$eval(
        `[data-testid="apply-row-${other.invoiceNumber}"] input`,
        (el) => (el as HTMLInputElement).value,
      ),
    ).toBe('84.00');
    await screenshot(page, 'cash-apply-credit');
    await page.click('[data-testid="apply-form"] button[type="submit"]');
    await waitForText(page, '$84.00 applied');
    await noDialog();
    expect(await balanceOf(other)).toBe('66.00');
    expect(await balanceOf(returned)).toBe('435.00');
    await page.waitForSelector('[data-testid="credit-note-allocations"]');
    expect(await text('[data-testid="credit-note-unapplied"]')).toBe('$0.00');
    await screenshot(page, 'cash-credit-note-page');
  });

  it('shows a sales user the money but none of its actions', async () => {
    const invited = await api('POST', '/api/invitations', {
      email: `sales-${Date.now()}@lakeside.example`,
      role: 'sales',
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const context = await browser.createBrowserContext();
    try {
      const seller = await context.newPage();
      await seller.goto(new URL('/login', page.url()).toString(), { waitUntil: 'networkidle0' });
      const accepted = await callApi(seller, 'POST', '/api/invitations/accept', {
        token: new URL(invited.body.url).hash.replace('#token=', ''),
        password: 'sales-secret-42',
        firstName: 'Sam',
        lastName: 'Seller',
      });
      expect(accepted.status, JSON.stringify(accepted.body)).toBeLessThan(300);
      const labels = () =>
        seller.$$eval('button, a', (els) =>
          els.map((el) => (el as HTMLElement).innerText.trim()).filter(Boolean),
        );
      const visit = async (route: string, testId: string) => {
        await seller.goto(new URL(route, page.url()).toString(), { waitUntil: 'networkidle0' });
        await seller.waitForSelector(`[data-testid="${testId}"]`);
      };

      await visit(`/payments/${paymentId}`, 'payment-allocations');
      expect(await labels()).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/^(Refund|Apply to invoices|Void)$/)]),
      );
      await visit(`/pharmacies/${pharmacyId}`, 'pharmacy-unapplied');
      const onPharmacy = await labels();
      for (const hidden of ['Apply', 'Refund', 'Record payment', 'Credit note']) {
        expect(onPharmacy).not.toContain(hidden);
      }
      await visit(`/credit-notes/${creditNoteId}`, 'credit-note-allocations');
      expect(await labels()).not.toContain('Void');
      await visit('/credit-notes', 'credit-notes-table');
      expect(await labels()).not.toContain('New Credit Note');
    } finally {
      await context.close();
    }
  });

  it("refunds the payment's unapplied rest from the pharmacy page", async () => {
    await goto(`/pharmacies/${pharmacyId}`);
    await page.waitForSelector('[data-testid="pharmacy-sources"]');
    await screenshot(page, 'cash-pharmacy-unapplied');
    await clickIn(page, '[data-testid="pharmacy-sources"]', `Refund ${paymentNumber}`);
    const form = '[data-testid="refund-form"]';
    await page.waitForSelector(form);
    expect(
      await page.$eval(`${form} [name="amount"]`, (el) => (el as HTMLInputElement).value),
    ).toBe('50.00');
    // More than is unapplied is refused before it is sent.
    await fill(page, 'amount', '60.00', form);
    await page.click(`${form} button[type="submit"]`);
    await waitForText(page, 'At most $50.00 is unapplied');
    await fill(page, 'amount', '50.00', form);
    await fill(page, 'reference', 'REF-0042', form);
    await page.click(`${form} button[type="submit"]`);
    await waitForText(page, 'Refund recorded successfully');
    await noDialog();
    await page.waitForFunction(() => !document.querySelector('[data-testid="pharmacy-unapplied"]'));
    expect((await api('GET', `/api/pharmacies/${pharmacyId}`)).body.unapplied).toBe('0.00');
  });

  it('the statement shows the invoices, the payment, the credit note, the refund and the allocations', async () => {
    await goto(`/pharmacies/${pharmacyId}/statement?from=${today()}&to=${today()}`);
    await page.waitForSelector('[data-testid="statement-allocations"]');
    const table = await text('[data-testid="statement-table"]');
    for (const invoice of [...invoices, other, returned]) {
      expect(table).toContain(invoice.invoiceNumber);
    }
    expect(table).toContain(paymentNumber);
    expect(table).toContain(creditNoteNumber);
    expect(table).toMatch(/Credit note/);
    expect(table).toMatch(/Refund/);
    const allocations = await text('[data-testid="statement-allocations"]');
    for (const invoice of invoices) expect(allocations).toContain(invoice.invoiceNumber);
    expect(allocations).toContain(`${creditNoteNumber}`);
    expect(allocations).toContain(other.invoiceNumber);
    // 1,185.00 invoiced − 650.00 paid − 84.00 credited + 50.00 refunded = 501.00 owed, which is
    // what stays open: 66.00 + 435.00.
    expect(await text('[data-testid="statement-closing"]')).toContain('$501.00');
    await screenshot(page, 'cash-statement');
    expect(pageProblems(page)).toEqual([]);
  });

  it("an invoice's page lists what paid it, voided allocations marked, and its credit notes", async () => {
    // The credit's allocation to the other invoice voided: it stays listed, marked.
    const note = (await api('GET', `/api/credit-notes/${creditNoteId}`)).body;
    const voided = await api('POST', `/api/allocations/${note.allocations[0].id}/void`, {
      reason: 'Applied to the wrong invoice',
    });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);

    await goto(`/invoices/${other.id}`);
    await page.waitForSelector('[data-testid^="invoice-allocations-row-"]');
    const paidBy = await text('[data-testid="invoice-allocations"]');
    expect(paidBy).toContain(creditNoteNumber);
    expect(paidBy).toContain('$84.00');
    expect(paidBy).toContain('Voided');
    expect(paidBy).toContain('Applied to the wrong invoice');
    expect(await text('[data-testid="invoice-page-balance"]')).toBe('$150.00');
    expect(await text('[data-testid="invoice-credit-notes-empty"]')).toBe(
      'No credit notes raised from this invoice.',
    );
    await page.$eval('[data-testid="invoice-allocations"]', (el) =>
      el.scrollIntoView({ block: 'center' }),
    );
    await screenshot(page, 'cash-invoice-paid-by');
    await followLink('invoice-allocations', creditNoteNumber);
    await page.waitForSelector('[data-testid="credit-note-page"]');
    expect(new URL(page.url()).pathname).toBe(`/credit-notes/${creditNoteId}`);

    // The invoice the goods came on: the credit note raised from it, with its total.
    await goto(`/invoices/${returned.id}`);
    await page.waitForSelector(`[data-testid="invoice-credit-notes-row-${creditNoteId}"]`);
    const credits = await text(`[data-testid="invoice-credit-notes-row-${creditNoteId}"]`);
    expect(credits).toContain(creditNoteNumber);
    expect(credits).toContain('$84.00');
    expect(await text('[data-testid="invoice-allocations-empty"]')).toBe(
      'No payments or credits applied to this invoice.',
    );

    // The oldest invoice of the split: the cheque's part of it, linking to the payment.
    await goto(`/invoices/${invoices[0]!.id}`);
    await page.waitForSelector('[data-testid^="invoice-allocations-row-"]');
    const split = await text('[data-testid="invoice-allocations"]');
    expect(split).toContain(paymentNumber);
    expect(split).toContain('$100.00');
    expect(split).toContain('Active');
    await followLink('invoice-allocations', paymentNumber);
    await page.waitForSelector('[data-testid="payment-page"]');
    expect(new URL(page.url()).pathname).toBe(`/payments/${paymentId}`);
    expect(pageProblems(page)).toEqual([]);
  });

  it('fits a phone: the cash screens and the record payment dialog', async () => {
    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    // The page's width, and what reaches past the screen's edge when it is too wide.
    const width = () =>
      page.evaluate(() => {
        const scroll = document.documentElement.scrollWidth;
        if (scroll <= 390) return 'fits';
        const wide = [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > 391)
          .slice(-3)
          .map((el) => `${el.tagName}.${el.className}`.slice(0, 120));
        return `${scroll}: ${wide.join(' | ')}`;
      });
    for (const [route, testId, name] of [
      [`/pharmacies/${pharmacyId}`, 'pharmacy-page', 'pharmacy'],
      [`/payments/${paymentId}`, 'payment-page', 'payment'],
      [`/credit-notes/${creditNoteId}`, 'credit-note-page', 'credit-note'],
      ['/credit-notes', 'credit-notes-table', 'credit-notes'],
      [`/invoices/${other.id}`, 'invoice-allocations', 'invoice'],
      [
        `/pharmacies/${pharmacyId}/statement?from=${today()}&to=${today()}`,
        'statement-allocations',
        'statement',
      ],
    ] as const) {
      await goto(route);
      await page.waitForSelector(`[data-testid="${testId}"]`);
      await page.$eval(`[data-testid="${testId}"]`, (el) => el.scrollIntoView({ block: 'center' }));
      expect(await width(), route).toBe('fits');
      await screenshot(page, `cash-phone-${name}`);
    }
    await goto(`/pharmacies/${pharmacyId}`);
    await page.waitForSelector('[data-testid="pharmacy-page"]');
    await click(page, 'Record payment');
    await page.waitForSelector('[data-testid="pharmacy-payment-form"] [name="amount"]');
    const dialog = await page.$eval('[data-scope="dialog"][data-part="content"]', (el) => ({
      right: el.getBoundingClientRect().right,
      scroll: el.scrollWidth,
      client: el.clientWidth,
    }));
    expect(dialog.right).toBeLessThanOrEqual(390);
    expect(dialog.scroll).toBeLessThanOrEqual(dialog.client);
    await screenshot(page, 'cash-phone-record-payment');
  });
});
