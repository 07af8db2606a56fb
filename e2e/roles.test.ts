import type { Browser, BrowserContext, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from './lib/app.js';
import {
  api,
  click,
  fill,
  launchBrowser,
  openPage,
  pageProblems,
  screenshot,
  screenshotOnFailure,
  signUp,
  uniqueEmail,
  waitForText,
} from './lib/browser.js';

let browser: Browser;
/** The admin's page (the first user, who registered) and the invitee's, in a context of its own. */
let admin: Page;
let incognito: BrowserContext;
let invitee: Page;
const sales = { email: uniqueEmail('sam'), password: 'sales-secret1' };
let invitationUrl: string;

async function goto(page: Page, route: string): Promise<void> {
  await page.goto(`${baseUrl()}${route}`, { waitUntil: 'networkidle0' });
}

/** The texts of the user menu's entries, opened and closed again. */
async function userMenuEntries(page: Page): Promise<string[]> {
  await page.click('[data-testid="user-menu"]');
  await waitForText(page, 'My Account');
  const entries = await page.$$eval('[data-testid="user-menu-content"] [role="menuitem"]', (els) =>
    els.map((el) => (el as HTMLElement).innerText.trim()),
  );
  await page.keyboard.press('Escape');
  return entries;
}

/** Clicks the confirmation dialog's button with this text (the row's button has it too). */
async function confirm(page: Page, label: string): Promise<void> {
  const handle = await page.waitForFunction(
    (l) =>
      [...document.querySelectorAll('[data-testid="confirm-dialog"] button')].find(
        (el) => (el as HTMLElement).innerText.trim() === l,
      ),
    {},
    label,
  );
  await (handle as unknown as { click: () => Promise<void> }).click();
}

async function ariaLabels(page: Page, scope: string): Promise<string[]> {
  return page.$$eval(`${scope} [aria-label]`, (els) =>
    els.map((el) => el.getAttribute('aria-label') ?? ''),
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await openPage(browser, '/');
  // REGISTRATION=open in the tests (lib/app.ts): a self-registered user is an admin.
  await signUp(admin, '/');
  const pharmacy = await api(admin, 'POST', '/api/pharmacies', {
    name: 'Riverside Compounding Pharmacy',
    email: 'orders@riversiderx.com',
  });
  expect(pharmacy.status).toBe(201);
  const invoice = await api(admin, 'POST', '/api/invoices', {
    pharmacyId: pharmacy.body.id,
    invoiceDate: '2026-10-01',
    dueDate: '2026-10-31',
    amount: '100.00',
    status: 'Unpaid',
  });
  expect(invoice.status).toBe(201);
});
afterAll(() => browser.close());
screenshotOnFailure(() => invitee ?? admin);

describe('roles', () => {
  it('shows an admin the Users entry, and every record action', async () => {
    expect(await userMenuEntries(admin)).toEqual(
      expect.arrayContaining(['Settings', 'Users', 'API tokens']),
    );
    await goto(admin, '/invoices');
    await admin.waitForSelector('[data-testid^="invoice-row-"]');
    const labels = await ariaLabels(admin, '[data-testid^="invoice-row-"]');
    expect(labels).toEqual(expect.arrayContaining(['Edit', 'Record payment', 'Delete']));
  });

  it('lets an admin invite a sales user by email, with a link to copy', async () => {
    await admin.click('[data-testid="user-menu"]');
    await click(admin, 'Users');
    await waitForText(admin, 'Pending invitations');
    await waitForText(admin, 'No pending invitations.');
    await fill(admin, 'email', sales.email, '[data-testid="invite-form"]');
    await admin.select('[data-testid="invite-form"] select[name="role"]', 'sales');
    await click(admin, 'Invite');
    await admin.waitForSelector('[data-testid="invitation-url"]');
    invitationUrl = await admin.$eval(
      '[data-testid="invitation-url"]',
      (el) => (el as HTMLInputElement).value,
    );
    expect(invitationUrl).toMatch(/\/invitation#token=/);
    await admin.waitForSelector('[data-testid="invitation-row"]');
    const row = await admin.$eval('[data-testid="invitation-row"]', (el) =>
      (el as HTMLElement).innerText.replace(/\s+/g, ' '),
    );
    expect(row).toContain(sales.email);
    expect(row).toContain('Sales');
  });

  it('lets the invitee accept in another browser context, signed in on the dashboard', async () => {
    incognito = await browser.createBrowserContext();
    invitee = await incognito.newPage();
    await invitee.setViewport({ width: 1280, height: 800 });
    await invitee.goto(invitationUrl, { waitUntil: 'networkidle0' });
    await waitForText(invitee, 'Accept your invitation');
    const form = '[data-testid="invitation-form"]';
    await fill(invitee, 'firstName', 'Sam', form);
    await fill(invitee, 'lastName', 'Seller', form);
    await fill(invitee, 'password', sales.password, form);
    await click(invitee, 'Join and sign in');
    await waitForText(invitee, 'Overview of your supply chain operations');
    expect(new URL(invitee.url()).pathname).toBe('/');
    // The token does not stay in the address.
    expect(new URL(invitee.url()).hash).toBe('');
    await waitForText(invitee, 'Sam Seller');

    // The link worked once: opened again, it is refused.
    const again = await api(invitee, 'POST', '/api/invitations/accept', {
      token: new URL(invitationUrl).hash.replace('#token=', ''),
      password: 'another-secret',
    });
    expect(again.status).toBeGreaterThanOrEqual(400);

    // The admin sees the new user, a sales user, and no invitation left.
    await goto(admin, '/settings/users');
    await admin.waitForSelector(`[data-testid="user-row-${sales.email}"]`);
    const role = await admin.$eval(
      `[data-testid="user-row-${sales.email}"] select[name="role"]`,
      (el) => (el as HTMLSelectElement).value,
    );
    expect(role).toBe('sales');
    await waitForText(admin, 'No pending invitations.');
  });

  it('signs the invitee in again with the password they chose', async () => {
    await invitee.click('[data-testid="user-menu"]');
    await click(invitee, 'Log out');
    await waitForText(invitee, 'Welcome back');
    const form = '[data-testid="login-form"]';
    await fill(invitee, 'email', sales.email, form);
    await fill(invitee, 'password', sales.password, form);
    await click(invitee, 'Log in');
    await waitForText(invitee, 'Overview of your supply chain operations');
  });

  it('shows a sales user no Record payment, no Delete invoice and no Settings or Users', async () => {
    const entries = await userMenuEntries(invitee);
    expect(entries).toContain('API tokens');
    expect(entries).not.toContain('Settings');
    expect(entries).not.toContain('Users');

    // The side menu leaves out what the role may not use: dunning is for accountants and up;
    // the outbox is for sales and up; the admin sees both.
    const menu = (page: Page) =>
      page.$$eval('nav[aria-label="Main"] a', (links) => links.map((a) => a.textContent?.trim()));
    expect(await menu(invitee)).toContain('Outbox');
    expect(await menu(invitee)).not.toContain('Dunning');
    expect(await menu(admin)).toEqual(expect.arrayContaining(['Dunning', 'Outbox']));

    await goto(invitee, '/invoices');
    await invitee.waitForSelector('[data-testid^="invoice-row-"]');
    const labels = await ariaLabels(invitee, '[data-testid^="invoice-row-"]');
    expect(labels).toContain('View details');
    expect(labels).not.toContain('Record payment');
    expect(labels).not.toContain('Delete');
    expect(labels).not.toContain('Edit');
    expect(
      await invitee.$$eval('a, button', (els) => els.map((el) => el.textContent)),
    ).not.toContain(' New Invoice');

    // Payments: no Record Payment button either; orders: a sales user takes them.
    await goto(invitee, '/payments');
    await waitForText(invitee, 'No payments recorded yet.');
    expect(await invitee.evaluate(() => document.body.innerText)).not.toContain('Record Payment');
    await goto(invitee, '/orders');
    await waitForText(invitee, 'New Order');

    // A page the role may not use says so, and the server refuses its data anyway.
    await goto(invitee, '/settings/users');
    await waitForText(invitee, 'A sales user may not manage users and invitations');
    expect((await api(invitee, 'GET', '/api/users')).status).toBe(403);
    expect(pageProblems(invitee)).toEqual([]);
  });

  it('ends the session of a user an admin deactivates', async () => {
    await goto(admin, '/settings/users');
    const row = `[data-testid="user-row-${sales.email}"]`;
    await admin.waitForSelector(row);
    await (await admin.$(`${row} button`))!.click();
    await waitForText(admin, 'Deactivate user?');
    await confirm(admin, 'Deactivate');
    await admin.waitForFunction(
      (s) => document.querySelector(s)?.textContent?.includes('Deactivated'),
      {},
      row,
    );

    // The invitee's next request is refused, and the app goes back to the sign-in screen.
    await goto(invitee, '/orders');
    await waitForText(invitee, 'Welcome back');
    const form = '[data-testid="login-form"]';
    await fill(invitee, 'email', sales.email, form);
    await fill(invitee, 'password', sales.password, form);
    await click(invitee, 'Log in');
    await waitForText(invitee, 'Login failed');

    // Reactivated, they sign in again.
    await (await admin.$(`${row} button`))!.click();
    await admin.waitForFunction(
      (s) => document.querySelector(s)?.textContent?.includes('Active'),
      {},
      row,
    );
    await click(invitee, 'Log in');
    // Back on the page the session ended on.
    await waitForText(invitee, 'Purchase orders from your pharmacies');
  });

  it('lets every role create an API token, shown once, and revoke it', async () => {
    await goto(invitee, '/settings/tokens');
    await waitForText(invitee, 'No API tokens yet.');
    // A sales user's token is at most a sales token.
    const roles = await invitee.$$eval(
      '[data-testid="token-form"] select[name="role"] option',
      (els) => els.map((el) => (el as HTMLOptionElement).value),
    );
    expect(roles).toEqual(['viewer', 'sales']);
    await fill(invitee, 'name', 'Web shop', '[data-testid="token-form"]');
    await click(invitee, 'Create token');
    await invitee.waitForSelector('[data-testid="token-secret"]');
    const token = await invitee.$eval(
      '[data-testid="token-secret"]',
      (el) => (el as HTMLInputElement).value,
    );
    expect(token).toMatch(/^pst_/);
    await invitee.waitForSelector('[data-testid="token-row"]');

    // The token reads the API on its own, without the cookie.
    const bearer = await fetch(`${baseUrl()}/api/user`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bearer.status).toBe(200);

    // The admin sees everyone's tokens.
    await goto(admin, '/settings/tokens');
    await waitForText(admin, 'All API tokens');
    await waitForText(admin, sales.email);

    await click(invitee, 'Revoke');
    await waitForText(invitee, 'Revoke API token?');
    await confirm(invitee, 'Revoke');
    await waitForText(invitee, 'No API tokens yet.');
    const revoked = await fetch(`${baseUrl()}/api/user`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(revoked.status).toBe(401);
  });

  it('draws the users, tokens and invitation screens at 1440 and 390 px', async () => {
    await goto(admin, '/settings/users');
    await fill(admin, 'email', uniqueEmail('riley'), '[data-testid="invite-form"]');
    await admin.select('[data-testid="invite-form"] select[name="role"]', 'accountant');
    await click(admin, 'Invite');
    await admin.waitForSelector('[data-testid="invitation-url"]');
    const url = await admin.$eval(
      '[data-testid="invitation-url"]',
      (el) => (el as HTMLInputElement).value,
    );
    const token = await api(admin, 'POST', '/api/tokens', {
      name: 'Accounting export',
      role: 'accountant',
    });
    expect(token.status).toBe(201);
    const guest = await (await browser.createBrowserContext()).newPage();
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await admin.setViewport({ width, height });
      await guest.setViewport({ width, height });
      await admin.evaluate(() => window.scrollTo(0, 0));
      await screenshot(admin, `settings-users-${width}`);
      await goto(admin, '/settings/tokens');
      await waitForText(admin, 'All API tokens');
      await screenshot(admin, `settings-tokens-${width}`);
      await goto(admin, '/settings/users');
      await admin.waitForSelector('[data-testid="invitation-row"]');
      await guest.goto(url, { waitUntil: 'networkidle0' });
      await waitForText(guest, 'Accept your invitation');
      await screenshot(guest, `invitation-${width}`);
    }
  });
});
