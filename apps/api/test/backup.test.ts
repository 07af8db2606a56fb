/**
 * Backups (issue 23): pnpm db:backup's and db:restore's work (packages/db/src/backup) on the
 * database of the run (PGlite, or PostgreSQL with DATABASE_URL), and from the embedded database
 * into it, which is the move to a server. A restored database must be the backed-up one: the same
 * rows (a backup of the copy has the original's checksum), every money rule holding, and
 * document numbers that go on without repeating one ever given, deleted ones included.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  BackupError,
  createDb,
  databaseContents,
  migrateTo,
  MIGRATIONS,
  restoreBackup,
  writeBackup,
  type BackupHeader,
  type DbHandle,
} from '@pharm/db';
import { fromCents } from '@pharm/validators';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER, seed } from '../src/seed/index.js';
import { createServer } from '../src/server.js';
import {
  Client,
  createTestDb,
  raceTest,
  startTestApp,
  testConfig,
  usingPostgres,
  type TestApp,
} from './helpers.js';

const here = usingPostgres ? 'PostgreSQL' : 'PGlite';
const VERSION = 'test';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let source: TestApp;
let owner: Client;
let dir: string;
/** An empty database that each restore fills anew (replace: true). */
let target: Awaited<ReturnType<typeof createTestDb>>;
let files = 0;

beforeAll(async () => {
  [source, target] = await Promise.all([startTestApp(), createTestDb({ migrate: false })]);
  owner = await source.signedIn();
  await seed(source.db, () => undefined);
  dir = await mkdtemp(path.join(tmpdir(), 'pharm-backup-'));
}, 120_000);
afterAll(async () => {
  await Promise.all([source.close(), target.drop()]);
  await rm(dir, { recursive: true, force: true });
});

const nextFile = () => path.join(dir, `b${++files}.backup`);

/** Every document number the database has given, deleted documents' included (their log rows). */
async function numbersGiven(db: DbHandle['db']): Promise<Set<string>> {
  const { rows } = await sql<{ number: string }>`
    select order_number as number from orders
    union select invoice_number from invoices
    union select payment_number from payments
    union select details->>'label' from activity_log
     where details->>'label' ~ '^(ORD|INV|PAY)-\\d{4}-\\d+$'`.execute(db);
  return new Set(rows.map((row) => row.number));
}

/** Backs `db` up, restores into the target, and checks the copy is the original. */
async function roundTrip(from: Pick<DbHandle, 'db' | 'driver'>): Promise<BackupHeader> {
  const file = nextFile();
  const header = await writeBackup(from, file, { productVersion: VERSION });
  const report = await restoreBackup(target.handle.db, file, { replace: true });
  expect(report.counts).toEqual(header.tables.map((t) => ({ table: t.name, rows: t.rows })));
  expect(report.migrated).toEqual([]);
  expect(report.violations).toEqual([]);
  // The same rows, byte for byte as PostgreSQL writes them, and the same sequences.
  const again = await writeBackup(target.handle, nextFile(), { productVersion: VERSION });
  expect(again.sha256).toBe(header.sha256);
  expect(again.sequences).toEqual(header.sequences);
  return header;
}

/** Signs in on a server over `handle` and makes an order, an invoice and a payment: their numbers. */
async function nextNumbers(handle: DbHandle): Promise<string[]> {
  const server = await createServer({ dbHandle: handle, config: testConfig() });
  try {
    const c = new Client(server, '10.9.0.1');
    const login = await c.post('/api/login', {
      email: DEMO_USER.email,
      password: DEMO_USER.password,
    });
    expect(login.status, login.text).toBe(200);
    const { body: pharmacies } = await c.get('/api/pharmacies?limit=1');
    const order = await c.post('/api/orders', {
      pharmacyId: pharmacies[0].id,
      orderDate: '2026-05-01',
      lineItems: [{ description: 'After the restore', qty: 2, unitPrice: '3.50' }],
    });
    const invoice = await c.post('/api/invoices', {
      pharmacyId: pharmacies[0].id,
      invoiceDate: '2026-05-01',
      dueDate: '2026-05-31',
      amount: '10.00',
      status: 'Unpaid',
    });
    const payment = await c.post('/api/payments', {
      invoiceId: invoice.body.id,
      pharmacyId: pharmacies[0].id,
      date: '2026-05-02',
      amount: '1.00',
      method: 'Cash',
    });
    for (const res of [order, invoice, payment]) expect(res.status, res.text).toBe(201);
    return [order.body.orderNumber, invoice.body.invoiceNumber, payment.body.paymentNumber];
  } finally {
    await server.app.close();
  }
}

