import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Client, type TestApp } from './helpers.js';
import { insertInvoice, insertOrder, insertPharmacy } from './insights-data.js';

let t: TestApp;
let c: Client;
const ids: Record<string, number> = {};

const find = (q: string) => c.get(`/api/search?q=${encodeURIComponent(q)}`);

beforeAll(async () => {
  t = await startTestApp();
  c = await t.signedIn();
  ids.riverside = await insertPharmacy(t.db, 'Riverside Compounding', 'orders@riversiderx.com');
  ids.percent = await insertPharmacy(t.db, '100% Natural_Rx', 'natural@example.com');
  ids.lookalike = await insertPharmacy(t.db, '100X NaturalARx', 'lookalike@example.com');
  ids.backslash = await insertPharmacy(t.db, 'Back\\Slash Drugs', 'back@example.com');
  ids.busy = await insertPharmacy(t.db, 'Busy Bee Pharmacy', 'bee@example.com');

  ids.order = await insertOrder(t.db, {
    pharmacyId: ids.riverside,
    orderNumber: 'ORD-2026-00042',
    total: '118.75',
  });
  ids.invoice = await insertInvoice(t.db, {
    pharmacyId: ids.riverside,
    invoiceNumber: 'INV-2026-00042',
    status: 'Partially Paid',
    total: '200.00',
    balance: '81.25',
  });
  for (let n = 1; n <= 12; n++) {
    await insertOrder(t.db, { pharmacyId: ids.busy, orderNumber: `ORD-2025-1${n}` });
    await insertInvoice(t.db, {
      pharmacyId: ids.busy,
      invoiceNumber: `INV-2025-1${n}`,
      status: 'Unpaid',
      total: '5.00',
      balance: '5.00',
    });
  }
  await t.db
    .insertInto('products')
    .values([
      {
        sku: 'SY-1ML-LL',
        name: 'Luer-lock syringe 1 mL',
        category: 'Syringe',
        defaultPrice: '0.40',
      },
      { sku: 'VL-10R-CLR', name: '10 mL clear vial', category: 'Vial', defaultPrice: '0.10' },
      { sku: 'ST_20%', name: 'Odd stopper', category: 'Stopper', defaultPrice: '0.29' },
    ])
    .execute();
});
afterAll(() => t.close());

