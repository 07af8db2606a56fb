import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Client, type TestApp } from './helpers.js';

/**
 * The five lists' sorts, date ranges and pharmacy filter (issue 25), on a hand-made data set
 * with ties in every sort and numbers that do not follow the ids. Names, numbers and statuses
 * are single words of one pattern, so they sort alike in any collation and in JS.
 */

let t: TestApp;
let c: Client;

type Kind = 'text' | 'date' | 'money';
type Row = { id: number } & Record<string, string | number>;

/** A row's field as text (every field the filters read is there). */
const text = (row: Row, field: string) => String(row[field]);

/** The rows in the order a sort must give: by `field`, ties by id, both in `order`. */
function sorted(rows: readonly Row[], field: string, kind: Kind, order: 'asc' | 'desc') {
  const key = (row: Row) => {
    const value = String(row[field]);
    return kind === 'money' ? Number(value.replace('.', '')) : value;
  };
  const ascending = [...rows].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return x < y ? -1 : x > y ? 1 : a.id - b.id;
  });
  return (order === 'asc' ? ascending : ascending.reverse()).map((row) => row.id);
}

/** Every row of a list, following X-Next-Cursor from `limit`-row pages. */
async function allPages(url: string, limit = 2): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 50; pages++) {
    const res = await c.get(
      `${url}${url.includes('?') ? '&' : '?'}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(res.status, res.text).toBe(200);
    ids.push(...res.body.map((row: { id: number }) => row.id));
    cursor = res.headers['x-next-cursor'] as string | undefined;
    if (!cursor) return ids;
  }
  throw new Error(`${url}: more than 50 pages`);
}

const pharmacies: Row[] = [];
const orders: Row[] = [];
const invoices: Row[] = [];
const payments: Row[] = [];
const products: Row[] = [];

beforeAll(async () => {
  t = await startTestApp();
  c = await t.signedIn();
  // Ids do not follow the names: Birch first.
  for (const [name, balance] of [
    ['Birch', '10.00'],
    ['Alder', '10.00'],
    ['Cedar', '5.00'],
  ] as const) {
    const { id } = await t.db
      .insertInto('pharmacies')
      .values({ name, email: `${name.toLowerCase()}@example.com`, balance })
      .returning('id')
      .executeTakeFirstOrThrow();
    pharmacies.push({ id, name, balance });
  }
  const [birch, alder, cedar] = pharmacies.map((p) => p.id) as [number, number, number];
  const pharmacyName = (id: number) => String(pharmacies.find((p) => p.id === id)!.name);

  const orderData = [
    [birch, '2026-03-01', '30.00', 'Sent'],
    [alder, '2026-03-05', '10.00', 'Draft'],
    [cedar, '2026-03-01', '30.00', 'Fulfilled'],
    [alder, '2026-03-10', '20.00', 'Sent'],
    [birch, '2026-03-05', '10.00', 'Draft'],
    [cedar, '2026-02-28', '20.00', 'Cancelled'],
  ] as const;
  for (const [n, [pharmacyId, orderDate, total, status]] of orderData.entries()) {
    const orderNumber = `ORD-T-${String(orderData.length - n).padStart(2, '0')}`;
    const { id } = await t.db
      .insertInto('orders')
      .values({ orderNumber, pharmacyId, orderDate, status, subtotal: total, total })
      .returning('id')
      .executeTakeFirstOrThrow();
    orders.push({
      id,
      number: orderNumber,
      pharmacyId,
      pharmacy: pharmacyName(pharmacyId),
      date: orderDate,
      total,
      status,
    });
  }

  const invoiceData = [
    [birch, '2026-03-01', '2026-03-31', '100.00', '100.00', 'Unpaid'],
    [alder, '2026-03-05', '2026-03-20', '50.00', '20.00', 'Partially Paid'],
    [cedar, '2026-03-01', '2026-03-31', '100.00', '0.00', 'Paid'],
    [alder, '2026-03-10', '2026-04-09', '75.00', '75.00', 'Unpaid'],
    [birch, '2026-03-05', '2026-03-20', '50.00', '0.00', 'Paid'],
    [cedar, '2026-02-28', '2026-03-31', '20.00', '20.00', 'Draft'],
  ] as const;
  for (const [n, [pharmacyId, invoiceDate, dueDate, total, balance, status]] of [
    ...invoiceData.entries(),
  ]) {
    const invoiceNumber = `INV-T-${String(invoiceData.length - n).padStart(2, '0')}`;
    const { id } = await t.db
      .insertInto('invoices')
      .values({
        invoiceNumber,
        pharmacyId,
        invoiceDate,
        dueDate,
        status,
        amount: total,
        subtotal: total,
        total,
        balance,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    invoices.push({
      id,
      number: invoiceNumber,
      pharmacyId,
      pharmacy: pharmacyName(pharmacyId),
      date: invoiceDate,
      dueDate,
      total,
      balance,
      status,
    });
  }

  const invoiceAt = (n: number) => invoices[n]!;
  const paymentData = [
    [invoiceAt(1), '2026-03-06', '30.00'],
    [invoiceAt(2), '2026-03-02', '100.00'],
    [invoiceAt(4), '2026-03-06', '30.00'],
    [invoiceAt(4), '2026-03-07', '20.00'],
  ] as const;
  for (const [n, [invoice, date, amount]] of paymentData.entries()) {
    const paymentNumber = `PAY-T-${String(paymentData.length - n).padStart(2, '0')}`;
    const pharmacyId = invoice.pharmacyId as number;
    const { id } = await t.db
      .insertInto('payments')
      .values({ paymentNumber, invoiceId: invoice.id, pharmacyId, date, amount, method: 'ACH' })
      .returning('id')
      .executeTakeFirstOrThrow();
    payments.push({
      id,
      number: paymentNumber,
      pharmacyId,
      pharmacy: pharmacyName(pharmacyId),
      date,
      amount,
    });
  }

  for (const [name, sku, price] of [
    ['Vial', 'SKU-C', '2.00'],
    ['Cap', 'SKU-A', '1.00'],
    ['Vial', 'SKU-B', '1.00'],
    ['Seal', 'SKU-D', '3.00'],
  ] as const) {
    const { id } = await t.db
      .insertInto('products')
      .values({ name, sku, category: 'Vial', defaultPrice: price })
      .returning('id')
      .executeTakeFirstOrThrow();
    products.push({ id, name, sku, price });
  }
});

afterAll(async () => {
  await t?.close();
});

const LISTS = {
  orders: {
    rows: () => orders,
    sorts: { number: 'text', pharmacy: 'text', date: 'date', total: 'money', status: 'text' },
  },
  invoices: {
    rows: () => invoices,
    sorts: {
      number: 'text',
      pharmacy: 'text',
      date: 'date',
      dueDate: 'date',
      total: 'money',
      balance: 'money',
      status: 'text',
    },
  },
  payments: {
    rows: () => payments,
    sorts: { number: 'text', pharmacy: 'text', date: 'date', amount: 'money' },
  },
  pharmacies: { rows: () => pharmacies, sorts: { name: 'text', balance: 'money' } },
  products: { rows: () => products, sorts: { name: 'text', sku: 'text', price: 'money' } },
} satisfies Record<string, { rows: () => Row[]; sorts: Record<string, Kind> }>;

describe.each(Object.entries(LISTS))('GET /api/%s', (list, { rows, sorts }) => {
  it.each(Object.entries(sorts))(
    'sorts by %s either way, ties by id, each row once across pages',
    async (sort, kind) => {
      for (const order of ['asc', 'desc'] as const) {
        const expected = sorted(rows(), sort, kind as Kind, order);
        expect(await allPages(`/api/${list}?sort=${sort}&order=${order}`)).toEqual(expected);
        // One page holding them all: the same order, so no page boundary hides a mistake.
        expect(await allPages(`/api/${list}?sort=${sort}&order=${order}`, 200)).toEqual(expected);
      }
      // Descending unless told.
      expect(await allPages(`/api/${list}?sort=${sort}`, 3)).toEqual(
        sorted(rows(), sort, kind as Kind, 'desc'),
      );
    },
  );

  it('keeps newest first and the id cursor without a sort; order=asc is oldest first', async () => {
    const ids = rows().map((row) => row.id);
    const first = await c.get(`/api/${list}?limit=2`);
    expect(first.headers['x-next-cursor']).toBe(String(first.body[1].id));
    expect(await allPages(`/api/${list}`)).toEqual([...ids].sort((a, b) => b - a));
    expect(await allPages(`/api/${list}?order=asc`)).toEqual([...ids].sort((a, b) => a - b));
  });

  it('refuses an unknown sort, naming the allowed ones', async () => {
    const res = await c.get(`/api/${list}?sort=colour`);
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([
      { path: ['sort'], message: `sort must be one of ${Object.keys(sorts).join(', ')}` },
    ]);
    expect((await c.get(`/api/${list}?order=up`)).body.issues).toEqual([
      { path: ['order'], message: 'order must be asc or desc' },
    ]);
  });

  it("refuses a cursor of another sort or order, or made up, with a 400 (never the database's error)", async () => {
    const [sort, other] = Object.keys(sorts) as [string, string | undefined];
    const first = await c.get(`/api/${list}?sort=${sort}&limit=1`);
    const cursor = first.headers['x-next-cursor'] as string;
    expect(cursor).toMatch(/^[\w-]+$/);
    const refused = [
      `sort=${sort}&order=asc&cursor=${cursor}`,
      `cursor=${cursor}`,
      `sort=${sort}&cursor=abc`,
      `sort=${sort}&cursor=${Buffer.from(JSON.stringify([sort, 'desc', 'x', 0])).toString('base64url')}`,
      ...(other ? [`sort=${other}&cursor=${cursor}`] : []),
    ];
    for (const query of refused) {
      const res = await c.get(`/api/${list}?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.issues[0].path, query).toEqual(['cursor']);
    }
  });
});

