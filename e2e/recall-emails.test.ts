/**
 * Issue 30 item 4 in the browser: Email Notices on a recall's page queues each pharmacy's letter;
 * the mail reaches a real SMTP server (started here, before the app reads SMTP_URL) with the
 * letter the page's download answers, and the notice turns notified by email.
 */
import { createHash } from 'node:crypto';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  api as callApi,
  axeViolations,
  launchBrowser,
  openPage,
  pageProblems,
  screenshot,
  screenshotOnFailure,
  signUp,
} from './lib/browser.js';
import { receiveMail } from './lib/smtp.js';

const smtp = await receiveMail('Recalls <recalls@e2e.example>');
const { received } = smtp;

let browser: Browser;
let page: Page;
let recall: { id: number; number: string };
let pharmacyId: number;

const api = (method: string, url: string, body?: unknown) => callApi(page, method, url, body);
const iso = (d: Date) => d.toISOString().slice(0, 10);
const today = iso(new Date());
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, '/');
  await signUp(page, '/');
  expect(
    (
      await api('POST', '/api/products', {
        sku: 'VL-MAIL',
        name: 'Serum vial',
        category: 'Vial',
        defaultPrice: '0.40',
      })
    ).status,
  ).toBe(201);
  const variant = await api('POST', '/api/product-variants', {
    parentSku: 'VL-MAIL',
    variantSku: 'VL-MAIL-10R',
    packageQty: 100,
    defaultPrice: '0.40',
  });
  const lot = await api('POST', '/api/lots', {
    variantId: variant.body.id,
    lotNumber: 'VL10-MAIL-A',
    expiryDate: iso(new Date(Date.now() + 730 * 86_400_000)),
  });
  expect(lot.status).toBe(201);
  const pharmacy = await api('POST', '/api/pharmacies', {
    name: 'Cedar Compounding',
    email: 'rx@cedar.example',
  });
  pharmacyId = pharmacy.body.id;
  const order = await api('POST', '/api/orders', {
    pharmacyId,
    orderDate: today,
    lineItems: [
      {
        productSku: 'VL-MAIL',
        variantSku: 'VL-MAIL-10R',
        description: 'Serum vials 10R',
        qty: 200,
        unitPrice: '0.40',
        lotId: lot.body.id,
      },
    ],
  });
  for (const status of ['Sent', 'Fulfilled']) {
    expect((await api('PUT', `/api/orders/${order.body.id}`, { status })).status).toBe(200);
  }
  const invoice = await api('POST', '/api/invoices', {
    pharmacyId,
    fromOrderId: order.body.id,
    invoiceDate: today,
    dueDate: today,
    amount: null,
    status: 'Unpaid',
  });
  expect(invoice.status).toBe(201);
  const opened = await api('POST', '/api/recalls', {
    lotIds: [lot.body.id],
    reason: 'Glass particles found',
    class: 'I',
  });
  expect(opened.status).toBe(201);
  recall = opened.body;
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await smtp.close();
});
screenshotOnFailure(() => page);

it('emails the notices from the recall page; the notice turns notified by email', async () => {
  await page.setViewport({ width: 1440, height: 900 });
  await page.goto(new URL(`/recalls/${recall.id}`, page.url()).toString(), {
    waitUntil: 'networkidle0',
  });
  const card = `[data-testid="recall-pharmacy-${pharmacyId}"]`;
  await page.waitForSelector(`${card} [data-testid="email-letter"]`);
  await page.click('[data-testid="email-notices"]');
  await page.waitForSelector('[data-testid="confirm-dialog"]');
  await screenshot(page, 'recall-email-notices-dialog');
  // The dialog's button, not the page's of the same name behind it.
  await page.click('[data-testid="confirm-dialog"] button::-p-text(Email Notices)');
  // The page looks again while the outbox sends; the notice turns notified by email.
  await page.waitForFunction(
    (sel) => document.querySelector(`${sel} [data-testid="notice-notified"]`)?.textContent,
    { timeout: 30_000 },
    card,
  );
  const notified = await page.$eval(
    `${card} [data-testid="notice-notified"]`,
    (el) => el.textContent ?? '',
  );
  expect(notified).toContain('by email');
  expect(await page.$('[data-testid="email-notices"]')).toBeNull();
  await screenshot(page, 'recall-emailed');
  expect(await axeViolations(page)).toEqual([]);

  expect(received).toHaveLength(1);
  const mail = received[0]!;
  expect(mail.to).toMatchObject({ text: 'rx@cedar.example' });
  expect(mail.subject).toContain(recall.number);
  const base64 = await page.evaluate(
    async ({ id, pharmacy }) => {
      const response = await fetch(`/api/recalls/${id}/letters/${pharmacy}.pdf`);
      let text = '';
      for (const byte of new Uint8Array(await response.arrayBuffer())) {
        text += String.fromCharCode(byte);
      }
      return btoa(text);
    },
    { id: recall.id, pharmacy: pharmacyId },
  );
  expect(mail.attachments).toHaveLength(1);
  expect(sha256(mail.attachments[0]!.content)).toBe(sha256(Buffer.from(base64, 'base64')));

  await page.setViewport({ width: 390, height: 844 });
  await page.reload({ waitUntil: 'networkidle0' });
  await page.waitForSelector(`${card} [data-testid="notice-notified"]`);
  await screenshot(page, 'recall-emailed-phone');
  expect(pageProblems(page)).toEqual([]);
});
