import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Client, type TestApp } from './helpers.js';

/**
 * The orders and invoices that sold a product (issue 25, the product's page): `productId` on
 * both lists keeps the orders with a line of the product's SKU or of one of its variants', and
 * the invoices made from them.
 */

let t: TestApp;
let c: Client;
const ids = { product: 0, other: 0, unsold: 0 };
const orders: Record<string, number> = {};
const invoices: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp();
  c = await t.signedIn();
  const { id: pharmacyId } = await t.db
    .insertInto('pharmacies')
    .values({ name: 'Birch', email: 'birch@example.com', balance: '0.00' })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [key, sku] of [
    ['product', 'TRAY-A'],
    ['other', 'TRAY-B'],
    ['unsold', 'TRAY-C'],
  ] as const) {
    const { id } = await t.db
      .insertInto('products')
      .values({ sku, name: sku, category: 'Vial', defaultPrice: '1.00' })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[key] = id;
  }
  await t.db
    .insertInto('productVariants')
    .values([
      { parentSku: 'TRAY-A', variantSku: 'TRAY-A-10', defaultPrice: '1.00' },
      { parentSku: 'TRAY-B', variantSku: 'TRAY-B-10', defaultPrice: '1.00' },
    ])
    .execute();

  // Each order's lines as [product SKU, variant SKU]; a free-text line has neither.
  const orderLines = {
    byProduct: [['TRAY-A', null]],
    byVariant: [[null, 'TRAY-A-10']],
    byBoth: [
      ['TRAY-A', 'TRAY-A-10'],
      ['TRAY-B', null],
    ],
    otherOnly: [
      ['TRAY-B', 'TRAY-B-10'],
      [null, null],
    ],
  } as const;
  for (const [n, [key, lines]] of Object.entries(orderLines).entries()) {
    const { id } = await t.db
      .insertInto('orders')
      .values({
        orderNumber: `ORD-P-${n + 1}`,
        pharmacyId,
        orderDate: '2026-03-01',
        status: 'Sent',
        subtotal: '1.00',
        total: '1.00',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    orders[key] = id;
    await t.db
      .insertInto('orderLineItems')
      .values(
        lines.map(([productSku, variantSku], position) => ({
          orderId: id,
          position,
          productSku,
          variantSku,
          description: 'Tray',
          qty: 1,
          unitPrice: '1.00',
          lineTotal: '1.00',
        })),
      )
      .execute();
  }
  // An invoice of each order but byBoth, and one made from no order.
  for (const [n, key] of ['byProduct', 'byVariant', 'otherOnly', 'none'].entries()) {
    const { id } = await t.db
      .insertInto('invoices')
      .values({
        invoiceNumber: `INV-P-${n + 1}`,
        fromOrderId: orders[key] ?? null,
        pharmacyId,
        invoiceDate: '2026-03-01',
        dueDate: '2026-03-31',
        status: 'Unpaid',
        amount: '1.00',
        subtotal: '1.00',
        total: '1.00',
        balance: '1.00',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    invoices[key] = id;
  }
});

afterAll(async () => {
  await t?.close();
});

async function listIds(path: string): Promise<number[]> {
  const res = await c.get(path);
  expect(res.status, res.text).toBe(200);
  return res.body.map((row: { id: number }) => row.id).sort((a: number, b: number) => a - b);
}

const sortedIds = (...values: (number | undefined)[]) =>
  values.map((id) => id!).sort((a, b) => a - b);

describe('orders?productId', () => {
  it('keeps the orders with a line of the product or of one of its variants', async () => {
    expect(await listIds(`/api/orders?productId=${ids.product}`)).toEqual(
      sortedIds(orders.byProduct, orders.byVariant, orders.byBoth),
    );
    expect(await listIds(`/api/orders?productId=${ids.other}`)).toEqual(
      sortedIds(orders.byBoth, orders.otherOnly),
    );
  });

  it('is empty for a product never sold and for one that does not exist', async () => {
    expect(await listIds(`/api/orders?productId=${ids.unsold}`)).toEqual([]);
    expect(await listIds('/api/orders?productId=999999')).toEqual([]);
  });

  it('goes with the other filters', async () => {
    expect(await listIds(`/api/orders?productId=${ids.product}&q=ORD-P-2`)).toEqual([
      orders.byVariant,
    ]);
  });

  it('answers 400 naming productId when it is not an id', async () => {
    const res = await c.get('/api/orders?productId=abc');
    expect(res.status).toBe(400);
    expect(res.text).toContain('productId');
  });
});

describe('invoices?productId', () => {
  it('keeps the invoices made from an order that sold the product', async () => {
    expect(await listIds(`/api/invoices?productId=${ids.product}`)).toEqual(
      sortedIds(invoices.byProduct, invoices.byVariant),
    );
    expect(await listIds(`/api/invoices?productId=${ids.other}`)).toEqual([invoices.otherOnly]);
    expect(await listIds(`/api/invoices?productId=${ids.unsold}`)).toEqual([]);
  });

  it('answers 400 naming productId when it is not an id', async () => {
    const res = await c.get('/api/invoices?productId=0');
    expect(res.status).toBe(400);
    expect(res.text).toContain('productId');
  });
});