describe('date range and pharmacy filters', () => {
  const ids = (rows: Row[], keep: (row: Row) => boolean) =>
    rows
      .filter(keep)
      .map((row) => row.id)
      .sort((a, b) => b - a);

  it('bounds the order date, both ends inclusive', async () => {
    expect(await allPages('/api/orders?from=2026-03-01&to=2026-03-05')).toEqual(
      ids(orders, (o) => text(o, 'date') >= '2026-03-01' && text(o, 'date') <= '2026-03-05'),
    );
    expect(await allPages('/api/orders?from=2026-03-05&to=2026-03-05')).toEqual(
      ids(orders, (o) => text(o, 'date') === '2026-03-05'),
    );
    expect(await allPages('/api/orders?from=2026-03-10')).toEqual(
      ids(orders, (o) => text(o, 'date') >= '2026-03-10'),
    );
    expect(await allPages('/api/orders?to=2026-02-28')).toEqual(
      ids(orders, (o) => text(o, 'date') <= '2026-02-28'),
    );
  });

  it('bounds the invoice date, or the due date with dateField=due', async () => {
    expect(await allPages('/api/invoices?from=2026-03-01&to=2026-03-05')).toEqual(
      ids(invoices, (i) => text(i, 'date') >= '2026-03-01' && text(i, 'date') <= '2026-03-05'),
    );
    expect(await allPages('/api/invoices?dateField=due&from=2026-03-20&to=2026-03-31')).toEqual(
      ids(
        invoices,
        (i) => text(i, 'dueDate') >= '2026-03-20' && text(i, 'dueDate') <= '2026-03-31',
      ),
    );
    expect(await allPages('/api/invoices?dateField=due&from=2026-04-01')).toEqual(
      ids(invoices, (i) => text(i, 'dueDate') >= '2026-04-01'),
    );
  });

  it('bounds the payment date, both ends inclusive', async () => {
    expect(await allPages('/api/payments?from=2026-03-06&to=2026-03-06')).toEqual(
      ids(payments, (p) => text(p, 'date') === '2026-03-06'),
    );
    expect(await allPages('/api/payments?from=2026-03-02&to=2026-03-06')).toEqual(
      ids(payments, (p) => text(p, 'date') >= '2026-03-02' && text(p, 'date') <= '2026-03-06'),
    );
  });

  it('keeps one pharmacy, with a sort and a date range too', async () => {
    const [birch] = pharmacies;
    for (const [list, rows] of [
      ['orders', orders],
      ['invoices', invoices],
      ['payments', payments],
    ] as const) {
      expect(await allPages(`/api/${list}?pharmacyId=${birch!.id}`)).toEqual(
        ids(rows, (row) => row.pharmacyId === birch!.id),
      );
      const mine = rows.filter(
        (row) => row.pharmacyId === birch!.id && text(row, 'date') >= '2026-03-02',
      );
      expect(
        await allPages(
          `/api/${list}?pharmacyId=${birch!.id}&from=2026-03-02&sort=date&order=asc`,
          1,
        ),
      ).toEqual(sorted(mine, 'date', 'date', 'asc'));
    }
  });

  it('refuses from after to, and a date that is not one, naming the field', async () => {
    for (const list of ['orders', 'invoices', 'payments']) {
      const res = await c.get(`/api/${list}?from=2026-03-06&to=2026-03-05`);
      expect(res.status).toBe(400);
      expect(res.body.issues).toEqual([
        { path: ['from'], message: 'from must be on or before to' },
      ]);
      const bad = await c.get(`/api/${list}?to=2026-02-30`);
      expect(bad.status).toBe(400);
      expect(bad.body.issues[0].path).toEqual(['to']);
    }
    expect((await c.get('/api/invoices?dateField=paid')).status).toBe(400);
    expect((await c.get('/api/orders?pharmacyId=abc')).status).toBe(400);
  });
});

