import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainErrorOf } from '../src/lib/http/errors.js';
import { inTransaction, lockOrThrow } from '../src/lib/db/transaction.js';
import { startTestApp, usingPostgres, type Client, type TestApp } from './helpers.js';
import { orderEntity } from '../src/modules/orders/entity.js';
import { pharmacyEntity } from '../src/modules/pharmacies/entity.js';

let t: TestApp;
let c: Client;
let ids: [number, number];
beforeAll(async () => {
  t = await startTestApp();
  c = await t.signedIn();
  const a = await c.post('/api/pharmacies', { name: 'A', email: 'a@example.com' });
  const b = await c.post('/api/pharmacies', { name: 'B', email: 'b@example.com' });
  ids = [a.body.id, b.body.id];
});
afterAll(() => t.close());

function raced(code: string) {
  return Object.assign(new Error('could not serialize access'), { code });
}

describe('inTransaction', () => {
  it('runs a transaction aborted by a race again, and its first try leaves nothing', async () => {
    let tries = 0;
    const name = await inTransaction(t.db, async (trx) => {
      tries += 1;
      await trx
        .updateTable('pharmacies')
        .set({ name: `try ${tries}` })
        .where('id', '=', ids[0])
        .execute();
      if (tries === 1) throw raced('40P01');
      return (await lockOrThrow(trx, pharmacyEntity, ids[0])).name;
    });
    expect(tries).toBe(2);
    expect(name).toBe('try 2');
  });

  it('gives up after three tries with a 409 asking to retry', async () => {
    let tries = 0;
    const failure = await inTransaction(t.db, async () => {
      tries += 1;
      throw raced('40001');
    }).catch((error: unknown) => domainErrorOf(error));
    expect(tries).toBe(3);
    expect(failure).toMatchObject({
      code: 'CONFLICT',
      message: 'The record was changed at the same time by another request; please retry',
    });
  });

  it('does not run again what failed for another reason', async () => {
    let tries = 0;
    await expect(
      inTransaction(t.db, async () => {
        tries += 1;
        throw new Error('not a race');
      }),
    ).rejects.toThrow('not a race');
    expect(tries).toBe(1);
  });

  it.skipIf(!usingPostgres)('lets both sides of a real deadlock finish (PostgreSQL)', async () => {
    let locked = 0;
    let bothLocked: () => void = () => undefined;
    const meet = new Promise<void>((resolve) => (bothLocked = resolve));
    // Two transactions take the same two rows in opposite orders: PostgreSQL aborts one (40P01).
    const side = (first: number, second: number, name: string) =>
      inTransaction(t.db, async (trx) => {
        await lockOrThrow(trx, pharmacyEntity, first);
        if (++locked === 2) bothLocked();
        await Promise.race([meet, new Promise((r) => setTimeout(r, 500))]);
        await trx.updateTable('pharmacies').set({ name }).where('id', '=', second).execute();
        return name;
      });
    const results = await Promise.all([
      side(ids[0], ids[1], 'left'),
      side(ids[1], ids[0], 'right'),
    ]);
    expect(results).toEqual(['left', 'right']);
    const names = await sql<{
      n: number;
    }>`select count(*)::int as n from pharmacies where name in ('left', 'right')`.execute(t.db);
    expect(names.rows[0]!.n).toBe(2);
  });
});

describe('lockOrThrow', () => {
  it('answers 404 naming the record when the id does not exist', async () => {
    const error = await inTransaction(t.db, (trx) => lockOrThrow(trx, orderEntity, 999_999)).catch(
      (e: unknown) => domainErrorOf(e),
    );
    expect(error).toMatchObject({ code: 'NOT_FOUND', message: 'Order not found' });
  });

  it('refuses to lock a pharmacy after an order, against the documented locking order', async () => {
    const { body: order } = await c.post('/api/orders', {
      pharmacyId: ids[0],
      orderDate: '2026-03-14',
      lineItems: [{ description: '2 mL vial', qty: 1, unitPrice: '1.00' }],
    });
    const refused = await inTransaction(t.db, async (trx) => {
      await lockOrThrow(trx, orderEntity, order.id);
      await lockOrThrow(trx, pharmacyEntity, ids[0]);
    }).catch((e: unknown) => e as Error);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toBe(
      'Lock order broken: Pharmacy (rank 10) locked after rank 30',
    );
    // The other way round is the documented order and works.
    await inTransaction(t.db, async (trx) => {
      await lockOrThrow(trx, pharmacyEntity, ids[0]);
      await lockOrThrow(trx, orderEntity, order.id);
    });
  });
});
