/**
 * Cash application (issue 27, decisions.md §9) through the REST paths: payments for a pharmacy
 * with allocations and an unapplied rest, allocations and their voids, credit notes, refunds,
 * applying oldest first, and each refusal: over-allocation of an invoice or a source, another
 * pharmacy's invoice, a second void, a refund above what is unapplied, a sales user.
 */
import { moneyViolations } from '@pharm/db';
import { todayIso } from '@pharm/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPayment, createInvoice, createPharmacy } from './fixtures.js';
import { signedInAs, startTestApp, type Client, type TestApp } from './helpers.js';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  c = await t.signedIn();
});
afterAll(() => t.close());

const newPharmacy = (name = 'Cash Pharmacy') => createPharmacy(c, name);
const newInvoice = (pharmacyId: number, total: string, overrides: Record<string, unknown> = {}) =>
  createInvoice(c, pharmacyId, total, overrides);

async function invoice(id: number) {
  return (await c.get(`/api/invoices/${id}`)).body;
}
async function pharmacy(id: number) {
  return (await c.get(`/api/pharmacies/${id}`)).body;
}

describe('a payment across several invoices', () => {
  it('splits one cheque over three invoices, keeps the rest unapplied, and settles each', async () => {
    const p = await newPharmacy('Split Cheque Pharmacy');
    const a = await newInvoice(p, '100.00');
    const b = await newInvoice(p, '50.00');
    const d = await newInvoice(p, '80.00');
    const res = await c.post(
      '/api/payments',
      accountPayment(p, '250.00', [
        { invoiceId: a.id, amount: '100.00' },
        { invoiceId: b.id, amount: '20.00' },
        { invoiceId: d.id, amount: '80.00' },
      ]),
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ invoiceId: null, invoice: null, unapplied: '50.00' });
    expect(res.body.allocations).toHaveLength(3);
    expect(res.body.allocations[1]).toMatchObject({
      invoiceId: b.id,
      invoiceNumber: b.invoiceNumber,
      amount: '20.00',
      voidedAt: null,
    });
    expect(await invoice(a.id)).toMatchObject({ status: 'Paid', balance: '0.00' });
    expect(await invoice(b.id)).toMatchObject({ status: 'Partially Paid', balance: '30.00' });
    expect(await invoice(d.id)).toMatchObject({ status: 'Paid', balance: '0.00' });
    expect(await pharmacy(p)).toMatchObject({ balance: '30.00', unapplied: '50.00' });
    expect((await c.get(`/api/payments/${res.body.id}`)).body).toEqual(res.body);
    expect(await moneyViolations(t.db, [p])).toEqual([]);
  });

  it("keeps the spec's shape: one allocation, invoiceId, the overpay 409 with the balance", async () => {
    const p = await newPharmacy('Spec Shape Pharmacy');
    const a = await newInvoice(p, '40.00');
    const ok = await c.post('/api/payments', {
      invoiceId: a.id,
      pharmacyId: p,
      amount: '15.00',
      date: '2026-03-20',
      method: 'ACH',
    });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body).toMatchObject({ invoiceId: a.id, unapplied: '0.00' });
    expect(ok.body.invoice).toMatchObject({ invoiceNumber: a.invoiceNumber, balance: '25.00' });
    expect(ok.body.allocations).toEqual([expect.objectContaining({ amount: '15.00' })]);
    const over = await c.post('/api/payments', {
      invoiceId: a.id,
      pharmacyId: p,
      amount: '25.01',
      date: '2026-03-20',
      method: 'ACH',
    });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe('Payment exceeds the invoice balance of $25.00');
  });

  it('refuses allocations above an invoice with 409 naming what is left, and changes nothing', async () => {
    const p = await newPharmacy('Over Invoice Pharmacy');
    const a = await newInvoice(p, '30.00');
    await c.post(
      '/api/payments',
      accountPayment(p, '10.00', [{ invoiceId: a.id, amount: '10.00' }]),
    );
    const res = await c.post(
      '/api/payments',
      accountPayment(p, '50.00', [{ invoiceId: a.id, amount: '20.01' }]),
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`Invoice ${a.invoiceNumber} has $20.00 left to pay`);
    expect(res.body.issues[0].path).toEqual(['allocations', 0, 'amount']);
    expect(await pharmacy(p)).toMatchObject({ balance: '20.00', unapplied: '0.00' });
  });

  it('refuses allocations adding up to more than the payment (400) and repeated invoices', async () => {
    const p = await newPharmacy('Over Payment Pharmacy');
    const a = await newInvoice(p, '30.00');
    const b = await newInvoice(p, '30.00');
    const over = await c.post(
      '/api/payments',
      accountPayment(p, '20.00', [
        { invoiceId: a.id, amount: '15.00' },
        { invoiceId: b.id, amount: '5.01' },
      ]),
    );
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(
      'allocations: The allocations add up to $20.01, more than the amount',
    );
    const twice = await c.post(
      '/api/payments',
      accountPayment(p, '20.00', [
        { invoiceId: a.id, amount: '5.00' },
        { invoiceId: a.id, amount: '5.00' },
      ]),
    );
    expect(twice.status).toBe(400);
  });

  it("refuses another pharmacy's invoice with 400, in a payment and in an allocation", async () => {
    const p = await newPharmacy('Mine Pharmacy');
    const other = await newPharmacy('Theirs Pharmacy');
    const theirs = await newInvoice(other, '30.00');
    const res = await c.post(
      '/api/payments',
      accountPayment(p, '20.00', [{ invoiceId: theirs.id, amount: '5.00' }]),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`Invoice ${theirs.invoiceNumber} belongs to another pharmacy`);
    const pay = await c.post('/api/payments', accountPayment(p, '20.00', []));
    expect(pay.status, pay.text).toBe(201);
    const alloc = await c.post(`/api/payments/${pay.body.id}/allocations`, {
      invoiceId: theirs.id,
      amount: '5.00',
    });
    expect(alloc.status).toBe(400);
    expect(await invoice(theirs.id)).toMatchObject({ balance: '30.00' });
  });
});

