import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from './client.js';
import { MIGRATIONS, migrateToLatest } from './migrate.js';
import { createScratchDatabase } from './scratch.js';

/** The same checks on every driver the app runs on: PGlite always, PostgreSQL when DATABASE_URL is set. */
const drivers: [string, () => Promise<{ handle: DbHandle; drop: () => Promise<void> }>][] = [
  [
    'pglite',
    async () => {
      const handle = await createDb({ dataDir: 'memory://' });
      return { handle, drop: () => handle.close() };
    },
  ],
];
if (process.env.DATABASE_URL) {
  drivers.push([
    'postgres',
    async () => {
      const scratch = await createScratchDatabase(process.env.DATABASE_URL!);
      const handle = await createDb({ url: scratch.url });
      return { handle, drop: async () => (await handle.close(), await scratch.drop()) };
    },
  ]);
}

describe.each(drivers)('createDb on %s', (_name, open) => {
  let handle: DbHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ handle, drop } = await open());
  }, 60_000);
  afterAll(() => drop());

  it('returns money as exact strings, calendar dates as YYYY-MM-DD and casts counts to numbers', async () => {
    const { db } = handle;
    const pharmacy = await db
      .insertInto('pharmacies')
      .values({ name: 'A', email: 'a@example.com' })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(pharmacy.balance).toBe('0.00');
    const order = await db
      .insertInto('orders')
      .values({
        orderNumber: 'ORD-1',
        pharmacyId: pharmacy.id,
        orderDate: '2026-01-31',
        subtotal: '0.10',
        total: '12345678.91',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(order.orderDate).toBe('2026-01-31');
    expect(order.total).toBe('12345678.91');
    expect(order.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const sum = await sql<{
      s: string;
      n: number;
    }>`select sum(total + subtotal) as s, count(*)::int as n from orders`.execute(db);
    expect(sum.rows[0]).toEqual({ s: '12345679.01', n: 1 });
  });

  it('reads timestamptz as Date#toISOString writes it, whatever the time zone, fraction or era', async () => {
    const values = [
      '2026-03-14 10:00:00+00',
      '2026-03-14 10:00:00.5+00',
      '2026-03-14 10:00:00.123456+00',
      '2026-03-14 10:00:00.999999+00',
      '1999-12-31 23:59:59.001+00',
      '1969-07-20 20:17:40.25+00',
      '10000-01-01 00:00:00+00',
      '0044-03-15 12:00:00+00 BC',
      '1900-01-01 00:00:00+00',
    ];
    // The text PostgreSQL sends depends on the session's zone: offsets with minutes (+05:30,
    // -03:30) and, for old dates, with seconds (Amsterdam's +00:19:32 in 1900).
    for (const zone of ['UTC', 'Asia/Kolkata', 'America/St_Johns', 'Europe/Amsterdam']) {
      const rows = await handle.db.transaction().execute(async (trx) => {
        await sql`select set_config('TimeZone', ${zone}, true)`.execute(trx);
        return (
          await sql<{ t: string; ms: string }>`
            select v::timestamptz as t, floor(extract(epoch from v::timestamptz) * 1000)::text as ms
            from unnest(${values}::text[]) as v`.execute(trx)
        ).rows;
      });
      expect(rows.map((r) => r.t)).toEqual(rows.map((r) => new Date(Number(r.ms)).toISOString()));
    }
    const infinite = await sql<{ t: string }>`select 'infinity'::timestamptz as t`.execute(
      handle.db,
    );
    expect(infinite.rows[0]!.t).toBe('infinity');
  });

  it('refuses money beyond numeric(10,2) and enforces unique document numbers and SKUs', async () => {
    const { db } = handle;
    const { id } = await db
      .insertInto('pharmacies')
      .values({ name: 'B', email: 'b@example.com' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(
      db
        .insertInto('orders')
        .values({
          orderNumber: 'ORD-BIG',
          pharmacyId: id,
          orderDate: '2026-01-01',
          subtotal: '0',
          total: '100000000.00',
        })
        .execute(),
    ).rejects.toMatchObject({ code: '22003' });
    await expect(
      db
        .insertInto('orders')
        .values({
          orderNumber: 'ORD-1',
          pharmacyId: id,
          orderDate: '2026-01-01',
          subtotal: '0',
          total: '0',
        })
        .execute(),
    ).rejects.toMatchObject({ code: '23505' });
    await db
      .insertInto('products')
      .values({ sku: 'VL-10R', name: 'Vial', category: 'Vial', defaultPrice: '1.00' })
      .execute();
    await expect(
      db
        .insertInto('products')
        .values({ sku: 'VL-10R', name: 'Again', category: 'Vial', defaultPrice: '1.00' })
        .execute(),
    ).rejects.toMatchObject({
      code: '23505',
    });
  });

  it('cascades a product delete to its variants and a pharmacy delete to its orders', async () => {
    const { db } = handle;
    await db
      .insertInto('products')
      .values({ sku: 'ST-20', name: 'Stopper', category: 'Stopper', defaultPrice: '0.10' })
      .execute();
    await db
      .insertInto('productVariants')
      .values({ parentSku: 'ST-20', variantSku: 'ST-20-GRY', defaultPrice: '0.12' })
      .execute();
    await db.deleteFrom('products').where('sku', '=', 'ST-20').execute();
    expect(
      await db
        .selectFrom('productVariants')
        .select('id')
        .where('parentSku', '=', 'ST-20')
        .execute(),
    ).toEqual([]);

    const { id } = await db
      .insertInto('pharmacies')
      .values({ name: 'C', email: 'c@example.com' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('orders')
      .values({
        orderNumber: 'ORD-C',
        pharmacyId: id,
        orderDate: '2026-01-01',
        subtotal: '0',
        total: '0',
      })
      .execute();
    await db.deleteFrom('pharmacies').where('id', '=', id).execute();
    expect(
      await db.selectFrom('orders').select('id').where('pharmacyId', '=', id).execute(),
    ).toEqual([]);
  });

  it('runs the migrations again as a no-op', async () => {
    await migrateToLatest(handle.db);
    const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(handle.db);
    expect(rows.rows.map((r) => r.name)).toEqual([
      '0001_initial',
      '0002_orders_search',
      '0003_front_door',
      '0004_money',
      '0005_insights',
      '0006_statements',
      '0007_history',
      '0008_exports',
      '0009_number_prefix',
      '0010_one_invoice_per_order',
      '0011_list_sorts',
      '0012_report_periods',
      '0013_roles',
      '0014_licences',
      '0015_product_lines',
      '0016_cash_application',
      '0017_email',
      '0018_lots',
      '0020_dunning',
      '0021_recalls',
      '0023_fees_and_credit_note_email',
      '0024_recall_emails',
      '0025_allocation_dates',
      '0026_payment_soft_delete',
      '0027_allocation_counts_from',
      '0029_line_lot_invoice_idx',
      '0030_allocation_invoice_date',
      '0031_monthly_sales',
    ]);
  });
});

describe.skipIf(!process.env.DATABASE_URL)(
  'createDb on postgres with a 1 ms statement timeout',
  () => {
    it('runs every migration past it, while the app statements still stop at it', async () => {
      const scratch = await createScratchDatabase(process.env.DATABASE_URL!);
      const handle = await createDb({ url: scratch.url, pool: { statementTimeoutMs: 1 } });
      const reader = await createDb({ url: scratch.url, migrate: false });
      try {
        await expect(sql`select pg_sleep(0.2)`.execute(handle.db)).rejects.toMatchObject({
          code: '57014',
        });
        const applied = await sql<{ name: string }>`select name from kysely_migration order by name`
          .execute(reader.db)
          .then((result) => result.rows.map((row) => row.name));
        expect(applied).toEqual(MIGRATIONS);
      } finally {
        await reader.close();
        await handle.close();
        await scratch.drop();
      }
    }, 60_000);
  },
);
