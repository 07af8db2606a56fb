import { Migrator, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDb, type DbHandle } from './client.js';
import { migrateToLatest, migrationProvider } from './migrate.js';
import { createScratchDatabase } from './scratch.js';

/** PGlite always, PostgreSQL when DATABASE_URL is set; each starts empty and unmigrated. */
const drivers: [string, () => Promise<{ handle: DbHandle; drop: () => Promise<void> }>][] = [
  [
    'pglite',
    async () => {
      const handle = await createDb({ dataDir: 'memory://', migrate: false });
      return { handle, drop: () => handle.close() };
    },
  ],
];
if (process.env.DATABASE_URL) {
  drivers.push([
    'postgres',
    async () => {
      const scratch = await createScratchDatabase(process.env.DATABASE_URL!);
      const handle = await createDb({ url: scratch.url, migrate: false });
      return { handle, drop: async () => (await handle.close(), await scratch.drop()) };
    },
  ]);
}

describe.each(drivers)('migration 0010 on %s', (_name, open) => {
  let handle: DbHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ handle, drop } = await open());
    const { error } = await new Migrator({
      db: handle.db,
      provider: migrationProvider,
    }).migrateTo('0009_number_prefix');
    if (error) throw error;
  }, 60_000);
  afterAll(() => drop());
  afterEach(() => vi.restoreAllMocks());

  const invoice = (invoiceNumber: string, fromOrderId: number | null, pharmacyId: number) => ({
    invoiceNumber,
    fromOrderId,
    pharmacyId,
    invoiceDate: '2026-03-01',
    dueDate: '2026-03-31',
    taxRate: '0',
    shipping: '0',
    amount: '10.00',
    subtotal: '10.00',
    taxAmount: '0',
    total: '10.00',
    balance: '10.00',
  });

  it('keeps the invoices of an order invoiced twice before it, says so, and refuses a new pair', async () => {
    const { db } = handle;
    const { id: pharmacyId } = await db
      .insertInto('pharmacies')
      .values({ name: 'Older Pharmacy', email: 'older@example.com' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const orderIds: number[] = [];
    for (const orderNumber of ['ORD-2026-00041', 'ORD-2026-00042', 'ORD-2026-00043']) {
      const { id } = await db
        .insertInto('orders')
        .values({ orderNumber, pharmacyId, orderDate: '2026-03-01', subtotal: '10', total: '10' })
        .returning('id')
        .executeTakeFirstOrThrow();
      orderIds.push(id);
    }
    const [twice, once, never] = orderIds as [number, number, number];
    // As the app allowed before: ORD-…41 invoiced on 38 and again on 39.
    await db
      .insertInto('invoices')
      .values([
        invoice('INV-2026-00038', twice, pharmacyId),
        invoice('INV-2026-00039', twice, pharmacyId),
        invoice('INV-2026-00040', once, pharmacyId),
        invoice('INV-2026-00041', null, pharmacyId),
      ])
      .execute();

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await migrateToLatest(db);
    expect(warn.mock.calls).toEqual([
      [
        'Migration 0010: 1 invoice made from an order already invoiced (1 order): ' +
          'ORD-2026-00041 again on INV-2026-00039. They are kept; from now on an order is ' +
          'invoiced at most once.',
      ],
    ]);

    const kept = await db
      .selectFrom('invoices')
      .select(['invoiceNumber', 'fromOrderId'])
      .orderBy('id')
      .execute();
    expect(kept).toEqual([
      { invoiceNumber: 'INV-2026-00038', fromOrderId: twice },
      { invoiceNumber: 'INV-2026-00039', fromOrderId: twice },
      { invoiceNumber: 'INV-2026-00040', fromOrderId: once },
      { invoiceNumber: 'INV-2026-00041', fromOrderId: null },
    ]);

    const insert = (invoiceNumber: string, orderId: number | null) =>
      db
        .insertInto('invoices')
        .values(invoice(invoiceNumber, orderId, pharmacyId))
        .execute();
    for (const orderId of [twice, once]) {
      await expect(insert(`INV-2026-0005${orderId}`, orderId)).rejects.toMatchObject({
        code: '23505',
        constraint: 'invoices_one_per_order_idx',
      });
    }
    await insert('INV-2026-00060', never);
    await expect(insert('INV-2026-00061', never)).rejects.toMatchObject({ code: '23505' });
    await insert('INV-2026-00062', null);
    await insert('INV-2026-00063', null);

    // Deleting the order's invoice frees it: the index holds one row per order, not a history.
    await db.deleteFrom('invoices').where('invoiceNumber', '=', 'INV-2026-00060').execute();
    await insert('INV-2026-00064', never);
    const indexes = await sql<{ indexname: string }>`
      select indexname from pg_indexes
      where tablename = 'invoices' and indexname = 'invoices_one_per_order_idx'`.execute(db);
    expect(indexes.rows).toHaveLength(1);
  });
});

describe('migration 0010 on a database without such pairs', () => {
  it('says nothing', async () => {
    const handle = await createDb({ dataDir: 'memory://', migrate: false });
    try {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      await migrateToLatest(handle.db);
      expect(warn).not.toHaveBeenCalled();
      warn.mockRestore();
    } finally {
      await handle.close();
    }
  }, 60_000);
});
