/**
 * Issue 28 item 5 in the browser: turning dunning on proposes today's reminder for an overdue
 * invoice; the Dunning screen approves it, and the mail reaches a real SMTP server (started here,
 * before the app: the app reads SMTP_URL when it starts).
 */
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  api as callApi,
  axeViolations,
  click,
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
let pharmacyId: number;

const api = (method: string, url: string, body?: unknown) => callApi(page, method, url, body);

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, '/');
  await signUp(page, '/');
  const pharmacy = await api('POST', '/api/pharmacies', {
    name: 'Hillcrest Apothecary',
    email: 'front@hillcrest.example',
    billingEmail: 'ap@hillcrest.example',
  });
  expect(pharmacy.status).toBe(201);
  pharmacyId = pharmacy.body.id;
  // Due 60 days ago, whatever today is: past every default level.
  const due = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
  const created = await api('POST', '/api/invoices', {
    pharmacyId: pharmacy.body.id,
    invoiceDate: due,
    dueDate: due,
    taxRate: '0.0000',
    shipping: '0.00',
    amount: '315.00',
    status: 'Unpaid',
  });
  expect(created.status).toBe(201);
  invoice = created.body;
  const settings = await api('GET', '/api/settings/dunning');
  const on = await api('PUT', '/api/settings/dunning', { ...settings.body, enabled: true });
  expect(on.status).toBe(200);
});
afterAll(async () => {
  await browser.close();
  await smtp.close();
});
screenshotOnFailure(() => page);

it('approves a proposed reminder on the Dunning screen; the mail goes out', async () => {
  await page.goto(new URL('/dunning', page.url()).toString(), { waitUntil: 'networkidle0' });
  await page.waitForSelector('[data-testid="dunning-due"]', { visible: true });
  await waitForText(page, 'Hillcrest Apothecary');
  await waitForText(page, invoice.invoiceNumber);
  await screenshot(page, 'dunning-due');
  await click(page, 'Approve');
  await waitForText(page, 'No reminders to approve.');
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[data-testid="dunning-status"]')].some(
        (el) => (el as HTMLElement).innerText.trim() === 'Approved',
      ),
    { timeout: 30_000 },
  );
  // The sender sends it within seconds; the history shows what the mail server answered.
  for (let i = 0; i < 60 && received.length === 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  expect(received).toHaveLength(1);
  const mail = received[0]!;
  expect(mail.to).toMatchObject({ text: 'ap@hillcrest.example' });
  expect(mail.subject).toBe('Final notice from PharmSupply: $315.00 overdue');
  expect(mail.text).toContain(invoice.invoiceNumber);
  expect(mail.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
  await page.reload({ waitUntil: 'networkidle0' });
  await waitForText(page, 'Email sent');
  await screenshot(page, 'dunning-history');
  expect(await axeViolations(page)).toEqual([]);
  expect(pageProblems(page)).toEqual([]);
});

it('edits the levels in Settings and pauses dunning on the pharmacy page', async () => {
  await page.goto(new URL('/settings', page.url()).toString(), { waitUntil: 'networkidle0' });
  await page.waitForSelector('[data-testid="dunning-level-3"]', { visible: true });
  await click(page, 'Add level');
  const days = await page.waitForSelector('[data-testid="dunning-level-4"] input[type="number"]');
  await days!.type('45');
  await screenshot(page, 'dunning-settings');
  expect(await axeViolations(page)).toEqual([]);
  await click(page, 'Save Dunning');
  await waitForText(page, 'Dunning settings saved');
  const settings = await api('GET', '/api/settings/dunning');
  expect(settings.body.levels.map((l: { days: number }) => l.days)).toEqual([-3, 15, 30, 45]);

  await page.goto(new URL(`/pharmacies/${pharmacyId}`, page.url()).toString(), {
    waitUntil: 'networkidle0',
  });
  await click(page, 'Pause dunning');
  await waitForText(page, 'Resume dunning');
  expect((await api('GET', `/api/pharmacies/${pharmacyId}/dunning`)).body.dunningPaused).toBe(true);
  expect(pageProblems(page)).toEqual([]);
});