describe('the CSV exports', () => {
  it('follow the list’s sort and filters', async () => {
    const [birch] = pharmacies;
    const res = await c.get(
      `/api/invoices.csv?sort=total&order=asc&from=2026-03-01&pharmacyId=${birch!.id}`,
    );
    expect(res.status).toBe(200);
    const [header, ...rows] = parse(res.text.replace(/^\uFEFF/, '')) as string[][];
    const numberAt = header!.indexOf('invoice_number');
    const mine = invoices.filter(
      (i) => i.pharmacyId === birch!.id && text(i, 'date') >= '2026-03-01',
    );
    const byId = new Map(invoices.map((i) => [i.id, i.number]));
    expect(rows.map((row) => row[numberAt])).toEqual(
      sorted(mine, 'total', 'money', 'asc').map((id) => byId.get(id)),
    );

    const pharmaciesCsv = await c.get('/api/pharmacies.csv?sort=name&order=asc');
    const [pharmacyHeader, ...pharmacyRows] = parse(
      pharmaciesCsv.text.replace(/^\uFEFF/, ''),
    ) as string[][];
    const nameAt = pharmacyHeader!.findIndex((column) => /name/.test(column));
    expect(pharmacyRows.map((row) => row[nameAt])).toEqual(['Alder', 'Birch', 'Cedar']);

    expect((await c.get('/api/payments.csv?sort=colour')).status).toBe(400);
  });
});