describe(`backup and restore on ${here}`, () => {
  it('restores the demo business with every row and money rule, and numbers go on without repeating one', async () => {
    const given = await numbersGiven(source.db);
    const header = await roundTrip(source.handle);
    expect(header.tables.find((t) => t.name === 'invoices')!.rows).toBeGreaterThan(10);
    expect(header.tables.map((t) => t.name)).not.toContain('session');

    const next = await nextNumbers(target.handle);
    for (const number of next) expect(given).not.toContain(number);
    const last = (kind: string) =>
      Math.max(
        ...[...given].filter((n) => n.startsWith(`${kind}-2026-`)).map((n) => Number(n.slice(9))),
      );
    expect(next).toEqual([
      `ORD-2026-${String(last('ORD') + 1).padStart(5, '0')}`,
      `INV-2026-${String(last('INV') + 1).padStart(5, '0')}`,
      `PAY-2026-${String(last('PAY') + 1).padStart(5, '0')}`,
    ]);
  }, 120_000);

  it('restores generated businesses made through the API, deleted last documents included', async () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 30 }).map((s) => s.replace(/\0/g, ''));
    const cents = fc.integer({ min: 0, max: 5_000_000 });
    const business = fc.record({
      pharmacies: fc.array(
        fc.record({ name: text, notes: text, creditLimit: fc.option(cents, { nil: null }) }),
        { minLength: 1, maxLength: 3 },
      ),
      orders: fc.array(
        fc.record({
          pharmacy: fc.nat(),
          lines: fc.array(
            fc.record({
              description: text,
              qty: fc.integer({ min: 1, max: 500 }),
              unitPrice: fc.integer({ min: 0, max: 50_000 }),
            }),
            { minLength: 1, maxLength: 3 },
          ),
        }),
        { minLength: 1, maxLength: 3 },
      ),
      invoices: fc.array(
        fc.record({
          pharmacy: fc.nat(),
          fromOrder: fc.option(fc.nat(), { nil: null }),
          amount: cents,
          taxRate: fc.constantFrom('0.0000', '0.0825', '0.0875', '0.1000'),
          shipping: fc.integer({ min: 0, max: 5_000 }),
          issue: fc.boolean(),
        }),
        { minLength: 1, maxLength: 4 },
      ),
      payments: fc.array(
        fc.record({ invoice: fc.nat(), percent: fc.integer({ min: 1, max: 100 }) }),
        { maxLength: 5 },
      ),
      deleteLast: fc.record({ order: fc.boolean(), invoice: fc.boolean(), payment: fc.boolean() }),
    });

    let run = 0;
    await fc.assert(
      fc.asyncProperty(business, async (b) => {
        run++;
        const pharmacies: number[] = [];
        for (const [i, p] of b.pharmacies.entries()) {
          const res = await owner.post('/api/pharmacies', {
            name: `Gen ${run}.${i} ${p.name}`,
            email: `gen${run}-${i}@example.com`,
            notes: p.notes,
            creditLimit: p.creditLimit === null ? null : fromCents(p.creditLimit),
            shippingAddress: '1 Court St, Salem, OR 97301',
          });
          expect(res.status, res.text).toBe(201);
          pharmacies.push(res.body.id);
          // The demo data turned the licence gate on: each pharmacy holds a licence, its scan
          // kept in the database, so the restore carries document bytes too.
          const licence = await owner.post(`/api/pharmacies/${res.body.id}/licences`, {
            kind: 'state_pharmacy',
            number: `OR-${run}-${i}`,
            state: 'OR',
          });
          expect(licence.status, licence.text).toBe(201);
          const scan = await owner.post(`/api/licences/${licence.body.id}/document`, {
            fileName: 'licence.png',
            contentBase64: Buffer.concat([PNG_SIGNATURE, Buffer.from(p.name)]).toString('base64'),
          });
          expect(scan.status, scan.text).toBe(200);
        }
        const pick = <T>(list: T[], n: number) => list[n % list.length]!;
        const orders: { id: number; pharmacyId: number }[] = [];
        for (const o of b.orders) {
          const res = await owner.post('/api/orders', {
            pharmacyId: pick(pharmacies, o.pharmacy),
            orderDate: '2026-04-01',
            lineItems: o.lines.map((l) => ({
              description: `Line ${l.description}`,
              qty: l.qty,
              unitPrice: fromCents(l.unitPrice),
            })),
          });
          expect(res.status, res.text).toBe(201);
          orders.push(res.body);
        }
        const invoices: { id: number; pharmacyId: number; total: string }[] = [];
        const invoiced = new Set<number>();
        for (const inv of b.invoices) {
          const order = inv.fromOrder === null ? undefined : pick(orders, inv.fromOrder);
          const fromOrder = order !== undefined && !invoiced.has(order.id);
          if (fromOrder) invoiced.add(order.id);
          const res = await owner.post('/api/invoices', {
            ...(fromOrder
              ? { fromOrderId: order.id, pharmacyId: order.pharmacyId }
              : { pharmacyId: pick(pharmacies, inv.pharmacy), amount: fromCents(inv.amount) }),
            invoiceDate: '2026-04-02',
            dueDate: '2026-05-02',
            taxRate: inv.taxRate,
            shipping: fromCents(inv.shipping),
            status: inv.issue ? 'Unpaid' : 'Draft',
          });
          expect(res.status, res.text).toBe(201);
          invoices.push(res.body);
        }
        const payments: number[] = [];
        for (const p of b.payments) {
          const invoice = pick(invoices, p.invoice);
          const { body: now } = await owner.get(`/api/invoices/${invoice.id}`);
          const balance = Math.round(Number(now.balance) * 100);
          const amount = Math.floor((balance * p.percent) / 100);
          if (amount < 1) continue;
          const res = await owner.post('/api/payments', {
            invoiceId: invoice.id,
            pharmacyId: invoice.pharmacyId,
            date: '2026-04-10',
            amount: fromCents(amount),
            method: 'Check',
          });
          expect(res.status, res.text).toBe(201);
          payments.push(res.body.id);
        }
        // The newest number of a kind deleted: a restore must not give it again.
        if (b.deleteLast.payment && payments.length) {
          expect((await owner.delete(`/api/payments/${payments.at(-1)}`)).status).toBeLessThan(300);
        }
        if (b.deleteLast.invoice) {
          expect((await owner.delete(`/api/invoices/${invoices.at(-1)!.id}`)).status).toBeLessThan(
            300,
          );
        }
        if (b.deleteLast.order) {
          expect((await owner.delete(`/api/orders/${orders.at(-1)!.id}`)).status).toBeLessThan(300);
        }

        const given = await numbersGiven(source.db);
        await roundTrip(source.handle);
        for (const number of await nextNumbers(target.handle)) expect(given).not.toContain(number);
      }),
      { numRuns: 4, endOnFailure: true },
    );
  }, 600_000);

  it(
    raceTest('a backup taken while payments and invoices are written is one consistent moment'),
    async () => {
      // Invoices of pharmacies the licence gate lets through (the demo data leaves some out).
      const { body: issues } = await owner.get('/api/licences/issues');
      const refused = new Set(
        issues.pharmacies
          .filter((p: any) => p.problems.some((x: any) => x.problem === 'missing'))
          .map((p: any) => p.pharmacyId),
      );
      const { body: unpaid } = await owner.get('/api/invoices?tab=unpaid&limit=40');
      const open = unpaid.filter((invoice: any) => !refused.has(invoice.pharmacyId));
      expect(open.length).toBeGreaterThan(3);
      let writing = true;
      let written = 0;
      const writer = async (k: number) => {
        while (writing) {
          const invoice = open[(written + k) % open.length];
          const res = await owner.post('/api/payments', {
            invoiceId: invoice.id,
            pharmacyId: invoice.pharmacyId,
            date: '2026-04-20',
            amount: '0.01',
            method: 'ACH',
          });
          if (res.status === 201) written++;
          const made = await owner.post('/api/invoices', {
            pharmacyId: invoice.pharmacyId,
            invoiceDate: '2026-04-20',
            dueDate: '2026-05-20',
            amount: '5.00',
            status: 'Unpaid',
          });
          expect(made.status, made.text).toBe(201);
        }
      };
      const writers = [0, 1, 2, 3].map(writer);
      const files = [];
      for (let i = 0; i < 3; i++) {
        const file = nextFile();
        await writeBackup(source.handle, file, { productVersion: VERSION });
        files.push(file);
      }
      writing = false;
      await Promise.all(writers);
      expect(written).toBeGreaterThan(0);
      for (const file of files) {
        const report = await restoreBackup(target.handle.db, file, { replace: true });
        expect(report.violations).toEqual([]);
        // pharmacy_sales (kept by triggers) agrees with the invoices in the same moment.
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from pharmacy_sales s
          where s.sales_total <> (select coalesce(sum(total), 0) from invoices i
                                   where i.pharmacy_id = s.pharmacy_id and status <> 'Draft')
             or s.invoice_count <> (select count(*) from invoices i
                                     where i.pharmacy_id = s.pharmacy_id)`.execute(
          target.handle.db,
        );
        expect(rows[0]!.n).toBe(0);
      }
    },
    120_000,
  );

  it('refuses to restore into a database that holds data, and leaves it as it was', async () => {
    const file = nextFile();
    const before = await writeBackup(source.handle, file, { productVersion: VERSION });
    const refusal = await restoreBackup(source.db, file).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(BackupError);
    expect((refusal as BackupError).problem).toBe('not-empty');
    expect((refusal as BackupError).message).toMatch(
      /^The database is not empty \(users: \d+, .*pharmacies: \d+.*\)\. Restore into an empty database, or use --force to replace what it holds\.$/,
    );
    const declined = await restoreBackup(source.db, file, { replace: async () => false }).catch(
      (e: unknown) => e,
    );
    expect((declined as BackupError).problem).toBe('not-empty');
    const after = await writeBackup(source.handle, nextFile(), { productVersion: VERSION });
    expect(after.sha256).toBe(before.sha256);
  }, 60_000);

  it('refuses a file changed or damaged after it was written, before touching the database', async () => {
    const file = nextFile();
    const header = await writeBackup(source.handle, file, { productVersion: VERSION });
    const empty = await createTestDb({ migrate: false });
    try {
      // A digit of one row changed, the file compressed again: only the checksum can tell.
      const text = gunzipSync(await readFile(file)).toString('utf8');
      const lines = text.split('\n');
      const row = lines.findIndex((line) => line.includes('"payment_number":"PAY-'));
      lines[row] = lines[row]!.replace(
        /"amount":(\d)/,
        (_, d: string) => `"amount":${(Number(d) + 1) % 10}`,
      );
      const changed = nextFile();
      await writeFile(changed, gzipSync(lines.join('\n')));
      const refusal = await restoreBackup(empty.handle.db, changed).catch((e: unknown) => e);
      expect((refusal as BackupError).problem).toBe('checksum');
      expect((refusal as Error).message).toBe(
        `${changed} does not match its checksum: it was changed or damaged after it was written`,
      );

      // A byte of the compressed rows flipped.
      const bytes = await readFile(file);
      const at = bytes.length - 40;
      bytes.writeUInt8(bytes.readUInt8(at) ^ 0xff, at);
      const damaged = nextFile();
      await writeFile(damaged, bytes);
      const broken = await restoreBackup(empty.handle.db, damaged).catch((e: unknown) => e);
      expect(broken).toBeInstanceOf(BackupError);
      expect(['damaged', 'checksum']).toContain((broken as BackupError).problem);

      // Nothing was created, not even the schema.
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_tables where schemaname = 'public'`.execute(
        empty.handle.db,
      );
      expect(rows[0]!.n).toBe(0);
      expect(header.sha256).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await empty.drop();
    }
  }, 60_000);

  it('refuses a backup of a newer schema than this code knows', async () => {
    const file = nextFile();
    await writeBackup(source.handle, file, { productVersion: VERSION });
    const [headerLine, ...rest] = gunzipSync(await readFile(file))
      .toString('utf8')
      .split('\n');
    const newer = { ...JSON.parse(headerLine!), migration: '0099_future', productVersion: '9.0.0' };
    const future = nextFile();
    await writeFile(
      future,
      Buffer.concat([gzipSync(`${JSON.stringify(newer)}\n`), gzipSync(rest.join('\n'))]),
    );
    const refusal = await restoreBackup(target.handle.db, future, { replace: true }).catch(
      (e: unknown) => e,
    );
    expect((refusal as BackupError).problem).toBe('newer');
    expect((refusal as Error).message).toBe(
      `The backup comes from a newer PharmSupply (9.0.0, migration 0099_future); this one knows migrations up to ${MIGRATIONS.at(-1)}. Update PharmSupply, then restore.`,
    );
  }, 60_000);

  it('restores a backup of an older schema and runs the newer migrations after loading it', async () => {
    const old = await createTestDb({ migrate: false });
    try {
      await migrateTo(old.handle.db, '0005_insights');
      await sql`insert into pharmacies (name, email, balance) values ('Old Rx', 'old@example.com', 108.75)`.execute(
        old.handle.db,
      );
      await sql`
        insert into invoices (invoice_number, pharmacy_id, invoice_date, due_date, status, tax_rate,
                              amount, subtotal, tax_amount, total, balance)
        select 'INV-2025-00007', id, '2025-06-01', '2025-07-01', 'Partially Paid', 0.0875,
               100.00, 100.00, 8.75, 108.75 + 0, 108.75 - 50 from pharmacies`.execute(
        old.handle.db,
      );
      await sql`update pharmacies set balance = 58.75`.execute(old.handle.db);
      await sql`
        insert into payments (payment_number, invoice_id, pharmacy_id, date, amount, method)
        select 'PAY-2025-00003', id, pharmacy_id, '2025-06-15', 50.00, 'ACH' from invoices`.execute(
        old.handle.db,
      );
      await sql`insert into document_counters values ('INV', 2025, 7), ('PAY', 2025, 3)`.execute(
        old.handle.db,
      );
      const file = nextFile();
      const header = await writeBackup(old.handle, file, { productVersion: '0.0.1' });
      expect(header.migration).toBe('0005_insights');

      const report = await restoreBackup(target.handle.db, file, { replace: true });
      expect(report.migrated).toEqual(MIGRATIONS.slice(MIGRATIONS.indexOf('0005_insights') + 1));
      expect(report.migrated[0]).toBe('0006_statements');
      expect(report.violations).toEqual([]);
      const settings = await target.handle.db
        .selectFrom('businessSettings')
        .select('holdDaysPastDue')
        .execute();
      expect(settings).toEqual([{ holdDaysPastDue: 60 }]);
      const invoice = await target.handle.db
        .selectFrom('invoices')
        .select(['invoiceNumber', 'total', 'balance'])
        .executeTakeFirstOrThrow();
      expect(invoice).toEqual({
        invoiceNumber: 'INV-2025-00007',
        total: '108.75',
        balance: '58.75',
      });
    } finally {
      await old.drop();
    }
  }, 120_000);
});