describe('GET /api/search', () => {
  it('answers 400 below 2 characters (after trimming) and 401 when signed out', async () => {
    for (const url of [
      '/api/search?q=a',
      '/api/search?q=%20a%20',
      '/api/search?q=',
      '/api/search',
    ]) {
      const res = await c.get(url);
      expect(res.status, url).toBe(400);
      expect(res.body.message).toMatch(/at least 2 characters/);
    }
    expect((await t.client().get('/api/search?q=rx')).status).toBe(401);
  });

  it('finds orders and invoices by number and by pharmacy name, case-insensitively', async () => {
    const res = await find('00042');
    expect(res.status).toBe(200);
    expect(res.body.orders).toEqual([
      {
        id: ids.order,
        orderNumber: 'ORD-2026-00042',
        total: '118.75',
        pharmacy: { name: 'Riverside Compounding' },
      },
    ]);
    expect(res.body.invoices).toEqual([
      {
        id: ids.invoice,
        invoiceNumber: 'INV-2026-00042',
        balance: '81.25',
        pharmacy: { name: 'Riverside Compounding' },
      },
    ]);
    const byPharmacy = await find('RIVERSIDE comp');
    expect(byPharmacy.body.orders.map((o: any) => o.id)).toEqual([ids.order]);
    expect(byPharmacy.body.invoices.map((i: any) => i.id)).toEqual([ids.invoice]);
    expect(byPharmacy.body.pharmacies).toEqual([
      { id: ids.riverside, name: 'Riverside Compounding', email: 'orders@riversiderx.com' },
    ]);
  });

  it('finds 2 characters inside numbers too, case-insensitively', async () => {
    const res = await find('42');
    expect(res.body.orders.map((o: any) => o.orderNumber)).toEqual(['ORD-2026-00042']);
    expect(res.body.invoices.map((i: any) => i.invoiceNumber)).toEqual(['INV-2026-00042']);
    const prefix = await find('iN');
    // No order number holds 'in'; Riverside Compounding's name does.
    expect(prefix.body.orders.map((o: any) => o.orderNumber)).toEqual(['ORD-2026-00042']);
    expect(prefix.body.invoices).toHaveLength(10);
    expect((await find('-9')).body.invoices).toEqual([]);
  });

  it('finds pharmacies by email and products by name, SKU and category', async () => {
    expect((await find('RIVERSIDERX.com')).body.pharmacies.map((p: any) => p.id)).toEqual([
      ids.riverside,
    ]);
    expect((await find('luer-LOCK')).body.products).toEqual([
      {
        id: expect.any(Number),
        name: 'Luer-lock syringe 1 mL',
        sku: 'SY-1ML-LL',
        category: 'Syringe',
      },
    ]);
    expect((await find('vl-10r')).body.products.map((p: any) => p.sku)).toEqual(['VL-10R-CLR']);
    expect((await find('syring')).body.products.map((p: any) => p.sku)).toEqual(['SY-1ML-LL']);
    expect((await find('VIAL')).body.products.map((p: any) => p.sku)).toEqual(['VL-10R-CLR']);
  });

  it('matches %, _ and \\ literally', async () => {
    const names = async (q: string) =>
      (await find(q)).body.pharmacies.map((p: any) => p.name).sort();
    expect(await names('0%')).toEqual(['100% Natural_Rx']);
    expect(await names('l_R')).toEqual(['100% Natural_Rx']);
    expect(await names('__')).toEqual([]);
    expect(await names('k\\s')).toEqual(['Back\\Slash Drugs']);
    expect((await find('_2')).body.products.map((p: any) => p.sku)).toEqual(['ST_20%']);
    const none = await find('%%');
    expect(none.body).toEqual({
      orders: [],
      invoices: [],
      pharmacies: [],
      products: [],
      lots: [],
      licences: [],
      payments: [],
      creditNotes: [],
      lotRecords: [],
      recalls: [],
    });
  });

  it('keeps each group to 10, newest documents first', async () => {
    const res = await find('busy bee');
    expect(res.body.orders).toHaveLength(10);
    expect(res.body.invoices).toHaveLength(10);
    expect(res.body.orders.map((o: any) => o.orderNumber)).toEqual(
      [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((n) => `ORD-2025-1${n}`),
    );
    // Number matches and pharmacy matches together, still 10, newest first.
    const both = await find('2025-1');
    expect(both.body.invoices.map((i: any) => i.invoiceNumber)).toEqual(
      [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((n) => `INV-2025-1${n}`),
    );
  });

  it('finds a number by its start, the newest 10 past 99,999 a year too, and not under another kind', async () => {
    const pharmacyId = await insertPharmacy(t.db, 'Yearly Volume Drugs');
    const sequence = [...Array.from({ length: 10 }, (_, i) => 99_990 + i), 100_000, 100_001];
    for (const n of sequence) {
      await insertInvoice(t.db, {
        pharmacyId,
        invoiceNumber: `INV-2024-${n}`,
        status: 'Unpaid',
        total: '1.00',
        balance: '1.00',
      });
    }
    const numbers = async (q: string) =>
      (await find(q)).body.invoices.map((i: any) => i.invoiceNumber);
    // Newest first: a longer number is a newer one, though it sorts before 99999 as text.
    const newest = sequence
      .slice(-10)
      .reverse()
      .map((n) => `INV-2024-${n}`);
    expect(await numbers('inv-2024')).toEqual(newest);
    expect(await numbers('NV-2024-')).toEqual(newest);
    expect(await numbers('2024-1000')).toEqual(['INV-2024-100001', 'INV-2024-100000']);
    expect(await numbers('2024-9999')).toEqual(
      sequence
        .slice(0, 10)
        .reverse()
        .map((n) => `INV-2024-${n}`),
    );
    expect(await numbers('ORD-2024')).toEqual([]);
    expect(await numbers('XINV-2024')).toEqual([]);
    expect(await numbers('inv-2024-1_')).toEqual([]);
  });

  it('reads many matching pharmacies the other way, with the same answer', async () => {
    const orders: number[] = [];
    for (let n = 1; n <= 55; n++) {
      const pharmacyId = await insertPharmacy(t.db, `Chain Store ${n}`);
      orders.push(await insertOrder(t.db, { pharmacyId }));
    }
    const res = await find('chain store');
    expect(res.body.pharmacies).toHaveLength(10);
    expect(res.body.orders.map((o: any) => o.id)).toEqual(orders.slice(-10).reverse());
    const few = await find('chain store 5');
    // Chain Store 5 and 50 to 55: seven pharmacies, read one by one.
    expect(few.body.orders.map((o: any) => o.id)).toEqual(
      [54, 53, 52, 51, 50, 49, 4].map((n) => orders[n]),
    );
  });

  it('is the same procedure over tRPC', async () => {
    const input = encodeURIComponent(JSON.stringify({ json: { q: 'natural' } }));
    const res = await c.get(`/trpc/search.find?input=${input}`);
    expect(res.status).toBe(200);
    expect(res.body.result.data.json.pharmacies).toHaveLength(2);
    const short = encodeURIComponent(JSON.stringify({ json: { q: 'n' } }));
    expect((await c.get(`/trpc/search.find?input=${short}`)).status).toBe(400);
  });
});
