/**
 * Issue 30: lots, lines that carry them, and the lot gate at fulfilling an order and issuing an
 * invoice, over REST, on both drivers.
 */
import { addDaysIso, todayIso } from '@pharm/validators';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAs, startTestApp, type Client, type TestApp } from './helpers.js';

let t: TestApp;
let c: Client;
const today = todayIso();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let vial: { id: number; variantSku: string };
let stopper: { id: number; variantSku: string };
let bulkProductId: number;
let pharmacyId: number;

beforeAll(async () => {
  t = await startTestApp();
  c = await t.signedIn();
  const product = await c.post('/api/products', {
    sku: 'VL-LOT',
    name: 'Lot vial',
    category: 'Vial',
    defaultPrice: '10.00',
  });
  expect(product.status, product.text).toBe(201);
  for (const variantSku of ['VL-LOT-10R', 'VL-LOT-20R']) {
    const res = await c.post('/api/product-variants', {
      parentSku: 'VL-LOT',
      variantSku,
      packageQty: 1,
      defaultPrice: '10.00',
    });
    expect(res.status, res.text).toBe(201);
  }
  const variants = (await c.get(`/api/products/${product.body.id}`)).body.variants;
  vial = variants.find((v: any) => v.variantSku === 'VL-LOT-10R');
  stopper = variants.find((v: any) => v.variantSku === 'VL-LOT-20R');
  const bulk = await c.post('/api/products', {
    sku: 'API-BULK',
    name: 'Bulk API',
    category: 'API',
    defaultPrice: '50.00',
  });
  expect(bulk.status, bulk.text).toBe(201);
  bulkProductId = bulk.body.id;
  await t.db
    .updateTable('products')
    .set({ bulkSubstance: true })
    .where('id', '=', bulkProductId)
    .execute();
  const pharmacy = await c.post('/api/pharmacies', {
    name: 'Lot Pharmacy',
    email: 'l@example.com',
  });
  expect(pharmacy.status, pharmacy.text).toBe(201);
  pharmacyId = pharmacy.body.id;
});
afterAll(() => t.close());

let lots = 0;
async function newLot(body: Record<string, unknown> = {}) {
  const res = await c.post('/api/lots', {
    variantId: vial.id,
    lotNumber: `L${++lots}-${Math.random().toString(36).slice(2, 6)}`,
    expiryDate: addDaysIso(today, 400),
    ...body,
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; lotNumber: string; expiryDate: string };
}

const lineOf = (lotId: number | null, variantSku = vial.variantSku) => ({
  productSku: 'VL-LOT',
  variantSku,
  description: 'Vials',
  qty: 3,
  unitPrice: '10.00',
  lotId,
});

async function newOrder(lineItems: object[]) {
  const res = await c.post('/api/orders', { pharmacyId, orderDate: today, lineItems });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; orderNumber: string; lineItems: any[] };
}

const setStatus = (orderId: number, status: string) => c.put(`/api/orders/${orderId}`, { status });

async function sentOrder(lineItems: object[]) {
  const order = await newOrder(lineItems);
  expect((await setStatus(order.id, 'Sent')).status).toBe(200);
  return order;
}

const invoiceBody = (fromOrderId: number, status: string) => ({
  pharmacyId,
  fromOrderId,
  invoiceDate: today,
  dueDate: addDaysIso(today, 30),
  taxRate: '0.0000',
  shipping: '0.00',
  amount: null,
  status,
});

function expectUnavailable(res: { status: number; body: any; text: string }, ...words: string[]) {
  expect(res.status, res.text).toBe(409);
  expect(res.body.code).toBe('LOT_UNAVAILABLE');
  for (const word of words) expect(res.body.message).toContain(word);
}

