/**
 * Deleting a payment voids its allocations (issue 27 item 2, decisions.md §9): the allocation
 * rows stay, voided "Payment deleted", each invoice owes again, and the payment, kept as a row
 * marked deleted, is gone for every reader (its page, the list, search, the statement's money,
 * the reports as of a past day). A payment with a refund cannot be deleted (409), since the
 * refund was money paid out.
 */
import { moneyViolations } from '@pharm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPayment, createInvoice, createPharmacy } from './fixtures.js';
import { startTestApp, type Client, type TestApp } from './helpers.js';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  c = await t.signedIn();
}, 300_000);
afterAll(() => t.close());

const newPharmacy = (name: string) => createPharmacy(c, name);
const newInvoice = (pharmacyId: number, total: string) => createInvoice(c, pharmacyId, total);

const get = async (path: string) => (await c.get(path)).body;

/** A pharmacy with three invoices and one cheque split over them, $30.00 left unapplied. */
async function splitPayment(name: string) {
  const p = await newPharmacy(name);
  const a = await newInvoice(p, '100.00');
  const b = await newInvoice(p, '50.00');
  const d = await newInvoice(p, '80.00');
  const pay = await c.post(
    '/api/payments',
    accountPayment(p, '200.00', [
      { invoiceId: a.id, amount: '100.00' },
      { invoiceId: b.id, amount: '20.00' },
      { invoiceId: d.id, amount: '50.00' },
    ]),
  );
  expect(pay.status, pay.text).toBe(201);
  expect(await get(`/api/pharmacies/${p}`)).toMatchObject({
    balance: '60.00',
    unapplied: '30.00',
  });
  return { p, invoices: [a, b, d], payment: pay.body };
}

