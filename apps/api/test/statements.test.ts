/**
 * Issue 11: customer statements and credit hold, over REST on both drivers.
 */
import { addDaysIso, lastFullMonth, todayIso } from '@pharm/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdf } from '../src/lib/pdf/read-pdf.js';
import { createInvoice, createPharmacy } from './fixtures.js';
import { startTestApp, type Client, type TestApp } from './helpers.js';

let t: TestApp;
let c: Client;
beforeAll(async () => {
  t = await startTestApp();
  c = await t.signedIn();
});
afterAll(() => t.close());

const newPharmacy = (name: string, extra: Record<string, unknown> = {}) =>
  createPharmacy(c, name, extra);

const newInvoice = (
  pharmacyId: number,
  invoiceDate: string,
  dueDate: string,
  amount: string,
  overrides: Record<string, unknown> = {},
) => createInvoice(c, pharmacyId, amount, { invoiceDate, dueDate, ...overrides });

async function pay(
  pharmacyId: number,
  invoiceId: number,
  date: string,
  amount: string,
): Promise<{ id: number; paymentNumber: string }> {
  const res = await c.post('/api/payments', {
    pharmacyId,
    invoiceId,
    date,
    amount,
    method: 'ACH',
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function download(url: string) {
  const res = await t.server.app.inject({
    method: 'GET',
    url,
    headers: c.cookie ? { cookie: c.cookie } : {},
  });
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
}

describe('statement', () => {
  let pharmacyId: number;
  const numbers: Record<string, string> = {};

  beforeAll(async () => {
    pharmacyId = await newPharmacy('Statement Pharmacy', {
      billingAddress: '1 Main St, Salem, OR 97301',
    });
    // Before the period, still unpaid: 89 days past due on Feb 28.
    const old = await newInvoice(pharmacyId, '2025-11-01', '2025-12-01', '80.00');
    // Before the period, part paid before it and part within it.
    const january = await newInvoice(pharmacyId, '2026-01-10', '2026-02-09', '500.00');
    await pay(pharmacyId, january.id, '2026-01-20', '50.00');
    // Within the period, with tax and shipping (200 + 17.50 + 10 = 227.50), paid after it.
    const february = await newInvoice(pharmacyId, '2026-02-05', '2026-03-07', '200.00', {
      taxRate: '0.0875',
      shipping: '10.00',
    });
    expect(february.total).toBe('227.50');
    const within = await pay(pharmacyId, january.id, '2026-02-15', '300.00');
    const after = await pay(pharmacyId, february.id, '2026-03-05', '100.00');
    // A Draft never counts.
    await newInvoice(pharmacyId, '2026-02-10', '2026-03-12', '999.00', { status: 'Draft' });
    Object.assign(numbers, {
      old: old.invoiceNumber,
      january: january.invoiceNumber,
      february: february.invoiceNumber,
      within: within.paymentNumber,
      after: after.paymentNumber,
      februaryId: String(february.id),
      withinId: String(within.id),
    });
  });

  it('adds up across the period boundaries, to the cent (hand-computed)', async () => {
    const res = await c.get(
      `/api/pharmacies/${pharmacyId}/statement?from=2026-02-01&to=2026-02-28`,
    );
    expect(res.status, res.text).toBe(200);
    // Opening: 80 + 500 − 50; then +227.50 and −300.
    expect(res.body).toEqual({
      pharmacy: { id: pharmacyId, name: 'Statement Pharmacy' },
      from: '2026-02-01',
      to: '2026-02-28',
      openingBalance: '530.00',
      closingBalance: '457.50',
      lines: [
        {
          date: '2026-02-05',
          type: 'invoice',
          id: Number(numbers.februaryId),
          number: numbers.february,
          amount: '227.50',
          balance: '757.50',
        },
        {
          date: '2026-02-15',
          type: 'payment',
          id: Number(numbers.withinId),
          number: numbers.within,
          amount: '300.00',
          balance: '457.50',
        },
      ],
      // On Feb 28: January's 150 left is 19 days past due, February's 227.50 is not yet due
      // (its payment is after the period), the old 80 is 89 days past due.
      aging: { current: '377.50', days31to60: '0.00', days61to90: '80.00', over90: '0.00' },
      unapplied: '0.00',
      // The payments' allocations were made today, outside the period (issue 27).
      allocations: [],
    });
  });

  it('shows a payment dated before its invoice as unapplied, so the aging adds up to closing', async () => {
    const ahead = await newPharmacy('Prepaying Pharmacy');
    const invoice = await newInvoice(ahead, '2026-03-10', '2026-04-09', '100.00');
    await pay(ahead, invoice.id, '2026-02-20', '40.00');
    const february = await c.get(
      `/api/pharmacies/${ahead}/statement?from=2026-02-01&to=2026-02-28`,
    );
    expect(february.body).toMatchObject({
      openingBalance: '0.00',
      closingBalance: '-40.00',
      aging: { current: '0.00', days31to60: '0.00', days61to90: '0.00', over90: '0.00' },
      unapplied: '40.00',
    });
    const pdf = await download(
      `/api/pharmacies/${ahead}/statement.pdf?from=2026-02-01&to=2026-02-28`,
    );
    const text = (await readPdf(pdf.body)).map((p) => p.text).join('\n');
    expect(text).toContain('Paid ahead (unapplied)');
    expect(text).toContain('-$40.00');
    const march = await c.get(`/api/pharmacies/${ahead}/statement?from=2026-03-01&to=2026-03-31`);
    expect(march.body).toMatchObject({
      openingBalance: '-40.00',
      closingBalance: '60.00',
      aging: { current: '60.00' },
      unapplied: '0.00',
    });
  });

  it('counts the payment after the period in the next one, and ends at the balance', async () => {
    const march = await c.get(
      `/api/pharmacies/${pharmacyId}/statement?from=2026-03-01&to=2026-03-31`,
    );
    expect(march.body).toMatchObject({
      openingBalance: '457.50',
      closingBalance: '357.50',
      lines: [{ type: 'payment', number: numbers.after, amount: '100.00', balance: '357.50' }],
      aging: { current: '127.50', days31to60: '150.00', days61to90: '0.00', over90: '80.00' },
    });
    const pharmacy = await c.get(`/api/pharmacies/${pharmacyId}`);
    expect(pharmacy.body.balance).toBe('357.50');
    const all = await c.get(
      `/api/pharmacies/${pharmacyId}/statement?from=2000-01-01&to=2099-12-31`,
    );
    expect(all.body.openingBalance).toBe('0.00');
    expect(all.body.closingBalance).toBe(pharmacy.body.balance);
    expect(all.body.lines.map((l: { number: string }) => l.number)).toEqual([
      numbers.old,
      numbers.january,
      expect.stringMatching(/^PAY-/),
      numbers.february,
      numbers.within,
      numbers.after,
    ]);
  });

  it('covers the last full month by default and checks its query (400, 404, 401)', async () => {
    const res = await c.get(`/api/pharmacies/${pharmacyId}/statement`);
    expect(res.status).toBe(200);
    expect({ from: res.body.from, to: res.body.to }).toEqual(lastFullMonth(todayIso()));
    const backwards = await c.get(
      `/api/pharmacies/${pharmacyId}/statement?from=2026-03-01&to=2026-02-01`,
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.issues).toEqual([
      { path: ['to'], message: 'To date must not precede From date' },
    ]);
    const half = await c.get(`/api/pharmacies/${pharmacyId}/statement?from=2026-03-01`);
    expect(half.status).toBe(400);
    const bad = await c.get(
      `/api/pharmacies/${pharmacyId}/statement?from=2026-02-30&to=2026-03-01`,
    );
    expect(bad.status).toBe(400);
    expect((await c.get('/api/pharmacies/999999/statement')).status).toBe(404);
    expect((await t.client().get(`/api/pharmacies/${pharmacyId}/statement`)).status).toBe(401);
  });

  it('renders the PDF: bill-to, lines, balances, aging and its file name', async () => {
    const res = await download(
      `/api/pharmacies/${pharmacyId}/statement.pdf?from=2026-02-01&to=2026-02-28`,
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'inline; filename="statement-statement-pharmacy-2026-02-28.pdf"',
    );
    const pages = await readPdf(res.body);
    const text = pages.map((p) => p.text).join('\n');
    for (const expected of [
      'STATEMENT',
      'BILL TO',
      '1 Main St, Salem, OR 97301',
      'Opening balance',
      numbers.february!,
      numbers.within!,
      '$757.50',
      'Closing balance',
      '$457.50',
      'Over 90 days',
      '$80.00',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect((await download('/api/pharmacies/999999/statement.pdf')).status).toBe(404);
  });
});

describe('credit hold', () => {
  const today = todayIso();
  let lateId: number;
  let overLimitId: number;
  let fineId: number;

  beforeAll(async () => {
    lateId = await newPharmacy('Late Payer Pharmacy');
    const late = await newInvoice(
      lateId,
      addDaysIso(today, -130),
      addDaysIso(today, -100),
      '40.00',
    );
    expect(late).toBeTruthy();
    overLimitId = await newPharmacy('Over Limit Pharmacy', { creditLimit: '100.00' });
    await newInvoice(overLimitId, today, addDaysIso(today, 30), '150.00');
    fineId = await newPharmacy('Fine Pharmacy', { creditLimit: '1000' });
    await newInvoice(fineId, addDaysIso(today, -40), addDaysIso(today, -10), '150.00');
  });

  it('holds a pharmacy with an invoice more than the set days past due', async () => {
    const res = await c.get(`/api/pharmacies/${lateId}`);
    expect(res.body.creditLimit).toBeNull();
    expect(res.body.creditHold).toEqual({
      reason: expect.stringMatching(
        /^invoice INV-\d{4}-\d{5} is 100 days past due \(more than 60\)$/,
      ),
    });
    expect((await c.put('/api/settings', { holdDaysPastDue: 100 })).body).toEqual({
      holdDaysPastDue: 100,
      requireLicences: false,
      licenceWarningDays: 30,
      autoApplyOnIssue: false,
    });
    expect((await c.get(`/api/pharmacies/${lateId}`)).body.creditHold).toBeNull();
    expect((await c.put('/api/settings', { holdDaysPastDue: 99 })).status).toBe(200);
    expect((await c.get(`/api/pharmacies/${lateId}`)).body.creditHold).not.toBeNull();
    expect((await c.put('/api/settings', { holdDaysPastDue: 60 })).status).toBe(200);
  });

  it('holds a pharmacy whose balance is above its credit limit, and not at it', async () => {
    const held = await c.get(`/api/pharmacies/${overLimitId}`);
    expect(held.body).toMatchObject({
      creditLimit: '100.00',
      creditHold: { reason: 'balance $150.00 is above the credit limit of $100.00' },
    });
    const fine = await c.get(`/api/pharmacies/${fineId}`);
    expect(fine.body).toMatchObject({ creditLimit: '1000.00', creditHold: null });
    const atLimit = await c.put(`/api/pharmacies/${overLimitId}`, {
      name: 'Over Limit Pharmacy',
      email: 'ap@example.com',
      creditLimit: '150.00',
    });
    expect(atLimit.body.creditHold).toBeNull();
    const back = await c.put(`/api/pharmacies/${overLimitId}`, {
      name: 'Over Limit Pharmacy',
      email: 'ap@example.com',
      creditLimit: '100',
    });
    expect(back.body.creditHold).not.toBeNull();
  });

  it('lists only held pharmacies with ?hold=1, and the dashboard counts them', async () => {
    const res = await c.get('/api/pharmacies?hold=1&limit=200');
    expect(res.status).toBe(200);
    const ids = res.body.map((p: { id: number }) => p.id);
    expect(ids).toContain(lateId);
    expect(ids).toContain(overLimitId);
    expect(ids).not.toContain(fineId);
    for (const p of res.body) expect(p.creditHold).not.toBeNull();
    const all = await c.get('/api/pharmacies?limit=200');
    const held = all.body.filter((p: { creditHold: unknown }) => p.creditHold !== null);
    expect(held.map((p: { id: number }) => p.id)).toEqual(ids);
    const dashboard = await c.get('/api/dashboard');
    expect(dashboard.body.onCreditHold).toBe(ids.length);
  });

  it('checks the credit limit and the setting (400)', async () => {
    const limit = await c.post('/api/pharmacies', {
      name: 'X',
      email: 'x@example.com',
      creditLimit: '-1',
    });
    expect(limit.status).toBe(400);
    expect(limit.body.issues).toEqual([
      { path: ['creditLimit'], message: 'Credit limit must not be negative' },
    ]);
    const none = await c.post('/api/pharmacies', {
      name: 'Y',
      email: 'y@example.com',
      creditLimit: '',
    });
    expect(none.body.creditLimit).toBeNull();
    for (const holdDaysPastDue of [0, 1.5, '60', null]) {
      const res = await c.put('/api/settings', { holdDaysPastDue });
      expect(res.status).toBe(400);
    }
    expect((await c.get('/api/settings')).body).toEqual({
      holdDaysPastDue: 60,
      requireLicences: false,
      licenceWarningDays: 30,
      autoApplyOnIssue: false,
    });
    expect((await t.client().get('/api/settings')).status).toBe(401);
  });

  it('refuses to send an order of a held pharmacy unless the request says why (logged)', async () => {
    const order = await c.post('/api/orders', {
      pharmacyId: overLimitId,
      orderDate: today,
      lineItems: [{ description: 'Vials', qty: 1, unitPrice: '10.00' }],
    });
    expect(order.status).toBe(201);
    const refused = await c.put(`/api/orders/${order.body.id}`, { status: 'Sent' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Pharmacy Over Limit Pharmacy is on credit hold: balance $150.00 is above the credit limit of $100.00',
    );
    expect(refused.body.issues).toEqual([{ path: ['pharmacyId'], message: refused.body.message }]);
    const blank = await c.put(`/api/orders/${order.body.id}`, {
      status: 'Sent',
      holdOverrideReason: '  ',
    });
    expect(blank.status).toBe(409);
    const sent = await c.put(`/api/orders/${order.body.id}`, {
      status: 'Sent',
      holdOverrideReason: 'Cheque promised by phone',
    });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.status).toBe('Sent');
    const log = await t.db
      .selectFrom('activityLog')
      .select('details')
      .where('entityType', '=', 'order')
      .where('entityId', '=', order.body.id)
      .where('action', '=', 'update')
      .executeTakeFirstOrThrow();
    expect(log.details).toMatchObject({
      changes: [{ field: 'status', from: 'Draft', to: 'Sent' }],
      creditHoldOverride: {
        holdReason: 'balance $150.00 is above the credit limit of $100.00',
        overrideReason: 'Cheque promised by phone',
      },
    });
  });

  it('checks the hold on a full update that sends the order, and not for others', async () => {
    const body = {
      pharmacyId: lateId,
      orderDate: today,
      lineItems: [{ description: 'Stoppers', qty: 2, unitPrice: '3.00' }],
    };
    const order = await c.post('/api/orders', body);
    const refused = await c.put(`/api/orders/${order.body.id}`, { ...body, status: 'Sent' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('credit hold');
    const sent = await c.put(`/api/orders/${order.body.id}`, {
      ...body,
      status: 'Sent',
      holdOverrideReason: 'Approved by finance',
    });
    expect(sent.status).toBe(200);
    const log = await t.db
      .selectFrom('activityLog')
      .select('details')
      .where('entityId', '=', order.body.id)
      .where('entityType', '=', 'order')
      .where('action', '=', 'update')
      .executeTakeFirstOrThrow();
    expect(log.details).toMatchObject({
      creditHoldOverride: { overrideReason: 'Approved by finance' },
    });
    // Sent → Cancelled is not sending: no reason asked.
    const cancelled = await c.put(`/api/orders/${order.body.id}`, { status: 'Cancelled' });
    expect(cancelled.status).toBe(200);
    // A pharmacy not on hold sends without one.
    const fine = await c.post('/api/orders', { ...body, pharmacyId: fineId });
    expect((await c.put(`/api/orders/${fine.body.id}`, { status: 'Sent' })).status).toBe(200);
  });
});
