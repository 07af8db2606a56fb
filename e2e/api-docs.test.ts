import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from './lib/app.js';
import {
  launchBrowser,
  openPage,
  screenshot,
  screenshotOnFailure,
  signUp,
  waitForText,
} from './lib/browser.js';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, '/');
  await signUp(page, '/');
});
afterAll(() => browser.close());
screenshotOnFailure(() => page);

describe('API reference', () => {
  it("opens from the user menu's 'API reference' in a new tab", async () => {
    await page.click('[data-testid="user-menu"]');
    await page.waitForSelector('[data-testid="api-docs"]', { visible: true });
    const opened = browser.waitForTarget((t) => t.url() === `${baseUrl()}/api/docs/`);
    await page.click('[data-testid="api-docs"]');
    const tab = await (await opened).page();
    expect(tab).not.toBeNull();
    await tab!.close();
  });

  it('renders the operations with every request on this origin and no console error', async () => {
    const docs = await browser.newPage();
    await docs.setViewport({ width: 1280, height: 800 });
    const origin = new URL(baseUrl()).origin;
    const elsewhere: string[] = [];
    const errors: string[] = [];
    docs.on('request', (req) => {
      const url = new URL(req.url());
      if (url.protocol !== 'data:' && url.protocol !== 'blob:' && url.origin !== origin)
        elsewhere.push(req.url());
    });
    docs.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    docs.on('pageerror', (error) => errors.push(String(error)));
    page = docs;

    await docs.goto(`${baseUrl()}/api/docs`, { waitUntil: 'networkidle0' });
    await waitForText(docs, 'PharmSupply API');
    // The first tag opens with its operations; the others are listed by name.
    for (const text of ['Create an account and sign in', 'Sign out', 'invoices', 'payments']) {
      await waitForText(docs, text);
    }
    await screenshot(docs, 'api-docs');

    expect(elsewhere).toEqual([]);
    expect(errors).toEqual([]);
  });
});
