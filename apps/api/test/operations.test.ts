/**
 * Operations (issue 23): the probes a load balancer asks (/healthz, /readyz), the Prometheus
 * metrics, and the backups the server keeps of the embedded database (Settings → Backups).
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createDb,
  createScratchDatabase,
  restoreBackup,
  type DbHandle,
  type PoolSettings,
} from '@pharm/db';
import { sql } from 'kysely';
import parsePrometheus from 'parse-prometheus-text-format';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../src/config.js';
import { BackupService } from '../src/modules/backups/service.js';
import { UNMATCHED_ROUTE } from '../src/lib/http/metrics.js';
import { DEMO_USER, seed } from '../src/seed/index.js';
import { createServer, type AppServer } from '../src/server.js';
import { Client, createTestDb, testConfig, usingPostgres } from './helpers.js';

const here = usingPostgres ? 'PostgreSQL' : 'PGlite';

/** A server on a database of its own (closed with it); the database's URL on PostgreSQL. */
async function serverOn(config: Partial<AppConfig> = {}, pool?: Partial<PoolSettings>) {
  let handle: DbHandle;
  let url: string | undefined;
  let dropDb: () => Promise<void>;
  if (usingPostgres && pool) {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL!);
    handle = await createDb({ url: scratch.url, pool, onConnectionError: () => undefined });
    url = scratch.url;
    dropDb = async () => (await handle.close(), await scratch.drop());
  } else {
    const db = await createTestDb();
    ({ handle, url } = db);
    dropDb = db.drop;
  }
  const server = await createServer({ dbHandle: handle, config: testConfig(config) });
  return {
    server,
    handle,
    url,
    client: (ip = '10.8.0.1') => new Client(server, ip),
    close: async () => {
      await server.app.close();
      await dropDb();
    },
  };
}

async function signedIn(server: AppServer): Promise<Client> {
  const c = new Client(server, '10.8.0.2');
  const res = await c.post('/api/register', {
    email: `ops-${Date.now()}@example.com`,
    password: 'secret12',
  });
  expect(res.status, res.text).toBe(201);
  return c;
}

describe(`probes on ${here}`, () => {
  let t: Awaited<ReturnType<typeof serverOn>>;
  beforeAll(async () => {
    t = await serverOn();
  }, 60_000);
  afterAll(() => t.close());

  it('answers /healthz and /readyz 200 without a session, and nothing but ok', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const res = await t.client().get(url);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers /readyz 503 while migrations are pending or newer than the server, 200 again after', async () => {
    const { db } = t.handle;
    const latest = await sql<{ name: string; timestamp: string }>`
      select name, timestamp from kysely_migration order by name desc limit 1`.execute(db);
    const { name, timestamp } = latest.rows[0]!;

    await sql`delete from kysely_migration where name = ${name}`.execute(db);
    const pending = await t.client().get('/readyz');
    await sql`insert into kysely_migration (name, timestamp) values (${name}, ${timestamp})`.execute(
      db,
    );
    expect(pending.status).toBe(503);
    expect(pending.body).toEqual({ ok: false, reason: 'migrations pending' });

    await sql`insert into kysely_migration (name, timestamp) values ('9999_future', ${timestamp})`.execute(
      db,
    );
    const newer = await t.client().get('/readyz');
    await sql`delete from kysely_migration where name = '9999_future'`.execute(db);
    expect(newer.status).toBe(503);
    expect(newer.body).toEqual({ ok: false, reason: 'database migrated by a newer version' });

    expect((await t.client().get('/readyz')).status).toBe(200);
  });

  it.runIf(usingPostgres)(
    'answers /readyz 503 while the database refuses connections, /healthz 200 all along, and /readyz 200 once it is back',
    async () => {
      const name = new URL(t.url!).pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      try {
        await admin.query(`alter database ${name} allow_connections false`);
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
          [name],
        );
        const down = await t.client().get('/readyz');
        expect(down.status).toBe(503);
        expect(down.body).toEqual({ ok: false, reason: 'database unavailable' });
        expect(down.headers['retry-after']).toBeUndefined();
        expect((await t.client().get('/healthz')).status).toBe(200);
      } finally {
        await admin.query(`alter database ${name} allow_connections true`);
        await admin.end();
      }
      // The pool drops the connections that were cut as it meets them: ready within a few probes.
      let status = 0;
      for (let probe = 0; probe < 10 && status !== 200; probe++) {
        if (probe) await new Promise((resolve) => setTimeout(resolve, 200));
        status = (await t.client().get('/readyz')).status;
      }
      expect(status).toBe(200);
    },
  );
});

