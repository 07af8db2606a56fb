import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextDocumentNumber } from '../src/lib/db/document-numbers.js';
import { injectFault, startTestApp, usingPostgres, type Client, type TestApp } from './helpers.js';
import { paymentEntity } from '../src/modules/payments/entity.js';
import { invoiceEntity } from '../src/modules/invoices/entity.js';

let t: TestApp;
let c: Client;
let pharmacyId: number;
beforeAll(async () => {
  t = await startTestApp();
  c = await t.signedIn();
  pharmacyId = (await c.post('/api/pharmacies', { name: 'Numbered', email: 'n@example.com' })).body
    .id;
});
afterAll(() => t.close());

const order = () => ({
  pharmacyId,
  orderDate: '2026-03-14',
  lineItems: [{ description: '2 mL vial', qty: 2, unitPrice: '1.25' }],
});

async function rows() {
  const count = async (table: 'orders' | 'orderLineItems' | 'activityLog') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select(({ fn }) => fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    orders: await count('orders'),
    lineItems: await count('orderLineItems'),
    activity: await count('activityLog'),
  };
}

describe('document numbers', () => {
  it('start again at 00001 when the year turns', async () => {
    const numbers = await t.db
      .transaction()
      .execute(async (trx) => [
        await nextDocumentNumber(trx, invoiceEntity, new Date(1999, 11, 31, 23, 59)),
        await nextDocumentNumber(trx, invoiceEntity, new Date(1999, 11, 31, 23, 59)),
        await nextDocumentNumber(trx, invoiceEntity, new Date(2000, 0, 1, 0, 0)),
        await nextDocumentNumber(trx, invoiceEntity, new Date(1999, 11, 31, 23, 59)),
      ]);
    expect(numbers).toEqual([
      'INV-1999-00001',
      'INV-1999-00002',
      'INV-2000-00001',
      'INV-1999-00003',
    ]);
  });

  it('give a rolled-back number back: the next one taken is the same', async () => {
    const year = new Date().getFullYear();
    const taken = await t.db
      .transaction()
      .execute(async (trx) => {
        await nextDocumentNumber(trx, paymentEntity);
        throw new Error('the payment failed after its number was taken');
      })
      .catch(() => 'rolled back');
    expect(taken).toBe('rolled back');
    const next = await t.db.transaction().execute((trx) => nextDocumentNumber(trx, paymentEntity));
    expect(next).toBe(`PAY-${year}-00001`);
  });

  // Each step of creating an order: after the number is taken, after the order row, at the log.
  for (const table of ['orders', 'order_line_items', 'activity_log']) {
    it(`an order create that fails at ${table} leaves no row, no log and no gap in the numbers`, async () => {
      const before = await rows();
      const first = await c.post('/api/orders', order());
      expect(first.status).toBe(201);
      const fault = await injectFault(t.db, table);
      const failed = await c.post('/api/orders', order()).finally(() => fault.remove());
      expect(failed.status).toBe(500);
      expect(failed.body).toEqual({
        message: 'Internal server error',
        code: 'INTERNAL',
        issues: [],
      });
      const after = await rows();
      expect(after).toEqual({
        orders: before.orders + 1,
        lineItems: before.lineItems + 1,
        activity: before.activity + 1,
      });
      const next = await c.post('/api/orders', order());
      const [, , firstSeq] = first.body.orderNumber.split('-');
      const [, , nextSeq] = next.body.orderNumber.split('-');
      expect(Number(nextSeq)).toBe(Number(firstSeq) + 1);
    });
  }

  // Creates queue on the counter row: it must be taken by the statement that ends the create, so
  // that it is held for one round trip and the commit, not for the create's other work.
  for (const [kind, path, body] of [
    ['ORD', '/api/orders', order],
    [
      'INV',
      '/api/invoices',
      () => ({ pharmacyId, invoiceDate: '2026-03-14', dueDate: '2026-04-13', amount: '10.00' }),
    ],
  ] as const) {
    it.skipIf(!usingPostgres)(
      `${path} waits on a held ${kind} counter only in its last statement`,
      async () => {
        expect((await c.post(path, body())).status).toBe(201);
        let release!: () => void;
        let locked!: () => void;
        const isLocked = new Promise<void>((resolve) => (locked = resolve));
        const holder = t.db.transaction().execute(async (trx) => {
          await sql`select 1 from document_counters where kind = ${kind} for update`.execute(trx);
          locked();
          await new Promise<void>((resolve) => (release = resolve));
        });
        await isLocked;
        const created = c.post(path, body());
        let waiting: string[] = [];
        for (let i = 0; i < 200 && !waiting.length; i++) {
          await new Promise((resolve) => setTimeout(resolve, 25));
          const { rows } = await sql<{ query: string }>`
            select query from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db);
          waiting = rows.map((row) => row.query);
        }
        release();
        await holder;
        expect(waiting).toHaveLength(1);
        expect(waiting[0]).toMatch(/^\s*with counter as \(/);
        const answer = await created;
        expect(answer.status).toBe(201);
        expect(answer.body[kind === 'ORD' ? 'orderNumber' : 'invoiceNumber']).toMatch(
          new RegExp(`^${kind}-\\d{4}-\\d{5}$`),
        );
      },
    );
  }
});
