/**
 * Issue 30 item 4 in the browser: a lot sold on one line of an invoice beside other lines is
 * recalled from its page; the recall lists the pharmacy with just that line; its notice is
 * marked notified and acknowledged; its letter downloads; the dashboard shows the open recall
 * until it is closed.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  select,
  signUp,
  waitForText,
} from './lib/browser.js';

let browser: Browser;
let page: Page;
let downloads: string;
let pharmacyId: number;
let lotId: number;
let recallId: number;
let invoiceNumber: string;

const api = (method: string, url: string, body?: unknown) => callApi(page, method, url, body);
const iso = (d: Date) => d.toISOString().slice(0, 10);
const today = iso(new Date());
const LOT = 'ST20-E2E-RCL';
const go = (route: string) =>
  page.goto(new URL(route, page.url()).toString(), { waitUntil: 'networkidle0' });

/**
 * Clicks until `done` holds: on a loaded machine a refetch can move the page under the click
 * (a line appears above the button), and the click then lands beside it.
 */
async function clickUntil(selector: string, done: () => Promise<boolean>, tries = 5) {
  for (let i = 0; i < tries; i++) {
    await page.waitForSelector(selector, { visible: true });
    await page.click(selector);
    const deadline = Date.now() + 4_000;
    while (Date.now() < deadline) {
      if (await done()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`clicking ${selector} did nothing`);
}
const dialogOpen = (testId: string) => async () => !!(await page.$(`[data-testid="${testId}"]`));

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, '/');
  await signUp(page, '/');
  downloads = mkdtempSync(path.join(tmpdir(), 'e2e-recall-letters-'));
  const cdp = await page.createCDPSession();
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });

  // A lot, sold on one line of an order beside a line without it, shipped and invoiced.
  expect(
    (
      await api('POST', '/api/products', {
        sku: 'ST-E2E',
        name: '20 mm stopper',
        category: 'Stopper',
        defaultPrice: '0.10',
      })
    ).status,
  ).toBe(201);
  const variant = await api('POST', '/api/product-variants', {
    parentSku: 'ST-E2E',
    variantSku: 'ST-E2E-20',
    packageQty: 100,
    defaultPrice: '0.10',
  });
  expect(variant.status).toBe(201);
  const lot = await api('POST', '/api/lots', {
    variantId: variant.body.id,
    lotNumber: LOT,
    expiryDate: iso(new Date(Date.now() + 730 * 86_400_000)),
  });
  expect(lot.status).toBe(201);
  lotId = lot.body.id;
  const pharmacy = await api('POST', '/api/pharmacies', {
    name: 'Bayside Compounding',
    contactName: 'Lee Park',
    email: 'rx@bayside.example',
  });
  pharmacyId = pharmacy.body.id;
  const order = await api('POST', '/api/orders', {
    pharmacyId,
    orderDate: today,
    lineItems: [
      {
        productSku: 'ST-E2E',
        variantSku: 'ST-E2E-20',
        description: 'Grey stoppers 20 mm',
        qty: 300,
        unitPrice: '0.10',
        lotId,
      },
      { description: 'Flip-off seals', qty: 300, unitPrice: '0.05' },
    ],
  });
  expect(order.status).toBe(201);
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
  invoiceNumber = invoice.body.invoiceNumber;
}, 60_000);
afterAll(async () => {
  await browser?.close();
  rmSync(downloads, { recursive: true, force: true });
});
screenshotOnFailure(() => page);

