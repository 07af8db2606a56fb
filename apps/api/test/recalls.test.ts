/**
 * Issue 30 item 4: recalls over REST, on both drivers: the recall lists only the lines that
 * carry its lots, notices move forward only and are logged, closing needs every acknowledgement
 * or a reason, and each pharmacy's letter names its lines.
 */
import { addDaysIso, todayIso } from '@pharm/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdf } from '../src/lib/pdf/read-pdf.js';
import { signedInAs, startTestApp, type Client, type TestApp } from './helpers.js';

let t: TestApp;
let c: Client;
const today = todayIso();
let vial: { id: number; variantSku: string };
let north: number;
let south: number;
let lots = 0;

beforeAll(async () => {
  t = await startTestApp();
  c = await t.signedIn();
  const product = await c.post('/api/products', {
    sku: 'VL-RCL',
    name: 'Recall vial',
    category: 'Vial',
    defaultPrice: '10.00',
  });
  expect(product.status, product.text).toBe(201);
  const variant = await c.post('/api/product-variants', {
    parentSku: 'VL-RCL',
    variantSku: 'VL-RCL-10R',
    packageQty: 1,
    defaultPrice: '10.00',
  });
  expect(variant.status, variant.text).toBe(201);
  vial = (await c.get(`/api/products/${product.body.id}`)).body.variants[0];
  for (const name of ['North Pharmacy', 'South Pharmacy']) {
    const res = await c.post('/api/pharmacies', {
      name,
      email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
      shippingAddress: '1 Main St\nColumbus, OH 43004',
    });
    expect(res.status, res.text).toBe(201);
    if (name.startsWith('North')) north = res.body.id;
    else south = res.body.id;
  }
});
afterAll(() => t.close());

