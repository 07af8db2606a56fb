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

const INPUT = 'header input[role="combobox"]';
const PANEL = '[data-testid="search-panel"]';

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, '/');
  await signUp(page, '/');
  for (const [name, email] of [
    ['Riverside Compounding Pharmacy', 'orders@riversiderx.com'],
    ['Oak Street Apothecary', 'oak@example.com'],
    ['100% Natural_Rx', 'natural@example.com'],
  ]) {
    expect((await api(page, 'POST', '/api/pharmacies', { name, email })).status).toBe(201);
  }
  expect(
    (
      await api(page, 'POST', '/api/products', {
        sku: 'SY-1ML-LL',
        name: 'Luer-lock syringe 1 mL',
        category: 'Syringe',
        defaultPrice: '0.40',
        active: true,
      })
    ).status,
  ).toBe(201);
  await page.reload({ waitUntil: 'networkidle0' });
});
afterAll(() => browser.close());
screenshotOnFailure(() => page);

async function typeQuery(text: string): Promise<void> {
  await page.click(INPUT, { count: 3 });
  await page.keyboard.press('Backspace');
  await page.type(INPUT, text);
}

const inputValue = () => page.$eval(INPUT, (el) => (el as HTMLInputElement).value);
const panelOpen = () => page.$(PANEL).then(Boolean);

describe('global search', () => {
  it("'/' and Ctrl+K focus the box", async () => {
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe(
      'combobox',
    );
    await page.evaluate(() => (document.activeElement as HTMLElement).blur());
    await page.keyboard.down('Control');
    await page.keyboard.press('k');
    await page.keyboard.up('Control');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe(
      'combobox',
    );
  });

  it('stays closed below 2 characters', async () => {
    await typeQuery('r');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await panelOpen()).toBe(false);
    expect(await page.$eval(INPUT, (el) => el.getAttribute('aria-expanded'))).toBe('false');
  });

  it('says when nothing matches, with the text typed', async () => {
    await typeQuery('zzqx');
    await page.waitForSelector(PANEL);
    await waitForText(page, 'No results found for "zzqx"');
  });

  it('matches % and _ literally', async () => {
    await typeQuery('0% nat');
    await page.waitForSelector('[role="option"]');
    const titles = await page.$$eval('[role="option"]', (els) =>
      els.map((el) => (el as HTMLElement).innerText.split('\n')[0]),
    );
    expect(titles).toEqual(['100% Natural_Rx']);
  });

  it('groups results, and the keyboard walks them, opens one and clears the search', async () => {
    await typeQuery('ri');
    await page.waitForSelector('[role="option"]');
    await waitForText(page, 'Pharmacies');
    await waitForText(page, 'Products');
    const options = await page.$$eval('[role="option"]', (els) =>
      els.map((el) => (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim()),
    );
    // 'ri' is in Riverside's name and in 'syringe' (Products).
    expect(options).toEqual([
      'Riverside Compounding Pharmacy orders@riversiderx.com',
      'Luer-lock syringe 1 mL SY-1ML-LL · Syringe',
    ]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'global-search');

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const active = await page.$eval(INPUT, (el) => el.getAttribute('aria-activedescendant'));
    expect(await page.$eval(`[id="${active}"]`, (el) => (el as HTMLElement).innerText)).toContain(
      'Riverside',
    );
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /^\/pharmacies\/\d+$/.test(location.pathname));
    await page.waitForSelector('[data-testid="pharmacy-page"]');
    await waitForText(page, 'Riverside Compounding Pharmacy');
    expect(await inputValue()).toBe('');
    expect(await panelOpen()).toBe(false);
  });

  it('Escape closes the panel; a click on a result opens its page', async () => {
    await typeQuery('syringe');
    await page.waitForSelector('[role="option"]');
    await page.keyboard.press('Escape');
    await page.waitForFunction((sel) => !document.querySelector(sel), {}, PANEL);
    await page.keyboard.press('ArrowDown');
    await page.waitForSelector('[role="option"]');
    await page.click('[role="option"]');
    await page.waitForFunction(() => /^\/products\/\d+$/.test(location.pathname));
    await page.waitForSelector('[data-testid="product-page"]');
    await waitForText(page, 'Luer-lock syringe 1 mL');
    expect(await inputValue()).toBe('');
    expect(pageProblems(page)).toEqual([]);
  });
});
