/**
 * Issue 29 in the browser: a licence added with its document in the pharmacy's details, the
 * order form's warning, the refusal toast (a DEA refusal, which nothing overrides) and an admin's
 * override of an expired state licence; the Licence issues tab and the dashboard card.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api as callApi,
  click,
  clickIn,
  fill,
  launchBrowser,
  openPage,
  screenshot,
  screenshotOnFailure,
  signUp,
  waitForText,
} from './lib/browser.js';

let browser: Browser;
let page: Page;
let pharmacyId: number;
let plainOrderId: number;
let controlledOrderId: number;

const api = (method: string, url: string, body?: unknown) => callApi(page, method, url, body);

const iso = (d: Date) => d.toISOString().slice(0, 10);
const today = iso(new Date());
const yesterday = iso(new Date(Date.now() - 86_400_000));

async function textOf(selector: string): Promise<string> {
  await page.waitForSelector(selector);
  return page.$eval(selector, (el) => (el as HTMLElement).innerText.trim());
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, '/');
  await signUp(page, '/');
  expect(
    (await api('PUT', '/api/settings', { holdDaysPastDue: 60, requireLicences: true })).status,
  ).toBe(200);
  const pharmacy = await api('POST', '/api/pharmacies', {
    name: 'Prairie State Compounding',
    email: 'rx@prairie.example',
    shippingAddress: '400 Capitol Ave\nSpringfield, IL 62701',
  });
  pharmacyId = pharmacy.body.id;
  const product = await api('POST', '/api/products', {
    sku: 'OXY-API',
    name: 'Oxycodone HCl API',
    category: 'API',
    defaultPrice: '80.00',
    controlledSchedule: 'II',
  });
  expect(product.status).toBe(201);
  const order = (lineItems: object[]) =>
    api('POST', '/api/orders', { pharmacyId, orderDate: today, lineItems });
  plainOrderId = (await order([{ description: '2R vials', qty: 100, unitPrice: '0.40' }])).body.id;
  controlledOrderId = (
    await order([
      { productSku: 'OXY-API', description: 'Oxycodone HCl API 10 g', qty: 1, unitPrice: '80.00' },
    ])
  ).body.id;
}, 60_000);
afterAll(() => browser?.close());
screenshotOnFailure(() => page);

describe('licences', () => {
  it('adds a licence with its document in the pharmacy details', async () => {
    await page.goto(new URL('/pharmacies', page.url()).toString(), { waitUntil: 'networkidle0' });
    await clickIn(page, `[data-testid="pharmacy-row-${pharmacyId}"]`, 'View');
    await page.waitForSelector('[data-testid="licences-empty"]');
    await click(page, 'Add Licence');
    await page.waitForSelector('[data-testid="licence-dialog"]');
    await fill(page, 'number', 'IL-054.012345');
    await fill(page, 'state', 'IL');
    await page.$eval(
      '[name="issuedOn"]',
      (el, v) => {
        const input = el as HTMLInputElement;
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, v);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      },
      '2024-07-01',
    );
    await page.$eval(
      '[name="expiresOn"]',
      (el, v) => {
        const input = el as HTMLInputElement;
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, v);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      },
      yesterday,
    );
    await click(page, 'Save Licence');
    await waitForText(page, 'Licence added');
    const { body: licences } = await api('GET', `/api/pharmacies/${pharmacyId}/licences`);
    expect(licences).toHaveLength(1);
    const licence = licences[0];
    const row = `[data-testid="licence-row-${licence.id}"]`;
    expect(await textOf(`${row} [data-testid="licence-status"]`)).toBe('Expired');

    const scan = path.join(os.tmpdir(), `licence-${Date.now()}.pdf`);
    writeFileSync(scan, '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const [chooser] = await Promise.all([
      page.waitForFileChooser(),
      clickIn(page, row, 'Upload the document of IL-054.012345'),
    ]);
    await chooser.accept([scan]);
    await waitForText(page, 'Document uploaded');
    await page.waitForSelector(`${row} a[href="/api/licences/${licence.id}/document"]`);
    const stored = await page.evaluate(async (url) => {
      const res = await fetch(url);
      return { type: res.headers.get('content-type'), text: await res.text() };
    }, `/api/licences/${licence.id}/document`);
    expect(stored.type).toBe('application/pdf');
    expect(stored.text.startsWith('%PDF-1.4')).toBe(true);
    await page.$eval('[data-testid="licences-section"]', (el) => el.scrollIntoView());
    await screenshot(page, 'licences-section');
  });

  it('warns under the order form’s pharmacy picker', async () => {
    await page.goto(new URL(`/orders/${plainOrderId}/edit`, page.url()).toString(), {
      waitUntil: 'networkidle0',
    });
    expect(await textOf('[data-testid="order-pharmacy-licence"]')).toContain(
      'No valid state pharmacy licence for IL: sending and invoicing are refused',
    );
    await screenshot(page, 'order-licence-warning');
  });

  it('refuses a controlled line without a DEA registration, in a toast', async () => {
    await page.goto(new URL('/orders', page.url()).toString(), { waitUntil: 'networkidle0' });
    await clickIn(page, `[data-testid="order-row-${controlledOrderId}"]`, 'Send');
    await waitForText(page, 'needs a DEA registration covering schedule II (OXY-API): missing');
    expect(await page.$('[data-testid="licence-override-dialog"]')).toBeNull();
    expect((await api('GET', `/api/orders/${controlledOrderId}`)).body.status).toBe('Draft');
  });

  it('lets the admin override the expired state licence with a reason', async () => {
    // The pointer off the other row's Send: its tooltip covers this row's button.
    await page.mouse.move(0, 0);
    await page.waitForFunction(
      () =>
        !document.querySelector('[data-scope="tooltip"][data-part="content"][data-state="open"]'),
    );
    await clickIn(page, `[data-testid="order-row-${plainOrderId}"]`, 'Send');
    const dialog = '[data-testid="licence-override-dialog"]';
    expect(await textOf(dialog)).toContain(`IL-054.012345 expired on ${yesterday}`);
    await click(page, 'Override licence');
    await waitForText(page, 'Please give a reason to override the licence requirement.');
    await fill(page, 'licenceOverrideReason', 'Renewal confirmed with the IL board by phone');
    await screenshot(page, 'order-licence-override');
    await click(page, 'Override licence');
    await waitForText(page, 'Order updated successfully');
    expect((await api('GET', `/api/orders/${plainOrderId}`)).body.status).toBe('Sent');
    const history = await api('GET', `/api/activity?entityType=order&entityId=${plainOrderId}`);
    expect(history.body[0].note).toBe(
      'Licence requirement overridden: Renewal confirmed with the IL board by phone',
    );
  });

  it('counts the problems on the dashboard and lists them in the Licence issues tab', async () => {
    await page.goto(new URL('/', page.url()).toString(), { waitUntil: 'networkidle0' });
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="stat-licence-issues-value"]')?.textContent === '2',
    );
    await page.click('[data-testid="stat-licence-issues"]');
    await page.waitForFunction(() => location.search === '?tab=licences');
    const row = `[data-testid="licence-issue-${pharmacyId}"]`;
    expect(await textOf(row)).toContain('State pharmacy licence IL-054.012345 expired on');
    await screenshot(page, 'pharmacies-licence-issues');
  });
});