describe(`the embedded database moved to ${here}`, () => {
  /** Every page of a list, as a REST client reads it. */
  async function readAll(c: Client, url: string): Promise<unknown[]> {
    const items: unknown[] = [];
    let cursor: string | undefined;
    do {
      const res = await c.get(
        `${url}${url.includes('?') ? '&' : '?'}limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.status, `${url}: ${res.text}`).toBe(200);
      items.push(...res.body);
      cursor = res.headers['x-next-cursor'] as string | undefined;
    } while (cursor);
    return items;
  }

  /** What a REST client reads of the whole business: every list, every record, the figures. */
  async function readBusiness(handle: DbHandle): Promise<Record<string, unknown>> {
    const server = await createServer({ dbHandle: handle, config: testConfig() });
    try {
      const c = new Client(server, '10.9.0.2');
      const login = await c.post('/api/login', {
        email: DEMO_USER.email,
        password: DEMO_USER.password,
      });
      expect(login.status, login.text).toBe(200);
      const read: Record<string, unknown> = {};
      for (const list of ['pharmacies', 'products', 'orders', 'invoices', 'payments', 'activity']) {
        const items = (await readAll(c, `/api/${list}`)) as { id: number }[];
        read[list] = items;
        if (list === 'activity') continue;
        for (const { id } of items) {
          const res = await c.get(`/api/${list}/${id}`);
          expect(res.status, res.text).toBe(200);
          read[`${list}/${id}`] = res.body;
        }
      }
      for (const url of ['/api/dashboard', '/api/reports', '/api/settings', '/api/user']) {
        read[url] = (await c.get(url)).body;
      }
      return read;
    } finally {
      await server.app.close();
    }
  }

  it(`serves the same REST reads from ${here} as from the embedded database it came from`, async () => {
    const [embedded, moved] = await Promise.all([
      createDb({ dataDir: 'memory://' }),
      createTestDb({ migrate: false }),
    ]);
    try {
      await seed(embedded.db, () => undefined);
      const file = nextFile();
      const header = await writeBackup(embedded, file, { productVersion: VERSION });
      expect(header.source.driver).toBe('pglite');
      expect(await databaseContents(moved.handle.db)).toEqual([]);
      const report = await restoreBackup(moved.handle.db, file);
      expect(report.violations).toEqual([]);
      const before = await readBusiness(embedded);
      const after = await readBusiness(moved.handle);
      expect(Object.keys(after).length).toBeGreaterThan(190);
      expect(after).toEqual(before);
    } finally {
      await Promise.all([embedded.close(), moved.drop()]);
    }
  }, 180_000);
});
