import { toCents } from '@pharm/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvoice, createPharmacy } from './fixtures.js';
import {
  deadlockCount,
  injectFault,
  raceTest,
  startTestApp,
  type Client,
  type Response,
  type TestApp,
} from './helpers.js';

let t: TestApp;
let c: Client;
let pharmacyId: number;

const year = new Date().getFullYear();

const newPharmacy = (name: string) => createPharmacy(c, name);
/** An invoice of the pharmacy of this file. */
const newInvoice = (total = '150.00', overrides: Record<string, unknown> = {}) =>
  createInvoice(c, pharmacyId, total, overrides);

const payment = (
  invoice: { id: number; pharmacyId: number },
  overrides: Record<string, unknown> = {},
) => ({
  invoiceId: invoice.id,
  pharmacyId: invoice.pharmacyId,
  date: '2026-03-20',
  amount: '10.00',
  method: 'ACH',
  reference: 'ACH-000123',
  notes: null,
  ...overrides,
});

async function pay(
  invoice: { id: number; pharmacyId: number },
  amount: string,
  headers?: Record<string, string>,
) {
  return c.post('/api/payments', payment(invoice, { amount }), headers);
}

async function invoiceOf(id: number) {
  return (await c.get(`/api/invoices/${id}`)).body;
}

async function balanceOf(id: number): Promise<string> {
  return (await c.get(`/api/pharmacies/${id}`)).body.balance;
}

async function trpc(procedure: string, input: unknown) {
  return c.post(`/trpc/${procedure}`, { json: input });
}

/**
 * docs/rules.md §3 checked over the whole database: each invoice's balance is its total less its
 * payments and within 0 and the total, its status agrees with its payments, and each pharmacy's
 * balance is the sum of its non-Draft invoices'. Every figure is compared in cents.
 */
async function violations(): Promise<string[]> {
  const invoices = await t.db.selectFrom('invoices').selectAll().execute();
  const payments = await t.db.selectFrom('payments').select(['invoiceId', 'amount']).execute();
  const pharmacies = await t.db.selectFrom('pharmacies').select(['id', 'balance']).execute();
  const problems: string[] = [];
  const owed = new Map<number, number>();
  for (const invoice of invoices) {
    const paid = payments
      .filter((p) => p.invoiceId === invoice.id)
      .reduce((sum, p) => sum + toCents(p.amount), 0);
    const total = toCents(invoice.total);
    const balance = toCents(invoice.balance);
    if (balance !== total - paid) problems.push(`${invoice.invoiceNumber}: balance ≠ total − paid`);
    if (balance < 0 || balance > total) problems.push(`${invoice.invoiceNumber}: balance range`);
    const expected =
      invoice.status === 'Draft'
        ? paid === 0
        : paid === 0
          ? invoice.status === 'Unpaid' || (total === 0 && invoice.status === 'Paid')
          : paid < total
            ? invoice.status === 'Partially Paid'
            : invoice.status === 'Paid';
    if (!expected) problems.push(`${invoice.invoiceNumber}: status ${invoice.status}`);
    if (invoice.status !== 'Draft') {
      owed.set(invoice.pharmacyId, (owed.get(invoice.pharmacyId) ?? 0) + balance);
    }
  }
  for (const pharmacy of pharmacies) {
    if (toCents(pharmacy.balance) !== (owed.get(pharmacy.id) ?? 0)) {
      problems.push(`pharmacy ${pharmacy.id}: balance ≠ Σ of its issued invoices`);
    }
  }
  return problems;
}

/** No request of a race may fail as a server error or give up retrying a race it lost. */
function expectNoServerErrors(results: Response[]): void {
  for (const res of results) {
    expect(res.status, res.text).toBeLessThan(500);
    expect(res.body?.message ?? '').not.toMatch(/please retry/);
  }
}

beforeAll(async () => {
  t = await startTestApp();
  c = await t.signedIn();
  pharmacyId = await newPharmacy('Riverside Compounding Pharmacy');
});
afterAll(() => t.close());