describe('allocations and voids', () => {
  it('applies unapplied cash later, refuses more than is left, voids once, and the money returns', async () => {
    const p = await newPharmacy('Later Pharmacy');
    const a = await newInvoice(p, '60.00');
    const pay = await c.post('/api/payments', accountPayment(p, '50.00', []));
    expect(pay.body).toMatchObject({ unapplied: '50.00' });
    expect(await pharmacy(p)).toMatchObject({ balance: '60.00', unapplied: '50.00' });

    const alloc = await c.post(`/api/payments/${pay.body.id}/allocations`, {
      invoiceId: a.id,
      amount: '30.00',
    });
    expect(alloc.status, alloc.text).toBe(201);
    expect(alloc.body).toMatchObject({ invoiceId: a.id, amount: '30.00', voidedAt: null });
    const tooMuch = await c.post(`/api/payments/${pay.body.id}/allocations`, {
      invoiceId: a.id,
      amount: '20.01',
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toBe(`Payment ${pay.body.paymentNumber} has $20.00 unapplied`);
    expect(await invoice(a.id)).toMatchObject({ status: 'Partially Paid', balance: '30.00' });

    const voided = await c.post(`/api/allocations/${alloc.body.id}/void`, {
      reason: 'Wrong invoice',
    });
    expect(voided.status, voided.text).toBe(200);
    expect(voided.body).toMatchObject({ voidReason: 'Wrong invoice' });
    expect(voided.body.voidedAt).not.toBeNull();
    const again = await c.post(`/api/allocations/${alloc.body.id}/void`, { reason: 'Twice' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This allocation is already voided');
    expect(await invoice(a.id)).toMatchObject({ status: 'Unpaid', balance: '60.00' });
    expect((await c.get(`/api/payments/${pay.body.id}`)).body).toMatchObject({
      unapplied: '50.00',
    });
    expect(await moneyViolations(t.db, [p])).toEqual([]);
    const noReason = await c.post(`/api/allocations/${alloc.body.id}/void`, { reason: ' ' });
    expect(noReason.status).toBe(400);
    expect((await c.post('/api/allocations/999999/void', { reason: 'x' })).status).toBe(404);
  });

  it('issues a Draft it is applied to, as a payment did', async () => {
    const p = await newPharmacy('Draft Apply Pharmacy');
    const draft = await newInvoice(p, '20.00', { status: 'Draft' });
    const pay = await c.post(
      '/api/payments',
      accountPayment(p, '5.00', [{ invoiceId: draft.id, amount: '5.00' }]),
    );
    expect(pay.status, pay.text).toBe(201);
    expect(await invoice(draft.id)).toMatchObject({ status: 'Partially Paid', balance: '15.00' });
  });

  it("never lets a payment's amount go below what is applied and refunded; deleting it frees its invoices", async () => {
    const p = await newPharmacy('Edit Pharmacy');
    const a = await newInvoice(p, '60.00');
    const pay = await c.post(
      '/api/payments',
      accountPayment(p, '50.00', [{ invoiceId: a.id, amount: '30.00' }]),
    );
    const body = { ...accountPayment(p, '29.99', []), allocations: undefined };
    const low = await c.put(`/api/payments/${pay.body.id}`, body);
    expect(low.status).toBe(409);
    expect(low.body.message).toBe(
      `Payment ${pay.body.paymentNumber} has $30.00 applied and refunded; its amount cannot go below that`,
    );
    const ok = await c.put(`/api/payments/${pay.body.id}`, { ...body, amount: '35.00' });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ amount: '35.00', unapplied: '5.00' });
    expect(await pharmacy(p)).toMatchObject({ balance: '30.00', unapplied: '5.00' });
    expect((await c.delete(`/api/payments/${pay.body.id}`)).status).toBe(200);
    expect(await invoice(a.id)).toMatchObject({ status: 'Unpaid', balance: '60.00' });
    expect(await pharmacy(p)).toMatchObject({ balance: '60.00', unapplied: '0.00' });
    expect(await moneyViolations(t.db, [p])).toEqual([]);
  });

  it("an invoice's delete takes its allocations and leaves the rest of each payment unapplied", async () => {
    const p = await newPharmacy('Invoice Delete Pharmacy');
    const a = await newInvoice(p, '40.00');
    const b = await newInvoice(p, '40.00');
    const pay = await c.post(
      '/api/payments',
      accountPayment(p, '70.00', [
        { invoiceId: a.id, amount: '40.00' },
        { invoiceId: b.id, amount: '25.00' },
      ]),
    );
    expect((await c.delete(`/api/invoices/${a.id}`)).status).toBe(200);
    const after = (await c.get(`/api/payments/${pay.body.id}`)).body;
    expect(after).toMatchObject({ amount: '70.00', unapplied: '45.00', invoiceId: b.id });
    expect(await pharmacy(p)).toMatchObject({ balance: '15.00', unapplied: '45.00' });
    expect(await moneyViolations(t.db, [p])).toEqual([]);
  });
});

describe('credit notes', () => {
  it("credits returned lines at the invoice's tax rate, applies it to another invoice, and refuses more than was invoiced", async () => {
    const p = await newPharmacy('Returns Pharmacy');
    const order = await c.post('/api/orders', {
      pharmacyId: p,
      orderDate: '2026-03-01',
      lineItems: [
        { description: '2 mL vials, tray of 100', qty: 10, unitPrice: '12.50' },
        { description: 'Stoppers', qty: 4, unitPrice: '3.00' },
      ],
    });
    expect(order.status, order.text).toBe(201);
    const first = await newInvoice(p, '137.00', {
      fromOrderId: order.body.id,
      amount: undefined,
      taxRate: '0.0800',
    });
    const second = await newInvoice(p, '100.00');
    const lines = await c.get(`/api/invoices/${first.id}/creditable-lines`);
    expect(lines.status, lines.text).toBe(200);
    const vial = lines.body.lines[0];
    expect(vial).toMatchObject({ invoicedQty: 10, creditedQty: 0, creditableQty: 10 });

    const note = await c.post('/api/credit-notes', {
      pharmacyId: p,
      invoiceId: first.id,
      date: '2026-03-25',
      reason: 'Three vials arrived cracked',
      lines: [{ invoiceLineId: vial.invoiceLineId, qty: 3 }],
    });
    expect(note.status, note.text).toBe(201);
    expect(note.body).toMatchObject({
      pharmacyId: p,
      invoiceId: first.id,
      amount: '37.50',
      taxRate: '0.0800',
      taxAmount: '3.00',
      total: '40.50',
      unapplied: '40.50',
      allocations: [],
    });
    expect(note.body.number).toMatch(/^CRN-\d{4}-\d{5}$/);
    expect(await pharmacy(p)).toMatchObject({ unapplied: '40.50' });

    const tooMany = await c.post('/api/credit-notes', {
      pharmacyId: p,
      invoiceId: first.id,
      date: '2026-03-25',
      reason: 'More',
      lines: [{ invoiceLineId: vial.invoiceLineId, qty: 8 }],
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe('Only 7 of "2 mL vials, tray of 100" are left to credit');

    const applied = await c.post(`/api/credit-notes/${note.body.id}/allocations`, {
      invoiceId: second.id,
      amount: '40.50',
    });
    expect(applied.status, applied.text).toBe(201);
    expect(await invoice(second.id)).toMatchObject({ balance: '59.50' });
    const get = (await c.get(`/api/credit-notes/${note.body.id}`)).body;
    expect(get).toMatchObject({ unapplied: '0.00' });
    expect(get.lines).toEqual([expect.objectContaining({ qty: 3, lineTotal: '37.50' })]);
    const over = await c.post(`/api/credit-notes/${note.body.id}/allocations`, {
      invoiceId: first.id,
      amount: '0.01',
    });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(`Credit note ${note.body.number} has $0.00 unapplied`);

    const pdf = await c.get(`/api/credit-notes/${note.body.id}/download`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.text.startsWith('%PDF')).toBe(true);
    const list = await c.get(`/api/credit-notes?pharmacyId=${p}`);
    expect(list.status, list.text).toBe(200);
    expect(list.body.map((n: { id: number }) => n.id)).toEqual([note.body.id]);
    const csv = await c.get(`/api/credit-notes.csv?pharmacyId=${p}`);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(note.body.number);
    expect(await moneyViolations(t.db, [p])).toEqual([]);
  });

  it('takes a free amount without tax and refuses bad input with 400', async () => {
    const p = await newPharmacy('Goodwill Pharmacy');
    const note = await c.post('/api/credit-notes', {
      pharmacyId: p,
      date: '2026-03-25',
      reason: 'Goodwill',
      amount: '12.34',
    });
    expect(note.status, note.text).toBe(201);
    expect(note.body).toMatchObject({ total: '12.34', taxAmount: '0.00', invoiceId: null });
    for (const bad of [
      { pharmacyId: p, date: '2026-03-25', reason: 'x' },
      { pharmacyId: p, date: '2026-03-25', reason: '', amount: '1.00' },
      { pharmacyId: p, date: '2026-03-25', reason: 'x', amount: '-1' },
      { pharmacyId: p, date: '2026-03-25', reason: 'x', lines: [{ invoiceLineId: 1, qty: 1 }] },
    ]) {
      const res = await c.post('/api/credit-notes', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe('refunds', () => {
  it('refunds unapplied cash and credit, never more than is unapplied', async () => {
    const p = await newPharmacy('Refund Pharmacy');
    const pay = await c.post('/api/payments', accountPayment(p, '80.00', []));
    const refund = await c.post('/api/refunds', {
      paymentId: pay.body.id,
      amount: '30.00',
      date: '2026-03-28',
      method: 'Check',
      reference: 'CHK 1001',
    });
    expect(refund.status, refund.text).toBe(201);
    expect(refund.body).toMatchObject({ paymentId: pay.body.id, amount: '30.00' });
    const over = await c.post('/api/refunds', {
      paymentId: pay.body.id,
      amount: '50.01',
      date: '2026-03-28',
      method: 'Check',
    });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(`Payment ${pay.body.paymentNumber} has $50.00 unapplied`);
    expect((await c.get(`/api/payments/${pay.body.id}`)).body).toMatchObject({
      unapplied: '50.00',
      refunds: [expect.objectContaining({ amount: '30.00' })],
    });
    const note = await c.post('/api/credit-notes', {
      pharmacyId: p,
      date: '2026-03-25',
      reason: 'Goodwill',
      amount: '10.00',
    });
    const noteRefund = await c.post('/api/refunds', {
      creditNoteId: note.body.id,
      amount: '10.00',
      date: '2026-03-29',
      method: 'ACH',
    });
    expect(noteRefund.status, noteRefund.text).toBe(201);
    expect(await pharmacy(p)).toMatchObject({ balance: '0.00', unapplied: '50.00' });
    const both = await c.post('/api/refunds', {
      paymentId: pay.body.id,
      creditNoteId: note.body.id,
      amount: '1.00',
      date: '2026-03-29',
      method: 'ACH',
    });
    expect(both.status).toBe(400);
    const low = await c.put(`/api/payments/${pay.body.id}`, {
      pharmacyId: p,
      amount: '29.99',
      date: '2026-03-20',
      method: 'Check',
    });
    expect(low.status).toBe(409);
    expect(await moneyViolations(t.db, [p])).toEqual([]);
  });
});

describe('applying unapplied cash oldest first', () => {
  it('proposes amounts over the open invoices by date, then applies the confirmed list', async () => {
    const p = await newPharmacy('Oldest First Pharmacy');
    const newer = await newInvoice(p, '50.00', {
      invoiceDate: '2026-03-20',
      dueDate: '2026-04-20',
    });
    const older = await newInvoice(p, '30.00', {
      invoiceDate: '2026-03-01',
      dueDate: '2026-04-01',
    });
    const pay = await c.post('/api/payments', accountPayment(p, '45.00', []));
    const proposal = await c.get(`/api/pharmacies/${p}/apply-proposal`);
    expect(proposal.status, proposal.text).toBe(200);
    expect(proposal.body.proposals).toEqual([
      expect.objectContaining({ paymentId: pay.body.id, invoiceId: older.id, amount: '30.00' }),
      expect.objectContaining({ paymentId: pay.body.id, invoiceId: newer.id, amount: '15.00' }),
    ]);
    const applied = await c.post('/api/allocations', {
      pharmacyId: p,
      allocations: proposal.body.proposals.map(
        (x: { paymentId: number; invoiceId: number; amount: string }) => ({
          paymentId: x.paymentId,
          invoiceId: x.invoiceId,
          amount: x.amount,
        }),
      ),
    });
    expect(applied.status, applied.text).toBe(201);
    expect(applied.body.allocations).toHaveLength(2);
    expect(await pharmacy(p)).toMatchObject({ balance: '35.00', unapplied: '0.00' });
    // Applying the same list again finds nothing left: all or nothing, 409.
    const again = await c.post('/api/allocations', {
      pharmacyId: p,
      allocations: [{ paymentId: pay.body.id, invoiceId: newer.id, amount: '1.00' }],
    });
    expect(again.status).toBe(409);
    expect(await moneyViolations(t.db, [p])).toEqual([]);
  });

  it('applies unapplied cash to an invoice when it is issued, with the setting on', async () => {
    const p = await newPharmacy('Auto Apply Pharmacy');
    await c.post('/api/payments', accountPayment(p, '25.00', []));
    const on = await c.put('/api/settings', { holdDaysPastDue: 60, autoApplyOnIssue: true });
    expect(on.status, on.text).toBe(200);
    try {
      const issued = await newInvoice(p, '40.00');
      expect(await invoice(issued.id)).toMatchObject({
        status: 'Partially Paid',
        balance: '15.00',
      });
      const draft = await newInvoice(p, '10.00', { status: 'Draft' });
      expect(await invoice(draft.id)).toMatchObject({ balance: '10.00' });
      expect(await pharmacy(p)).toMatchObject({ unapplied: '0.00' });
    } finally {
      await c.put('/api/settings', { holdDaysPastDue: 60, autoApplyOnIssue: false });
    }
    expect(await moneyViolations(t.db, [p])).toEqual([]);
  });
});

describe('statements and the dashboard', () => {
  it('lists payments, credit notes and refunds; closing = open balances − unapplied; aging + unapplied line', async () => {
    const p = await newPharmacy('Statement Cash Pharmacy');
    const a = await newInvoice(p, '100.00', { invoiceDate: '2026-05-02', dueDate: '2026-06-01' });
    await c.post('/api/payments', {
      ...accountPayment(p, '130.00', [{ invoiceId: a.id, amount: '60.00' }]),
      date: '2026-05-03',
    });
    const note = await c.post('/api/credit-notes', {
      pharmacyId: p,
      date: '2026-05-04',
      reason: 'Goodwill',
      amount: '20.00',
    });
    const payments = await c.get(`/api/payments?pharmacyId=${p}`);
    expect(payments.status, payments.text).toBe(200);
    const pay = payments.body[0];
    await c.post('/api/refunds', {
      paymentId: pay.id,
      amount: '10.00',
      date: '2026-05-05',
      method: 'Check',
    });
    // Up to today, so that the allocations (dated the day they were made) fall in the period.
    const st = await c.get(`/api/pharmacies/${p}/statement?from=2026-05-01&to=${todayIso()}`);
    expect(st.status, st.text).toBe(200);
    expect(
      st.body.lines.map((l: { type: string; balance: string }) => [l.type, l.balance]),
    ).toEqual([
      ['invoice', '100.00'],
      ['payment', '-30.00'],
      ['credit_note', '-50.00'],
      ['refund', '-40.00'],
    ]);
    expect(note.body.number).toBe(st.body.lines[2].number);
    // Open balances 40.00, unapplied 130 − 60 − 10 + 20 = 80.00.
    expect(st.body).toMatchObject({ closingBalance: '-40.00', unapplied: '80.00' });
    const aging = st.body.aging;
    const agingCents = [aging.current, aging.days31to60, aging.days61to90, aging.over90]
      .map((x: string) => Math.round(Number(x) * 100))
      .reduce((s: number, x: number) => s + x, 0);
    expect(agingCents - 8000).toBe(-4000);
    expect(st.body.allocations).toEqual([
      expect.objectContaining({ invoiceNumber: a.invoiceNumber, amount: '60.00', voided: false }),
    ]);
    expect(await pharmacy(p)).toMatchObject({ balance: '40.00', unapplied: '80.00' });

    const dash = await c.get('/api/dashboard');
    expect(Number(dash.body.unappliedCash)).toBeGreaterThanOrEqual(80);
    expect(dash.body.totalOutstandingNote).toMatch(/less \$[\d,.]+ unapplied cash and credits/);
    expect(await moneyViolations(t.db)).toEqual([]);
  });

  it('finds payments and credit notes in the global search', async () => {
    const p = await newPharmacy('Zebrafish Search Pharmacy');
    const pay = await c.post('/api/payments', accountPayment(p, '5.00', []));
    const note = await c.post('/api/credit-notes', {
      pharmacyId: p,
      date: '2026-03-25',
      reason: 'x',
      amount: '1.00',
    });
    const res = await c.get('/api/search?q=Zebrafish');
    expect(res.status, res.text).toBe(200);
    expect(res.body.payments.map((x: { id: number }) => x.id)).toEqual([pay.body.id]);
    expect(res.body.creditNotes.map((x: { id: number }) => x.id)).toEqual([note.body.id]);
    const byNumber = await c.get(`/api/search?q=${note.body.number}`);
    expect(byNumber.body.creditNotes[0]).toMatchObject({ number: note.body.number });
  });
});

describe('permissions', () => {
  it('refuses a sales user allocations, credit notes and refunds; a viewer may read', async () => {
    const p = await newPharmacy('Roles Cash Pharmacy');
    const a = await newInvoice(p, '10.00');
    const pay = await c.post('/api/payments', accountPayment(p, '10.00', []));
    const sales = await signedInAs(t, c, 'sales');
    const attempts = [
      () =>
        sales.post(`/api/payments/${pay.body.id}/allocations`, { invoiceId: a.id, amount: '1.00' }),
      () =>
        sales.post('/api/credit-notes', {
          pharmacyId: p,
          date: '2026-03-25',
          reason: 'x',
          amount: '1.00',
        }),
      () =>
        sales.post('/api/refunds', {
          paymentId: pay.body.id,
          amount: '1.00',
          date: '2026-03-25',
          method: 'ACH',
        }),
      () =>
        sales.post('/api/allocations', {
          pharmacyId: p,
          allocations: [{ paymentId: pay.body.id, invoiceId: a.id, amount: '1.00' }],
        }),
    ];
    for (const attempt of attempts) expect((await attempt()).status).toBe(403);
    const accountant = await signedInAs(t, c, 'accountant');
    const ok = await accountant.post(`/api/payments/${pay.body.id}/allocations`, {
      invoiceId: a.id,
      amount: '1.00',
    });
    expect(ok.status, ok.text).toBe(201);
    const viewer = await signedInAs(t, c, 'viewer');
    expect((await viewer.get('/api/credit-notes')).status).toBe(200);
    expect((await viewer.post(`/api/allocations/${ok.body.id}/void`, { reason: 'x' })).status).toBe(
      403,
    );
  });
});
