import { addDaysIso, todayIso } from '@pharm/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdf } from '../src/lib/pdf/read-pdf.js';
import {
  deadlockCount,
  injectFault,
  raceTest,
  startTestApp,
  type Client,
  type TestApp,
} from './helpers.js';

let t: TestApp;
let c: Client;
let pharmacyId: number;
let otherPharmacyId: number;

const year = new Date().getFullYear();

const invoice = (overrides: Record<string, unknown> = {}) => ({
  pharmacyId,
  invoiceDate: '2026-03-14',
  dueDate: '2026-04-13',
  terms: 'Net 30',
  notes: 'Thank you for your business',
  lotNumber: 'LT-240117-A',
  traySize: '10 x 10',
  nestSize: '100',
  caseSize: '1,000',
  taxRate: '0.0875',
  shipping: '0.00',
  amount: '100.00',
  ...overrides,
});

async function createInvoice(overrides: Record<string, unknown> = {}) {
  const res = await c.post('/api/invoices', invoice(overrides));
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function pay(invoiceId: number, amount: string, forPharmacy = pharmacyId) {
  return c.post('/api/payments', {
    invoiceId,
    pharmacyId: forPharmacy,
    date: '2026-03-20',
    amount,
    method: 'ACH',
  });
}

async function balanceOf(id: number): Promise<string> {
  return (await c.get(`/api/pharmacies/${id}`)).body.balance;
}

async function newPharmacy(name: string): Promise<number> {
  const res = await c.post('/api/pharmacies', { name, email: `${name.length}@example.com` });
  expect(res.status).toBe(201);
  return res.body.id;
}

const line = (overrides: Record<string, unknown> = {}) => ({
  productSku: 'VL-10R-CLR',
  variantSku: null,
  description: '10 mL clear serum vial',
  qty: 3,
  unitPrice: '0.10',
  ...overrides,
});

async function createOrder(forPharmacy = pharmacyId) {
  const res = await c.post('/api/orders', {
    pharmacyId: forPharmacy,
    orderDate: '2026-03-01',
    lineItems: [
      line(),
      line({ description: '20 mm gray stopper', qty: 100, unitPrice: '0.29', productSku: null }),
    ],
  });
  expect(res.status).toBe(201);
  return res.body;
}

async function trpc(procedure: string, input: unknown) {
  return c.post(`/trpc/${procedure}`, { json: input });
}

beforeAll(async () => {
  t = await startTestApp();
  c = await t.signedIn();
  pharmacyId = (
    await c.post('/api/pharmacies', {
      name: 'Riverside Compounding Pharmacy',
      contactName: 'Maria Alvarez',
      email: 'orders@riversiderx.com',
      phone: '(503) 555-0142',
      shippingAddress: '1820 NW Front Ave, Portland, OR 97209',
      billingAddress: 'PO Box 4410, Portland, OR 97208',
    })
  ).body.id;
  otherPharmacyId = (
    await c.post('/api/pharmacies', { name: 'Oak Street Apothecary', email: 'oak@example.com' })
  ).body.id;
});
afterAll(() => t.close());

describe('arithmetic', () => {
  // [amount, tax rate, shipping, tax, total]. Half-cent products round away from zero, where
  // banker's rounding would go to the even cent (1.00 × 0.5% = 0.005 → 0.01, not 0.00).
  const cases: [string, string, string, string, string][] = [
    ['0.10', '0.0875', '0.00', '0.01', '0.11'],
    ['1.00', '0.0050', '0.00', '0.01', '1.01'],
    ['0.50', '0.0500', '0.00', '0.03', '0.53'],
    ['2.50', '0.0100', '1.99', '0.03', '4.52'],
    ['100.50', '0.0100', '0.00', '1.01', '101.51'],
    ['118.75', '0.0875', '12.50', '10.39', '141.64'],
    ['1000.00', '0.0000', '0.00', '0.00', '1000.00'],
    ['0.00', '0.0875', '5.00', '0.00', '5.00'],
    ['99999.99', '1.0000', '0.01', '99999.99', '199999.99'],
  ];
  for (const [amount, taxRate, shipping, tax, total] of cases) {
    it(`${amount} at ${taxRate} plus ${shipping} shipping: tax ${tax}, total ${total}`, async () => {
      const created = await createInvoice({ amount, taxRate, shipping });
      expect(created).toMatchObject({
        amount,
        subtotal: amount,
        taxRate,
        shipping,
        taxAmount: tax,
        total,
        balance: total,
        amountPaid: '0.00',
      });
    });
  }

  it('ignores the subtotal, tax, total and balance a client sends', async () => {
    const created = await createInvoice({
      amount: '10.00',
      subtotal: '1.00',
      taxAmount: '0.00',
      total: '1.00',
      balance: '0.00',
    });
    expect(created).toMatchObject({ subtotal: '10.00', taxAmount: '0.88', total: '10.88' });
  });

  it('defaults the tax rate to 8.75% and shipping to 0.00, and takes numbers as amounts', async () => {
    const { taxRate: _rate, shipping: _shipping, ...rest } = invoice();
    const res = await c.post('/api/invoices', { ...rest, amount: 12.5 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ taxRate: '0.0875', shipping: '0.00', amount: '12.50' });
  });

  it('refuses a total above 99,999,999.99 with 400', async () => {
    const res = await c.post('/api/invoices', invoice({ amount: '99999999.99' }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Invoice total is too large', code: 'INVALID' });
  });

  it("answers malformed amounts with 400 and the spec's field messages, never 500", async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ amount: '1e3' }, 'amount: Must be a number with at most 2 decimal places'],
      [{ amount: '-0.01' }, 'amount: Amount must be non-negative'],
      [{ amount: '0.001' }, 'amount: Must be a number with at most 2 decimal places'],
      [{ amount: 1e21 }, 'amount: Must be a number with at most 2 decimal places'],
      [{ amount: '123456789.00' }, 'amount: Must be less than 100000000'],
      [{ amount: 'NaN' }, 'amount: Must be a number with at most 2 decimal places'],
      [{ amount: { cents: 5 } }, 'amount: Amount must be non-negative'],
      [{ shipping: '-1' }, 'shipping: Shipping must be non-negative'],
      [{ taxRate: '1.0001' }, 'taxRate: Tax rate must be between 0 and 100%'],
      [{ taxRate: '0.08755' }, 'taxRate: Tax rate must be between 0 and 100%'],
      [{ pharmacyId: 2 ** 31 }, 'pharmacyId: Pharmacy is required'],
      [{ fromOrderId: 1.5 }, 'fromOrderId: Order must be a positive integer'],
    ];
    for (const [overrides, message] of bad) {
      const res = await c.post('/api/invoices', invoice(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it("uses the spec's messages for the required fields", async () => {
    const res = await c.post('/api/invoices', {
      pharmacyId: 0,
      invoiceDate: '',
      dueDate: '',
      taxRate: '1.5',
      shipping: '-1',
      amount: '-1',
    });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([
      { path: ['pharmacyId'], message: 'Pharmacy is required' },
      { path: ['invoiceDate'], message: 'Invoice date is required' },
      { path: ['dueDate'], message: 'Due date is required' },
      { path: ['taxRate'], message: 'Tax rate must be between 0 and 100%' },
      { path: ['shipping'], message: 'Shipping must be non-negative' },
      { path: ['amount'], message: 'Amount must be non-negative' },
    ]);
  });
});

describe('create', () => {
  it('numbers the invoice, starts it as Draft, embeds the pharmacy and logs it', async () => {
    const created = await createInvoice();
    expect(created.invoiceNumber).toMatch(new RegExp(`^INV-${year}-\\d{5}$`));
    expect(created).toMatchObject({
      status: 'Draft',
      pharmacyId,
      fromOrderId: null,
      fromOrderNumber: null,
      invoiceDate: '2026-03-14',
      dueDate: '2026-04-13',
      terms: 'Net 30',
      lotNumber: 'LT-240117-A',
      lineItems: [],
      pharmacy: {
        name: 'Riverside Compounding Pharmacy',
        contactName: 'Maria Alvarez',
        email: 'orders@riversiderx.com',
        phone: '(503) 555-0142',
      },
    });
    const log = await t.db
      .selectFrom('activityLog')
      .selectAll()
      .where('entityType', '=', 'invoice')
      .where('entityId', '=', created.id)
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      action: 'create',
      details: {
        label: created.invoiceNumber,
        snapshot: { invoiceNumber: created.invoiceNumber, total: '108.75', status: 'Draft' },
      },
    });
  });

  it("copies an order's pharmacy and line items, and its total as the amount", async () => {
    const order = await createOrder();
    const { amount: _amount, ...withoutAmount } = invoice({ fromOrderId: order.id });
    const res = await c.post('/api/invoices', withoutAmount);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      fromOrderId: order.id,
      fromOrderNumber: order.orderNumber,
      amount: '29.30',
      taxAmount: '2.56',
      total: '31.86',
    });
    expect(
      res.body.lineItems.map((l: any) => [l.position, l.description, l.qty, l.unitPrice]),
    ).toEqual([
      [0, '10 mL clear serum vial', 3, '0.10'],
      [1, '20 mm gray stopper', 100, '0.29'],
    ]);
    const another = await createOrder();
    const chosen = await c.post(
      '/api/invoices',
      invoice({ fromOrderId: another.id, amount: '20' }),
    );
    expect(chosen.body.amount).toBe('20.00');
  });

  it('refuses to invoice a Cancelled order (409), or one of another pharmacy (400)', async () => {
    const order = await createOrder();
    await c.put(`/api/orders/${order.id}`, { status: 'Cancelled' });
    const cancelled = await c.post('/api/invoices', invoice({ fromOrderId: order.id }));
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.message).toBe(
      `Order ${order.orderNumber} is Cancelled and cannot be invoiced`,
    );
    const other = await createOrder(otherPharmacyId);
    const mismatch = await c.post('/api/invoices', invoice({ fromOrderId: other.id }));
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.issues).toEqual([
      {
        path: ['pharmacyId'],
        message: `The invoice's pharmacy must be order ${other.orderNumber}'s pharmacy`,
      },
    ]);
  });

  it('refuses unknown pharmacies and orders, a missing amount and a due date too early', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ pharmacyId: 999_999 }, 'Pharmacy 999999 does not exist'],
      [{ fromOrderId: 999_999 }, 'Order 999999 does not exist'],
      [{ amount: null }, 'Amount is required'],
      [{ dueDate: '2026-03-13' }, 'dueDate: Due date must be on or after the invoice date'],
      [{ dueDate: '2026-02-30' }, 'dueDate: Due date must be a valid date (YYYY-MM-DD)'],
    ];
    for (const [overrides, message] of cases) {
      const res = await c.post('/api/invoices', invoice(overrides));
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it('issues on create (Unpaid), and refuses Paid with a balance and Partially Paid', async () => {
    const issued = await createInvoice({ status: 'Unpaid' });
    expect(issued.status).toBe('Unpaid');
    const paid = await c.post('/api/invoices', invoice({ status: 'Paid' }));
    expect(paid.status).toBe(409);
    expect(paid.body.message).toBe('An invoice cannot be marked Paid while its balance is $108.75');
    for (const status of ['Partially Paid', 'Overdue']) {
      const res = await c.post('/api/invoices', invoice({ status }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        `status: Status ${status} is set by the server, not by a client`,
      );
    }
    const free = await createInvoice({ amount: '0.00', status: 'Paid' });
    expect(free).toMatchObject({ status: 'Paid', total: '0.00', balance: '0.00' });
  });

  it('works through tRPC with the same input and the same rules', async () => {
    const res = await trpc('invoices.create', invoice({ amount: '1.00', taxRate: '0.0050' }));
    expect(res.status).toBe(200);
    expect(res.body.result.data.json).toMatchObject({ taxAmount: '0.01', total: '1.01' });
    const paid = await trpc('invoices.create', invoice({ status: 'Paid' }));
    expect(paid.status).toBe(409);
    expect(paid.body.error.json.data).toMatchObject({ code: 'CONFLICT' });
  });

  it(raceTest('gives 20 concurrent creates 20 distinct, consecutive numbers'), async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        c.post('/api/invoices', invoice({ status: i % 2 ? 'Unpaid' : 'Draft' })),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const numbers = results
      .map((r) => Number(String(r.body.invoiceNumber).slice(-5)))
      .sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers.at(-1)! - numbers[0]!).toBe(19);
  });

  for (const table of ['invoices', 'invoice_line_items', 'activity_log']) {
    it(`an invoice create that fails at ${table} leaves nothing and no gap in the numbers`, async () => {
      const first = await createInvoice({
        fromOrderId: (await createOrder()).id,
        status: 'Unpaid',
      });
      const order = await createOrder();
      const balance = await balanceOf(pharmacyId);
      const count = async () => (await t.db.selectFrom('invoices').select('id').execute()).length;
      const before = await count();
      const fault = await injectFault(t.db, table);
      const failed = await c
        .post('/api/invoices', invoice({ fromOrderId: order.id, status: 'Unpaid' }))
        .finally(() => fault.remove());
      expect(failed.status).toBe(500);
      expect(failed.body).toEqual({
        message: 'Internal server error',
        code: 'INTERNAL',
        issues: [],
      });
      expect(await count()).toBe(before);
      expect(await balanceOf(pharmacyId)).toBe(balance);
      const next = await createInvoice();
      expect(Number(next.invoiceNumber.slice(-5))).toBe(Number(first.invoiceNumber.slice(-5)) + 1);
    });
  }

  it('needs a signed-in user', async () => {
    expect((await t.client().post('/api/invoices', invoice())).status).toBe(401);
    expect((await t.client().get('/api/invoices')).status).toBe(401);
  });
});