describe(`metrics on ${here}`, () => {
  it('are not served unless METRICS says so', async () => {
    const t = await serverOn();
    try {
      expect((await t.client().get('/metrics')).status).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('count requests by route template and status, never by raw path, in the Prometheus text format', async () => {
    const t = await serverOn({ metrics: { enabled: true, port: undefined } });
    try {
      const c = await signedIn(t.server);
      expect((await c.get('/api/pharmacies/918273')).status).toBe(404);
      expect((await c.get('/api/invoices/646464')).status).toBe(404);
      expect((await c.get('/api/pharmacies')).status).toBe(200);
      expect((await c.get('/trpc/pharmacies.list?input=%7B%22json%22%3A%7B%7D%7D')).status).toBe(
        200,
      );
      expect(
        (await c.get('/trpc/pharmacies.list,dashboard.summary?batch=1&input=%7B%7D')).status,
      ).toBe(200);
      expect((await c.get('/trpc/no.such.procedure%2F737373')).status).toBe(404);
      expect((await c.get('/nothing/here/515151')).status).toBe(404);

      const res = await t.client().get('/metrics');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const families = parsePrometheus(res.text);
      const family = (name: string) => families.find((f) => f.name === name);

      const requests = family('http_requests_total')!;
      expect(requests.type).toBe('COUNTER');
      const count = (route: string, status: string) =>
        Number(
          requests.metrics.find(
            (m) =>
              m.labels?.route === route && m.labels.status === status && m.labels.method === 'GET',
          )?.value ?? 0,
        );
      expect(count('/api/pharmacies/:id', '404')).toBe(1);
      expect(count('/api/invoices/:id', '404')).toBe(1);
      expect(count('/api/pharmacies', '200')).toBe(1);
      expect(count('/trpc/pharmacies.list', '200')).toBe(1);
      expect(count('/trpc/(batch)', '200')).toBe(1);
      expect(count('/trpc/:path', '404')).toBe(1);
      expect(count(UNMATCHED_ROUTE, '404')).toBe(1);
      const labels = JSON.stringify(families.flatMap((f) => f.metrics.map((m) => m.labels ?? {})));
      for (const raw of ['918273', '646464', '737373', '515151', 'nothing']) {
        expect(labels).not.toContain(raw);
      }

      const latency = family('http_request_duration_seconds')!;
      expect(latency.type).toBe('HISTOGRAM');
      // The parser folds a histogram's labelled series together; its count is in the text.
      expect(res.text).toContain(
        'http_request_duration_seconds_count{method="GET",route="/api/pharmacies",status="200"} 1\n',
      );

      for (const name of [
        'process_resident_memory_bytes',
        'nodejs_heap_size_used_bytes',
        'nodejs_eventloop_lag_seconds',
        'db_timeouts_total',
      ]) {
        expect(family(name), name).toBeDefined();
      }
      expect(family('db_pool_connections') !== undefined).toBe(usingPostgres);
      expect(family('db_pool_waiting_requests') !== undefined).toBe(usingPostgres);
    } finally {
      await t.close();
    }
  });

  it('report the worker threads: their queue, the tasks in hand and how long tasks waited', async () => {
    const t = await serverOn({ metrics: { enabled: true, port: undefined } });
    try {
      const c = await signedIn(t.server);
      const pharmacy = await c.post('/api/pharmacies', {
        name: 'Metrics Rx',
        email: 'm@example.com',
      });
      const order = await c.post('/api/orders', {
        pharmacyId: pharmacy.body.id,
        orderDate: '2026-03-02',
        lineItems: [{ description: '2 mL vial', qty: 2, unitPrice: '1.25', lineTotal: '2.50' }],
      });
      for (let i = 0; i < 2; i++) {
        expect((await c.get(`/api/orders/${order.body.id}/download`)).status).toBe(200);
      }
      const res = await t.client().get('/metrics');
      const families = parsePrometheus(res.text);
      for (const name of ['worker_pool_threads', 'worker_pool_queue_length', 'worker_pool_tasks']) {
        expect(families.find((f) => f.name === name)?.type, name).toBe('GAUGE');
      }
      expect(families.find((f) => f.name === 'worker_pool_queue_length')?.metrics[0]?.value).toBe(
        '0',
      );
      expect(res.text).toContain('worker_pool_wait_seconds_count 2\n');
    } finally {
      await t.close();
    }
  });

  it('are served on METRICS_PORT on 127.0.0.1 only, and not on the main port, when it is set', async () => {
    const port = await freePort();
    const t = await serverOn({ metrics: { enabled: true, port } });
    try {
      const address = await t.server.start(0, '127.0.0.1');
      expect((await fetch(`${address}/metrics`)).status).toBe(404);
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(parsePrometheus(await res.text()).some((f) => f.name === 'http_requests_total')).toBe(
        true,
      );
      await expect(fetch(`http://[::1]:${port}/metrics`)).rejects.toThrow();
    } finally {
      await t.close();
    }
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });

  it.runIf(usingPostgres)(
    'count statement timeouts (57014) and lock timeouts (55P03), each answered 503',
    async () => {
      const t = await serverOn(
        { metrics: { enabled: true, port: undefined } },
        { max: 4, statementTimeoutMs: 300, lockTimeoutMs: 200 },
      );
      const locker = new pg.Client({ connectionString: t.url });
      try {
        const c = await signedIn(t.server);
        const made = await c.post('/api/pharmacies', {
          name: 'Slow Rx',
          email: 'slow@example.com',
        });
        expect(made.status).toBe(201);

        await sql`create function slow() returns trigger language plpgsql as $$
          begin perform pg_sleep(1); return new; end $$`.execute(t.handle.db);
        await sql`create trigger slow before insert on pharmacies
          for each row execute function slow()`.execute(t.handle.db);
        const slow = await c.post('/api/pharmacies', {
          name: 'Slower Rx',
          email: 'slower@example.com',
        });
        expect(slow.status).toBe(503);
        await sql`drop trigger slow on pharmacies`.execute(t.handle.db);

        await locker.connect();
        await locker.query('begin');
        await locker.query('select * from pharmacies where id = $1 for update', [made.body.id]);
        const locked = await c.put(`/api/pharmacies/${made.body.id}`, {
          name: 'Locked Rx',
          email: 'slow@example.com',
        });
        await locker.query('rollback');
        expect(locked.status).toBe(503);

        const families = parsePrometheus((await t.client().get('/metrics')).text);
        const timeouts = families.find((f) => f.name === 'db_timeouts_total')!.metrics;
        expect(Object.fromEntries(timeouts.map((m) => [m.labels!.kind, m.value]))).toEqual({
          statement: '1',
          lock: '1',
        });
      } finally {
        await locker.end().catch(() => undefined);
        await t.close();
      }
    },
  );
});

describe(`backups kept by the server on ${here}`, () => {
  it.runIf(usingPostgres)(
    'are the operator’s job on PostgreSQL: none listed, Back up now refused',
    async () => {
      const t = await serverOn();
      try {
        const c = await signedIn(t.server);
        const list = await c.get('/trpc/backups.list');
        expect(list.body.result.data.json).toEqual({ keptByServer: false });
        const create = await c.post('/trpc/backups.create', {});
        expect(create.status).toBe(409);
      } finally {
        await t.close();
      }
    },
  );

  describe.runIf(!usingPostgres)('of the embedded database on disk', () => {
    let dataDir: string;
    let handle: DbHandle;
    let server: AppServer;
    let c: Client;
    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'pharm-data-'));
      handle = await createDb({ dataDir });
      await seed(handle.db, () => undefined);
      server = await createServer({ dbHandle: handle, config: testConfig({ backupKeep: 2 }) });
      c = new Client(server, '10.8.0.3');
      const login = await c.post('/api/login', {
        email: DEMO_USER.email,
        password: DEMO_USER.password,
      });
      expect(login.status).toBe(200);
    }, 120_000);
    afterAll(async () => {
      await server.app.close();
      await handle.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    const list = async () => (await c.get('/trpc/backups.list')).body.result.data.json;

    it('takes one on Back up now while serving, lists it with its size and time, and its Download restores', async () => {
      expect(await list()).toEqual({
        keptByServer: true,
        folder: path.join(dataDir, 'backups'),
        keep: 2,
        backups: [],
      });
      const started = Date.now();
      const create = await c.post('/trpc/backups.create', {});
      expect(create.status, create.text).toBe(200);
      const { backups } = await list();
      expect(backups).toHaveLength(1);
      const [backup] = backups;
      expect(backup.kind).toBe('manual');
      expect(backup.size).toBeGreaterThan(10_000);
      expect(Date.parse(backup.createdAt)).toBeGreaterThanOrEqual(started - 1000);
      expect(create.body.result.data.json).toEqual(backup);

      const download = await server.app.inject({
        url: `/api/backups/${backup.name}`,
        headers: { cookie: c.cookie! },
      });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/gzip');
      expect(download.headers['content-disposition']).toBe(`attachment; filename="${backup.name}"`);
      expect(download.rawPayload.length).toBe(backup.size);
      const file = path.join(dataDir, 'downloaded.backup');
      await writeFile(file, download.rawPayload);
      const copy = await createDb({ dataDir: 'memory://', migrate: false });
      try {
        const report = await restoreBackup(copy.db, file);
        expect(report.violations).toEqual([]);
        expect(report.counts.find((t) => t.table === 'invoices')!.rows).toBeGreaterThan(10);
      } finally {
        await copy.close();
        await rm(file);
      }
      // Nothing of the snapshot is left behind.
      expect(await readdir(path.join(dataDir, 'backups'))).toEqual([backup.name]);
    }, 120_000);

    it('gives a backup only to a signed-in user, and only a backup', async () => {
      const { backups } = await list();
      const signedOut = await server.app.inject({ url: `/api/backups/${backups[0].name}` });
      expect(signedOut.statusCode).toBe(401);
      for (const name of [
        '..%2F..%2FPG_VERSION',
        '%2E%2E',
        'postgresql.conf',
        'pharmsupply-x.backup',
      ]) {
        const res = await server.app.inject({
          url: `/api/backups/${name}`,
          headers: { cookie: c.cookie! },
        });
        expect(res.statusCode, name).toBe(404);
      }
    });

    it('takes the daily one when the newest is a day old, and keeps the newest BACKUP_KEEP', async () => {
      expect(await server.backups!.backUpIfDue()).toBeUndefined();
      const daily = await server.backups!.backUpIfDue(Date.now() + 25 * 60 * 60 * 1000);
      expect(daily?.kind).toBe('daily');
      await c.post('/trpc/backups.create', {});
      const { backups } = await list();
      expect(backups.map((b: { kind: string }) => b.kind)).toEqual(['manual', 'daily']);
    }, 120_000);

    it('reads the database from a snapshot copy in a worker (as above 4 MB of rows) while payments go on', async () => {
      // The demo data is read directly (0.3 MB of rows); any size at all takes the snapshot here.
      const snapshots = new BackupService({
        handle: { ...handle, dataDir },
        keep: 10,
        log: server.app.log,
        readDirectlyUpToBytes: 0,
      });
      const { body: open } = await c.get('/api/invoices?tab=unpaid&limit=10');
      let writing = true;
      const paid: number[] = [];
      const writer = async () => {
        for (let k = 0; writing; k++) {
          const invoice = open[k % open.length];
          const res = await c.post('/api/payments', {
            invoiceId: invoice.id,
            pharmacyId: invoice.pharmacyId,
            date: '2026-04-20',
            amount: '0.01',
            method: 'ACH',
          });
          expect(res.status, res.text).toBe(201);
          paid.push(performance.now());
        }
      };
      const writers = [writer(), writer()];
      const started = performance.now();
      const backup = await snapshots.create('manual');
      const ended = performance.now();
      writing = false;
      await Promise.all(writers);

      // Payments went on while the worker read the copy: they waited only while it was made.
      const during = [started, ...paid.filter((at) => at > started && at < ended), ended];
      const longestWait = Math.max(...during.slice(1).map((at, i) => at - during[i]!));
      expect(longestWait).toBeLessThan((ended - started) / 2);
      expect(snapshots.stats.lastHeldMs).toBeLessThan(longestWait + 50);
      const folder = path.join(dataDir, 'backups');
      expect((await readdir(folder)).filter((name) => !name.endsWith('.backup'))).toEqual([]);

      const copy = await createDb({ dataDir: 'memory://', migrate: false });
      try {
        const report = await restoreBackup(copy.db, path.join(folder, backup.name));
        expect(report.violations).toEqual([]);
      } finally {
        await copy.close();
      }
    }, 120_000);

    it('takes one at shutdown after a write, and none after reads and sign-ins only', async () => {
      const names = async () => (await readdir(path.join(dataDir, 'backups'))).sort();
      const reader = await createServer({
        dbHandle: handle,
        config: testConfig({ backupKeep: 5 }),
      });
      const before = await names();
      const r = new Client(reader, '10.8.0.4');
      await r.post('/api/login', { email: DEMO_USER.email, password: DEMO_USER.password });
      expect((await r.get('/api/pharmacies')).status).toBe(200);
      await reader.app.close();
      expect(await names()).toEqual(before);

      const writer = await createServer({
        dbHandle: handle,
        config: testConfig({ backupKeep: 5 }),
      });
      const w = new Client(writer, '10.8.0.5');
      await w.post('/api/login', { email: DEMO_USER.email, password: DEMO_USER.password });
      expect(
        (await w.post('/api/pharmacies', { name: 'Late Rx', email: 'late@example.com' })).status,
      ).toBe(201);
      await writer.app.close();
      const after = await names();
      expect(after.filter((n) => !before.includes(n))).toEqual([
        expect.stringMatching(/-shutdown\.backup$/),
      ]);
    }, 120_000);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
