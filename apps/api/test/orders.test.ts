import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raceTest, startTestApp, type Client, type TestApp } from './helpers.js';

let t: TestApp;
let c: Client;
let pharmacyId: number;
let otherPharmacyId: number;

const year = new Date().getFullYear();

const line = (overrides: Record<string, unknown> = {}) => ({
  productSku: 'VL-10R-CLR',
  variantSku: 'VL-10R-CLR-STR',
  description: '10 mL clear serum vial, sterile',
  qty: 3,
  unitPrice: '0.10',
  lineTotal: '0.30',
  ...overrides,
});

const order = (overrides: Record<string, unknown> = {}) => ({
  pharmacyId,
  orderDate: '2026-03-14',
  shipMethod: 'Ground Shipping',
  notes: 'Deliver to the rear dock',
  lineItems: [
    line(),
    line({
      productSku: 'ST-20MM-GRY',
      variantSku: null,
      description: '20 mm gray stopper',
      qty: 100,
      unitPrice: '0.29',
    }),
  ],
  ...overrides,
});

async function createOrder(overrides: Record<string, unknown> = {}) {
  const res = await c.post('/api/orders', order(overrides));
  expect(res.status).toBe(201);
  return res.body;
}

/** The PDF's text, page by page, read by pdf.js (an independent reader, not our renderer). */
async function pdfText(data: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(data), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages.join('\n');
}

async function download(client: Client, id: number | string) {
  const res = await t.server.app.inject({
    method: 'GET',
    url: `/api/orders/${id}/download`,
    headers: client.cookie ? { cookie: client.cookie } : {},
  });
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
}

beforeAll(async () => {
  t = await startTestApp();
  c = await t.signedIn();
  const pharmacy = await c.post('/api/pharmacies', {
    name: 'Riverside Compounding Pharmacy',
    contactName: 'Maria Alvarez',
    email: 'orders@riversiderx.com',
    phone: '(503) 555-0142',
    shippingAddress: '1820 NW Front Ave, Portland, OR 97209',
  });
  pharmacyId = pharmacy.body.id;
  otherPharmacyId = (
    await c.post('/api/pharmacies', { name: 'Oak Street Apothecary', email: 'oak@example.com' })
  ).body.id;
});
afterAll(() => t.close());

describe('create', () => {
  it('numbers the order, starts it as Draft and recomputes every amount in cents', async () => {
    const res = await c.post(
      '/api/orders',
      order({
        lineItems: [
          line({ lineTotal: '999.99' }),
          line({ qty: 100, unitPrice: '0.29', lineTotal: '1' }),
        ],
        total: '5.00',
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.orderNumber).toMatch(new RegExp(`^ORD-${year}-\\d{5}$`));
    expect(res.body).toMatchObject({
      status: 'Draft',
      pharmacyId,
      orderDate: '2026-03-14',
      shipMethod: 'Ground Shipping',
      subtotal: '29.30',
      total: '29.30',
      itemCount: 103,
      pharmacy: {
        name: 'Riverside Compounding Pharmacy',
        contactName: 'Maria Alvarez',
        email: 'orders@riversiderx.com',
        phone: '(503) 555-0142',
      },
    });
    expect(
      res.body.lineItems.map((l: any) => [l.position, l.qty, l.unitPrice, l.lineTotal]),
    ).toEqual([
      [0, 3, '0.10', '0.30'],
      [1, 100, '0.29', '29.00'],
    ]);
  });

  it('writes one activity_log row with the order in the same transaction', async () => {
    const created = await createOrder();
    const rows = await t.db
      .selectFrom('activityLog')
      .selectAll()
      .where('entityType', '=', 'order')
      .where('entityId', '=', created.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'create',
      details: {
        label: created.orderNumber,
        snapshot: { orderNumber: created.orderNumber, total: '29.30' },
      },
    });
    expect((rows[0]!.details as any).snapshot.lineItems).toHaveLength(2);
  });

  it("answers bad input with 400 and the spec's field messages", async () => {
    const res = await c.post('/api/orders', { pharmacyId: 0, orderDate: '', lineItems: [] });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([
      { path: ['pharmacyId'], message: 'Pharmacy is required' },
      { path: ['orderDate'], message: 'Order date is required' },
      { path: ['lineItems'], message: 'At least one line item is required' },
    ]);
    const lines = await c.post(
      '/api/orders',
      order({ lineItems: [{ description: '', qty: 0, unitPrice: '' }] }),
    );
    expect(lines.status).toBe(400);
    expect(lines.body.issues).toEqual([
      { path: ['lineItems', 0, 'description'], message: 'Description is required' },
      { path: ['lineItems', 0, 'qty'], message: 'Quantity must be at least 1' },
      { path: ['lineItems', 0, 'unitPrice'], message: 'Unit price is required' },
    ]);
  });

  it('refuses an unknown pharmacy with 400 and says which', async () => {
    const res = await c.post('/api/orders', order({ pharmacyId: 999_999 }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Pharmacy 999999 does not exist');
  });

  it('refuses a total above 99,999,999.99 with 400, and takes exactly that much', async () => {
    const big = await c.post(
      '/api/orders',
      order({ lineItems: [line({ qty: 2, unitPrice: '50000000.00' })] }),
    );
    expect(big.status).toBe(400);
    expect(big.body.message).toBe('Order total is too large');
    const max = await c.post(
      '/api/orders',
      order({
        lineItems: [
          line({ qty: 1, unitPrice: '99999999.98' }),
          line({ qty: 1, unitPrice: '0.01' }),
        ],
      }),
    );
    expect(max.status).toBe(201);
    expect(max.body.total).toBe('99999999.99');
  });

  it(raceTest('gives 20 concurrent creates 20 distinct, consecutive numbers'), async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => c.post('/api/orders', order())),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const numbers = results
      .map((r) => Number(String(r.body.orderNumber).slice(-5)))
      .sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers.at(-1)! - numbers[0]!).toBe(19);
  });

  it('needs a signed-in user', async () => {
    expect((await t.client().post('/api/orders', order())).status).toBe(401);
    expect((await t.client().get('/api/orders')).status).toBe(401);
  });
});

