import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from './client.js';
import { migrateToLatest } from './migrate.js';
import { convertOlderRows } from './migrations/0007_history.js';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createDb({ dataDir: 'memory://' });
  await migrateToLatest(handle.db);
}, 60_000);
afterAll(() => handle?.close());

/** Rows as the services wrote them before migration 0007, one of each kind. */
const OLDER = [
  ['order', 'status', { orderNumber: 'ORD-2026-00001', from: 'Draft', to: 'Sent' }],
  ['product', 'import', { provider: 'feed', sku: 'VL-1', product: 'created' }],
  ['order', 'create', { orderNumber: 'ORD-2026-00002', total: '9.00', lineItems: [] }],
  ['product', 'create', { product: { sku: 'VL-2', name: 'Vial' } }],
  ['pharmacy', 'update', { changes: { name: 'Renamed' } }],
  ['invoice', 'delete', { invoice: { invoiceNumber: 'INV-2026-00001' }, payments: [{ id: 1 }] }],
  ['payment', 'create', { label: 'PAY-2026-00001', snapshot: { amount: '1.00' } }],
] as const;

describe('migration 0007', () => {
  it('brings older activity_log rows into the one shape and leaves new ones', async () => {
    const { db } = handle;
    for (const [entityType, action, details] of OLDER) {
      await db
        .insertInto('activityLog')
        .values({ entityType, entityId: 1, action, details: JSON.stringify(details), userId: null })
        .execute();
    }
    await convertOlderRows(db as never);
    const rows = await db
      .selectFrom('activityLog')
      .select(['action', 'details'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        action: 'update',
        details: {
          label: 'ORD-2026-00001',
          changes: [{ field: 'status', from: 'Draft', to: 'Sent' }],
        },
      },
      { action: 'create', details: { label: 'VL-1', provider: 'feed', changes: [] } },
      {
        action: 'create',
        details: {
          label: 'ORD-2026-00002',
          snapshot: { orderNumber: 'ORD-2026-00002', total: '9.00', lineItems: [] },
        },
      },
      {
        action: 'create',
        details: { label: 'VL-2', snapshot: { sku: 'VL-2', name: 'Vial' } },
      },
      {
        action: 'update',
        details: { label: '', changes: [], submitted: { name: 'Renamed' } },
      },
      {
        action: 'delete',
        details: {
          label: 'INV-2026-00001',
          snapshot: { invoiceNumber: 'INV-2026-00001' },
          cascade: { payments: [{ id: 1 }] },
        },
      },
      { action: 'create', details: { label: 'PAY-2026-00001', snapshot: { amount: '1.00' } } },
    ]);
    const indexes = await sql<{ indexname: string }>`
      select indexname from pg_indexes where tablename = 'activity_log' order by indexname`.execute(
      db,
    );
    expect(indexes.rows.map((r) => r.indexname)).toEqual([
      'activity_log_entity_idx',
      'activity_log_pkey',
      'activity_log_user_idx',
    ]);
  });
});