async function newLot() {
  const res = await c.post('/api/lots', {
    variantId: vial.id,
    lotNumber: `RL${++lots}-${Math.random().toString(36).slice(2, 6)}`,
    expiryDate: addDaysIso(today, 400),
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; lotNumber: string };
}

const line = (lotId: number | null, description: string, qty = 3) => ({
  productSku: 'VL-RCL',
  variantSku: vial.variantSku,
  description,
  qty,
  unitPrice: '10.00',
  lotId,
});

/** An issued invoice of the pharmacy with these lines, through a fulfilled order. */
async function invoiceWith(pharmacyId: number, lineItems: object[]) {
  const order = await c.post('/api/orders', { pharmacyId, orderDate: today, lineItems });
  expect(order.status, order.text).toBe(201);
  expect((await c.put(`/api/orders/${order.body.id}`, { status: 'Sent' })).status).toBe(200);
  expect((await c.put(`/api/orders/${order.body.id}`, { status: 'Fulfilled' })).status).toBe(200);
  const invoice = await c.post('/api/invoices', {
    pharmacyId,
    fromOrderId: order.body.id,
    invoiceDate: today,
    dueDate: addDaysIso(today, 30),
    taxRate: '0.0000',
    shipping: '0.00',
    amount: null,
    status: 'Unpaid',
  });
  expect(invoice.status, invoice.text).toBe(201);
  return invoice.body as { id: number; invoiceNumber: string; lineItems: { id: number }[] };
}

async function letterOf(recallId: number, pharmacyId: number) {
  const res = await t.server.app.inject({
    method: 'GET',
    url: `/api/recalls/${recallId}/letters/${pharmacyId}.pdf`,
    headers: c.cookie ? { cookie: c.cookie } : {},
    remoteAddress: c.ip,
  });
  return res;
}

describe('opening a recall', () => {
  it('lists only the lines that carry the lot, per pharmacy, and marks the lot recalled', async () => {
    const lot = await newLot();
    const other = await newLot();
    const mixed = await invoiceWith(north, [
      line(lot.id, 'Vials of the lot', 4),
      line(other.id, 'Vials of another lot'),
      line(null, 'Seals without a lot'),
    ]);
    const southInvoice = await invoiceWith(south, [line(lot.id, 'South vials', 2)]);
    await invoiceWith(south, [line(other.id, 'Not recalled')]);

    const res = await c.post('/api/recalls', {
      lotIds: [lot.id],
      reason: 'Particulates seen in retained samples',
      class: 'II',
    });
    expect(res.status, res.text).toBe(201);
    const recall = res.body;
    expect(recall.number).toMatch(/^RCL-\d{4}-\d{5}$/);
    expect(recall.lots).toEqual([expect.objectContaining({ id: lot.id, status: 'recalled' })]);
    expect(recall.progress).toEqual({ total: 2, notified: 0, acknowledged: 0 });
    expect(recall.pharmacies.map((p: any) => p.pharmacy.name)).toEqual([
      'North Pharmacy',
      'South Pharmacy',
    ]);
    const [n, s] = recall.pharmacies;
    expect(n.lines).toEqual([
      {
        invoiceId: mixed.id,
        invoiceNumber: mixed.invoiceNumber,
        invoiceDate: today,
        lineId: mixed.lineItems[0]!.id,
        description: 'Vials of the lot',
        qty: 4,
        lotId: lot.id,
        lotNumber: lot.lotNumber,
      },
    ]);
    expect(n.notice.status).toBe('to_notify');
    expect(s.lines.map((l: any) => [l.invoiceNumber, l.description, l.qty])).toEqual([
      [southInvoice.invoiceNumber, 'South vials', 2],
    ]);

    expect((await c.get(`/api/lots/${lot.id}`)).body.status).toBe('recalled');
    expect((await c.get(`/api/lots/${other.id}`)).body.status).toBe('released');
    const got = await c.get(`/api/recalls/${recall.id}`);
    expect(got.body).toEqual(recall);
    const list = await c.get('/api/recalls?status=open');
    expect(list.body.find((r: any) => r.id === recall.id)).toMatchObject({
      number: recall.number,
      lotNumbers: [lot.lotNumber],
      progress: { total: 2, acknowledged: 0 },
    });
    const lotHistory = await c.get(`/api/activity?entityType=lot&entityId=${lot.id}`);
    expect(JSON.stringify(lotHistory.body)).toContain('Particulates seen');
  });

  it('refuses unknown lots, bad classes, and a lot already in an open recall', async () => {
    const lot = await newLot();
    const missing = await c.post('/api/recalls', { lotIds: [999999], reason: 'x', class: 'I' });
    expect(missing.status).toBe(400);
    expect(missing.body.issues[0].path).toEqual(['lotIds', 0]);
    const badClass = await c.post('/api/recalls', { lotIds: [lot.id], reason: 'x', class: 'IV' });
    expect(badClass.status).toBe(400);
    expect((await c.post('/api/recalls', { lotIds: [], reason: 'x', class: 'I' })).status).toBe(
      400,
    );
    const first = await c.post('/api/recalls', { lotIds: [lot.id], reason: 'x', class: 'I' });
    expect(first.status, first.text).toBe(201);
    expect(first.body.pharmacies).toEqual([]);
    const again = await c.post('/api/recalls', { lotIds: [lot.id], reason: 'y', class: 'I' });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain(first.body.number);
  });

  it('opens one recall of a lot when two are asked for at once', async () => {
    const lot = await newLot();
    await invoiceWith(north, [line(lot.id, 'Raced vials')]);
    const body = { lotIds: [lot.id], reason: 'Race', class: 'II' };
    const answers = await Promise.all([c.post('/api/recalls', body), c.post('/api/recalls', body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const open = await c.get('/api/recalls?status=open');
    const withLot = open.body.filter((r: any) => r.lotNumbers.includes(lot.lotNumber));
    expect(withLot).toHaveLength(1);
  });

  it('keeps a recalled lot: deleting its variant is refused, not a server error', async () => {
    const variant = await c.post('/api/product-variants', {
      parentSku: 'VL-RCL',
      variantSku: `VL-RCL-${Math.random().toString(36).slice(2, 6)}`,
      packageQty: 1,
      defaultPrice: '10.00',
    });
    expect(variant.status, variant.text).toBe(201);
    const lot = await c.post('/api/lots', {
      variantId: variant.body.id,
      lotNumber: 'KEPT-1',
      expiryDate: addDaysIso(today, 400),
    });
    expect(lot.status, lot.text).toBe(201);
    const recall = await c.post('/api/recalls', {
      lotIds: [lot.body.id],
      reason: 'x',
      class: 'III',
    });
    expect(recall.status, recall.text).toBe(201);
    const removed = await c.delete(`/api/product-variants/${variant.body.id}`);
    expect(removed.status, removed.text).toBe(409);
    expect(removed.body.message).toContain('recall');
    expect((await c.get(`/api/recalls/${recall.body.id}`)).body.lots).toHaveLength(1);
  });

  it('lets sales read recalls but not open them', async () => {
    const lot = await newLot();
    const sales = await signedInAs(t, c, 'sales');
    expect((await sales.get('/api/recalls')).status).toBe(200);
    const refused = await sales.post('/api/recalls', { lotIds: [lot.id], reason: 'x', class: 'I' });
    expect(refused.status).toBe(403);
    expect((await c.get(`/api/lots/${lot.id}`)).body.status).toBe('released');
    const accountant = await signedInAs(t, c, 'accountant');
    const ok = await accountant.post('/api/recalls', {
      lotIds: [lot.id],
      reason: 'x',
      class: 'III',
    });
    expect(ok.status, ok.text).toBe(201);
  });

  it('finds the lot of a line in the recall-by-lot search too', async () => {
    const lot = await newLot();
    const a = await newLot();
    // Two lots on one invoice: its own lot number stays empty, only the lines name them.
    const invoice = await invoiceWith(north, [line(lot.id, 'One'), line(a.id, 'Two')]);
    const res = await c.get(`/api/recall?lot=${encodeURIComponent(lot.lotNumber)}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.flatMap((e: any) => e.invoices.map((i: any) => i.id))).toEqual([invoice.id]);
  });
});

describe('notices', () => {
  async function openOne() {
    const lot = await newLot();
    await invoiceWith(north, [line(lot.id, 'Vials')]);
    await invoiceWith(south, [line(lot.id, 'Vials')]);
    const res = await c.post('/api/recalls', { lotIds: [lot.id], reason: 'Sterility', class: 'I' });
    expect(res.status, res.text).toBe(201);
    return res.body as { id: number; number: string };
  }
  const notice = (id: number, pharmacyId: number, body: object) =>
    c.put(`/api/recalls/${id}/notices/${pharmacyId}`, body);

  it('move to notified then acknowledged, forward only, each step logged', async () => {
    const recall = await openOne();
    const early = await notice(recall.id, north, { status: 'acknowledged', contact: 'Ana' });
    expect(early.status).toBe(409);
    const noChannel = await notice(recall.id, north, { status: 'notified' });
    expect(noChannel.status).toBe(400);
    expect(noChannel.body.issues[0].path).toEqual(['channel']);
    const notified = await notice(recall.id, north, {
      status: 'notified',
      at: '2026-01-05T10:00:00Z',
      by: 'Dana at the desk',
      channel: 'phone',
    });
    expect(notified.status, notified.text).toBe(200);
    const n = notified.body.pharmacies.find((p: any) => p.pharmacy.id === north).notice;
    expect(n).toMatchObject({
      status: 'notified',
      notifiedAt: '2026-01-05T10:00:00.000Z',
      notifiedBy: 'Dana at the desk',
      channel: 'phone',
    });
    expect(notified.body.progress).toEqual({ total: 2, notified: 1, acknowledged: 0 });
    const twice = await notice(recall.id, north, { status: 'notified', channel: 'email' });
    expect(twice.status).toBe(409);
    const noContact = await notice(recall.id, north, { status: 'acknowledged' });
    expect(noContact.status).toBe(400);
    const future = await notice(recall.id, north, {
      status: 'acknowledged',
      contact: 'Ana',
      at: addDaysIso(today, 3),
    });
    expect(future.status).toBe(400);
    const acked = await notice(recall.id, north, {
      status: 'acknowledged',
      contact: 'Ana Ruiz, pharmacist',
      quantityReturned: 3,
    });
    expect(acked.status, acked.text).toBe(200);
    const a = acked.body.pharmacies.find((p: any) => p.pharmacy.id === north).notice;
    expect(a).toMatchObject({
      status: 'acknowledged',
      contact: 'Ana Ruiz, pharmacist',
      quantityReturned: 3,
    });
    expect(a.events.map((e: any) => e.status)).toEqual(['notified', 'acknowledged']);
    const back = await notice(recall.id, north, { status: 'notified', channel: 'letter' });
    expect(back.status).toBe(409);
    expect(
      (await notice(recall.id, 999999, { status: 'notified', channel: 'letter' })).status,
    ).toBe(404);
    expect((await notice(recall.id, north, { status: 'to_notify' })).status).toBe(400);

    const history = await c.get(`/api/activity?entityType=recall&entityId=${recall.id}`);
    expect(history.status, history.text).toBe(200);
    const text = JSON.stringify(history.body);
    expect(text).toContain('acknowledged');
    expect(text).toContain('North Pharmacy');
  });

  it('close at once when all acknowledged, else only with a reason; nothing moves after', async () => {
    const recall = await openOne();
    const refused = await c.post(`/api/recalls/${recall.id}/close`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('2 of 2');
    for (const pharmacyId of [north, south]) {
      expect(
        (await notice(recall.id, pharmacyId, { status: 'notified', channel: 'email' })).status,
      ).toBe(200);
    }
    expect((await notice(recall.id, north, { status: 'acknowledged', contact: 'A' })).status).toBe(
      200,
    );
    expect((await c.post(`/api/recalls/${recall.id}/close`, {})).status).toBe(409);
    expect((await notice(recall.id, south, { status: 'acknowledged', contact: 'B' })).status).toBe(
      200,
    );
    const closed = await c.post(`/api/recalls/${recall.id}/close`, {});
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body).toMatchObject({ closedOn: today, closeReason: null });
    expect((await c.post(`/api/recalls/${recall.id}/close`, {})).status).toBe(409);

    const other = await openOne();
    const withReason = await c.post(`/api/recalls/${other.id}/close`, {
      reason: 'Pharmacies unreachable; FDA agreed to close',
    });
    expect(withReason.status, withReason.text).toBe(200);
    expect(withReason.body.closeReason).toContain('FDA agreed');
    const late = await notice(other.id, north, { status: 'notified', channel: 'email' });
    expect(late.status).toBe(409);
    const open = await c.get('/api/recalls?status=open');
    expect(open.body.map((r: any) => r.id)).not.toContain(other.id);
    const sales = await signedInAs(t, c, 'sales');
    expect((await sales.post(`/api/recalls/${other.id}/close`, { reason: 'x' })).status).toBe(403);
  });
});

describe('letters, search and export', () => {
  it("names each pharmacy's own lines in its letter", async () => {
    const lot = await newLot();
    const invoice = await invoiceWith(north, [
      line(lot.id, 'Amber vials 10R of the lot', 7),
      line(null, 'Aluminium seals'),
    ]);
    const recall = (
      await c.post('/api/recalls', { lotIds: [lot.id], reason: 'Cracks', class: 'II' })
    ).body;
    const res = await letterOf(recall.id, north);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(
      `recall-${recall.number}-north-pharmacy.pdf`,
    );
    const text = (await readPdf(res.rawPayload)).map((page) => page.text).join('\n');
    expect(text).toContain(recall.number);
    expect(text).toContain(invoice.invoiceNumber);
    expect(text).toContain('Amber vials 10R of the lot');
    expect(text).toContain(lot.lotNumber);
    expect(text).toContain('Cracks');
    expect(text).not.toContain('Aluminium seals');
    expect((await letterOf(recall.id, south)).statusCode).toBe(404);
  });

  it('finds recalls by number and by lot, and exports them', async () => {
    const lot = await newLot();
    await invoiceWith(south, [line(lot.id, 'Exported vials', 5)]);
    const recall = (
      await c.post('/api/recalls', { lotIds: [lot.id], reason: 'Label', class: 'III' })
    ).body;
    const byNumber = await c.get(`/api/search?q=${recall.number}`);
    expect(byNumber.body.recalls.map((r: any) => r.id)).toContain(recall.id);
    const byLot = await c.get(`/api/search?q=${lot.lotNumber}`);
    expect(byLot.body.recalls.map((r: any) => r.id)).toEqual([recall.id]);
    const csv = await c.get('/api/recalls.csv');
    expect(csv.status).toBe(200);
    expect(csv.text.split('\n')[0]).toContain('recall_number');
    const row = csv.text.split('\n').find((l) => l.includes('Exported vials'));
    expect(row).toContain(recall.number);
    expect(row).toContain('South Pharmacy');
    expect(row).toContain('to_notify');
  });
});
