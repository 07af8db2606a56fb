import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from './lib/app.js';
import {
  api,
  axeViolations,
  click,
  clickIn,
  launchBrowser,
  openPage,
  rowTestId,
  screenshotOnFailure,
  signUp,
  waitForText,
} from './lib/browser.js';

/*
 * Every screen and dialog of the app, in the states a user meets them in, checked with axe-core's
 * default rules (WCAG 2 A and AA, best practices; lib/browser.ts prints the axe-core version that
 * ran). No rule is turned off and no element left out.
 */

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, '/');
});
afterAll(() => browser.close());
screenshotOnFailure(() => page);

async function visit(route: string, text: string): Promise<void> {
  await page.goto(`${baseUrl()}${route}`, { waitUntil: 'networkidle0' });
  await waitForText(page, text);
}

/** Opens a list row's details dialog (its `view` action) and waits for `text` in it. */
async function openDetails(
  rowText: string,
  dialog: string,
  text: string,
  view = 'View details',
): Promise<void> {
  await clickIn(page, await rowTestId(page, rowText), view);
  await page.waitForSelector(`[data-testid="${dialog}"]`);
  await waitForText(page, text);
}

/** Closes the open dialog or menu (Escape), and waits until it has gone. */
async function close(): Promise<void> {
  await page.keyboard.press('Escape');
  await page.waitForFunction(
    () =>
      !document.querySelector('[data-scope="dialog"][data-part="content"]') &&
      !document.querySelector('[data-scope="dialog"][data-part="backdrop"]'),
  );
}

