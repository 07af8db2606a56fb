import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from './lib/app.js';
import {
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

let browser: Browser;
let page: Page;

const row = (sku: string) => `[data-testid="product-row-${sku}"]`;

async function cellText(selector: string): Promise<string> {
  return page.$eval(selector, (el) => (el as HTMLElement).innerText.trim());
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
  await signUp(page, '/products/new');
});
afterAll(() => browser.close());
screenshotOnFailure(() => page);

describe('products', () => {
  it('creates a product with two variants whose SKUs come from Auto', async () => {
    await fill(page, 'sku', 'E2E-VIAL');
    await fill(page, 'name', 'E2E Serum Vial');
    await select(page, 'category', 'Vial');
    await fill(page, 'defaultPrice', '12.50');

    await click(page, 'Add Variant');
    await fill(page, 'variants.0.size', '2 R');
    await fill(page, 'variants.0.color', 'Clear');
    await click(page, 'Add Variant');
    await fill(page, 'variants.1.size', '10R');
    await fill(page, 'variants.1.color', 'amber');
    await page.click('[data-testid="auto-sku-0"]');
    await page.click('[data-testid="auto-sku-1"]');
    expect(
      await page.$eval('[name="variants.0.variantSku"]', (el) => (el as HTMLInputElement).value),
    ).toBe('E2E-VIAL-2R-CLE');
    expect(
      await page.$eval('[name="variants.1.variantSku"]', (el) => (el as HTMLInputElement).value),
    ).toBe('E2E-VIAL-10R-AMB');
    await screenshot(page, 'products-form');

    await click(page, 'Create Product');
    await waitForText(page, 'Product created successfully');
    await page.waitForSelector(row('E2E-VIAL'));
    expect(new URL(page.url()).pathname).toBe('/products');
    expect(await cellText(`${row('E2E-VIAL')} [data-testid="variant-count"]`)).toBe('2');
  });

  it('puts a variant SKU another product has under the row that holds it, saving nothing', async () => {
    await page.goto(`${baseUrl()}/products/new`, { waitUntil: 'networkidle0' });
    await fill(page, 'sku', 'E2E-CLASH');
    await fill(page, 'name', 'E2E Clashing Vial');
    await select(page, 'category', 'Vial');
    await fill(page, 'defaultPrice', '3.00');
    await click(page, 'Add Variant');
    await fill(page, 'variants.0.variantSku', 'E2E-CLASH-OWN');
    await click(page, 'Add Variant');
    await fill(page, 'variants.1.variantSku', 'E2E-VIAL-10R-AMB');
    await click(page, 'Create Product');

    const taken = 'Variant SKU E2E-VIAL-10R-AMB already exists';
    await page.waitForSelector('[name="variants.1.variantSku"][aria-invalid="true"]');
    expect(
      await page.$eval('[name="variants.1.variantSku"]', (input) =>
        (input.closest('[role="group"]') as HTMLElement | null)?.innerText.trim(),
      ),
    ).toContain(taken);
    expect(await page.$('[name="variants.0.variantSku"][aria-invalid="true"]')).toBeNull();
    await dismissToasts();
    await page.goto(`${baseUrl()}/products`, { waitUntil: 'networkidle0' });
    await page.waitForSelector(row('E2E-VIAL'));
    expect(await page.$(row('E2E-CLASH'))).toBeNull();
  });

  it('toggles the product inactive from the list', async () => {
    await clickIn(page, row('E2E-VIAL'), 'Deactivate');
    await waitForText(page, 'Product updated successfully');
    await page.waitForFunction(
      (selector) => document.querySelector(selector)?.textContent?.includes('Inactive'),
      {},
      row('E2E-VIAL'),
    );
    await page.waitForSelector(`${row('E2E-VIAL')} button[aria-label="Activate"]`);
  });

  it('imports the sample feed from the configured provider', async () => {
    await dismissToasts();
    await click(page, 'Import from MedSupply Direct');
    await waitForText(page, 'MedSupply Direct products imported successfully!');
    await page.waitForSelector(row('VL-TI'));
    await screenshot(page, 'products-imported');
  });

  it('filters by the Stoppers tab on the server, keeping the tab in the URL', async () => {
    await click(page, 'Stoppers');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('tab') === 'stoppers');
    await page.waitForSelector(row('ST-13-SER'));
    await page.waitForFunction((selector) => !document.querySelector(selector), {}, row('VL-TI'));
    const categories = await page.$$eval('[data-testid^="product-row-"] td:nth-child(3)', (cells) =>
      cells.map((c) => (c as HTMLElement).innerText.trim()),
    );
    expect(categories.length).toBeGreaterThan(0);
    expect(new Set(categories)).toEqual(new Set(['Stopper']));
    await screenshot(page, 'products-stoppers');

    await page.reload({ waitUntil: 'networkidle0' });
    await page.waitForSelector(row('ST-13-SER'));
    expect(await page.$(row('E2E-VIAL'))).toBeNull();
    expect(pageProblems(page)).toEqual([]);
  });
});
