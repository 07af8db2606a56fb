import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../test/helpers.js';
import { PreparedQuery } from './prepared.js';

let testDb: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  testDb = await createTestDb();
  await testDb.handle.db
    .insertInto('pharmacies')
    .values(
      ['Alder', 'Birch', 'Cedar', 'Alpine'].map((name) => ({
        name,
        email: `${name.toLowerCase()}@example.com`,
      })),
    )
    .execute();
});
afterAll(() => testDb.drop());

const byName = new PreparedQuery(
  (db, v: { prefix?: string; after?: string; fetch: number; newestFirst?: true }) => {
    let q = db.selectFrom('pharmacies').select('name');
    if (v.prefix !== undefined) q = q.where('name', 'like', v.prefix);
    if (v.after !== undefined) q = q.where('name', '>', v.after);
    return q.orderBy('name', v.newestFirst ? 'desc' : 'asc').limit(v.fetch);
  },
);

const names = async (values: Parameters<typeof byName.execute>[1]) =>
  (await byName.execute(testDb.handle.db, values)).map((row) => row.name);

describe('PreparedQuery', () => {
  it('runs each call of one shape with that call’s values', async () => {
    expect(await names({ prefix: 'A%', fetch: 10 })).toEqual(['Alder', 'Alpine']);
    expect(await names({ prefix: 'C%', fetch: 10 })).toEqual(['Cedar']);
    expect(await names({ prefix: 'A%', fetch: 1 })).toEqual(['Alder']);
  });

  it('builds another shape for values left out, and for flags', async () => {
    expect(await names({ fetch: 10 })).toEqual(['Alder', 'Alpine', 'Birch', 'Cedar']);
    expect(await names({ after: 'Alpine', fetch: 10 })).toEqual(['Birch', 'Cedar']);
    expect(await names({ after: 'Alpine', fetch: 10, newestFirst: true })).toEqual([
      'Cedar',
      'Birch',
    ]);
    expect(await names({ prefix: 'A%', after: 'Alder', fetch: 10 })).toEqual(['Alpine']);
  });

  it('refuses a build that does not pass a value as a parameter', async () => {
    const broken = new PreparedQuery((db, v: { fetch: number }) =>
      db
        .selectFrom('pharmacies')
        .select('name')
        .limit(Number(v.fetch) || 1),
    );
    await expect(broken.execute(testDb.handle.db, { fetch: 5 })).rejects.toThrow(/not a parameter/);
  });
});