describe('list and get', () => {
  let pharmacy: number;
  let ids: Record<'draft' | 'unpaid' | 'partial' | 'paid' | 'overdue' | 'overdueDraft', number>;
  const past = addDaysIso(todayIso(), -1);
  const future = addDaysIso(todayIso(), 30);
  beforeAll(async () => {
    pharmacy = await newPharmacy('Zephyr Infusion Center');
    const make = async (dueDate: string, status?: string) =>
      (
        await createInvoice({
          pharmacyId: pharmacy,
          invoiceDate: '2026-01-01',
          dueDate,
          ...(status ? { status } : {}),
        })
      ).id as number;
    const draft = await make(future);
    const unpaid = await make(future, 'Unpaid');
    const partial = await make(past, 'Unpaid');
    expect((await pay(partial, '8.75', pharmacy)).status).toBe(201);
    const paid = await make(past, 'Unpaid');
    expect((await pay(paid, '108.75', pharmacy)).status).toBe(201);
    const overdue = await make(past, 'Unpaid');
    const overdueDraft = await make(past);
    ids = { draft, unpaid, partial, paid, overdue, overdueDraft };
  });

  const listed = async (query: string) =>
    (await c.get(`/api/invoices?q=zephyr&${query}`)).body.map((i: any) => i.id);

  it('filters by tab on the server, Overdue derived from due date, balance and status', async () => {
    expect(await listed('tab=all')).toEqual([
      ids.overdueDraft,
      ids.overdue,
      ids.paid,
      ids.partial,
      ids.unpaid,
      ids.draft,
    ]);
    expect(await listed('tab=unpaid')).toEqual([ids.overdue, ids.unpaid]);
    expect(await listed('tab=partially_paid')).toEqual([ids.partial]);
    expect(await listed('tab=paid')).toEqual([ids.paid]);
    expect(await listed('tab=overdue')).toEqual([ids.overdueDraft, ids.overdue, ids.partial]);
    expect(await listed('payable=true')).toEqual([
      ids.overdueDraft,
      ids.overdue,
      ids.partial,
      ids.unpaid,
      ids.draft,
    ]);
    expect((await c.get('/api/invoices?payable=yes')).body.message).toBe(
      'payable: payable must be true or false',
    );
    const bad = await c.get('/api/invoices?tab=late');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      'tab: Tab must be one of all, unpaid, partially_paid, paid, overdue',
    );
  });

  it('pages newest first with the pharmacy and line items embedded', async () => {
    const first = await c.get('/api/invoices?q=zephyr&limit=4');
    expect(first.body.map((i: any) => i.id)).toEqual([
      ids.overdueDraft,
      ids.overdue,
      ids.paid,
      ids.partial,
    ]);
    expect(first.body[3]).toMatchObject({
      status: 'Partially Paid',
      balance: '100.00',
      amountPaid: '8.75',
      pharmacy: { name: 'Zephyr Infusion Center', contactName: null, email: expect.any(String) },
      lineItems: [],
    });
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toBe(String(ids.partial));
    const second = await c.get(`/api/invoices?q=zephyr&limit=4&cursor=${cursor}`);
    expect(second.body.map((i: any) => i.id)).toEqual([ids.unpaid, ids.draft]);
    expect(second.headers['x-next-cursor']).toBeUndefined();
  });

  it('matches the text against the invoice number or the pharmacy name, literally', async () => {
    const one = (await c.get(`/api/invoices/${ids.paid}`)).body;
    expect(
      (await c.get(`/api/invoices?q=${one.invoiceNumber.toLowerCase()}`)).body.map(
        (i: any) => i.id,
      ),
    ).toEqual([ids.paid]);
    expect((await c.get('/api/invoices?q=100%25')).body).toEqual([]);
    expect((await c.get('/api/invoices?q=_')).body).toEqual([]);
  });

  it('gets one invoice with the addresses of its pharmacy; 404 unknown, 400 not an id', async () => {
    const res = await c.get(`/api/invoices/${ids.unpaid}`);
    expect(res.status).toBe(200);
    expect(res.body.pharmacy).toEqual({
      name: 'Zephyr Infusion Center',
      contactName: null,
      email: expect.any(String),
      phone: null,
      shippingAddress: null,
      billingAddress: null,
    });
    for (const id of ['abc', '1e3', '-1', '0', '99999999999', '1.5']) {
      expect((await c.get(`/api/invoices/${id}`)).status, id).toBe(400);
    }
    expect((await c.get('/api/invoices/999999')).status).toBe(404);
    expect((await c.put('/api/invoices/999999', { status: 'Paid' })).status).toBe(404);
    expect((await c.delete('/api/invoices/999999')).status).toBe(404);
  });
});

