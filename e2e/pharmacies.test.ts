import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  click,
  clickIn,
  fill,
  launchBrowser,
  screenshotOnFailure,
  openPage,
  pageProblems,
  rowTestId,
  screenshot,
  select,
  signUp,
  waitForNoText,
  waitForText,
} from './lib/browser.js';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, '/');
  await signUp(page, '/pharmacies');
});
afterAll(() => browser.close());
screenshotOnFailure(() => page);

const address = '1820 NW Front Avenue, Building C, Loading Dock 4, Portland, OR 97209';

describe('pharmacies', () => {
  it('shows the empty state', async () => {
    await waitForText(page, 'No pharmacies yet — click New Pharmacy to get started.');
  });

  it('shows validation messages under the fields and saves nothing', async () => {
    await click(page, 'New Pharmacy');
    await page.waitForSelector('[data-testid="pharmacy-form"]');
    await click(page, 'Create Pharmacy');
    await waitForText(page, 'Name is required');
    await waitForText(page, 'Email is required');
    expect(new URL(page.url()).pathname).toBe('/pharmacies/new');
  });

  it('creates a pharmacy through the form', async () => {
    await fill(page, 'name', 'Riverside Compounding Pharmacy');
    await fill(page, 'contactName', 'Maria Alvarez');
    await fill(page, 'email', 'orders@riversiderx.com');
    await fill(page, 'phone', '(503) 555-0142');
    await select(page, 'terms', 'COD');
    await fill(page, 'shippingAddress', address);
    await click(page, 'Copy from Shipping');
    expect(
      await page.$eval('[name="billingAddress"]', (el) => (el as HTMLTextAreaElement).value),
    ).toBe(address);
    await click(page, 'Create Pharmacy');
    await waitForText(page, 'Pharmacy created successfully');
    expect(new URL(page.url()).pathname).toBe('/pharmacies');
    await waitForText(page, 'Riverside Compounding Pharmacy');
    await waitForText(page, 'Cash on Delivery');
    await waitForText(page, `${address.slice(0, 50)}...`);
    await waitForText(page, '$0.00');
    await screenshot(page, 'pharmacies-list');
  });

  it('edits it', async () => {
    const row = await rowTestId(page, 'Riverside Compounding Pharmacy');
    await clickIn(page, row, 'Edit');
    await page.waitForFunction(
      () =>
        (document.querySelector('[name="name"]') as HTMLInputElement | null)?.value ===
        'Riverside Compounding Pharmacy',
    );
    await fill(page, 'name', 'Riverside Rx');
    await select(page, 'terms', 'Net 60');
    await click(page, 'Update Pharmacy');
    await waitForText(page, 'Pharmacy updated successfully');
    await waitForText(page, 'Riverside Rx');
    await waitForText(page, 'Net 60');
  });

  it('deletes it after the confirmation', async () => {
    const row = await rowTestId(page, 'Riverside Rx');
    await clickIn(page, row, 'Delete');
    await waitForText(page, 'Are you sure you want to delete Riverside Rx?');
    await waitForText(page, 'orders, invoices and payments');
    await click(page, 'Cancel');
    await waitForNoText(page, 'Are you sure you want to delete');
    // The closing dialog's backdrop swallows clicks until its exit animation ends.
    await page.waitForFunction(
      () => !document.querySelector('[data-scope="dialog"][data-part="backdrop"]'),
    );
    await clickIn(page, row, 'Delete');
    await click(page, 'Delete');
    await waitForText(page, 'Pharmacy deleted successfully');
    await waitForText(page, 'No pharmacies yet — click New Pharmacy to get started.');
  });

  it('ran without page errors or CSP violations', () => {
    expect(pageProblems(page)).toEqual([]);
  });
});