describe('lots', () => {
  it('lists a variant’s lots earliest expiry first, then by lot number', async () => {
    const made = [
      await newLot({ variantId: stopper.id, lotNumber: 'FEFO-C', expiryDate: '2031-01-01' }),
      await newLot({ variantId: stopper.id, lotNumber: 'FEFO-B', expiryDate: '2030-01-01' }),
      await newLot({ variantId: stopper.id, lotNumber: 'FEFO-A', expiryDate: '2031-01-01' }),
    ];
    const res = await c.get(`/api/lots?variantId=${stopper.id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.map((l: any) => l.lotNumber)).toEqual(['FEFO-B', 'FEFO-A', 'FEFO-C']);
    expect(res.body[0]).toMatchObject({
      id: made[1]!.id,
      variantId: stopper.id,
      productId: expect.any(Number),
      expiryDate: '2030-01-01',
      status: 'released',
      expired: false,
      certificate: false,
    });
  });

  it('derives expired from today, filters by status and expiry, refuses duplicates and bad input', async () => {
    const old = await newLot({ expiryDate: addDaysIso(today, -1) });
    const got = await c.get(`/api/lots/${old.id}`);
    expect(got.body).toMatchObject({ expired: true, insideShelfLife: false });
    const soon = await c.get(`/api/lots?variantId=${vial.id}&expiringWithin=0`);
    expect(soon.body.map((l: any) => l.id)).toContain(old.id);
    expect(soon.body.every((l: any) => l.expiryDate <= today)).toBe(true);
    const dup = await c.post('/api/lots', {
      variantId: vial.id,
      lotNumber: old.lotNumber,
      expiryDate: today,
    });
    expect(dup.status, dup.text).toBe(409);
    const neither = await c.post('/api/lots', { lotNumber: 'X', expiryDate: today });
    expect(neither.status).toBe(400);
    expect((await c.get('/api/lots?status=lost')).status).toBe(400);
    expect((await c.get('/api/lots?expiringWithin=-1')).status).toBe(400);
  });

  it('pages in FEFO order with limit and the cursor each page answers', async () => {
    const made = [];
    for (const [n, expiryDate] of [
      ['PG-E', '2033-03-01'],
      ['PG-D', '2033-01-01'],
      ['PG-C', '2033-01-01'],
      ['PG-B', '2032-06-01'],
      ['PG-A', '2033-03-01'],
    ] as const) {
      made.push(await newLot({ variantId: stopper.id, lotNumber: n, expiryDate }));
    }
    const seen: string[] = [];
    let url = `/api/lots?variantId=${stopper.id}&expiringWithin=36500&limit=2`;
    let pages = 0;
    for (;;) {
      const res = await c.get(url);
      expect(res.status, res.text).toBe(200);
      expect(res.body.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.map((l: any) => l.lotNumber));
      pages++;
      const next = res.headers['x-next-cursor'] as string | undefined;
      if (!next) break;
      url = `/api/lots?variantId=${stopper.id}&expiringWithin=36500&limit=2&cursor=${next}`;
    }
    const all = (await c.get(`/api/lots?variantId=${stopper.id}&limit=200`)).body;
    expect(seen).toEqual(all.map((l: any) => l.lotNumber));
    expect(pages).toBe(Math.ceil(all.length / 2));
    expect(seen.filter((n) => n.startsWith('PG-'))).toEqual([
      'PG-B',
      'PG-C',
      'PG-D',
      'PG-A',
      'PG-E',
    ]);
    expect(made).toHaveLength(5);
    // A page of 50 by default; a made-up cursor or limit is a 400.
    expect((await c.get('/api/lots?cursor=bm90LWEtY3Vyc29y')).status).toBe(400);
    expect((await c.get('/api/lots?limit=201')).status).toBe(400);
  });

  it("offers a line's picker its variant's released lots FEFO, and names the line's own", async () => {
    const sku = 'VL-PICK-10R';
    const variant = await c.post('/api/product-variants', {
      parentSku: 'VL-LOT',
      variantSku: sku,
      packageQty: 1,
      defaultPrice: '10.00',
    });
    expect(variant.status, variant.text).toBe(201);
    const at = (lotNumber: string, days: number, status = 'released') =>
      newLot({
        variantId: variant.body.id,
        lotNumber,
        expiryDate: addDaysIso(today, days),
        status,
      });
    const late = await at('PK-LATE', 900);
    const soon = await at('PK-SOON', 30);
    const early = await at('PK-EARLY', 400);
    const recalled = await at('PK-RECALLED', 500, 'recalled');
    const expired = await at('PK-EXPIRED', -1);
    const options = async (input: object) => {
      const res = await c.get(
        `/trpc/lots.options?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
      );
      expect(res.status, res.text).toBe(200);
      return res.body.result.data.json as any[];
    };
    expect(await options({ sku })).toEqual([
      {
        id: soon.id,
        lotNumber: 'PK-SOON',
        expiryDate: soon.expiryDate,
        insideShelfLife: true,
        unavailable: null,
      },
      {
        id: early.id,
        lotNumber: 'PK-EARLY',
        expiryDate: early.expiryDate,
        insideShelfLife: false,
        unavailable: null,
      },
      {
        id: late.id,
        lotNumber: 'PK-LATE',
        expiryDate: late.expiryDate,
        insideShelfLife: false,
        unavailable: null,
      },
    ]);
    const withRecalled = await options({ sku, lotId: recalled.id });
    expect(withRecalled[0]).toMatchObject({ lotNumber: 'PK-RECALLED', unavailable: 'recalled' });
    expect(withRecalled).toHaveLength(4);
    expect((await options({ sku, lotId: expired.id }))[0]).toMatchObject({
      lotNumber: 'PK-EXPIRED',
      unavailable: 'expired',
    });
    // The line's lot when it is on offer is not repeated.
    expect(await options({ sku, lotId: early.id })).toHaveLength(3);
  });

  it('changes status only with a reason, and keeps the reason in the history', async () => {
    const lot = await newLot();
    const bare = await c.put(`/api/lots/${lot.id}`, { status: 'on_hold' });
    expect(bare.status).toBe(400);
    expect(bare.body.issues[0].path).toEqual(['reason']);
    const held = await c.put(`/api/lots/${lot.id}`, { status: 'on_hold', reason: 'COA pending' });
    expect(held.status, held.text).toBe(200);
    expect(held.body.status).toBe('on_hold');
    const held2 = await c.get(`/api/lots?status=on_hold`);
    expect(held2.body.map((l: any) => l.id)).toContain(lot.id);
    const history = await c.get(`/api/activity?entityType=lot&entityId=${lot.id}`);
    expect(history.status, history.text).toBe(200);
    expect(JSON.stringify(history.body)).toContain('COA pending');
  });

  it('keeps a PDF certificate, refuses anything else, and answers it', async () => {
    const lot = await newLot();
    const png = await c.post(`/api/lots/${lot.id}/certificate`, {
      fileName: 'x.png',
      contentBase64: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]).toString('base64'),
    });
    expect(png.status).toBe(400);
    const up = await c.post(`/api/lots/${lot.id}/certificate`, {
      fileName: 'coa.pdf',
      contentBase64: PDF.toString('base64'),
    });
    expect(up.status, up.text).toBe(200);
    expect(up.body.certificate).toBe(true);
    const down = await c.get(`/api/lots/${lot.id}/certificate`);
    expect(down.status).toBe(200);
    expect(down.headers['content-type']).toContain('application/pdf');
    expect(down.text.startsWith('%PDF')).toBe(true);
  });

  it('lets sales read lots but not add them or change their status; accountants may', async () => {
    const sales = await signedInAs(t, c, 'sales');
    expect((await sales.get('/api/lots')).status).toBe(200);
    const refused = await sales.post('/api/lots', {
      variantId: vial.id,
      lotNumber: 'SALES-1',
      expiryDate: addDaysIso(today, 400),
    });
    expect(refused.status).toBe(403);
    const lot = await newLot();
    expect(
      (await sales.put(`/api/lots/${lot.id}`, { status: 'on_hold', reason: 'x' })).status,
    ).toBe(403);
    const accountant = await signedInAs(t, c, 'accountant');
    const ok = await accountant.put(`/api/lots/${lot.id}`, { status: 'quarantined', reason: 'QC' });
    expect(ok.status, ok.text).toBe(200);
  });
});