describe('update', () => {
  it('recomputes the amounts of a full edit and logs it', async () => {
    const created = await createInvoice();
    const res = await c.put(
      `/api/invoices/${created.id}`,
      invoice({ amount: '200.00', shipping: '10.00', notes: null, total: '1.00' }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      invoiceNumber: created.invoiceNumber,
      taxAmount: '17.50',
      total: '227.50',
      balance: '227.50',
      notes: null,
      status: 'Draft',
    });
    const log = await t.db
      .selectFrom('activityLog')
      .select('action')
      .where('entityType', '=', 'invoice')
      .where('entityId', '=', created.id)
      .orderBy('id')
      .execute();
    expect(log.map((r) => r.action)).toEqual(['create', 'update']);
  });

  it('issues a Draft with {status: Unpaid} and counts it in the pharmacy balance from then', async () => {
    const pharmacy = await newPharmacy('Issue Test Pharmacy');
    const created = await createInvoice({ pharmacyId: pharmacy });
    expect(await balanceOf(pharmacy)).toBe('0.00');
    const res = await c.put(`/api/invoices/${created.id}`, { status: 'Unpaid' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('Unpaid');
    expect(await balanceOf(pharmacy)).toBe('108.75');
    const back = await c.put(`/api/invoices/${created.id}`, { status: 'Draft' });
    expect(back.status).toBe(409);
    expect(back.body.message).toBe('Cannot change invoice status from Unpaid to Draft');
  });

  it('Mark Paid: refused (409, naming the balance) while anything is owed, allowed at 0', async () => {
    const created = await createInvoice({ status: 'Unpaid' });
    const url = `/api/invoices/${created.id}`;
    const early = await c.put(url, { status: 'Paid' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(
      `Invoice ${created.invoiceNumber} cannot be marked Paid while its balance is $108.75`,
    );
    // The form shows the refusal at its Status field as well.
    expect(early.body.issues).toEqual([{ path: ['status'], message: early.body.message }]);
    expect((await pay(created.id, '100.00')).status).toBe(201);
    expect((await c.put(url, { status: 'Paid' })).status).toBe(409);
    expect((await pay(created.id, '8.75')).status).toBe(201);
    const done = await c.put(url, { status: 'Paid' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'Paid', balance: '0.00', amountPaid: '108.75' });

    const free = await createInvoice({ amount: '0.00', status: 'Unpaid' });
    const marked = await c.put(`/api/invoices/${free.id}`, { status: 'Paid' });
    expect(marked.body).toMatchObject({ status: 'Paid', balance: '0.00' });
    const unmark = await c.put(`/api/invoices/${free.id}`, { status: 'Unpaid' });
    expect(unmark.status).toBe(409);
  });

  it('refuses Partially Paid and Overdue from a client with 400, whatever the invoice', async () => {
    const created = await createInvoice({ status: 'Unpaid' });
    await pay(created.id, '1.00');
    for (const status of ['Partially Paid', 'Overdue', 'paid']) {
      const res = await c.put(`/api/invoices/${created.id}`, { status });
      expect(res.status, status).toBe(400);
    }
    const full = await c.put(`/api/invoices/${created.id}`, invoice({ status: 'Partially Paid' }));
    expect(full.status).toBe(400);
  });

  it('refuses an edit that takes the total below what is paid, and keeps the invoice', async () => {
    const created = await createInvoice({ status: 'Unpaid' });
    await pay(created.id, '50.00');
    const res = await c.put(`/api/invoices/${created.id}`, invoice({ amount: '40.00' }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      `Invoice ${created.invoiceNumber} total of $43.50 cannot be below the $50.00 already paid`,
    );
    // The form shows it at the Amount field, what the total is made of.
    expect(res.body.issues).toEqual([{ path: ['amount'], message: res.body.message }]);
    const after = await c.get(`/api/invoices/${created.id}`);
    expect(after.body).toMatchObject({ amount: '100.00', balance: '58.75' });
    const exact = await c.put(
      `/api/invoices/${created.id}`,
      invoice({ amount: '50.00', taxRate: '0.0000' }),
    );
    expect(exact.body).toMatchObject({ status: 'Paid', balance: '0.00', total: '50.00' });
    const raised = await c.put(`/api/invoices/${created.id}`, invoice({ amount: '60.00' }));
    expect(raised.body).toMatchObject({ status: 'Partially Paid', balance: '15.25' });
  });

  it('moves an invoice without payments to another pharmacy with both balances, not one with', async () => {
    const from = await newPharmacy('Move From Pharmacy');
    const to = await newPharmacy('Move To Pharmacy Inc');
    const created = await createInvoice({ pharmacyId: from, status: 'Unpaid' });
    const moved = await c.put(`/api/invoices/${created.id}`, invoice({ pharmacyId: to }));
    expect(moved.status).toBe(200);
    expect([await balanceOf(from), await balanceOf(to)]).toEqual(['0.00', '108.75']);
    await pay(created.id, '1.00', to);
    const refused = await c.put(`/api/invoices/${created.id}`, invoice({ pharmacyId: from }));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Invoice ${created.invoiceNumber} has payments and cannot move to another pharmacy`,
    );
  });

  it('copies the line items again when pointed at another order, and clears them at none', async () => {
    const a = await createOrder();
    const created = await createInvoice({ fromOrderId: a.id });
    const b = await c.post('/api/orders', {
      pharmacyId,
      orderDate: '2026-03-02',
      lineItems: [line({ description: 'Flip-off seal', qty: 7, unitPrice: '19.99' })],
    });
    const relinked = await c.put(
      `/api/invoices/${created.id}`,
      invoice({ fromOrderId: b.body.id, amount: null }),
    );
    expect(relinked.body.amount).toBe('139.93');
    expect(relinked.body.lineItems.map((l: any) => l.description)).toEqual(['Flip-off seal']);
    const kept = await c.put(`/api/invoices/${created.id}`, invoice({ fromOrderId: b.body.id }));
    expect(kept.body.lineItems).toHaveLength(1);
    const cleared = await c.put(`/api/invoices/${created.id}`, invoice({ fromOrderId: null }));
    expect(cleared.body.lineItems).toEqual([]);
  });

  it('keeps editing an invoice whose order was moved or cancelled after it was made', async () => {
    const order = await createOrder();
    const created = await createInvoice({ fromOrderId: order.id });
    await c.put(`/api/orders/${order.id}`, {
      pharmacyId: otherPharmacyId,
      orderDate: '2026-03-01',
      lineItems: [line()],
    });
    await c.put(`/api/orders/${order.id}`, { status: 'Cancelled' });
    const res = await c.put(
      `/api/invoices/${created.id}`,
      invoice({ fromOrderId: order.id, notes: 'x' }),
    );
    expect(res.status).toBe(200);
    const moved = await c.put(
      `/api/invoices/${created.id}`,
      invoice({ fromOrderId: order.id, pharmacyId: await newPharmacy('Third Pharmacy') }),
    );
    expect(moved.status).toBe(400);
    expect(moved.body.issues[0].path).toEqual(['pharmacyId']);
  });

  it(
    raceTest('order deletes, edits of their invoices and payments at once: no deadlock, no 500'),
    async () => {
      const deadlocks = await deadlockCount(t.db);
      for (let round = 0; round < 20; round++) {
        const order = await createOrder();
        const created = await createInvoice({ fromOrderId: order.id, status: 'Unpaid' });
        const edit = (notes: string) =>
          c.put(`/api/invoices/${created.id}`, invoice({ fromOrderId: order.id, notes }));
        const results = await Promise.all([
          edit(`Round ${round}`),
          c.delete(`/api/orders/${order.id}`),
          edit(`Round ${round} again`),
          pay(created.id, '1.00'),
        ]);
        for (const res of results) {
          expect(res.status, res.text).toBeLessThan(500);
          expect(res.body?.message ?? '').not.toMatch(/please retry/);
        }
        expect(results[1]!.status).toBe(200);
      }
      expect(await deadlockCount(t.db)).toBe(deadlocks);
    },
  );

  it('works through tRPC as { id, data }', async () => {
    const created = await createInvoice();
    const res = await trpc('invoices.update', { id: created.id, data: { status: 'Unpaid' } });
    expect(res.status).toBe(200);
    expect(res.body.result.data.json.status).toBe('Unpaid');
    const bad = await trpc('invoices.update', {
      id: created.id,
      data: invoice({ dueDate: '2020-01-01' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.json.data.issues).toEqual([
      { path: ['dueDate'], message: 'Due date must be on or after the invoice date' },
    ]);
  });
});

describe('delete', () => {
  it('deletes the invoice with its line items and payments, logs all three, and rebalances', async () => {
    const pharmacy = await newPharmacy('Delete Test Pharmacy');
    const order = await createOrder(pharmacy);
    const kept = await createInvoice({ pharmacyId: pharmacy, status: 'Unpaid' });
    const created = await createInvoice({
      pharmacyId: pharmacy,
      fromOrderId: order.id,
      amount: null,
      status: 'Unpaid',
    });
    const payment = await pay(created.id, '10.00', pharmacy);
    expect(await balanceOf(pharmacy)).toBe('130.61');
    const res = await c.delete(`/api/invoices/${created.id}`);
    expect(res.status).toBe(200);
    expect((await c.get(`/api/invoices/${created.id}`)).status).toBe(404);
    expect((await c.get(`/api/payments/${payment.body.id}`)).status).toBe(404);
    expect(
      await t.db
        .selectFrom('invoiceLineItems')
        .select('id')
        .where('invoiceId', '=', created.id)
        .execute(),
    ).toEqual([]);
    expect(await balanceOf(pharmacy)).toBe(kept.balance);
    const log = await t.db
      .selectFrom('activityLog')
      .selectAll()
      .where('entityType', '=', 'invoice')
      .where('entityId', '=', created.id)
      .where('action', '=', 'delete')
      .executeTakeFirstOrThrow();
    const details = log.details as any;
    expect(details.snapshot.invoiceNumber).toBe(created.invoiceNumber);
    expect(details.snapshot.lineItems).toHaveLength(2);
    expect(details.cascade.payments.map((p: any) => p.paymentNumber)).toEqual([
      payment.body.paymentNumber,
    ]);
  });

  it('goes with its pharmacy, payments too, and the delete log keeps them', async () => {
    const pharmacy = await newPharmacy('Cascade Test Pharmacy');
    const created = await createInvoice({ pharmacyId: pharmacy, status: 'Unpaid' });
    const payment = await pay(created.id, '5.00', pharmacy);
    expect((await c.delete(`/api/pharmacies/${pharmacy}`)).status).toBe(200);
    expect((await c.get(`/api/invoices/${created.id}`)).status).toBe(404);
    expect((await c.get(`/api/payments/${payment.body.id}`)).status).toBe(404);
    const log = await t.db
      .selectFrom('activityLog')
      .select('details')
      .where('entityType', '=', 'pharmacy')
      .where('entityId', '=', pharmacy)
      .where('action', '=', 'delete')
      .executeTakeFirstOrThrow();
    expect((log.details as any).cascade.invoices.map((i: any) => i.id)).toEqual([created.id]);
    expect((log.details as any).cascade.payments.map((p: any) => p.id)).toEqual([payment.body.id]);
  });
});

describe('download', () => {
  const download = async (client: Client, id: number | string) => {
    const res = await t.server.app.inject({
      method: 'GET',
      url: `/api/invoices/${id}/download`,
      headers: client.cookie ? { cookie: client.cookie } : {},
    });
    return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
  };

  it('answers a PDF shown inline (the web opens it in a tab) named after the invoice, with its figures', async () => {
    const order = await createOrder();
    const created = await createInvoice({ fromOrderId: order.id, status: 'Unpaid' });
    await pay(created.id, '10.00');
    const res = await download(c, created.id);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="invoice-${created.invoiceNumber}.pdf"`,
    );
    const [page, ...more] = await readPdf(res.body);
    expect(more).toEqual([]);
    for (const text of [
      'INVOICE',
      created.invoiceNumber,
      order.orderNumber,
      'Status Overdue',
      'Riverside Compounding Pharmacy',
      'PO Box 4410, Portland, OR 97208',
      'LT-240117-A',
      '20 mm gray stopper',
      'Tax (8.75%)',
      '$108.75',
      'Amount paid $10.00',
      'Balance Due (USD) $98.75',
      'PAYMENT INSTRUCTIONS',
      'Page 1 of 1',
    ]) {
      expect(page!.text).toContain(text);
    }
  });

  it('needs a signed-in user and an existing invoice', async () => {
    const created = await createInvoice();
    expect((await download(t.client(), created.id)).status).toBe(401);
    expect((await download(c, 999_999)).status).toBe(404);
    expect((await download(c, 'abc')).status).toBe(400);
  });
});

describe('one invoice per order', () => {
  const count = async (table: 'invoices' | 'activityLog' | 'invoiceLineItems') =>
    (await t.db.selectFrom(table).select('id').execute()).length;

  it('refuses a second invoice from one order with 409 naming the first, and writes nothing', async () => {
    const order = await createOrder();
    const first = await createInvoice({ fromOrderId: order.id, status: 'Unpaid' });
    const message = `Order ${order.orderNumber} is already invoiced on ${first.invoiceNumber}`;
    const before = await Promise.all([
      count('invoices'),
      count('activityLog'),
      count('invoiceLineItems'),
      balanceOf(pharmacyId),
    ]);

    const again = await c.post('/api/invoices', invoice({ fromOrderId: order.id }));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message,
      code: 'CONFLICT',
      issues: [{ path: ['fromOrderId'], message }],
    });
    const viaTrpc = await trpc('invoices.create', invoice({ fromOrderId: order.id }));
    expect(viaTrpc.status).toBe(409);
    expect(viaTrpc.body.error.json.message).toBe(message);
    expect(viaTrpc.body.error.json.data).toMatchObject({
      code: 'CONFLICT',
      issues: [{ path: ['fromOrderId'], message }],
    });

    expect(
      await Promise.all([
        count('invoices'),
        count('activityLog'),
        count('invoiceLineItems'),
        balanceOf(pharmacyId),
      ]),
    ).toEqual(before);
    // No number was taken either: the next invoice follows the first.
    const next = await createInvoice();
    expect(Number(next.invoiceNumber.slice(-5))).toBe(Number(first.invoiceNumber.slice(-5)) + 1);
  });

  it('refuses to point another invoice at an invoiced order; its own order it keeps', async () => {
    const order = await createOrder();
    const first = await createInvoice({ fromOrderId: order.id });
    const standalone = await createInvoice({ notes: 'Standalone' });
    const moved = await c.put(
      `/api/invoices/${standalone.id}`,
      invoice({ fromOrderId: order.id, notes: 'Moved' }),
    );
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe(
      `Order ${order.orderNumber} is already invoiced on ${first.invoiceNumber}`,
    );
    expect((await c.get(`/api/invoices/${standalone.id}`)).body).toMatchObject({
      fromOrderId: null,
      notes: 'Standalone',
      lineItems: [],
    });
    const viaTrpc = await trpc('invoices.update', {
      id: standalone.id,
      data: invoice({ fromOrderId: order.id }),
    });
    expect(viaTrpc.status).toBe(409);
    const kept = await c.put(`/api/invoices/${first.id}`, invoice({ fromOrderId: order.id }));
    expect(kept.status, kept.text).toBe(200);
  });

  it("shows an order's invoice on the order, and deleting the invoice frees the order", async () => {
    const order = await createOrder();
    expect((await c.get(`/api/orders/${order.id}`)).body.invoice).toBeNull();
    const first = await createInvoice({ fromOrderId: order.id });
    const shown = { id: first.id, invoiceNumber: first.invoiceNumber };
    expect((await c.get(`/api/orders/${order.id}`)).body.invoice).toEqual(shown);
    const listed = await c.get(`/api/orders?q=${order.orderNumber}`);
    expect(listed.body.map((o: any) => [o.id, o.invoice])).toEqual([[order.id, shown]]);
    const viaTrpc = await c.get(
      `/trpc/orders.get?input=${encodeURIComponent(JSON.stringify({ json: { id: order.id } }))}`,
    );
    expect(viaTrpc.body.result.data.json.invoice).toEqual(shown);

    expect((await c.delete(`/api/invoices/${first.id}`)).status).toBe(200);
    expect((await c.get(`/api/orders/${order.id}`)).body.invoice).toBeNull();
    const second = await createInvoice({ fromOrderId: order.id });
    expect((await c.get(`/api/orders/${order.id}`)).body.invoice).toEqual({
      id: second.id,
      invoiceNumber: second.invoiceNumber,
    });
  });

  it(raceTest('makes exactly one invoice of 10 concurrent creates from one order'), async () => {
    const deadlocks = await deadlockCount(t.db);
    const order = await createOrder();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        c.post('/api/invoices', invoice({ fromOrderId: order.id, notes: `Try ${i}` })),
      ),
    );
    const made = results.filter((r) => r.status === 201);
    expect(made).toHaveLength(1);
    const message = `Order ${order.orderNumber} is already invoiced on ${made[0]!.body.invoiceNumber}`;
    for (const res of results.filter((r) => r.status !== 201)) {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(message);
    }
    const invoices = await t.db
      .selectFrom('invoices')
      .select('id')
      .where('fromOrderId', '=', order.id)
      .execute();
    expect(invoices).toEqual([{ id: made[0]!.body.id }]);
    expect(await deadlockCount(t.db)).toBe(deadlocks);
  });
});

