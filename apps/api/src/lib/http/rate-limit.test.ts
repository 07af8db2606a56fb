import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, deadlockCount } from '../../../test/helpers.js';
import { FailureCounter } from './rate-limit.js';

let testDb: Awaited<ReturnType<typeof createTestDb>>;
let counter: FailureCounter;
beforeAll(async () => {
  testDb = await createTestDb();
  counter = new FailureCounter(testDb.handle.db, 3, 60_000);
});
afterAll(() => testDb.drop());

const T0 = Date.parse('2026-03-14T10:00:00.000Z');

async function refusals(keys: string[], n: number, now = T0): Promise<boolean[]> {
  const refused: boolean[] = [];
  for (let i = 0; i < n; i++) refused.push((await counter.attempt(keys, now)).refused);
  return refused;
}

describe('FailureCounter', () => {
  it('refuses the attempt after the limit, and refused attempts do not count', async () => {
    expect(await refusals(['a'], 5)).toEqual([false, false, false, true, true]);
    const [row] = await testDb.handle.db
      .selectFrom('authFailures')
      .select('count')
      .where('key', '=', 'a')
      .execute();
    expect(row!.count).toBe(3);
  });

  it('refuses when any one key is past the limit, without using up the others', async () => {
    await refusals(['full'], 3);
    expect(await refusals(['full', 'free'], 4)).toEqual([true, true, true, true]);
    expect(await refusals(['free'], 4)).toEqual([false, false, false, true]);
  });

  it('starts a new window a minute after the first attempt', async () => {
    expect(await refusals(['w'], 4)).toEqual([false, false, false, true]);
    expect(await refusals(['w'], 1, T0 + 59_999)).toEqual([true]);
    expect(await refusals(['w'], 4, T0 + 60_000)).toEqual([false, false, false, true]);
  });

  it('gives an attempt back to its own window only, never to the next one', async () => {
    const early = await counter.attempt(['g'], T0);
    await counter.attempt(['g'], T0 + 60_000);
    await early.giveBack();
    expect(await refusals(['g'], 3, T0 + 60_000)).toEqual([false, false, true]);
  });

  it('gives an attempt back once, however often it is asked', async () => {
    await counter.attempt(['once'], T0);
    const second = await counter.attempt(['once'], T0);
    await second.giveBack();
    await second.giveBack();
    expect(await refusals(['once'], 3)).toEqual([false, false, true]);
  });

  it('prunes ended windows and keeps the current ones', async () => {
    await counter.attempt(['old'], T0 - 120_000);
    await counter.attempt(['new'], T0);
    await counter.prune(T0 + 30_000);
    const keys = await testDb.handle.db
      .selectFrom('authFailures')
      .select('key')
      .where('key', 'in', ['old', 'new'])
      .execute();
    expect(keys.map((k) => k.key)).toEqual(['new']);
  });

  it('lets at most the limit through among concurrent attempts, and gives back without deadlocks', async () => {
    const keys = ['burst', 'burst pair'];
    // The second key's row first in the table, so that the table's order is not the keys' order.
    await (await counter.attempt([keys[1]!], T0)).giveBack();
    const deadlocks = await deadlockCount(testDb.handle.db);
    const attempts = await Promise.all(Array.from({ length: 50 }, () => counter.attempt(keys, T0)));
    expect(attempts.filter((a) => !a.refused)).toHaveLength(3);
    await Promise.all(attempts.map((a) => Promise.all([a.giveBack(), counter.attempt(keys, T0)])));
    expect(await deadlockCount(testDb.handle.db)).toBe(deadlocks);
  });
});