describe('deleting a payment', () => {
  it('voids every allocation of a split payment, keeps the rows, and each invoice owes again', async () => {
    const { p, invoices, payment } = await splitPayment('Split Delete Pharmacy');
    const [a, b, d] = invoices;
    expect((await c.delete(`/api/payments/${payment.id}`)).status).toBe(200);

    expect(await get(`/api/invoices/${a!.id}`)).toMatchObject({
      status: 'Unpaid',
      balance: '100.00',
    });
    expect(await get(`/api/invoices/${b!.id}`)).toMatchObject({
      status: 'Unpaid',
      balance: '50.00',
    });
    expect(await get(`/api/invoices/${d!.id}`)).toMatchObject({
      status: 'Unpaid',
      balance: '80.00',
    });
    // Its $30.00 rest is no longer the account's cash.
    expect(await get(`/api/pharmacies/${p}`)).toMatchObject({
      balance: '230.00',
      unapplied: '0.00',
    });

    // The allocations are still there, voided by the delete, and still read on each invoice.
    const rows = await t.db
      .selectFrom('allocations')
      .select(['id', 'invoiceId', 'amount', 'voidedAt', 'voidReason'])
      .where('paymentId', '=', payment.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.invoiceId, r.amount, r.voidReason])).toEqual([
      [a!.id, '100.00', 'Payment deleted'],
      [b!.id, '20.00', 'Payment deleted'],
      [d!.id, '50.00', 'Payment deleted'],
    ]);
    expect(rows.every((r) => r.voidedAt !== null)).toBe(true);
    const ofA = await get(`/api/invoices/${a!.id}/allocations`);
    expect(ofA.allocations).toEqual([
      expect.objectContaining({
        sourceNumber: payment.paymentNumber,
        amount: '100.00',
        voidReason: 'Payment deleted',
      }),
    ]);

    const stored = await t.db
      .selectFrom('payments')
      .select(['unapplied', 'deletedAt', 'deletedBy'])
      .where('id', '=', payment.id)
      .executeTakeFirstOrThrow();
    expect(stored.unapplied).toBe('0.00');
    expect(stored.deletedAt).not.toBeNull();
    expect(stored.deletedBy).not.toBeNull();
    expect(await moneyViolations(t.db, [p])).toEqual([]);

    // Logged once, with what it was applied to.
    const log = await t.db
      .selectFrom('activityLog')
      .select('details')
      .where('entityType', '=', 'payment')
      .where('entityId', '=', payment.id)
      .where('action', '=', 'delete')
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0]!.details).toMatchObject({
      snapshot: {
        paymentNumber: payment.paymentNumber,
        unapplied: '30.00',
        allocations: [
          { invoice: a!.invoiceNumber, amount: '100.00' },
          { invoice: b!.invoiceNumber, amount: '20.00' },
          { invoice: d!.invoiceNumber, amount: '50.00' },
        ],
      },
    });
  });

  it('is gone for every reader: its page, edits, the list, search, allocations from it, refunds', async () => {
    const { p, invoices, payment } = await splitPayment('Gone Payment Pharmacy');
    expect((await c.delete(`/api/payments/${payment.id}`)).status).toBe(200);

    expect((await c.get(`/api/payments/${payment.id}`)).status).toBe(404);
    expect((await c.delete(`/api/payments/${payment.id}`)).status).toBe(404);
    const edit = await c.put(`/api/payments/${payment.id}`, {
      pharmacyId: p,
      date: '2026-03-20',
      amount: '200.00',
      method: 'Check',
    });
    expect(edit.status).toBe(404);
    const allocate = await c.post(`/api/payments/${payment.id}/allocations`, {
      invoiceId: invoices[0]!.id,
      amount: '1.00',
    });
    expect(allocate.status).toBe(404);
    const refund = await c.post('/api/refunds', {
      paymentId: payment.id,
      amount: '1.00',
      date: '2026-03-21',
      method: 'Check',
    });
    expect(refund.status).toBe(400);
    expect(refund.body.message).toBe(`Payment ${payment.id} does not exist`);

    expect(await get(`/api/payments?pharmacyId=${p}`)).toEqual([]);
    expect(await get(`/api/payments?invoiceId=${invoices[0]!.id}`)).toEqual([]);
    expect(await get(`/api/payments?q=${payment.paymentNumber}`)).toEqual([]);
    const csv = await c.get(`/api/payments.csv?pharmacyId=${p}`);
    expect(csv.status).toBe(200);
    expect(csv.text).not.toContain(payment.paymentNumber);
    for (const q of [payment.paymentNumber, 'Gone Payment', payment.paymentNumber.slice(-2)]) {
      const found = await get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(found.payments.map((x: { id: number }) => x.id)).not.toContain(payment.id);
    }
    const proposal = await get(`/api/pharmacies/${p}/apply-proposal`);
    expect(proposal.proposals).toEqual([]);
    const history = await get(`/api/activity?entityType=payment&entityId=${payment.id}`);
    expect(history.length).toBeGreaterThan(0);
    expect(history.every((i: { recordExists: boolean }) => !i.recordExists)).toBe(true);
  });

  it("leaves the statement without the payment's money, adding up", async () => {
    const { p, payment } = await splitPayment('Statement Delete Pharmacy');
    const kept = await c.post('/api/payments', accountPayment(p, '10.00', []));
    expect(kept.status, kept.text).toBe(201);
    expect((await c.delete(`/api/payments/${payment.id}`)).status).toBe(200);

    const all = await get(`/api/pharmacies/${p}/statement?from=2026-01-01&to=2026-12-31`);
    expect(all.lines.map((l: { type: string; number: string }) => l.type)).toEqual([
      'invoice',
      'invoice',
      'invoice',
      'payment',
    ]);
    expect(all.lines[3].number).toBe(kept.body.paymentNumber);
    expect(all).toMatchObject({
      openingBalance: '0.00',
      closingBalance: '220.00',
      unapplied: '10.00',
    });
    // Its allocations are listed for the record, voided, and move no balance.
    const fromDeleted = all.allocations.filter(
      (a: { sourceNumber: string }) => a.sourceNumber === payment.paymentNumber,
    );
    expect(fromDeleted).toHaveLength(3);
    expect(fromDeleted.every((a: { voided: boolean }) => a.voided)).toBe(true);
    const aging = Object.values(all.aging as Record<string, string>).reduce(
      (sum, v) => sum + Number(v.replace('.', '')),
      0,
    );
    expect(aging - 1000).toBe(22000);

    // A period after the payment's date opens without it too.
    const later = await get(`/api/pharmacies/${p}/statement?from=2026-03-21&to=2026-12-31`);
    expect(later).toMatchObject({ openingBalance: '220.00', closingBalance: '220.00', lines: [] });
  });

  it('is not in the reports, today or as of its date', async () => {
    const before = await get('/api/reports?asOf=2026-03-25');
    const { p, payment } = await splitPayment('Report Delete Pharmacy');
    const withIt = await get('/api/reports?asOf=2026-03-25');
    expect(Number(withIt.unappliedCash) - Number(before.unappliedCash)).toBeCloseTo(30, 2);
    expect((await c.delete(`/api/payments/${payment.id}`)).status).toBe(200);
    for (const query of ['', '?asOf=2026-03-25', '?asOf=2026-03-20']) {
      const report = await get(`/api/reports${query}`);
      const outstanding = report.outstandingInvoices.filter(
        (i: { pharmacy: { id: number } }) => i.pharmacy.id === p,
      );
      expect(outstanding.map((i: { balance: string }) => i.balance).sort(), query).toEqual([
        '100.00',
        '50.00',
        '80.00',
      ]);
    }
    const after = await get('/api/reports?asOf=2026-03-25');
    expect(after.unappliedCash).toBe(before.unappliedCash);
    const dashboard = await get('/api/dashboard');
    expect(dashboard.unappliedCash).toBe((await get('/api/reports')).unappliedCash);
  });

  it('refuses a payment with a refund (409) and changes nothing', async () => {
    const { p, invoices, payment } = await splitPayment('Refunded Delete Pharmacy');
    const refund = await c.post('/api/refunds', {
      paymentId: payment.id,
      amount: '12.50',
      date: '2026-03-21',
      method: 'Check',
    });
    expect(refund.status, refund.text).toBe(201);
    const invoicesBefore = await Promise.all(invoices.map((i) => get(`/api/invoices/${i.id}`)));
    const pharmacyBefore = await get(`/api/pharmacies/${p}`);

    const res = await c.delete(`/api/payments/${payment.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      `Payment ${payment.paymentNumber} has $12.50 refunded; a refund cannot be undone, so the payment cannot be deleted`,
    );

    expect(await get(`/api/payments/${payment.id}`)).toMatchObject({
      unapplied: '17.50',
      allocations: [{ voidedAt: null }, { voidedAt: null }, { voidedAt: null }],
    });
    for (const [k, i] of invoices.entries()) {
      expect(await get(`/api/invoices/${i.id}`)).toEqual(invoicesBefore[k]);
    }
    expect(await get(`/api/pharmacies/${p}`)).toEqual(pharmacyBefore);
    expect(await moneyViolations(t.db, [p])).toEqual([]);
  });

  it("an invoice's later delete takes a deleted payment's voided allocations, logging nothing more", async () => {
    const p = await newPharmacy('Deleted Then Invoice Pharmacy');
    const a = await newInvoice(p, '40.00');
    const b = await newInvoice(p, '40.00');
    const spec = await c.post('/api/payments', {
      invoiceId: a.id,
      pharmacyId: p,
      amount: '15.00',
      date: '2026-03-20',
      method: 'ACH',
    });
    expect(spec.status, spec.text).toBe(201);
    const split = await c.post(
      '/api/payments',
      accountPayment(p, '30.00', [
        { invoiceId: a.id, amount: '10.00' },
        { invoiceId: b.id, amount: '10.00' },
      ]),
    );
    expect(split.status, split.text).toBe(201);
    expect((await c.delete(`/api/payments/${spec.body.id}`)).status).toBe(200);
    expect((await c.delete(`/api/payments/${split.body.id}`)).status).toBe(200);
    expect((await c.delete(`/api/invoices/${a.id}`)).status).toBe(200);

    expect(await get(`/api/pharmacies/${p}`)).toMatchObject({
      balance: '40.00',
      unapplied: '0.00',
    });
    expect(await get(`/api/invoices/${b.id}`)).toMatchObject({ balance: '40.00' });
    expect(await moneyViolations(t.db, [p])).toEqual([]);
    const deletes = await t.db
      .selectFrom('activityLog')
      .select('entityId')
      .where('entityType', '=', 'payment')
      .where('entityId', 'in', [spec.body.id, split.body.id])
      .where('action', '=', 'delete')
      .execute();
    expect(deletes).toHaveLength(2);
    // The split payment stays deleted, its allocation to the other invoice voided.
    expect((await c.get(`/api/payments/${split.body.id}`)).status).toBe(404);
    expect((await get(`/api/invoices/${b.id}/allocations`)).allocations).toEqual([
      expect.objectContaining({ amount: '10.00', voidReason: 'Payment deleted' }),
    ]);
  });

  it("a pharmacy's delete logs only the payments it takes that were not deleted before", async () => {
    const { p, payment } = await splitPayment('Pharmacy Delete Pharmacy');
    const kept = await c.post('/api/payments', accountPayment(p, '10.00', []));
    expect((await c.delete(`/api/payments/${payment.id}`)).status).toBe(200);
    expect((await c.delete(`/api/pharmacies/${p}`)).status).toBe(200);
    const rows = await t.db
      .selectFrom('activityLog')
      .select(['entityId', 'details'])
      .where('entityType', '=', 'payment')
      .where('entityId', 'in', [payment.id, kept.body.id])
      .where('action', '=', 'delete')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.entityId)).toEqual([payment.id, kept.body.id]);
    const cascade = await t.db
      .selectFrom('activityLog')
      .select('details')
      .where('entityType', '=', 'pharmacy')
      .where('entityId', '=', p)
      .where('action', '=', 'delete')
      .executeTakeFirstOrThrow();
    const payments = (cascade.details as { cascade: { payments: { id: number }[] } }).cascade
      .payments;
    expect(payments.map((x) => x.id)).toEqual([kept.body.id]);
  });
});
