import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Client, type TestApp } from './helpers.js';
import { insertInvoice, insertOrder, insertPharmacy } from './insights-data.js';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  c = await t.signedIn();
});
afterAll(() => t.close());

describe('GET /api/dashboard', () => {
  it('answers 401 when signed out', async () => {
    expect((await t.client().get('/api/dashboard')).status).toBe(401);
  });

  it('is all zero on an empty database', async () => {
    const res = await c.get('/api/dashboard');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      openOrders: 0,
      unpaidInvoices: 0,
      totalOutstanding: '0.00',
      unappliedCash: '0.00',
      totalOutstandingNote: 'Open invoice balances',
      onCreditHold: 0,
    });
  });

  it('counts Draft and Sent orders, and non-Draft invoices with a balance and what they owe', async () => {
    const a = await insertPharmacy(t.db, 'Alder Pharmacy');
    const b = await insertPharmacy(t.db, 'Birch Pharmacy');
    for (const status of ['Draft', 'Draft', 'Sent', 'Fulfilled', 'Cancelled'] as const) {
      await insertOrder(t.db, { pharmacyId: a, status });
    }
    await insertOrder(t.db, { pharmacyId: b, status: 'Sent' });

    // Counted: Unpaid 118.75, Partially Paid 50.10, Unpaid 0.01 (overdue ones too).
    await insertInvoice(t.db, {
      pharmacyId: a,
      status: 'Unpaid',
      total: '118.75',
      balance: '118.75',
    });
    await insertInvoice(t.db, {
      pharmacyId: b,
      status: 'Partially Paid',
      total: '200.00',
      balance: '50.10',
      dueInDays: -45,
    });
    await insertInvoice(t.db, { pharmacyId: b, status: 'Unpaid', total: '0.01', balance: '0.01' });
    // Not counted: a Draft owes nothing yet; a Paid invoice has nothing left.
    await insertInvoice(t.db, {
      pharmacyId: a,
      status: 'Draft',
      total: '999.00',
      balance: '999.00',
    });
    await insertInvoice(t.db, { pharmacyId: a, status: 'Paid', total: '75.00', balance: '0.00' });

    const res = await c.get('/api/dashboard');
    expect(res.status).toBe(200);
    // 45 days past due is within the 60 before hold, and no pharmacy has a credit limit.
    expect(res.body).toEqual({
      openOrders: 4,
      unpaidInvoices: 3,
      totalOutstanding: '168.86',
      unappliedCash: '0.00',
      totalOutstandingNote: 'Open invoice balances',
      onCreditHold: 0,
    });
  });
});

describe('dashboard.recent (tRPC)', () => {
  it('has the 5 newest orders and invoices with their pharmacy names, newest first', async () => {
    const p = await insertPharmacy(t.db, 'Recent Rx');
    const orders: number[] = [];
    for (let n = 1; n <= 6; n++) {
      orders.push(await insertOrder(t.db, { pharmacyId: p, status: 'Sent', total: `${n}.00` }));
    }
    const invoices: number[] = [];
    for (let n = 1; n <= 6; n++) {
      invoices.push(
        await insertInvoice(t.db, {
          pharmacyId: p,
          status: 'Partially Paid',
          total: `${n}.50`,
          balance: `${n}.25`,
          dueInDays: n,
        }),
      );
    }
    const res = await c.get('/trpc/dashboard.recent');
    expect(res.status).toBe(200);
    const { orders: recentOrders, invoices: recentInvoices } = res.body.result.data.json;
    expect(recentOrders.map((o: any) => o.id)).toEqual(orders.slice(1).reverse());
    expect(recentOrders[0]).toEqual({
      id: orders[5],
      orderNumber: expect.stringMatching(/^ORD-TEST-/),
      status: 'Sent',
      total: '6.00',
      orderDate: '2026-03-14',
      pharmacy: { name: 'Recent Rx' },
    });
    expect(recentInvoices.map((i: any) => i.id)).toEqual(invoices.slice(1).reverse());
    expect(recentInvoices[0]).toMatchObject({
      id: invoices[5],
      status: 'Partially Paid',
      total: '6.50',
      balance: '6.25',
      dueDate: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      pharmacy: { name: 'Recent Rx' },
    });
  });
});
