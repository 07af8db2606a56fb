import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Client, type TestApp } from './helpers.js';

let t: TestApp;
let c: Client;
beforeAll(async () => {
  t = await startTestApp();
  c = await t.signedIn();
});
afterAll(() => t.close());

const valid = {
  name: 'Riverside Compounding Pharmacy',
  contactName: 'Maria Alvarez',
  email: 'orders@riversiderx.com',
  phone: '(503) 555-0142',
  shippingAddress: '1820 NW Front Ave, Portland, OR 97209',
  billingAddress: '1820 NW Front Ave, Portland, OR 97209',
  terms: 'Net 30',
  notes: 'Deliveries before 10am',
};

describe('pharmacies CRUD over REST', () => {
  it('creates (201), reads, updates and deletes a pharmacy', async () => {
    const created = await c.post('/api/pharmacies', valid);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...valid, balance: '0.00' });
    expect(created.body.id).toBeGreaterThanOrEqual(1);

    const got = await c.get(`/api/pharmacies/${created.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body.name).toBe(valid.name);

    const updated = await c.put(`/api/pharmacies/${created.body.id}`, {
      ...valid,
      name: 'Riverside Rx',
      terms: 'COD',
      phone: '',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Riverside Rx', terms: 'COD', phone: null });

    const deleted = await c.delete(`/api/pharmacies/${created.body.id}`);
    expect(deleted.status).toBe(200);
    expect((await c.get(`/api/pharmacies/${created.body.id}`)).status).toBe(404);
  });

  it('ignores a balance sent by the client: the server owns it', async () => {
    const res = await c.post('/api/pharmacies', { ...valid, balance: '999.99' });
    expect(res.status).toBe(201);
    expect(res.body.balance).toBe('0.00');
    const upd = await c.put(`/api/pharmacies/${res.body.id}`, { ...valid, balance: '5.00' });
    expect(upd.body.balance).toBe('0.00');
  });

  it('requires name and email, checks email, terms and lengths (400 with field messages)', async () => {
    const res = await c.post('/api/pharmacies', {
      name: ' ',
      email: 'nope',
      terms: 'Net 45',
      phone: 'x'.repeat(51),
    });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([
      { path: ['name'], message: 'Name is required' },
      { path: ['email'], message: 'Please enter a valid email' },
      { path: ['phone'], message: 'Phone must be at most 50 characters' },
      {
        path: ['terms'],
        message: 'Terms must be one of Net 15, Net 30, Net 60, Due on Receipt, COD',
      },
    ]);
    const missing = await c.post('/api/pharmacies', {});
    expect(missing.body.issues.map((i: any) => i.message)).toEqual([
      'Name is required',
      'Email is required',
    ]);
  });

  it('update reports field paths without the data wrapper', async () => {
    const { body } = await c.post('/api/pharmacies', valid);
    const res = await c.put(`/api/pharmacies/${body.id}`, { ...valid, email: '' });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: ['email'], message: 'Email is required' }]);
  });

  it('answers 404 for unknown ids and 400 for ids that are not positive integers', async () => {
    expect((await c.get('/api/pharmacies/987654')).status).toBe(404);
    expect((await c.put('/api/pharmacies/987654', valid)).status).toBe(404);
    expect((await c.delete('/api/pharmacies/987654')).status).toBe(404);
    for (const bad of ['abc', '0', '-1', '1.5', '1e3', '99999999999']) {
      const res = await c.get(`/api/pharmacies/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toMatch(/id must be a positive integer/);
    }
  });

  it('answers malformed JSON and wrong types with 400, never 500', async () => {
    const malformed = await c.request('POST', '/api/pharmacies', '{"name": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/JSON/);
    const wrongTypes = await c.post('/api/pharmacies', { name: 42, email: ['a'] });
    expect(wrongTypes.status).toBe(400);
    const array = await c.post('/api/pharmacies', [1, 2]);
    expect(array.status).toBe(400);
  });

  it('answers 401 on every pharmacies path when signed out', async () => {
    const anon = t.client();
    expect((await anon.get('/api/pharmacies')).status).toBe(401);
    expect((await anon.get('/api/pharmacies/1')).status).toBe(401);
    expect((await anon.post('/api/pharmacies', valid)).status).toBe(401);
    expect((await anon.put('/api/pharmacies/1', valid)).status).toBe(401);
    expect((await anon.delete('/api/pharmacies/1')).status).toBe(401);
    expect((await anon.get('/api/anything-else')).status).toBe(401);
    expect((await c.get('/api/anything-else')).status).toBe(404);
  });

  it('records create, update and delete in the activity log, keeping a snapshot of the deleted row', async () => {
    const { body } = await c.post('/api/pharmacies', { ...valid, name: 'Logged Pharmacy' });
    await c.put(`/api/pharmacies/${body.id}`, { ...valid, name: 'Logged Pharmacy 2' });
    await c.delete(`/api/pharmacies/${body.id}`);
    const rows = await t.db
      .selectFrom('activityLog')
      .selectAll()
      .where('entityType', '=', 'pharmacy')
      .where('entityId', '=', body.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    expect(rows.every((r) => r.userId)).toBe(true);
    expect((rows[1]!.details as any).changes).toEqual([
      { field: 'name', from: 'Logged Pharmacy', to: 'Logged Pharmacy 2' },
    ]);
    expect((rows[2]!.details as any).snapshot.name).toBe('Logged Pharmacy 2');
  });

  it('deleting a pharmacy deletes its orders, invoices and payments in one go', async () => {
    const { body: p } = await c.post('/api/pharmacies', valid);
    const order = await t.db
      .insertInto('orders')
      .values({
        orderNumber: `ORD-T-${p.id}`,
        pharmacyId: p.id,
        orderDate: '2026-11-01',
        subtotal: '10.00',
        total: '10.00',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const invoice = await t.db
      .insertInto('invoices')
      .values({
        invoiceNumber: `INV-T-${p.id}`,
        pharmacyId: p.id,
        fromOrderId: order.id,
        invoiceDate: '2026-11-01',
        dueDate: '2026-12-01',
        amount: '10.00',
        subtotal: '10.00',
        taxAmount: '0.00',
        total: '10.00',
        balance: '5.00',
        status: 'Partially Paid',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('payments')
      .values({
        paymentNumber: `PAY-T-${p.id}`,
        invoiceId: invoice.id,
        pharmacyId: p.id,
        date: '2026-11-02',
        amount: '5.00',
        method: 'ACH',
      })
      .execute();

    expect((await c.delete(`/api/pharmacies/${p.id}`)).status).toBe(200);
    expect(
      await t.db.selectFrom('orders').select('id').where('pharmacyId', '=', p.id).execute(),
    ).toEqual([]);
    expect(
      await t.db.selectFrom('invoices').select('id').where('pharmacyId', '=', p.id).execute(),
    ).toEqual([]);
    expect(
      await t.db.selectFrom('payments').select('id').where('pharmacyId', '=', p.id).execute(),
    ).toEqual([]);
    const log = await t.db
      .selectFrom('activityLog')
      .select('details')
      .where('entityType', '=', 'pharmacy')
      .where('entityId', '=', p.id)
      .where('action', '=', 'delete')
      .executeTakeFirstOrThrow();
    const details = log.details as any;
    expect(details.cascade.orders).toHaveLength(1);
    expect(details.cascade.invoices).toHaveLength(1);
    expect(details.cascade.payments[0].amount).toBe('5.00');
  });
});

describe('pharmacies list pagination', () => {
  let fresh: TestApp;
  let client: Client;
  beforeAll(async () => {
    fresh = await startTestApp();
    client = await fresh.signedIn();
    for (let i = 1; i <= 7; i++) {
      await client.post('/api/pharmacies', {
        ...valid,
        name: `Pharmacy ${i}${i === 3 ? ' Summit' : ''}`,
        email: `p${i}@example.com`,
      });
    }
  });
  afterAll(() => fresh.close());

  it('pages newest first with a cursor, over REST and tRPC', async () => {
    const first = await client.get('/api/pharmacies?limit=3');
    expect(first.body.map((p: any) => p.name)).toEqual(['Pharmacy 7', 'Pharmacy 6', 'Pharmacy 5']);
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toBeDefined();
    const second = await client.get(`/api/pharmacies?limit=3&cursor=${cursor}`);
    expect(second.body.map((p: any) => p.name)).toEqual([
      'Pharmacy 4',
      'Pharmacy 3 Summit',
      'Pharmacy 2',
    ]);
    const last = await client.get(
      `/api/pharmacies?limit=3&cursor=${second.headers['x-next-cursor']}`,
    );
    expect(last.body.map((p: any) => p.name)).toEqual(['Pharmacy 1']);
    expect(last.headers['x-next-cursor']).toBeUndefined();

    const input = encodeURIComponent(JSON.stringify({ json: { limit: 5 } }));
    const trpc = await client.get(`/trpc/pharmacies.list?input=${input}`);
    expect(trpc.body.result.data.json.items).toHaveLength(5);
    expect(trpc.body.result.data.json.nextCursor).toBe(first.body[0].id - 4);
  });

  it('filters by text, case-insensitively, treating % and _ literally', async () => {
    const res = await client.get('/api/pharmacies?q=summit');
    expect(res.body.map((p: any) => p.name)).toEqual(['Pharmacy 3 Summit']);
    const byEmail = await client.get('/api/pharmacies?q=P5@EXAMPLE');
    expect(byEmail.body.map((p: any) => p.name)).toEqual(['Pharmacy 5']);
    expect((await client.get('/api/pharmacies?q=%25')).body).toEqual([]);
  });

  it('refuses bad paging parameters with 400', async () => {
    expect((await client.get('/api/pharmacies?limit=0')).status).toBe(400);
    expect((await client.get('/api/pharmacies?limit=500')).status).toBe(400);
    expect((await client.get('/api/pharmacies?cursor=abc')).status).toBe(400);
  });

  it('lists pickers by name', async () => {
    const input = encodeURIComponent(JSON.stringify({ json: null }));
    const res = await client.get(`/trpc/pharmacies.options?input=${input}`);
    const names = res.body.result.data.json.map((o: any) => o.name);
    expect(names).toEqual([...names].sort());
    expect(Object.keys(res.body.result.data.json[0]).sort()).toEqual(['creditHold', 'id', 'name']);
  });
});