describe('From Order picker', () => {
  it('offers the orders not invoiced yet and not Cancelled, with its pharmacy and total', async () => {
    const open = await createOrder();
    const cancelled = await createOrder();
    await c.put(`/api/orders/${cancelled.id}`, { status: 'Cancelled' });
    const invoiced = await createOrder();
    const made = await createInvoice({ fromOrderId: invoiced.id });
    const offered = async () => {
      const res = await c.get('/trpc/invoices.orderOptions');
      expect(res.status, res.text).toBe(200);
      return res.body.result.data.json as { id: number; status: string }[];
    };
    const options = await offered();
    expect(options.find((o) => o.id === open.id)).toEqual({
      id: open.id,
      orderNumber: open.orderNumber,
      pharmacyId,
      pharmacyName: 'Riverside Compounding Pharmacy',
      orderDate: '2026-03-01',
      status: 'Draft',
      total: open.total,
    });
    expect(options.some((o) => o.id === cancelled.id)).toBe(false);
    expect(options.every((o) => o.status !== 'Cancelled')).toBe(true);
    expect(options.some((o) => o.id === invoiced.id)).toBe(false);
    const invoicedIds = (await t.db.selectFrom('invoices').select('fromOrderId').execute()).map(
      (row) => row.fromOrderId,
    );
    expect(options.filter((o) => invoicedIds.includes(o.id))).toEqual([]);
    await c.delete(`/api/invoices/${made.id}`);
    expect((await offered()).some((o) => o.id === invoiced.id)).toBe(true);
    expect((await t.client().get('/trpc/invoices.orderOptions')).status).toBe(401);
  });
});
