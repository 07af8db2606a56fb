/**
 * Issue 28 in the browser: Email invoice from the invoice page, then the outbox shows it sent,
 * and the mail reached a real SMTP server (started here, before the app: the app reads SMTP_URL
 * when it starts) with the invoice's PDF.
 */
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  api as callApi,
  axeViolations,
  click,
  fill,
  launchBrowser,
  openPage,
  pageProblems,
  screenshot,
  screenshotOnFailure,
  signUp,
  waitForText,
} from './lib/browser.js';
import { receiveMail } from './lib/smtp.js';

const smtp = await receiveMail('Billing <billing@e2e.example>');
const { received } = smtp;

let browser: Browser;
let page: Page;
let invoice: { id: number; invoiceNumber: string };

const api = (method: string, url: string, body?: unknown) => callApi(page, method, url, body);

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, '/');
  await signUp(page, '/');
  const pharmacy = await api('POST', '/api/pharmacies', {
    name: 'Lakeside Compounding',
    email: 'front@lakeside.example',
    billingEmail: 'ap@lakeside.example',
  });
  expect(pharmacy.status).toBe(201);
  const created = await api('POST', '/api/invoices', {
    pharmacyId: pharmacy.body.id,
    invoiceDate: '2026-03-14',
    dueDate: '2026-04-13',
    taxRate: '0.0000',
    shipping: '0.00',
    amount: '240.00',
    status: 'Unpaid',
  });
  expect(created.status).toBe(201);
  invoice = created.body;
});
afterAll(async () => {
  await browser.close();
  await smtp.close();
});
screenshotOnFailure(() => page);

it('emails an invoice from its page; the outbox and the invoice show it sent', async () => {
  await page.goto(new URL(`/invoices/${invoice.id}`, page.url()).toString(), {
    waitUntil: 'networkidle0',
  });
  await click(page, 'Email');
  await page.waitForSelector('[data-testid="email-dialog"] [name="to"]', { visible: true });
  await page.waitForFunction(
    () =>
      (document.querySelector('[data-testid="email-dialog"] [name="to"]') as HTMLInputElement)
        .value === 'ap@lakeside.example',
  );
  await waitForText(page, `Please find attached invoice ${invoice.invoiceNumber}`);
  await fill(page, 'message', 'Thank you for the order.', '[data-testid="email-dialog"]');
  await screenshot(page, 'email-invoice-dialog');
  expect(await axeViolations(page)).toEqual([]);
  await click(page, 'Send');
  await waitForText(page, 'Email queued');

  await page.goto(new URL('/outbox', page.url()).toString(), { waitUntil: 'networkidle0' });
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[data-testid="outbox-status"]')].some(
        (el) => (el as HTMLElement).innerText.trim() === 'Sent',
      ),
    { timeout: 30_000 },
  );
  await waitForText(page, `Invoice ${invoice.invoiceNumber} from PharmSupply`);
  await screenshot(page, 'outbox');
  // The row names the invoice by its number, a link to its page.
  const link = await page.$eval(
    `[data-testid^="outbox-row-"] a[href="/invoices/${invoice.id}"]`,
    (el) => (el as HTMLElement).innerText.trim(),
  );
  expect(link).toBe(invoice.invoiceNumber);
  expect(await axeViolations(page)).toEqual([]);
  await click(page, 'Preview');
  await page.waitForSelector('[data-testid="email-preview"] [role="region"]');
  await waitForText(page, 'invoice-' + invoice.invoiceNumber + '.pdf (');
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  expect(received).toHaveLength(1);
  const mail = received[0]!;
  expect(mail.to).toMatchObject({ text: 'ap@lakeside.example' });
  expect(mail.text).toContain('Thank you for the order.');
  expect(mail.attachments.map((a) => a.filename)).toEqual([`invoice-${invoice.invoiceNumber}.pdf`]);
  expect(mail.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');

  await page.goto(new URL(`/invoices/${invoice.id}`, page.url()).toString(), {
    waitUntil: 'networkidle0',
  });
  await waitForText(page, 'Delivered to the mail server for ap@lakeside.example');
  expect(pageProblems(page)).toEqual([]);
});

it('emails a credit note from its page; the page shows it delivered', async () => {
  const note = await api('POST', '/api/credit-notes', {
    pharmacyId: (await api('GET', `/api/invoices/${invoice.id}`)).body.pharmacyId,
    invoiceId: invoice.id,
    date: '2026-03-20',
    reason: 'Two vials arrived cracked',
    amount: '30.00',
  });
  expect(note.status).toBe(201);
  await page.goto(new URL(`/credit-notes/${note.body.id}`, page.url()).toString(), {
    waitUntil: 'networkidle0',
  });
  await waitForText(page, 'Not emailed yet.');
  await click(page, 'Email');
  await page.waitForSelector('[data-testid="email-dialog"] [name="to"]', { visible: true });
  await waitForText(page, `Please find attached credit note ${note.body.number}`);
  await waitForText(page, `credit-note-${note.body.number}.pdf`);
  await screenshot(page, 'email-credit-note-dialog');
  await click(page, 'Send');
  await waitForText(page, 'Email queued');
  // The outbox sends it within moments; the page shows it delivered when opened again.
  await expect
    .poll(
      async () =>
        (await api('GET', `/api/emails?entityType=credit_note&entityId=${note.body.id}`)).body[0]
          ?.status,
      { timeout: 30_000, interval: 500 },
    )
    .toBe('sent');
  await page.reload({ waitUntil: 'networkidle0' });
  await waitForText(page, 'Delivered to the mail server for ap@lakeside.example');
  await screenshot(page, 'credit-note-emails');
  const mail = received.find((m) => m.subject?.startsWith(`Credit note ${note.body.number}`));
  expect(mail?.attachments.map((a) => a.filename)).toEqual([`credit-note-${note.body.number}.pdf`]);
  expect(pageProblems(page)).toEqual([]);
});