describe('list and get', () => {
  let ids: number[];
  beforeAll(async () => {
    await t.db.deleteFrom('orders').execute();
    const a = await createOrder();
    const b = await createOrder({ pharmacyId: otherPharmacyId });
    const cc = await createOrder();
    await c.put(`/api/orders/${b.id}`, { status: 'Sent' });
    ids = [a.id, b.id, cc.id];
  });

  it('pages newest first with the pharmacy name, line items and item count', async () => {
    const first = await c.get('/api/orders?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.map((o: any) => o.id)).toEqual([ids[2], ids[1]]);
    expect(first.body[1]).toMatchObject({
      pharmacy: { name: 'Oak Street Apothecary' },
      itemCount: 103,
      status: 'Sent',
    });
    expect(first.body[0].lineItems).toHaveLength(2);
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toBe(String(ids[1]));
    const second = await c.get(`/api/orders?limit=2&cursor=${cursor}`);
    expect(second.body.map((o: any) => o.id)).toEqual([ids[0]]);
    expect(second.headers['x-next-cursor']).toBeUndefined();
  });

  it('filters by status on the server', async () => {
    const sent = await c.get('/api/orders?status=Sent');
    expect(sent.body.map((o: any) => o.id)).toEqual([ids[1]]);
    const bad = await c.get('/api/orders?status=Shipped');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      'status: Status must be one of Draft, Sent, Fulfilled, Cancelled',
    );
  });

  it('matches the text against the order number or the pharmacy name', async () => {
    const { body: all } = await c.get('/api/orders');
    const number = all.find((o: any) => o.id === ids[0]).orderNumber as string;
    expect(
      (await c.get(`/api/orders?q=${number.toLowerCase()}`)).body.map((o: any) => o.id),
    ).toEqual([ids[0]]);
    expect((await c.get('/api/orders?q=oak%20street')).body.map((o: any) => o.id)).toEqual([
      ids[1],
    ]);
    expect((await c.get('/api/orders?q=100%25')).body).toEqual([]);
  });

  it('gets one order with its pharmacy contact and line items in order', async () => {
    const res = await c.get(`/api/orders/${ids[0]}`);
    expect(res.status).toBe(200);
    expect(res.body.pharmacy).toMatchObject({
      name: 'Riverside Compounding Pharmacy',
      email: 'orders@riversiderx.com',
      phone: '(503) 555-0142',
    });
    expect(res.body.lineItems.map((l: any) => l.description)).toEqual([
      '10 mL clear serum vial, sterile',
      '20 mm gray stopper',
    ]);
  });

  it('answers 404 for an unknown order and 400 for an id that is not one', async () => {
    expect((await c.get('/api/orders/999999')).status).toBe(404);
    expect((await c.get('/api/orders/abc')).status).toBe(400);
    expect((await c.put('/api/orders/999999', { status: 'Sent' })).status).toBe(404);
    expect((await c.delete('/api/orders/999999')).status).toBe(404);
  });
});