describe('recalls', () => {
  it('recalls the lot from its page and lists the pharmacy with just that line', async () => {
    await go(`/lots/${lotId}`);
    await page.waitForSelector('[data-testid="lot-page"]');
    await page.click('[data-testid="recall-lot"]');
    await page.waitForSelector('[data-testid="new-recall-dialog"]');
    await page.waitForFunction(
      (id) =>
        document.querySelector(`[data-testid="recall-lot-${id}"]`)?.getAttribute('data-state') ===
        'checked',
      {},
      lotId,
    );
    await select(page, 'class', 'I');
    await fill(page, 'reason', 'Stopper fragments found after piercing');
    await click(page, 'Open Recall');
    await page.waitForSelector('[data-testid="recall-page"]');
    recallId = Number(new URL(page.url()).pathname.split('/').at(-1));
    expect(recallId).toBeGreaterThan(0);

    const card = `[data-testid="recall-pharmacy-${pharmacyId}"]`;
    await page.waitForSelector(card);
    const lines = await page.$$eval(`${card} [data-testid="recall-line"]`, (rows) =>
      rows.map((row) => (row as HTMLElement).innerText),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(invoiceNumber);
    expect(lines[0]).toContain('Grey stoppers 20 mm');
    expect(lines[0]).toContain(LOT);
    expect(lines[0]).toContain('300');
    const cardText = await page.$eval(card, (el) => (el as HTMLElement).innerText);
    expect(cardText).not.toContain('Flip-off seals');
    expect(cardText).toContain('To notify');
    await waitForText(page, '0 of 1 acknowledged');
    expect((await api('GET', `/api/lots/${lotId}`)).body.status).toBe('recalled');
    await screenshot(page, 'recall-page');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('marks the notice notified, then acknowledged', async () => {
    const card = `[data-testid="recall-pharmacy-${pharmacyId}"]`;
    await clickUntil(`${card} [data-testid="mark-notified"]`, dialogOpen('notice-dialog'));
    await select(page, 'channel', 'email');
    await fill(page, 'by', 'Dana Morgan');
    await page.click('[data-testid="notice-save"]');
    await waitForText(page, 'Bayside Compounding marked notified');
    // The dialog's exit animation would take the next click.
    await page.waitForSelector('[data-testid="notice-dialog"]', { hidden: true });
    await page.waitForFunction(
      (sel) => document.querySelector(sel)?.textContent?.includes('Notified'),
      {},
      `${card} [data-testid="notice-status"]`,
    );
    await page.waitForSelector(`${card} [data-testid="notice-notified"]`);

    await clickUntil(`${card} [data-testid="mark-acknowledged"]`, dialogOpen('notice-dialog'));
    await fill(page, 'contact', 'Lee Park, pharmacist in charge');
    await fill(page, 'quantityReturned', '280');
    await page.click('[data-testid="notice-save"]');
    await waitForText(page, 'Bayside Compounding marked acknowledged');
    await waitForText(page, '1 of 1 acknowledged');
    const acknowledged = await page.$eval(
      `${card} [data-testid="notice-acknowledged"]`,
      (el) => (el as HTMLElement).innerText,
    );
    expect(acknowledged).toContain('Lee Park, pharmacist in charge');
    expect(acknowledged).toContain('280 returned or destroyed');
    const recall = (await api('GET', `/api/recalls/${recallId}`)).body;
    expect(recall.pharmacies[0].notice).toMatchObject({
      status: 'acknowledged',
      channel: 'email',
      notifiedBy: 'Dana Morgan',
      quantityReturned: 280,
    });
  });

  it("downloads the pharmacy's letter", async () => {
    const card = `[data-testid="recall-pharmacy-${pharmacyId}"]`;
    const letter = () =>
      readdirSync(downloads).find((f) =>
        /^recall-RCL-\d{4}-\d{5}-bayside-compounding\.pdf$/.test(f),
      );
    await clickUntil(`${card} [data-testid="recall-letter"]`, async () => !!letter());
    const name = letter()!;
    expect(readFileSync(path.join(downloads, name)).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('shows the open recall on the dashboard until it is closed', async () => {
    await go('/');
    await page.waitForSelector('[data-testid="stat-open-recalls"]');
    const cardText = await page.$eval(
      '[data-testid="stat-open-recalls"]',
      (el) => (el as HTMLElement).innerText,
    );
    expect(cardText).toContain('1 of 1 pharmacies acknowledged');
    await go(`/recalls/${recallId}`);
    await clickUntil('[data-testid="close-recall"]', dialogOpen('close-recall-dialog'));
    await page.click('[data-testid="close-recall-save"]');
    await waitForText(page, 'closed');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="recall-state"]')?.textContent === 'Closed',
    );
    await go('/recalls');
    await page.waitForSelector(`[data-testid="recall-row-${recallId}"]`);
    await go('/');
    await page.waitForSelector('[data-testid="stat-open-orders"]');
    expect(await page.$('[data-testid="stat-open-recalls"]')).toBeNull();
    expect(pageProblems(page)).toEqual([]);
  });

  it('has one Recall item in the menu, whose tabs lead to the lot search and the recalls', async () => {
    await go('/');
    const items = await page.$$eval('nav[aria-label="Main"] a', (links) =>
      links
        .filter((a) => /recall/i.test(a.textContent ?? ''))
        .map((a) => [a.textContent, new URL((a as HTMLAnchorElement).href).pathname]),
    );
    expect(items).toEqual([['Recall', '/recall']]);
    await page.click('[data-testid="nav-recall"]');
    await page.waitForSelector(
      '[data-testid="recall-tabs"] a[aria-current="page"][href="/recall"]',
    );
    await waitForText(page, 'Find every pharmacy that received a lot');
    await page.click('[data-testid="recall-tabs"] a[href="/recalls"]');
    await page.waitForSelector(`[data-testid="recall-row-${recallId}"]`);
    expect(new URL(page.url()).pathname).toBe('/recalls');
    expect(
      await page.$eval('[data-testid="nav-recall"]', (a) => a.getAttribute('aria-current')),
    ).toBe('page');
    await screenshot(page, 'recall-menu-recalls');
    await go(`/recalls/${recallId}`);
    await page.waitForSelector('[data-testid="recall-page"]');
    expect(
      await page.$eval('[data-testid="nav-recall"]', (a) => a.getAttribute('aria-current')),
    ).toBe('page');
  });
});