describe('signed out, axe finds nothing wrong on', () => {
  it('the sign-in screen', async () => {
    await waitForText(page, 'Welcome back');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the register tab', async () => {
    await click(page, 'Register');
    await waitForText(page, 'Create an account');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the sign-in form showing its field errors', async () => {
    await click(page, 'Login');
    await click(page, 'Log in');
    await waitForText(page, 'Please enter a valid email');
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('signed in, axe finds nothing wrong on', () => {
  let pharmacyId: number;
  let heldId: number;
  const orders: Record<
    'draft' | 'sent' | 'invoiced' | 'held',
    { id: number; orderNumber: string }
  > = {} as never;
  let invoice: { id: number; invoiceNumber: string };

  beforeAll(async () => {
    await signUp(page, '/');
    const post = async (url: string, body: unknown) => {
      const res = await api(page, 'POST', url, body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    };
    pharmacyId = (
      await post('/api/pharmacies', {
        name: 'Riverside Compounding Pharmacy',
        contactName: 'Maria Alvarez',
        email: 'orders@riversiderx.com',
        phone: '(503) 555-0142',
        shippingAddress: '1820 NW Front Ave, Portland, OR 97209',
      })
    ).id;
    heldId = (
      await post('/api/pharmacies', {
        name: 'Harbor Compounding Pharmacy',
        contactName: 'Lee Park',
        email: 'ap@harborrx.com',
        creditLimit: '0.00',
      })
    ).id;
    await post('/api/products', {
      sku: 'VL-TI',
      name: 'Tubular Serum Vial',
      category: 'Vial',
      defaultPrice: '40.00',
      active: true,
    });
    await post('/api/product-variants', {
      parentSku: 'VL-TI',
      variantSku: 'VL-10R-CLR',
      size: '10R',
      color: 'Clear',
      sterile: true,
      packageQty: 100,
      defaultPrice: '42.00',
    });
    const order = async (forPharmacy: number, status?: 'Sent') => {
      const created = await post('/api/orders', {
        pharmacyId: forPharmacy,
        orderDate: '2026-03-14',
        lineItems: [
          {
            productSku: 'VL-TI',
            variantSku: 'VL-10R-CLR',
            description: 'VL-TI - 10R Clear',
            qty: 3,
            unitPrice: '42.00',
          },
        ],
      });
      if (status) {
        expect((await api(page, 'PUT', `/api/orders/${created.id}`, { status })).status).toBe(200);
      }
      return created;
    };
    orders.invoiced = await order(pharmacyId, 'Sent');
    orders.sent = await order(pharmacyId, 'Sent');
    orders.draft = await order(pharmacyId);
    invoice = await post('/api/invoices', {
      pharmacyId,
      fromOrderId: orders.invoiced.id,
      invoiceDate: '2026-03-14',
      dueDate: '2026-04-13',
      terms: 'Net 30',
      lotNumber: 'LT-240117-A',
      status: 'Unpaid',
    });
    await post('/api/payments', {
      invoiceId: invoice.id,
      pharmacyId,
      date: '2026-03-20',
      amount: '50.00',
      method: 'Check',
      reference: 'CHK-1042',
    });
    // Harbor owes more than its limit of $0.00: on credit hold.
    await post('/api/invoices', {
      pharmacyId: heldId,
      invoiceDate: '2026-03-01',
      dueDate: '2026-03-31',
      amount: '10.00',
      status: 'Unpaid',
    });
    orders.held = await order(heldId);
  });

  describe('the frame', () => {
    it('the dashboard, a pharmacy on credit hold counted', async () => {
      await visit('/', 'Overview of your supply chain operations');
      await page.waitForFunction(() =>
        /^[1-9]/.test(
          document.querySelector('[data-testid="stat-credit-hold-value"]')?.textContent ?? '',
        ),
      );
      expect(await axeViolations(page)).toEqual([]);
    });

    it('the user menu open', async () => {
      await page.click('[data-testid="user-menu"]');
      await page.waitForSelector('[data-testid="user-menu-content"]', { visible: true });
      expect(await axeViolations(page)).toEqual([]);
      await close();
    });

    it('the search panel open with results', async () => {
      await page.click('header input[role="combobox"]');
      await page.type('header input[role="combobox"]', 'ri');
      await page.waitForSelector('[data-testid="search-panel"] [role="option"]');
      await waitForText(page, 'Riverside Compounding Pharmacy');
      expect(await axeViolations(page)).toEqual([]);
      await close();
    });

    it('the dashboard on a phone-sized screen (no side menu, the name only for screen readers)', async () => {
      await page.setViewport({ width: 390, height: 844 });
      try {
        await visit('/', 'Overview of your supply chain operations');
        expect(await axeViolations(page)).toEqual([]);
      } finally {
        await page.setViewport({ width: 1280, height: 800 });
      }
    });

    it('the side menu open on a phone-sized screen', async () => {
      await page.setViewport({ width: 390, height: 844 });
      try {
        await visit('/', 'Overview of your supply chain operations');
        await page.click('[aria-label="Open menu"]');
        await page.waitForSelector('[role="dialog"] nav');
        expect(await axeViolations(page)).toEqual([]);
        await close();
      } finally {
        await page.setViewport({ width: 1280, height: 800 });
      }
    });

    it('the 404 page', async () => {
      await visit('/no-such-page', '404 Page Not Found');
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  describe('pharmacies', () => {
    it('the list', async () => {
      await visit('/pharmacies', 'Riverside Compounding Pharmacy');
      expect(await axeViolations(page)).toEqual([]);
    });

    it("a pharmacy's details dialog", async () => {
      await openDetails(
        'Riverside Compounding Pharmacy',
        'pharmacy-details',
        '1820 NW Front Ave',
        'View',
      );
      expect(await axeViolations(page)).toEqual([]);
      await close();
    });

    it('the delete confirmation', async () => {
      await clickIn(page, await rowTestId(page, 'Harbor Compounding Pharmacy'), 'Delete');
      await waitForText(page, 'This action cannot be undone');
      expect(await axeViolations(page)).toEqual([]);
      await click(page, 'Cancel');
    });

    it('the On credit hold tab', async () => {
      await visit('/pharmacies?tab=hold', 'Harbor Compounding Pharmacy');
      expect(await axeViolations(page)).toEqual([]);
    });

    it('the new pharmacy form showing its field errors', async () => {
      await visit('/pharmacies/new', 'Pharmacy details');
      expect(await axeViolations(page)).toEqual([]);
      await click(page, 'Create Pharmacy');
      await waitForText(page, 'Name is required');
      expect(await axeViolations(page)).toEqual([]);
    });

    it('the edit pharmacy form', async () => {
      await visit(`/pharmacies/${pharmacyId}/edit`, 'Update Pharmacy');
      expect(await axeViolations(page)).toEqual([]);
    });

    it("a pharmacy's statement", async () => {
      await visit(
        `/pharmacies/${pharmacyId}/statement?from=2026-03-01&to=2026-03-31`,
        invoice.invoiceNumber,
      );
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  describe('products', () => {
    it('the list', async () => {
      await visit('/products', 'Tubular Serum Vial');
      expect(await axeViolations(page)).toEqual([]);
    });

    it("a product's details dialog", async () => {
      await openDetails('Tubular Serum Vial', 'product-details', 'VL-10R-CLR', 'View');
      expect(await axeViolations(page)).toEqual([]);
      await close();
    });

    it('the CSV upload preview', async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'pharm-a11y-'));
      const file = path.join(dir, 'catalogue.csv');
      writeFileSync(
        file,
        'sku,name,category,default_price,variant_sku,size,color,sterile,package_qty\n' +
          'VL-TI,Tubular Serum Vial,Vial,40.00,VL-20R-AMB,20R,Amber,true,50\n' +
          'ST-20,Stopper,Stopper,,,,,,\n',
      );
      const input = (await page.$(
        '[data-testid="csv-file-input"]',
      )) as ElementHandle<HTMLInputElement>;
      await input.uploadFile(file);
      await page.waitForSelector('[role="dialog"]');
      await waitForText(page, 'catalogue.csv');
      expect(await axeViolations(page)).toEqual([]);
      await close();
    });

    it('the new product form with a variant', async () => {
      await visit('/products/new', 'Add Variant');
      await click(page, 'Add Variant');
      await page.waitForSelector('[data-testid="variant-row-0"]');
      expect(await axeViolations(page)).toEqual([]);
    });

    it('the edit product form, its sterile variant ticked', async () => {
      const { body: products } = await api(page, 'GET', '/api/products');
      await visit(`/products/${products[0].id}/edit`, 'Update Product');
      const sterile = '[data-testid="variant-row-0"] input[type="checkbox"]';
      await page.waitForSelector(`${sterile}:checked`);
      expect(await axeViolations(page)).toEqual([]);
      // The checkbox is named by its own label element, which its aria-labelledby points at
      // (without one, that reference pointed at nothing and only Chromium found a name).
      expect(
        await page.$eval(
          sterile,
          (el) => document.getElementById(el.getAttribute('aria-labelledby') ?? '')?.textContent,
        ),
      ).toBe('Variant 1 sterile');
    });
  });

  describe('orders', () => {
    // Each row's dialog opens on the list loaded afresh: when a dialog closes, focus goes back to
    // the row's button, and its tooltip would lie over the next row's buttons.
    it('the list', async () => {
      await visit('/orders', orders.draft.orderNumber);
      expect(await axeViolations(page)).toEqual([]);
    });

    it("a Draft order's details dialog", async () => {
      await openDetails(orders.draft.orderNumber, 'order-details', 'Maria Alvarez');
      expect(await axeViolations(page)).toEqual([]);
    });

    it("the order's History tab", async () => {
      await page.click('[data-testid="history-tab"]');
      await page.waitForSelector('[data-testid="record-history"] [data-testid^="change-"]');
      expect(await axeViolations(page)).toEqual([]);
      await close();
    });

    it("a Sent order's details dialog, offering Create invoice", async () => {
      await visit('/orders', orders.sent.orderNumber);
      await openDetails(orders.sent.orderNumber, 'order-details', 'Create invoice');
      expect(await axeViolations(page)).toEqual([]);
      await close();
    });

    it("an invoiced order's details dialog, linking its invoice", async () => {
      await visit('/orders', orders.invoiced.orderNumber);
      await openDetails(orders.invoiced.orderNumber, 'order-details', invoice.invoiceNumber);
      expect(await axeViolations(page)).toEqual([]);
      await close();
    });

    it('the credit-hold override dialog', async () => {
      await visit('/orders', orders.held.orderNumber);
      await clickIn(page, `[data-testid="order-row-${orders.held.id}"]`, 'Send');
      await page.waitForSelector('[data-testid="hold-override-dialog"]');
      await click(page, 'Override and Send');
      await waitForText(page, 'Please give a reason to override the hold.');
      expect(await axeViolations(page)).toEqual([]);
      await close();
    });

    it('the new order form', async () => {
      await visit('/orders/new', 'Line Items');
      expect(await axeViolations(page)).toEqual([]);
    });

    it('the edit order form', async () => {
      await visit(`/orders/${orders.draft.id}/edit`, 'Update Order');
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  describe('invoices and payments', () => {
    it('the invoices list', async () => {
      await visit('/invoices', invoice.invoiceNumber);
      expect(await axeViolations(page)).toEqual([]);
    });

    it("an invoice's details dialog", async () => {
      await openDetails(invoice.invoiceNumber, 'invoice-details', 'LT-240117-A');
      expect(await axeViolations(page)).toEqual([]);
      await close();
    });

    it('the new invoice form', async () => {
      await visit('/invoices/new', 'Invoice Summary');
      expect(await axeViolations(page)).toEqual([]);
    });

    it('the new invoice form made from an order', async () => {
      await visit(`/invoices/new?fromOrderId=${orders.sent.id}`, 'The order’s pharmacy.');
      expect(await axeViolations(page)).toEqual([]);
    });

    it('the edit invoice form', async () => {
      await visit(`/invoices/${invoice.id}/edit`, 'Update Invoice');
      expect(await axeViolations(page)).toEqual([]);
    });

    it('the payments list', async () => {
      await visit('/payments', 'CHK-1042');
      expect(await axeViolations(page)).toEqual([]);
    });

    it("a payment's details dialog", async () => {
      await openDetails('CHK-1042', 'payment-details', invoice.invoiceNumber);
      expect(await axeViolations(page)).toEqual([]);
      await close();
    });

    it('the Record Payment dialog', async () => {
      await click(page, 'Record Payment');
      await page.waitForSelector('[data-testid="payment-form"]');
      expect(await axeViolations(page)).toEqual([]);
      await close();
    });

    it('the edit payment dialog', async () => {
      await clickIn(page, await rowTestId(page, 'CHK-1042'), 'Edit');
      await page.waitForSelector('[data-testid="payment-form"]');
      expect(await axeViolations(page)).toEqual([]);
      await close();
    });
  });

  describe('history, reports and settings', () => {
    it('the Activity page', async () => {
      await visit('/activity', 'The latest changes across the business');
      await page.waitForSelector('tr[data-testid^="activity-row-"]');
      expect(await axeViolations(page)).toEqual([]);
    });

    it("the Activity page's Changes dialog", async () => {
      await click(page, 'Changes');
      await page.waitForSelector('[data-testid="activity-details"]');
      expect(await axeViolations(page)).toEqual([]);
      await close();
    });

    it('the reports', async () => {
      await visit('/reports', 'Outstanding Invoices Detail');
      expect(await axeViolations(page)).toEqual([]);
    });

    it('the recall page with a lot found', async () => {
      await visit('/recall?lot=LT-240117-A', 'Riverside Compounding Pharmacy');
      expect(await axeViolations(page)).toEqual([]);
    });

    it('the recall page with nothing found', async () => {
      await visit('/recall?lot=NO-SUCH-LOT', 'No invoice shipped lot');
      expect(await axeViolations(page)).toEqual([]);
    });

    it('the settings page', async () => {
      await visit('/settings', 'Days past due before credit hold');
      expect(await axeViolations(page)).toEqual([]);
    });

    it('a success toast', async () => {
      await visit('/settings', 'Days past due before credit hold');
      await click(page, 'Save Settings');
      await waitForText(page, 'Settings saved');
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  describe('record pages, cash, lots, recalls, outbox and dunning', () => {
    const ids = { payment: 0, product: 0, creditNote: 0, lot: 0, recall: 0 };

    beforeAll(async () => {
      const post = async (url: string, body: unknown) => {
        const res = await api(page, 'POST', url, body);
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        return res.body;
      };
      ids.product = (await api(page, 'GET', '/api/products?q=VL-TI')).body.find(
        (p: { sku: string }) => p.sku === 'VL-TI',
      ).id;
      const variant = await post('/api/product-variants', {
        parentSku: 'VL-TI',
        variantSku: 'VL-10R-AMB',
        size: '10R',
        color: 'Amber',
        sterile: true,
        packageQty: 100,
        defaultPrice: '44.00',
      });
      ids.lot = (
        await post('/api/lots', {
          variantId: variant.id,
          lotNumber: 'LT-2603-0311',
          expiryDate: '2099-06-30',
        })
      ).id;
      // The lot shipped to Riverside (on credit hold by now: its invoice is long past due) and
      // invoiced: the recall names the pharmacy.
      const shipped = await post('/api/orders', {
        pharmacyId,
        orderDate: '2026-03-14',
        lineItems: [
          {
            productSku: 'VL-TI',
            variantSku: 'VL-10R-AMB',
            description: 'VL-TI - 10R Amber',
            qty: 5,
            unitPrice: '44.00',
            lotId: ids.lot,
          },
        ],
      });
      expect(
        (
          await api(page, 'PUT', `/api/orders/${shipped.id}`, {
            status: 'Sent',
            holdOverrideReason: 'Cheque received',
          })
        ).status,
      ).toBe(200);
      await post('/api/invoices', {
        pharmacyId,
        fromOrderId: shipped.id,
        invoiceDate: '2026-03-15',
        dueDate: '2026-04-14',
        status: 'Unpaid',
      });
      ids.payment = (await api(page, 'GET', '/api/payments')).body[0].id;
      ids.creditNote = (
        await post('/api/credit-notes', {
          pharmacyId,
          invoiceId: invoice.id,
          date: '2026-03-21',
          reason: 'One box arrived with cracked vials',
          amount: '42.00',
        })
      ).id;
      ids.recall = (
        await post('/api/recalls', {
          lotIds: [ids.lot],
          class: 'II',
          reason: 'Particulate matter found in retained samples',
        })
      ).id;
    });

    const screens: [string, () => string, string][] = [
      ['an order page', () => `/orders/${orders.sent.id}`, 'Line Items'],
      ['an invoice page', () => `/invoices/${invoice.id}`, 'Riverside Compounding'],
      ['a payment page', () => `/payments/${ids.payment}`, 'CHK-1042'],
      ['a pharmacy page', () => `/pharmacies/${pharmacyId}`, 'Maria Alvarez'],
      ['a product page', () => `/products/${ids.product}`, 'VL-10R-AMB'],
      ['the credit notes list', () => '/credit-notes', 'Riverside Compounding'],
      ['the new credit note form', () => '/credit-notes/new', 'New Credit Note'],
      ['a credit note page', () => `/credit-notes/${ids.creditNote}`, 'cracked vials'],
      ['the lots list', () => '/lots', 'LT-2603-0311'],
      ['a lot page', () => `/lots/${ids.lot}`, 'Riverside Compounding'],
      ['the recalls list', () => '/recalls', 'LT-2603-0311'],
      ['a recall page', () => `/recalls/${ids.recall}`, 'Riverside Compounding'],
      ['the outbox', () => '/outbox', 'Emails sent and waiting'],
      ['the dunning page', () => '/dunning', 'Reminders of overdue invoices'],
    ];

    it.each(screens)('%s', async (_name, route, text) => {
      await visit(route(), text);
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  describe('users, invitations and API tokens', () => {
    let invitationUrl: string;

    it('the users page with an invitation link to copy and a pending invitation', async () => {
      await visit('/settings/users', 'No pending invitations.');
      await page.type('[data-testid="invite-form"] [name="email"]', 'new.colleague@example.com');
      await click(page, 'Invite');
      await page.waitForSelector('[data-testid="invitation-row"]');
      invitationUrl = await page.$eval(
        '[data-testid="invitation-url"]',
        (el) => (el as HTMLInputElement).value,
      );
      expect(await axeViolations(page)).toEqual([]);
    });

    it('the revoke invitation confirmation', async () => {
      await click(page, 'Revoke');
      await waitForText(page, 'Revoke invitation?');
      expect(await axeViolations(page)).toEqual([]);
      await close();
    });

    it('the API tokens page with a new token shown', async () => {
      await visit('/settings/tokens', 'No API tokens yet.');
      await page.type('[data-testid="token-form"] [name="name"]', 'Web shop');
      await click(page, 'Create token');
      await page.waitForSelector('[data-testid="token-row"]');
      expect(await axeViolations(page)).toEqual([]);
    });

    it('the invitation page', async () => {
      await page.goto(invitationUrl, { waitUntil: 'networkidle0' });
      await waitForText(page, 'Accept your invitation');
      expect(await axeViolations(page)).toEqual([]);
    });
  });
});
