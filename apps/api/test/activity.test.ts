import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Client, type TestApp } from './helpers.js';

let t: TestApp;
let c: Client;
let other: Client;
let userId: string;
beforeAll(async () => {
  t = await startTestApp();
  c = await t.signedIn();
  other = await t.signedIn();
  userId = (await c.get('/api/user')).body.id;
});
afterAll(() => t.close());

const product = (sku: string, extra: Record<string, unknown> = {}) => ({
  sku,
  name: `Product ${sku}`,
  category: 'Vial',
  defaultPrice: '12.50',
  active: true,
  ...extra,
});

const pharmacy = (name: string) => ({
  name,
  contactName: 'Maria Alvarez',
  email: 'orders@history.test',
  phone: null,
  shippingAddress: null,
  billingAddress: null,
  terms: 'Net 30',
  notes: null,
});

const history = async (entityType: string, entityId: number) => {
  const res = await c.get(`/api/activity?entityType=${entityType}&entityId=${entityId}`);
  expect(res.status).toBe(200);
  return res.body as any[];
};

describe('GET /api/activity', () => {
  it("records a product price change field by field: from '12.50' to '13.00'", async () => {
    const created = (await c.post('/api/products', product('HIST-1'))).body;
    const res = await c.put(
      `/api/products/${created.id}`,
      product('HIST-1', { defaultPrice: '13' }),
    );
    expect(res.status).toBe(200);
    const [update, create] = await history('product', created.id);
    expect(update).toMatchObject({
      entityType: 'product',
      entityId: created.id,
      action: 'update',
      label: 'HIST-1',
      recordExists: true,
      user: { id: userId },
      changes: [{ field: 'defaultPrice', from: '12.50', to: '13.00' }],
    });
    expect(new Date(update.createdAt).getTime()).not.toBeNaN();
    expect(update.user.email).toMatch(/@example\.com$/);
    expect(create.action).toBe('create');
    expect(create.changes).toContainEqual({ field: 'defaultPrice', from: null, to: '12.50' });
    expect(create.changes).toContainEqual({ field: 'variants', from: null, to: [] });
    expect(create.changes.map((ch: any) => ch.field)).not.toContain('id');
  });

  it('logs nothing but the changed fields of an order, line items as a whole', async () => {
    const ph = (await c.post('/api/pharmacies', pharmacy('History Pharmacy'))).body;
    const line = {
      productSku: null,
      variantSku: null,
      description: 'Vial',
      qty: 2,
      unitPrice: '1.25',
    };
    const body = { pharmacyId: ph.id, orderDate: '2026-03-14', shipMethod: null, notes: null };
    const order = (await c.post('/api/orders', { ...body, lineItems: [line] })).body;
    await c.put(`/api/orders/${order.id}`, { ...body, lineItems: [{ ...line, qty: 3 }] });
    await c.put(`/api/orders/${order.id}`, { status: 'Sent' });
    const [sent, edited] = await history('order', order.id);
    expect(sent.changes).toEqual([{ field: 'status', from: 'Draft', to: 'Sent' }]);
    expect(edited.changes.map((ch: any) => ch.field)).toEqual(['subtotal', 'total', 'lineItems']);
    expect(edited.changes[1]).toEqual({ field: 'total', from: '2.50', to: '3.75' });
    expect(edited.changes[2].from[0]).toMatchObject({ qty: 2, lineTotal: '2.50' });
    expect(edited.changes[2].to[0]).toMatchObject({ qty: 3, lineTotal: '3.75' });
  });

  it('keeps the snapshot of a deleted record, and of the records its delete took along', async () => {
    const ph = (await c.post('/api/pharmacies', pharmacy('Doomed Pharmacy'))).body;
    const order = (
      await c.post('/api/orders', {
        pharmacyId: ph.id,
        orderDate: '2026-03-14',
        shipMethod: null,
        notes: null,
        lineItems: [{ description: 'Cap', qty: 1, unitPrice: '4.00' }],
      })
    ).body;
    expect((await c.delete(`/api/pharmacies/${ph.id}`)).status).toBe(200);

    const [deleted, created] = await history('pharmacy', ph.id);
    expect(deleted).toMatchObject({
      action: 'delete',
      label: 'Doomed Pharmacy',
      recordExists: false,
    });
    expect(deleted.changes).toContainEqual({ field: 'name', from: 'Doomed Pharmacy', to: null });
    expect(created.recordExists).toBe(false);

    const [orderDeleted] = await history('order', order.id);
    expect(orderDeleted).toMatchObject({
      action: 'delete',
      label: order.orderNumber,
      note: 'Deleted with pharmacy Doomed Pharmacy',
    });
    expect(orderDeleted.changes).toContainEqual({ field: 'total', from: '4.00', to: null });
    expect(orderDeleted.changes).toContainEqual({
      field: 'pharmacy',
      from: 'Doomed Pharmacy',
      to: null,
    });
  });

  it('says why a credit hold was overridden: the note of the order sent anyway', async () => {
    const held = (
      await c.post('/api/pharmacies', { ...pharmacy('Held Pharmacy'), creditLimit: '0.00' })
    ).body;
    const invoice = await c.post('/api/invoices', {
      pharmacyId: held.id,
      invoiceDate: '2026-03-01',
      dueDate: '2026-03-31',
      amount: '10.00',
      status: 'Unpaid',
    });
    expect(invoice.status, invoice.text).toBe(201);
    const order = (
      await c.post('/api/orders', {
        pharmacyId: held.id,
        orderDate: '2026-03-14',
        lineItems: [{ description: 'Vials', qty: 1, unitPrice: '10.00' }],
      })
    ).body;
    const sent = await c.put(`/api/orders/${order.id}`, {
      status: 'Sent',
      holdOverrideReason: 'Cheque promised by phone',
    });
    expect(sent.status, sent.text).toBe(200);

    const [override, created] = await history('order', order.id);
    expect(override).toMatchObject({
      action: 'update',
      changes: [{ field: 'status', from: 'Draft', to: 'Sent' }],
      note: 'Credit hold overridden: Cheque promised by phone',
    });
    expect(created.note).toBeNull();
    const page = (await c.get('/api/activity?entityType=order')).body as any[];
    expect(page.find((a) => a.id === override.id).note).toBe(
      'Credit hold overridden: Cheque promised by phone',
    );
  });

  it('filters by record type and by user, newest first', async () => {
    const mine = (await c.post('/api/products', product('HIST-MINE'))).body;
    const theirs = (await other.post('/api/products', product('HIST-THEIRS'))).body;
    const products = (await c.get('/api/activity?entityType=product')).body as any[];
    expect(products.every((a) => a.entityType === 'product')).toBe(true);
    expect(products.slice(0, 2).map((a) => a.entityId)).toEqual([theirs.id, mine.id]);
    const ids = products.map((a) => a.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const byUser = (await c.get(`/api/activity?userId=${userId}`)).body as any[];
    expect(byUser.length).toBeGreaterThan(0);
    expect(byUser.every((a) => a.user.id === userId)).toBe(true);
    expect(byUser.map((a) => `${a.entityType} ${a.entityId}`)).not.toContain(
      `product ${theirs.id}`,
    );

    const users = await c.get('/trpc/activity.users');
    expect(users.body.result.data.json.map((u: any) => u.id)).toContain(userId);
  });

  it('pages with X-Next-Cursor until the last page', async () => {
    const created = (await c.post('/api/products', product('HIST-PAGE'))).body;
    for (const price of ['1.00', '2.00', '3.00', '4.00']) {
      await c.put(`/api/products/${created.id}`, product('HIST-PAGE', { defaultPrice: price }));
    }
    const seen: number[] = [];
    let url = `/api/activity?entityType=product&entityId=${created.id}&limit=2`;
    for (;;) {
      const res = await c.get(url);
      expect(res.status).toBe(200);
      seen.push(...res.body.map((a: any) => a.id));
      const next = res.headers['x-next-cursor'];
      if (!next) break;
      url = `/api/activity?entityType=product&entityId=${created.id}&limit=2&cursor=${next}`;
    }
    expect(seen).toHaveLength(5);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
  });

  it('refuses bad filters with 400, and answers 401 signed out', async () => {
    expect((await c.get('/api/activity?entityType=customer')).status).toBe(400);
    expect((await c.get('/api/activity?entityId=abc')).status).toBe(400);
    expect((await c.get('/api/activity?userId=nope')).status).toBe(400);
    expect((await t.client().get('/api/activity')).status).toBe(401);
  });
});