describe('lines with lots', () => {
  it('carry their lot on the order and onto the invoice, whose lot number fills from it', async () => {
    const lot = await newLot();
    const order = await sentOrder([lineOf(lot.id), lineOf(null)]);
    expect(order.lineItems[0]).toMatchObject({
      lotId: lot.id,
      lot: { id: lot.id, lotNumber: lot.lotNumber, expiryDate: lot.expiryDate },
    });
    expect(order.lineItems[1]).toMatchObject({ lotId: null, lot: null });
    expect((await setStatus(order.id, 'Fulfilled')).status).toBe(200);
    const invoice = await c.post('/api/invoices', invoiceBody(order.id, 'Unpaid'));
    expect(invoice.status, invoice.text).toBe(201);
    expect(invoice.body.lotNumber).toBe(lot.lotNumber);
    expect(invoice.body.lineItems.map((l: any) => l.lot?.lotNumber ?? null)).toEqual([
      lot.lotNumber,
      null,
    ]);
    const usage = await c.get(`/api/lots/${lot.id}/usage`);
    expect(usage.body.orders.map((o: any) => o.orderNumber)).toEqual([order.orderNumber]);
    expect(usage.body.invoices.map((i: any) => i.invoiceId)).toEqual([invoice.body.id]);
    expect(usage.body.pharmacies).toEqual([
      { pharmacyId, pharmacyName: 'Lot Pharmacy', qtyInvoiced: 3 },
    ]);
  });

  it('leaves the invoice lot number empty when lines carry different lots', async () => {
    const a = await newLot();
    const b = await newLot();
    const order = await sentOrder([lineOf(a.id), lineOf(b.id)]);
    const invoice = await c.post('/api/invoices', invoiceBody(order.id, 'Draft'));
    expect(invoice.status, invoice.text).toBe(201);
    expect(invoice.body.lotNumber).toBeNull();
    // The recall by lot finds it by its lines' lots, though the invoice names none.
    const recall = await c.get(`/api/recall?lot=${encodeURIComponent(b.lotNumber)}`);
    expect(recall.status, recall.text).toBe(200);
    expect(recall.body.flatMap((e: any) => e.invoices.map((i: any) => i.id))).toEqual([
      invoice.body.id,
    ]);
  });

  it('refuses a lot of another variant, or one that does not exist, on the line', async () => {
    const lot = await newLot({ variantId: stopper.id });
    const res = await c.post('/api/orders', {
      pharmacyId,
      orderDate: today,
      lineItems: [lineOf(lot.id)],
    });
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toEqual(['lineItems', 0, 'lotId']);
    const missing = await c.post('/api/orders', {
      pharmacyId,
      orderDate: today,
      lineItems: [lineOf(999999)],
    });
    expect(missing.status).toBe(400);
  });

  it('keep their lot: a variant whose lot is on a line cannot be deleted', async () => {
    const variant = await c.post('/api/product-variants', {
      parentSku: 'VL-LOT',
      variantSku: 'VL-LOT-50R',
      packageQty: 1,
      defaultPrice: '10.00',
    });
    expect(variant.status, variant.text).toBe(201);
    const lot = await newLot({ variantId: variant.body.id });
    await newOrder([lineOf(lot.id, 'VL-LOT-50R')]);
    const refused = await c.delete(`/api/product-variants/${variant.body.id}`);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.message).toContain('order lines');
    expect((await c.get(`/api/lots/${lot.id}`)).status).toBe(200);
  });

  it("take a Draft invoice's line lots on its update, checked as at issue", async () => {
    const good = await newLot();
    const held = await newLot({ status: 'on_hold' });
    const order = await sentOrder([lineOf(null), lineOf(null)]);
    const draft = await c.post('/api/invoices', invoiceBody(order.id, 'Draft'));
    const [first, second] = draft.body.lineItems;
    const body = { ...invoiceBody(order.id, 'Draft'), status: undefined };
    const stopperLot = await newLot({ variantId: stopper.id });
    const wrong = await c.put(`/api/invoices/${draft.body.id}`, {
      ...body,
      lineItems: [{ id: first.id, lotId: stopperLot.id }],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues[0].path).toEqual(['lineItems', 0, 'lotId']);
    const set = await c.put(`/api/invoices/${draft.body.id}`, {
      ...body,
      lineItems: [
        { id: first.id, lotId: good.id },
        { id: second.id, lotId: held.id },
      ],
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body.lineItems.map((l: any) => l.lotId)).toEqual([good.id, held.id]);
    expectUnavailable(
      await c.put(`/api/invoices/${draft.body.id}`, { status: 'Unpaid' }),
      held.lotNumber,
      'is on hold',
    );
    const fixed = await c.put(`/api/invoices/${draft.body.id}`, {
      ...body,
      status: 'Unpaid',
      lineItems: [{ id: second.id, lotId: good.id }],
    });
    expect(fixed.status, fixed.text).toBe(200);
    expect(fixed.body.lotNumber).toBe(good.lotNumber);
    // Sent back as read, an issued invoice's lines change nothing; a new lot is refused.
    const again = await c.put(`/api/invoices/${draft.body.id}`, {
      ...body,
      lotNumber: fixed.body.lotNumber,
      lineItems: fixed.body.lineItems,
    });
    expect(again.status, again.text).toBe(200);
    const late = await c.put(`/api/invoices/${draft.body.id}`, {
      ...body,
      lineItems: [{ id: first.id, lotId: null }],
    });
    expect(late.status).toBe(409);
  });

  it("take the order lines' lots a new invoice names, checked as at issue", async () => {
    const good = await newLot();
    const held = await newLot({ status: 'quarantined' });
    const order = await sentOrder([lineOf(null), lineOf(null)]);
    const [first, second] = order.lineItems;
    const stopperLot = await newLot({ variantId: stopper.id });
    const wrong = await c.post('/api/invoices', {
      ...invoiceBody(order.id, 'Draft'),
      lineItems: [{ id: second.id, lotId: stopperLot.id }],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues[0].path).toEqual(['lineItems', 0, 'lotId']);
    const stranger = await c.post('/api/invoices', {
      ...invoiceBody(order.id, 'Draft'),
      lineItems: [{ id: 2_000_000_000, lotId: good.id }],
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.issues[0].path).toEqual(['lineItems', 0, 'id']);
    expectUnavailable(
      await c.post('/api/invoices', {
        ...invoiceBody(order.id, 'Unpaid'),
        lineItems: [{ id: first.id, lotId: held.id }],
      }),
      held.lotNumber,
      'is quarantined',
    );
    const issued = await c.post('/api/invoices', {
      ...invoiceBody(order.id, 'Unpaid'),
      lineItems: [{ id: second.id, lotId: good.id }],
    });
    expect(issued.status, issued.text).toBe(201);
    expect(issued.body.lineItems.map((l: any) => l.lotId)).toEqual([null, good.id]);
    expect(issued.body.lineItems[1].lot).toMatchObject({ lotNumber: good.lotNumber });
    expect(issued.body.lotNumber).toBe(good.lotNumber);
    // The order's own lines keep no lot.
    const after = await c.get(`/api/orders/${order.id}`);
    expect(after.body.lineItems.map((l: any) => l.lotId)).toEqual([null, null]);
  });

  it('behave as before without lots', async () => {
    const order = await sentOrder([{ description: 'Plain', qty: 1, unitPrice: '2.00' }]);
    expect((await setStatus(order.id, 'Fulfilled')).status).toBe(200);
    const invoice = await c.post('/api/invoices', invoiceBody(order.id, 'Unpaid'));
    expect(invoice.status, invoice.text).toBe(201);
    expect(invoice.body.lotNumber).toBeNull();
    expect(invoice.body.lineItems[0]).toMatchObject({
      description: 'Plain',
      lotId: null,
      lot: null,
    });
  });
});

describe('the lot gate', () => {
  const cases: [string, () => Promise<{ id: number }>, string][] = [
    ['recalled', () => newLot({ status: 'recalled' }), 'is recalled'],
    ['on hold', () => newLot({ status: 'on_hold' }), 'is on hold'],
    ['quarantined', () => newLot({ status: 'quarantined' }), 'is quarantined'],
    ['expired', () => newLot({ expiryDate: addDaysIso(today, -1) }), 'expired on'],
    [
      'inside the shelf life',
      () => newLot({ expiryDate: addDaysIso(today, 30) }),
      'within the 180-day minimum shelf life',
    ],
  ];

  for (const [name, make, why] of cases) {
    it(`refuses fulfilling and issuing with a lot ${name}`, async () => {
      const lot = (await make()) as { id: number; lotNumber: string };
      const order = await sentOrder([lineOf(lot.id)]);
      expectUnavailable(await setStatus(order.id, 'Fulfilled'), lot.lotNumber, why, 'fulfil order');
      expectUnavailable(
        await c.post('/api/invoices', invoiceBody(order.id, 'Unpaid')),
        lot.lotNumber,
        why,
      );
      const draft = await c.post('/api/invoices', invoiceBody(order.id, 'Draft'));
      expect(draft.status, draft.text).toBe(201);
      expectUnavailable(
        await c.put(`/api/invoices/${draft.body.id}`, { status: 'Unpaid' }),
        lot.lotNumber,
        why,
        'issue invoice',
      );
      expect((await c.get(`/api/orders/${order.id}`)).body.status).toBe('Sent');
      expect((await c.get(`/api/invoices/${draft.body.id}`)).body.status).toBe('Draft');
    });
  }

  it('reads the shelf life from the pharmacy when it has its own, and from the setting', async () => {
    const lot = await newLot({ expiryDate: addDaysIso(today, 30) });
    const order = await sentOrder([lineOf(lot.id)]);
    const own = await c.put(`/api/pharmacies/${pharmacyId}/shelf-life`, { minShelfLifeDays: 10 });
    expect(own.status, own.text).toBe(200);
    expect(own.body).toEqual({ pharmacyId, minShelfLifeDays: 10, effectiveDays: 10 });
    expect((await setStatus(order.id, 'Fulfilled')).status).toBe(200);
    await c.put(`/api/pharmacies/${pharmacyId}/shelf-life`, { minShelfLifeDays: null });
    expect((await c.get('/api/lot-settings')).body).toEqual({ minShelfLifeDays: 180 });
    expect((await c.put('/api/lot-settings', { minShelfLifeDays: -1 })).status).toBe(400);
    const put = await c.put('/api/lot-settings', { minShelfLifeDays: 20 });
    expect(put.status, put.text).toBe(200);
    try {
      const picker = await c.get(`/api/lots?variantId=${vial.id}&pharmacyId=${pharmacyId}`);
      expect(picker.body.find((l: any) => l.id === lot.id).insideShelfLife).toBe(false);
      const order2 = await sentOrder([lineOf(lot.id)]);
      expect((await setStatus(order2.id, 'Fulfilled')).status).toBe(200);
    } finally {
      await c.put('/api/lot-settings', { minShelfLifeDays: 180 });
    }
    const sales = await signedInAs(t, c, 'sales');
    expect((await sales.put('/api/lot-settings', { minShelfLifeDays: 1 })).status).toBe(403);
  });

  it('needs a lot with a certificate on a bulk-substance line', async () => {
    const bulkLine = (lotId: number | null) => ({
      productSku: 'API-BULK',
      description: 'Bulk API',
      qty: 1,
      unitPrice: '50.00',
      lotId,
    });
    const none = await sentOrder([bulkLine(null)]);
    expectUnavailable(await setStatus(none.id, 'Fulfilled'), 'API-BULK', 'bulk substance');
    const lot = await newLot({ variantId: null, productId: bulkProductId });
    const uncertified = await sentOrder([bulkLine(lot.id)]);
    expectUnavailable(
      await setStatus(uncertified.id, 'Fulfilled'),
      lot.lotNumber,
      'no certificate of analysis',
    );
    await c.post(`/api/lots/${lot.id}/certificate`, {
      fileName: 'coa.pdf',
      contentBase64: PDF.toString('base64'),
    });
    expect((await setStatus(uncertified.id, 'Fulfilled')).status).toBe(200);
    const invoice = await c.post('/api/invoices', invoiceBody(uncertified.id, 'Unpaid'));
    expect(invoice.status, invoice.text).toBe(201);
  });

  it('never ships or invoices a line whose lot was unavailable that day (property)', async () => {
    const statuses = ['released', 'quarantined', 'on_hold', 'recalled'] as const;
    const lotArb = fc.record({
      status: fc.constantFrom(...statuses),
      days: fc.integer({ min: -30, max: 400 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(lotArb, { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        async (specs, throughDraft) => {
          const made = [];
          for (const spec of specs) {
            made.push({
              ...spec,
              lot: await newLot({ status: spec.status, expiryDate: addDaysIso(today, spec.days) }),
            });
          }
          const available = made.every((m) => m.status === 'released' && m.days >= 180);
          const order = await sentOrder(made.map((m) => lineOf(m.lot.id)));
          const fulfilled = await setStatus(order.id, 'Fulfilled');
          expect(fulfilled.status === 200).toBe(available);
          if (!available) expect(fulfilled.body.code).toBe('LOT_UNAVAILABLE');
          let issued;
          if (throughDraft) {
            const draft = await c.post('/api/invoices', invoiceBody(order.id, 'Draft'));
            expect(draft.status).toBe(201);
            issued = await c.put(`/api/invoices/${draft.body.id}`, { status: 'Unpaid' });
            expect(issued.status === 200).toBe(available);
          } else {
            issued = await c.post('/api/invoices', invoiceBody(order.id, 'Unpaid'));
            expect(issued.status === 201).toBe(available);
          }
          if (!available) expect(issued.body.code).toBe('LOT_UNAVAILABLE');
        },
      ),
      { numRuns: 12 },
    );
  });
});
