import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  axeViolations,
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
let downloads: string;

/** Clicks the link and waits for the file it downloads into `downloads`; returns its text. */
async function download(selector: string, name: RegExp): Promise<string> {
  for (const file of readdirSync(downloads)) rmSync(path.join(downloads, file));
  await page.click(selector);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const done = readdirSync(downloads).find((f) => name.test(f) && !f.endsWith('.crdownload'));
    if (done) return readFileSync(path.join(downloads, done), 'utf8');
    if (Date.now() > deadline)
      throw new Error(`no download matching ${name} (${readdirSync(downloads).join(', ')})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, '/');
  await signUp(page, '/');
  downloads = mkdtempSync(path.join(tmpdir(), 'e2e-downloads-'));
  const cdp = await page.createCDPSession();
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });

  const pharmacies = [];
  for (const [name, contactName, phone] of [
    ['Alder Compounding', 'Rita Alder', '(503) 555-0101'],
    ['Birch Apothecary', 'Sam Birch', '(503) 555-0102'],
    ['Cedar Pharmacy', 'Lee Cedar', '(503) 555-0103'],
  ] as const) {
    const res = await api(page, 'POST', '/api/pharmacies', {
      name,
      contactName,
      phone,
      email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
      terms: 'Net 30',
    });
    expect(res.status).toBe(201);
    pharmacies.push(res.body);
  }
  const invoice = (pharmacyId: number, lotNumber: string, status = 'Unpaid') =>
    api(page, 'POST', '/api/invoices', {
      pharmacyId,
      invoiceDate: '2026-10-01',
      dueDate: '2026-10-31',
      amount: '100.00',
      lotNumber,
      status,
    });
  for (const [i, lot] of ['RC-100-A', 'RC-100-A', 'RC-100-B', 'XX-9'].entries())
    expect((await invoice(pharmacies[i % 2]!.id, lot)).status).toBe(201);
  expect((await invoice(pharmacies[2]!.id, 'RC-100-A', 'Draft')).status).toBe(201);
  expect((await invoice(pharmacies[2]!.id, 'ZZ-1', 'Draft')).status).toBe(201);
});
afterAll(async () => {
  await browser.close();
  rmSync(downloads, { recursive: true, force: true });
});
screenshotOnFailure(() => page);

describe('recall', () => {
  it('is in the side menu after Reports and finds a lot by prefix, grouped by pharmacy', async () => {
    const labels = await page.$$eval('nav a', (links) =>
      links.map((a) => (a as HTMLElement).innerText.trim()).filter(Boolean),
    );
    expect(labels.indexOf('Recall')).toBe(labels.indexOf('Reports') + 1);
    await page.click('nav a[href="/recall"]');
    await page.waitForSelector('input[name="lot"]');
    await page.type('input[name="lot"]', 'rc-100*');
    await page.keyboard.press('Enter');
    await waitForText(page, '3 pharmacies · 4 invoices');
    const cards = await page.$$eval('[data-testid="recall-pharmacy"]', (els) =>
      els.map((el) => (el as HTMLElement).innerText),
    );
    expect(cards).toHaveLength(3);
    expect(cards[0]).toContain('Alder Compounding');
    expect(cards[0]).toContain('Rita Alder');
    expect(cards[0]).toContain('alder@example.com');
    expect(cards[0]).toContain('(503) 555-0101');
    expect(cards[0]).toContain('2 invoices');
    expect(cards.join('\n')).not.toContain('XX-9');
    expect(new URL(page.url()).searchParams.get('lot')).toBe('rc-100*');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'recall');
  });

  it("opens from the global search's Lots group", async () => {
    await page.goto(`${page.url().split('/recall')[0]}/`, { waitUntil: 'networkidle0' });
    await page.type('header input[role="combobox"]', 'rc-100');
    await page.waitForSelector('[data-testid="search-result-lot-RC-100-A"]');
    const detail = await page.$eval(
      '[data-testid="search-result-lot-RC-100-A"]',
      (el) => (el as HTMLElement).innerText,
    );
    expect(detail).toContain('3 invoices');
    await page.click('[data-testid="search-result-lot-RC-100-B"]');
    await waitForText(page, '1 pharmacy · 1 invoice');
    expect(new URL(page.url()).searchParams.get('lot')).toBe('RC-100-B');
    await page.click('input[name="lot"]', { count: 3 });
    await page.type('input[name="lot"]', 'rc-100*');
    await page.keyboard.press('Enter');
    await waitForText(page, '3 pharmacies · 4 invoices');
  });

  it('downloads the contact list as CSV', async () => {
    const csv = await download('[data-testid="recall-csv"]', /^recall-rc-100-prefix-.*\.csv$/);
    expect(csv.startsWith('\uFEFFpharmacy,contact_name,email,phone,invoice_number')).toBe(true);
    const rows = csv.trim().split('\r\n').slice(1);
    expect(rows).toHaveLength(4);
    expect(rows.filter((r) => r.startsWith('Alder Compounding,Rita Alder'))).toHaveLength(2);
  });

  it('says when no invoice shipped the lot', async () => {
    await page.click('input[name="lot"]', { count: 3 });
    await page.type('input[name="lot"]', 'NOPE-1');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="recall-empty"]');
    expect(pageProblems(page)).toEqual([]);
  });
});

describe('Export CSV on a list', () => {
  it('downloads every row of the open tab and filter', async () => {
    await page.goto(`${page.url().split('/recall')[0]}/invoices?tab=unpaid&q=alder`, {
      waitUntil: 'networkidle0',
    });
    await page.waitForSelector('[data-testid="export-csv"]');
    const href = await page.$eval('[data-testid="export-csv"]', (a) => a.getAttribute('href'));
    expect(href).toBe('/api/invoices.csv?q=alder&tab=unpaid');
    const csv = await download('[data-testid="export-csv"]', /^invoices-.*\.csv$/);
    const [header, ...rows] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header!.startsWith('invoice_number,pharmacy,')).toBe(true);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toContain('Alder Compounding');
    for (const row of rows) expect(row).toContain(',Unpaid,');
  });
});