describe('update', () => {
  it('replaces the line items and recomputes the totals', async () => {
    const created = await createOrder();
    const res = await c.put(
      `/api/orders/${created.id}`,
      order({
        pharmacyId: otherPharmacyId,
        notes: null,
        shipMethod: '',
        lineItems: [
          line({ description: 'Flip-off seal', qty: 7, unitPrice: '19.99', lineTotal: '0.00' }),
        ],
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      pharmacyId: otherPharmacyId,
      notes: null,
      shipMethod: null,
      total: '139.93',
      subtotal: '139.93',
      status: 'Draft',
      orderNumber: created.orderNumber,
    });
    expect(res.body.lineItems).toHaveLength(1);
    expect(res.body.lineItems[0]).toMatchObject({ position: 0, lineTotal: '139.93' });
    const stored = await t.db
      .selectFrom('orderLineItems')
      .select('id')
      .where('orderId', '=', created.id)
      .execute();
    expect(stored.map((r) => r.id)).toEqual([res.body.lineItems[0].id]);
    const log = await t.db
      .selectFrom('activityLog')
      .select(['action', 'details'])
      .where('entityType', '=', 'order')
      .where('entityId', '=', created.id)
      .orderBy('id')
      .execute();
    expect(log.map((r) => r.action)).toEqual(['create', 'update']);
  });

  it('keeps the old order when the update is refused', async () => {
    const created = await createOrder();
    const res = await c.put(
      `/api/orders/${created.id}`,
      order({ pharmacyId: 999_999, lineItems: [line()] }),
    );
    expect(res.status).toBe(400);
    const after = await c.get(`/api/orders/${created.id}`);
    expect(after.body.lineItems).toHaveLength(2);
    expect(after.body.total).toBe('29.30');
  });

  it(raceTest('never mixes the line items of two concurrent updates'), async () => {
    const created = await createOrder();
    const lines = (description: string) => Array.from({ length: 5 }, () => line({ description }));
    await Promise.all([
      c.put(`/api/orders/${created.id}`, order({ lineItems: lines('first') })),
      c.put(`/api/orders/${created.id}`, order({ lineItems: lines('second') })),
    ]);
    const after = await c.get(`/api/orders/${created.id}`);
    const descriptions = new Set(after.body.lineItems.map((l: any) => l.description));
    expect(after.body.lineItems).toHaveLength(5);
    expect(descriptions.size).toBe(1);
  });

  it('follows Draft → Sent → Fulfilled and refuses any other change with 409', async () => {
    const created = await createOrder();
    const url = `/api/orders/${created.id}`;
    const skip = await c.put(url, { status: 'Fulfilled' });
    expect(skip.status).toBe(409);
    expect(skip.body.message).toBe('Cannot change order status from Draft to Fulfilled');

    const sent = await c.put(url, { status: 'Sent' });
    expect(sent.status).toBe(200);
    expect(sent.body.status).toBe('Sent');
    const back = await c.put(url, { status: 'Draft' });
    expect(back.status).toBe(409);
    expect(back.body.message).toBe('Cannot change order status from Sent to Draft');

    expect((await c.put(url, { status: 'Fulfilled' })).body.status).toBe('Fulfilled');
    const reopen = await c.put(url, { status: 'Sent' });
    expect(reopen.status).toBe(409);
    expect(reopen.body.message).toBe('Cannot change order status from Fulfilled to Sent');

    const log = await t.db
      .selectFrom('activityLog')
      .select(['action', 'details'])
      .where('entityType', '=', 'order')
      .where('entityId', '=', created.id)
      .orderBy('id')
      .execute();
    expect(log.map((r) => [r.action, (r.details as any).changes])).toEqual([
      ['create', undefined],
      ['update', [{ field: 'status', from: 'Draft', to: 'Sent' }]],
      ['update', [{ field: 'status', from: 'Sent', to: 'Fulfilled' }]],
    ]);
  });

  describe('every status change, allowed or refused', () => {
    // Written out by hand, not derived from ORDER_TRANSITIONS: the table the server must follow.
    const allowed: Record<string, string[]> = {
      Draft: ['Draft', 'Sent', 'Cancelled'],
      Sent: ['Sent', 'Fulfilled', 'Cancelled'],
      Fulfilled: ['Fulfilled'],
      Cancelled: ['Cancelled'],
    };
    const pathTo: Record<string, string[]> = {
      Draft: [],
      Sent: ['Sent'],
      Fulfilled: ['Sent', 'Fulfilled'],
      Cancelled: ['Cancelled'],
    };
    for (const from of Object.keys(allowed)) {
      for (const to of Object.keys(allowed)) {
        const ok = allowed[from]!.includes(to);
        it(`${from} → ${to}: ${ok ? 'allowed' : '409'}`, async () => {
          const created = await createOrder();
          const url = `/api/orders/${created.id}`;
          for (const step of pathTo[from]!)
            expect((await c.put(url, { status: step })).status).toBe(200);
          const res = await c.put(url, { status: to });
          if (ok) {
            expect(res.status).toBe(200);
            expect(res.body.status).toBe(to);
          } else {
            expect(res.status).toBe(409);
            expect(res.body.message).toBe(`Cannot change order status from ${from} to ${to}`);
            expect((await c.get(url)).body.status).toBe(from);
          }
        });
      }
    }
  });

  it('treats setting the current status as no change', async () => {
    const created = await createOrder();
    const res = await c.put(`/api/orders/${created.id}`, { status: 'Draft' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('Draft');
    const log = await t.db
      .selectFrom('activityLog')
      .select('action')
      .where('entityType', '=', 'order')
      .where('entityId', '=', created.id)
      .execute();
    expect(log).toHaveLength(1);
  });

  it('submits a saved draft with the full order and status Sent', async () => {
    const created = await createOrder();
    const res = await c.put(`/api/orders/${created.id}`, {
      ...order({ lineItems: [line()] }),
      status: 'Sent',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'Sent', total: '0.30' });
  });

  it('cancels from Draft or Sent, and refuses edits to Cancelled and Fulfilled orders with 409', async () => {
    const draft = await createOrder();
    expect((await c.put(`/api/orders/${draft.id}`, { status: 'Cancelled' })).body.status).toBe(
      'Cancelled',
    );
    const edit = await c.put(`/api/orders/${draft.id}`, order());
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe(
      `Order ${draft.orderNumber} is Cancelled and can no longer be edited`,
    );

    const sent = await createOrder();
    await c.put(`/api/orders/${sent.id}`, { status: 'Sent' });
    expect((await c.put(`/api/orders/${sent.id}`, { status: 'Cancelled' })).body.status).toBe(
      'Cancelled',
    );

    const fulfilled = await createOrder();
    await c.put(`/api/orders/${fulfilled.id}`, { status: 'Sent' });
    await c.put(`/api/orders/${fulfilled.id}`, { status: 'Fulfilled' });
    const refused = await c.put(`/api/orders/${fulfilled.id}`, order({ notes: 'changed' }));
    expect(refused.status).toBe(409);
    expect((await c.get(`/api/orders/${fulfilled.id}`)).body.notes).toBe(
      'Deliver to the rear dock',
    );
  });

  it('refuses a status-only body with other fields, and unknown statuses, with 400', async () => {
    const created = await createOrder();
    expect((await c.put(`/api/orders/${created.id}`, { status: 'Shipped' })).status).toBe(400);
    expect((await c.put(`/api/orders/${created.id}`, { status: 'Sent', notes: 'x' })).status).toBe(
      400,
    );
  });
});

describe('delete', () => {
  it('deletes the order and its line items and keeps both in the activity log', async () => {
    const created = await createOrder();
    const res = await c.delete(`/api/orders/${created.id}`);
    expect(res.status).toBe(200);
    expect((await c.get(`/api/orders/${created.id}`)).status).toBe(404);
    const lines = await t.db
      .selectFrom('orderLineItems')
      .select('id')
      .where('orderId', '=', created.id)
      .execute();
    expect(lines).toEqual([]);
    const log = await t.db
      .selectFrom('activityLog')
      .selectAll()
      .where('entityType', '=', 'order')
      .where('entityId', '=', created.id)
      .where('action', '=', 'delete')
      .executeTakeFirstOrThrow();
    const details = log.details as any;
    expect(details.snapshot.orderNumber).toBe(created.orderNumber);
    expect(details.snapshot.lineItems.map((l: any) => l.description)).toEqual([
      '10 mL clear serum vial, sterile',
      '20 mm gray stopper',
    ]);
  });
});

describe('download', () => {
  it('answers a PDF attachment named after the order whose text has the order', async () => {
    const created = await createOrder();
    const res = await download(c, created.id);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="order-${created.orderNumber}.pdf"`,
    );
    expect(res.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(res.body);
    expect(text).toContain(created.orderNumber);
    expect(text).toContain('PURCHASE ORDER');
    expect(text).toContain('Riverside Compounding Pharmacy');
    expect(text).toContain('20 mm gray stopper');
    expect(text).toContain('$29.30');
    expect(text).toContain('Page 1 of 1');
  });

  it('flows a long order onto further pages with the table header on each', async () => {
    const created = await createOrder({
      lineItems: Array.from({ length: 60 }, (_, i) => line({ description: `Line ${i + 1}` })),
    });
    const res = await download(c, created.id);
    const pages = (await pdfText(res.body)).split('\n');
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toContain('Product SKU');
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    expect(pages.join(' ')).toContain('Line 60');
  });

  it('needs a signed-in user and an existing order', async () => {
    const created = await createOrder();
    const signedOut = await download(t.client(), created.id);
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers['content-type']).toMatch(/json/);
    expect((await download(c, 999_999)).status).toBe(404);
    expect((await download(c, 'abc')).status).toBe(400);
  });
});