describe('create', () => {
  it('numbers the payment, embeds its invoice and pharmacy, and logs it', async () => {
    const invoice = await newInvoice();
    const res = await c.post('/api/payments', payment(invoice));
    expect(res.status).toBe(201);
    expect(res.body.paymentNumber).toMatch(new RegExp(`^PAY-${year}-\\d{5}$`));
    expect(res.body).toMatchObject({
      invoiceId: invoice.id,
      pharmacyId,
      date: '2026-03-20',
      amount: '10.00',
      method: 'ACH',
      reference: 'ACH-000123',
      notes: null,
      invoice: { invoiceNumber: invoice.invoiceNumber, balance: '140.00' },
      pharmacy: { name: 'Riverside Compounding Pharmacy' },
    });
    const log = await t.db
      .selectFrom('activityLog')
      .selectAll()
      .where('entityType', '=', 'payment')
      .where('entityId', '=', res.body.id)
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      action: 'create',
      details: {
        snapshot: {
          paymentNumber: res.body.paymentNumber,
          invoice: invoice.invoiceNumber,
          amount: '10.00',
        },
        invoiceStatusFrom: 'Unpaid',
        invoiceStatusTo: 'Partially Paid',
      },
    });
  });

  it('moves the invoice Unpaid → Partially Paid → Paid and the pharmacy balance with it', async () => {
    const pharmacy = await newPharmacy('Status Walk Pharmacy');
    const invoice = await newInvoice('100.00', { pharmacyId: pharmacy });
    expect([(await invoiceOf(invoice.id)).status, await balanceOf(pharmacy)]).toEqual([
      'Unpaid',
      '100.00',
    ]);
    await pay(invoice, '0.01');
    expect(await invoiceOf(invoice.id)).toMatchObject({
      status: 'Partially Paid',
      balance: '99.99',
      amountPaid: '0.01',
    });
    expect(await balanceOf(pharmacy)).toBe('99.99');
    await pay(invoice, '99.99');
    expect(await invoiceOf(invoice.id)).toMatchObject({ status: 'Paid', balance: '0.00' });
    expect(await balanceOf(pharmacy)).toBe('0.00');
  });

  it('issues a Draft invoice it is recorded against', async () => {
    const pharmacy = await newPharmacy('Draft Payment Pharmacy');
    const invoice = await newInvoice('100.00', { pharmacyId: pharmacy, status: 'Draft' });
    expect(await balanceOf(pharmacy)).toBe('0.00');
    expect((await pay(invoice, '30.00')).status).toBe(201);
    expect(await invoiceOf(invoice.id)).toMatchObject({
      status: 'Partially Paid',
      balance: '70.00',
    });
    expect(await balanceOf(pharmacy)).toBe('70.00');
  });

  it('refuses a payment above the balance (409, naming it) and takes exactly the balance', async () => {
    const invoice = await newInvoice('12.34');
    await pay(invoice, '2.00');
    const over = await pay(invoice, '10.35');
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({
      code: 'CONFLICT',
      message: 'Payment exceeds the invoice balance of $10.34',
    });
    expect((await pay(invoice, '10.34')).status).toBe(201);
    const more = await pay(invoice, '0.01');
    expect(more.status).toBe(409);
    expect(more.body.message).toBe('Payment exceeds the invoice balance of $0.00');
    expect(await invoiceOf(invoice.id)).toMatchObject({ status: 'Paid', balance: '0.00' });
  });

  it('takes the pharmacy from the invoice: another one is 400, as is an unknown invoice', async () => {
    const invoice = await newInvoice();
    const other = await newPharmacy('Someone Else Pharmacy');
    const res = await c.post('/api/payments', payment(invoice, { pharmacyId: other }));
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([
      {
        path: ['pharmacyId'],
        message: `The payment's pharmacy must be invoice ${invoice.invoiceNumber}'s pharmacy`,
      },
    ]);
    const unknown = await c.post('/api/payments', payment({ id: 999_999, pharmacyId }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Invoice 999999 does not exist');
  });

  it("answers malformed input with 400 and the spec's messages, never 500", async () => {
    const invoice = await newInvoice();
    const bad: [Record<string, unknown>, string][] = [
      [{ amount: '1e3' }, 'amount: Amount must be a number with at most 2 decimal places'],
      [{ amount: '-0.01' }, 'amount: Amount must be greater than 0'],
      [{ amount: '0.001' }, 'amount: Amount must be a number with at most 2 decimal places'],
      [{ amount: '0' }, 'amount: Amount must be greater than 0'],
      [{ amount: 0 }, 'amount: Amount must be greater than 0'],
      [{ amount: '' }, 'amount: Amount must be greater than 0'],
      [{ amount: 1e21 }, 'amount: Amount must be a number with at most 2 decimal places'],
      [{ amount: '100000000.00' }, 'amount: Must be less than 100000000'],
      [{ amount: ' 12.5e0 ' }, 'amount: Amount must be a number with at most 2 decimal places'],
      [{ amount: '0x10' }, 'amount: Amount must be a number with at most 2 decimal places'],
      [{ amount: ['1'] }, 'amount: Amount must be greater than 0'],
      [{ method: 'Bitcoin' }, 'method: Payment method is required'],
      [{ date: '2026-13-01' }, 'date: Date must be a valid date (YYYY-MM-DD)'],
      [{ date: '' }, 'date: Date is required'],
      [{ invoiceId: 0 }, 'invoiceId: Invoice is required'],
      [{ invoiceId: '1' }, 'invoiceId: Invoice is required'],
      [{ pharmacyId: 2 ** 31 }, 'pharmacyId: Pharmacy is required'],
      [{ reference: 'x'.repeat(256) }, 'reference: Reference must be at most 255 characters'],
    ];
    for (const [overrides, message] of bad) {
      const res = await c.post('/api/payments', payment(invoice, overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const notJson = await c.post('/api/payments', '{"amount": 1', {});
    expect(notJson.status).toBe(400);
    expect((await invoiceOf(invoice.id)).balance).toBe('150.00');
  });

  for (const table of ['payments', 'activity_log']) {
    it(`a payment that fails at ${table} leaves the balances and no gap in the numbers`, async () => {
      const invoice = await newInvoice();
      const first = await pay(invoice, '1.00');
      const balance = await balanceOf(pharmacyId);
      const fault = await injectFault(t.db, table);
      const failed = await pay(invoice, '2.00').finally(() => fault.remove());
      expect(failed.status).toBe(500);
      expect(await invoiceOf(invoice.id)).toMatchObject({
        balance: '149.00',
        status: 'Partially Paid',
      });
      expect(await balanceOf(pharmacyId)).toBe(balance);
      const next = await pay(invoice, '2.00');
      expect(Number(next.body.paymentNumber.slice(-5))).toBe(
        Number(first.body.paymentNumber.slice(-5)) + 1,
      );
    });
  }

  it('needs a signed-in user', async () => {
    expect((await t.client().post('/api/payments', {})).status).toBe(401);
    expect((await t.client().get('/api/payments')).status).toBe(401);
  });
});

describe('update', () => {
  it('follows an edited amount with the invoice status and balance, both ways', async () => {
    const pharmacy = await newPharmacy('Edit Walk Pharmacy');
    const invoice = await newInvoice('100.00', { pharmacyId: pharmacy });
    const first = (await pay(invoice, '60.00')).body;
    await pay(invoice, '40.00');
    expect((await invoiceOf(invoice.id)).status).toBe('Paid');
    const lowered = await c.put(
      `/api/payments/${first.id}`,
      payment(invoice, { amount: '50.00', method: 'Check', reference: 'CHK 1001' }),
    );
    expect(lowered.status).toBe(200);
    expect(lowered.body).toMatchObject({
      paymentNumber: first.paymentNumber,
      amount: '50.00',
      method: 'Check',
      reference: 'CHK 1001',
      invoice: { status: 'Partially Paid', balance: '10.00' },
    });
    expect(await balanceOf(pharmacy)).toBe('10.00');
    const raised = await c.put(`/api/payments/${first.id}`, payment(invoice, { amount: '60.00' }));
    expect(raised.body.invoice).toMatchObject({ status: 'Paid', balance: '0.00' });
    expect(await balanceOf(pharmacy)).toBe('0.00');
  });

  it('refuses an edit above the balance (409, naming what this payment may be)', async () => {
    const invoice = await newInvoice('100.00');
    const first = (await pay(invoice, '30.00')).body;
    await pay(invoice, '50.00');
    const res = await c.put(`/api/payments/${first.id}`, payment(invoice, { amount: '50.01' }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Payment exceeds the invoice balance of $50.00');
    expect((await c.get(`/api/payments/${first.id}`)).body.amount).toBe('30.00');
  });

  it("never changes a payment's invoice or pharmacy (400)", async () => {
    const invoice = await newInvoice();
    const other = await newInvoice();
    const created = (await pay(invoice, '5.00')).body;
    const moved = await c.put(`/api/payments/${created.id}`, payment(other));
    expect(moved.status).toBe(400);
    expect(moved.body.issues).toEqual([
      {
        path: ['invoiceId'],
        message: `A payment's invoice cannot change (it is ${invoice.invoiceNumber})`,
      },
    ]);
    const elsewhere = await newPharmacy('Elsewhere Pharmacy');
    const res = await c.put(
      `/api/payments/${created.id}`,
      payment(invoice, { pharmacyId: elsewhere }),
    );
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toEqual(['pharmacyId']);
    expect((await c.put('/api/payments/999999', payment(invoice))).status).toBe(404);
  });

  it('works through tRPC as { id, data }', async () => {
    const invoice = await newInvoice();
    const created = (await pay(invoice, '5.00')).body;
    const res = await trpc('payments.update', {
      id: created.id,
      data: payment(invoice, { amount: '7.00' }),
    });
    expect(res.status).toBe(200);
    expect(res.body.result.data.json).toMatchObject({ amount: '7.00' });
    const bad = await trpc('payments.update', {
      id: created.id,
      data: payment(invoice, { amount: '-1' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.json.data.issues).toEqual([
      { path: ['amount'], message: 'Amount must be greater than 0' },
    ]);
  });
});

describe('delete', () => {
  it('takes the invoice back Paid → Partially Paid → Unpaid, with the pharmacy balance', async () => {
    const pharmacy = await newPharmacy('Delete Walk Pharmacy');
    const invoice = await newInvoice('100.00', { pharmacyId: pharmacy });
    const a = (await pay(invoice, '25.00')).body;
    const b = (await pay(invoice, '75.00')).body;
    expect((await c.delete(`/api/payments/${b.id}`)).status).toBe(200);
    expect(await invoiceOf(invoice.id)).toMatchObject({
      status: 'Partially Paid',
      balance: '75.00',
    });
    expect(await balanceOf(pharmacy)).toBe('75.00');
    await c.delete(`/api/payments/${a.id}`);
    expect(await invoiceOf(invoice.id)).toMatchObject({ status: 'Unpaid', balance: '100.00' });
    expect(await balanceOf(pharmacy)).toBe('100.00');
    expect((await c.get(`/api/payments/${a.id}`)).status).toBe(404);
    expect((await c.delete(`/api/payments/${a.id}`)).status).toBe(404);
    const log = await t.db
      .selectFrom('activityLog')
      .select('details')
      .where('entityType', '=', 'payment')
      .where('entityId', '=', a.id)
      .where('action', '=', 'delete')
      .executeTakeFirstOrThrow();
    expect(log.details).toMatchObject({
      snapshot: { paymentNumber: a.paymentNumber, amount: '25.00' },
      invoiceStatusFrom: 'Partially Paid',
      invoiceStatusTo: 'Unpaid',
    });
  });
});

describe('list', () => {
  let ids: number[];
  let invoiceNumber: string;
  beforeAll(async () => {
    const pharmacy = await newPharmacy('Quillfeather Apothecary');
    const invoice = await newInvoice('100.00', { pharmacyId: pharmacy });
    invoiceNumber = invoice.invoiceNumber;
    ids = [];
    for (const amount of ['1.00', '2.00', '3.00']) ids.push((await pay(invoice, amount)).body.id);
  });

  it('pages newest first with the invoice number and pharmacy name', async () => {
    const first = await c.get('/api/payments?q=quillfeather&limit=2');
    expect(first.status).toBe(200);
    expect(first.body.map((p: any) => p.id)).toEqual([ids[2], ids[1]]);
    expect(first.body[0]).toMatchObject({
      amount: '3.00',
      invoice: { invoiceNumber },
      pharmacy: { name: 'Quillfeather Apothecary' },
    });
    const second = await c.get(
      `/api/payments?q=quillfeather&limit=2&cursor=${first.headers['x-next-cursor']}`,
    );
    expect(second.body.map((p: any) => p.id)).toEqual([ids[0]]);
    expect(second.headers['x-next-cursor']).toBeUndefined();
  });

  it('matches the payment number or the invoice number, and keeps one invoice', async () => {
    const one = (await c.get(`/api/payments/${ids[1]}`)).body;
    expect(
      (await c.get(`/api/payments?q=${one.paymentNumber}`)).body.map((p: any) => p.id),
    ).toEqual([ids[1]]);
    expect((await c.get(`/api/payments?q=${invoiceNumber}`)).body).toHaveLength(3);
    expect(
      (await c.get(`/api/payments?invoiceId=${one.invoiceId}`)).body.map((p: any) => p.id),
    ).toEqual([ids[2], ids[1], ids[0]]);
    expect((await c.get('/api/payments?invoiceId=abc')).status).toBe(400);
    expect((await c.get('/api/payments/abc')).status).toBe(400);
    expect((await c.get('/api/payments/999999')).status).toBe(404);
  });
});

describe('idempotency', () => {
  const key = (name: string) => `test-${name}-${Math.random().toString(36).slice(2)}`;

  it('answers a repeat with the first payment and records nothing more', async () => {
    const invoice = await newInvoice('100.00');
    const headers = { 'Idempotency-Key': key('repeat') };
    const first = await pay(invoice, '40.00', headers);
    expect(first.status).toBe(201);
    const again = await c.post('/api/payments', payment(invoice, { amount: 40 }), headers);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({
      id: first.body.id,
      paymentNumber: first.body.paymentNumber,
    });
    const recorded = await c.get(`/api/payments?invoiceId=${invoice.id}`);
    expect(recorded.body).toHaveLength(1);
    expect((await invoiceOf(invoice.id)).balance).toBe('60.00');
  });

  it('refuses the same key with another body (422)', async () => {
    const invoice = await newInvoice('100.00');
    const headers = { 'Idempotency-Key': key('mismatch') };
    await pay(invoice, '40.00', headers);
    const other = await pay(invoice, '41.00', headers);
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({
      code: 'MISMATCH',
      message: 'This Idempotency-Key was already used with a different payment',
    });
    expect((await invoiceOf(invoice.id)).balance).toBe('60.00');
  });

  it('keeps no trace of a key whose request failed, so a retry runs afresh', async () => {
    const invoice = await newInvoice('10.00');
    const headers = { 'Idempotency-Key': key('failed') };
    expect((await pay(invoice, '10.01', headers)).status).toBe(409);
    const retry = await pay(invoice, '10.00', headers);
    expect(retry.status).toBe(201);
  });

  it('answers 409 when the payment recorded with the key was deleted since', async () => {
    const invoice = await newInvoice('10.00');
    const headers = { 'Idempotency-Key': key('deleted') };
    const first = await pay(invoice, '5.00', headers);
    await c.delete(`/api/payments/${first.body.id}`);
    const again = await pay(invoice, '5.00', headers);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'The payment recorded with this Idempotency-Key has since been deleted',
    );
  });

  it('takes the key as the tRPC input field idempotencyKey, and checks its length', async () => {
    const invoice = await newInvoice('100.00');
    const input = { ...payment(invoice), idempotencyKey: key('trpc') };
    const first = await trpc('payments.create', input);
    const again = await trpc('payments.create', input);
    expect(first.status).toBe(200);
    expect(again.body.result.data.json.id).toBe(first.body.result.data.json.id);
    const short = await pay(invoice, '1.00', { 'Idempotency-Key': 'short' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('idempotencyKey: Idempotency-Key must be 8 to 255 characters');
  });

  it(raceTest('records one payment for concurrent repeats of one key'), async () => {
    const invoice = await newInvoice('100.00');
    const headers = { 'Idempotency-Key': key('race') };
    const results = await Promise.all(
      Array.from({ length: 8 }, () => pay(invoice, '10.00', headers)),
    );
    expectNoServerErrors(results);
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect((await c.get(`/api/payments?invoiceId=${invoice.id}`)).body).toHaveLength(1);
    expect((await invoiceOf(invoice.id)).balance).toBe('90.00');
  });
});

describe('concurrency', () => {
  it(raceTest('20 concurrent payments on one invoice never overpay it'), async () => {
    const pharmacy = await newPharmacy('Race Pharmacy');
    const invoice = await newInvoice('150.00', { pharmacyId: pharmacy });
    const results = await Promise.all(Array.from({ length: 20 }, () => pay(invoice, '10.00')));
    expectNoServerErrors(results);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(15).fill(201), ...Array(5).fill(409)]);
    for (const refused of results.filter((r) => r.status === 409)) {
      expect(refused.body.message).toBe('Payment exceeds the invoice balance of $0.00');
    }
    expect(await invoiceOf(invoice.id)).toMatchObject({ status: 'Paid', balance: '0.00' });
    expect(await balanceOf(pharmacy)).toBe('0.00');
    const numbers = results
      .filter((r) => r.status === 201)
      .map((r) => Number(String(r.body.paymentNumber).slice(-5)))
      .sort((a, b) => a - b);
    expect(numbers.at(-1)! - numbers[0]!).toBe(14);
    expect(await violations()).toEqual([]);
  });

  it(raceTest('20 concurrent payments of uneven amounts leave an exact balance'), async () => {
    const invoice = await newInvoice('1000.00');
    const amounts = Array.from(
      { length: 20 },
      (_, i) => `${i + 1}.${String((i * 7) % 100).padStart(2, '0')}`,
    );
    const results = await Promise.all(amounts.map((amount) => pay(invoice, amount)));
    expectNoServerErrors(results);
    expect(results.every((r) => r.status === 201)).toBe(true);
    const paid = amounts.reduce((sum, amount) => sum + toCents(amount), 0);
    expect(toCents((await invoiceOf(invoice.id)).balance)).toBe(100_000 - paid);
    expect(await violations()).toEqual([]);
  });

  it(
    raceTest(
      'payments, edits and deletes of payments and invoices across pharmacies keep every balance',
    ),
    async () => {
      const deadlocks = await deadlockCount(t.db);
      const a = await newPharmacy('Mixed Race A');
      const b = await newPharmacy('Mixed Race B');
      const invoices = [
        await newInvoice('100.00', { pharmacyId: a }),
        await newInvoice('80.00', { pharmacyId: a, status: 'Draft' }),
        await newInvoice('60.00', { pharmacyId: b }),
      ];
      const seed = await Promise.all(invoices.map((invoice) => pay(invoice, '5.00')));
      const edit = (invoice: (typeof invoices)[number], amount: string) =>
        c.put(`/api/invoices/${invoice.id}`, {
          pharmacyId: invoice.pharmacyId,
          invoiceDate: '2026-03-14',
          dueDate: '2026-04-13',
          taxRate: '0.0000',
          shipping: '0.00',
          amount,
        });
      const results = await Promise.all([
        pay(invoices[0]!, '20.00'),
        pay(invoices[1]!, '30.00'),
        pay(invoices[2]!, '50.00'),
        edit(invoices[0]!, '30.00'),
        edit(invoices[2]!, '200.00'),
        c.put(`/api/payments/${seed[0]!.body.id}`, payment(invoices[0]!, { amount: '70.00' })),
        c.delete(`/api/payments/${seed[1]!.body.id}`),
        pay(invoices[0]!, '15.00'),
        edit(invoices[1]!, '10.00'),
        c.delete(`/api/invoices/${invoices[1]!.id}`),
        pay(invoices[2]!, '10.00'),
        c.put(`/api/invoices/${invoices[2]!.id}`, { status: 'Paid' }),
      ]);
      expectNoServerErrors(results);
      expect(await deadlockCount(t.db)).toBe(deadlocks);
      expect(await violations()).toEqual([]);
    },
  );

  it(
    raceTest('a payment, an invoice edit and a pharmacy delete at once: no deadlock, no 500'),
    async () => {
      const deadlocks = await deadlockCount(t.db);
      for (let round = 0; round < 5; round++) {
        const pharmacy = await newPharmacy(`Doomed Pharmacy ${round}`);
        const invoice = await newInvoice('100.00', { pharmacyId: pharmacy });
        const other = await newInvoice('50.00', { pharmacyId: pharmacy });
        const seeded = (await pay(invoice, '10.00')).body;
        const results = await Promise.all([
          pay(invoice, '20.00'),
          c.put(`/api/invoices/${invoice.id}`, {
            pharmacyId: pharmacy,
            invoiceDate: '2026-03-14',
            dueDate: '2026-04-13',
            taxRate: '0.0000',
            amount: '90.00',
          }),
          pay(other, '50.00'),
          c.put(`/api/payments/${seeded.id}`, payment(invoice, { amount: '15.00' })),
          c.delete(`/api/pharmacies/${pharmacy}`),
          pay(invoice, '5.00'),
        ]);
        expectNoServerErrors(results);
        for (const res of results) expect([200, 201, 400, 404, 409]).toContain(res.status);
        expect(results[4]!.status).toBe(200);
        expect((await c.get(`/api/invoices/${invoice.id}`)).status).toBe(404);
        const left = await t.db
          .selectFrom('payments')
          .select('id')
          .where('pharmacyId', '=', pharmacy)
          .execute();
        expect(left).toEqual([]);
      }
      expect(await deadlockCount(t.db)).toBe(deadlocks);
      expect(await violations()).toEqual([]);
    },
  );
});

describe('invoice picker', () => {
  it('offers the invoices not Paid with a balance, Drafts included, with that balance', async () => {
    const unpaid = await newInvoice('80.00');
    const partly = await newInvoice('80.00');
    await pay(partly, '30.00');
    const paid = await newInvoice('80.00');
    await pay(paid, '80.00');
    const draft = await newInvoice('12.00', { status: 'Draft' });
    const zero = await newInvoice('0.00');
    const res = await c.get('/trpc/payments.invoiceOptions');
    expect(res.status, res.text).toBe(200);
    const options: { id: number; balance: string }[] = res.body.result.data.json;
    const offered = new Map(options.map((o) => [o.id, o]));
    expect(offered.get(unpaid.id)).toEqual({
      id: unpaid.id,
      invoiceNumber: unpaid.invoiceNumber,
      pharmacyId,
      pharmacyName: 'Riverside Compounding Pharmacy',
      balance: '80.00',
    });
    expect(offered.get(partly.id)?.balance).toBe('50.00');
    expect(offered.get(draft.id)?.balance).toBe('12.00');
    expect(offered.has(paid.id)).toBe(false);
    expect(offered.has(zero.id)).toBe(false);
    expect((await t.client().get('/trpc/payments.invoiceOptions')).status).toBe(401);
  });
});
