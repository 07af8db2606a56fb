import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  click,
  fill,
  launchBrowser,
  screenshotOnFailure,
  openPage,
  pageProblems,
  screenshot,
  uniqueEmail,
  waitForNoText,
  waitForText,
} from './lib/browser.js';

let browser: Browser;
let page: Page;
const account = { email: uniqueEmail('ada'), password: 'secret12' };

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, '/');
});
afterAll(() => browser.close());
screenshotOnFailure(() => page);

describe('sign-in', () => {
  it('shows the auth screen at / when signed out', async () => {
    await waitForText(page, 'Pharmacy Supply Chain Management');
    await waitForText(page, 'Welcome back');
    await waitForText(page, 'Enter your credentials to access your account');
    await screenshot(page, 'auth');
  });

  it('moves between the Login and Register tabs with the arrow keys', async () => {
    await page.focus('[role="tab"][aria-selected="true"]');
    await page.keyboard.press('ArrowRight');
    await waitForText(page, 'Create an account');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Register');
    await page.keyboard.press('ArrowRight');
    await waitForText(page, 'Welcome back');
  });

  it('shows field errors under email and password', async () => {
    await fill(page, 'email', 'not-an-email', '[data-testid="login-form"]');
    await fill(page, 'password', '123', '[data-testid="login-form"]');
    await click(page, 'Log in');
    await waitForText(page, 'Please enter a valid email');
    await waitForText(page, 'Password must be at least 6 characters');
  });

  it('registers a new user and lands on the dashboard', async () => {
    await click(page, 'Register');
    await waitForText(page, 'Create an account');
    await waitForText(page, 'Enter your information to get started');
    const form = '[data-testid="register-form"]';
    await fill(page, 'firstName', 'Ada', form);
    await fill(page, 'lastName', 'Lovelace', form);
    await fill(page, 'email', account.email, form);
    await fill(page, 'password', account.password, form);
    await click(page, 'Create account');
    await waitForText(page, 'Overview of your supply chain operations');
    expect(new URL(page.url()).pathname).toBe('/');
    await waitForText(page, 'Ada Lovelace');
    await screenshot(page, 'dashboard');
  });

  it('logs out from the user menu and returns to the auth screen', async () => {
    await page.click('[data-testid="user-menu"]');
    await waitForText(page, 'My Account');
    await click(page, 'Log out');
    await waitForText(page, 'Welcome back');
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('refuses a wrong password with the Login failed toast', async () => {
    const form = '[data-testid="login-form"]';
    await fill(page, 'email', account.email, form);
    await fill(page, 'password', 'wrong-password', form);
    await click(page, 'Log in');
    await waitForText(page, 'Login failed');
    await waitForText(page, 'Invalid email or password');
  });

  it('logs in again', async () => {
    const form = '[data-testid="login-form"]';
    await fill(page, 'email', account.email, form);
    await fill(page, 'password', account.password, form);
    await click(page, 'Log in');
    await waitForText(page, 'Overview of your supply chain operations');
  });

  it('keeps the session over a reload and sends a signed-in user away from /login', async () => {
    await page.reload({ waitUntil: 'networkidle0' });
    await waitForText(page, 'Overview of your supply chain operations');
    await page.goto(new URL('/login', page.url()).toString(), { waitUntil: 'networkidle0' });
    await waitForText(page, 'Overview of your supply chain operations');
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it("shows '404 Page Not Found' for an unknown route", async () => {
    await page.goto(new URL('/no-such-page', page.url()).toString(), { waitUntil: 'networkidle0' });
    await waitForText(page, '404 Page Not Found');
  });

  it('leaves no Login failed toast once a sign-in after the failed one succeeds', async () => {
    await page.goto(new URL('/', page.url()).toString(), { waitUntil: 'networkidle0' });
    await page.click('[data-testid="user-menu"]');
    await click(page, 'Log out');
    await waitForText(page, 'Welcome back');
    const form = '[data-testid="login-form"]';
    await fill(page, 'email', account.email, form);
    await fill(page, 'password', 'wrong-password', form);
    await click(page, 'Log in');
    await waitForText(page, 'Login failed');
    await fill(page, 'password', account.password, form);
    await click(page, 'Log in');
    await waitForText(page, 'Overview of your supply chain operations');
    // Well within the toast's 5 s: gone because the sign-in cleared it, not because it timed out.
    await waitForNoText(page, 'Login failed', 1500);
  });

  it('ran without page errors or CSP violations', () => {
    expect(pageProblems(page)).toEqual([]);
  });
});

describe('signed out', () => {
  it('sends a visitor of a protected screen to the auth screen', async () => {
    const context = await browser.createBrowserContext();
    const fresh = await context.newPage();
    await fresh.goto(new URL('/pharmacies', page.url()).toString(), { waitUntil: 'networkidle0' });
    await waitForText(fresh, 'Welcome back');
    expect(new URL(fresh.url()).pathname).toBe('/');
    await context.close();
  });
});

describe('deep links across signing in', () => {
  let deep: Page;
  const staff = { email: uniqueEmail('grace'), password: 'secret12' };

  /** Signs in through the auth screen the page shows. */
  async function logIn(): Promise<void> {
    const form = '[data-testid="login-form"]';
    await fill(deep, 'email', staff.email, form);
    await fill(deep, 'password', staff.password, form);
    await click(deep, 'Log in');
  }

  const where = () => {
    const url = new URL(deep.url());
    return `${url.pathname}${url.search}`;
  };

  beforeAll(async () => {
    const context = await browser.createBrowserContext();
    deep = await context.newPage();
    await deep.setViewport({ width: 1280, height: 800 });
    await deep.goto(new URL('/', page.url()).toString(), { waitUntil: 'networkidle0' });
    const registered = await api(deep, 'POST', '/api/register', {
      ...staff,
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    expect(registered.status).toBe(201);
    expect((await api(deep, 'POST', '/api/logout')).status).toBe(200);
  });
  afterAll(() => deep.browserContext().close());
  screenshotOnFailure(() => deep);

  it('brings a signed-out visitor of /orders?tab=sent back there after signing in', async () => {
    await deep.goto(new URL('/orders?tab=sent', page.url()).toString(), {
      waitUntil: 'networkidle0',
    });
    await waitForText(deep, 'Welcome back');
    expect(new URL(deep.url()).pathname).toBe('/');
    expect(new URL(deep.url()).searchParams.get('redirect')).toBe('/orders?tab=sent');
    await logIn();
    await waitForText(deep, 'No sent orders found.');
    expect(where()).toBe('/orders?tab=sent');
    expect(
      await deep.$eval('[data-testid="tab-sent"]', (tab) => tab.getAttribute('aria-selected')),
    ).toBe('true');
  });

  it('brings the user back to the same list when the session expires there', async () => {
    // The server forgets the session; the page finds out with its next request.
    expect((await api(deep, 'POST', '/api/logout')).status).toBe(200);
    await click(deep, 'Fulfilled');
    await waitForText(deep, 'Welcome back');
    expect(new URL(deep.url()).searchParams.get('redirect')).toBe('/orders?tab=fulfilled');
    await logIn();
    await waitForText(deep, 'No fulfilled orders found.');
    expect(where()).toBe('/orders?tab=fulfilled');
  });

  it('forgets the page on logging out', async () => {
    await deep.click('[data-testid="user-menu"]');
    await click(deep, 'Log out');
    await waitForText(deep, 'Welcome back');
    expect(where()).toBe('/');
  });

  it('never follows a redirect off the app', async () => {
    for (const target of ['//evil.example/orders', 'https://evil.example/', '/\\evil.example']) {
      await deep.goto(new URL(`/?redirect=${encodeURIComponent(target)}`, page.url()).toString(), {
        waitUntil: 'networkidle0',
      });
      await waitForText(deep, 'Welcome back');
      await logIn();
      await waitForText(deep, 'Overview of your supply chain operations');
      expect(new URL(deep.url()).origin).toBe(new URL(page.url()).origin);
      expect(new URL(deep.url()).pathname).toBe('/');
      await deep.click('[data-testid="user-menu"]');
      await click(deep, 'Log out');
      await waitForText(deep, 'Welcome back');
    }
  });
});
