/**
 * Backups (issue 23): how long a backup and a restore take and how big the file is, on the demo
 * data and on a larger business, and how long requests wait on the embedded database while the
 * server takes a backup of itself.
 *
 *     pnpm build                                            # the stall runs the built server
 *     DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm --filter @pharm/bench exec tsx backup.ts
 *     … backup.ts --invoices 100000                          # the larger business (default 100,000)
 *
 * The demo data is `pnpm db:seed`'s, in a PGlite folder. The larger business is made on
 * PostgreSQL by insights-seed.ts (invoices with their orders, line items and payments) in the
 * database pharm_backup_bench, backed up, and restored into a PGlite folder: so without
 * DATABASE_URL only the demo figures are printed.
 *
 * The stall: the built server on a PGlite folder, four clients reading /api/pharmacies one request
 * after another, and "Back up now" (backups.create) in the middle: the longest request before
 * and during the backup, and how long the backup held the database (backup_last_hold_seconds).
 * Reading the same backup through the server's one PGlite connection would have held every
 * request up for the whole "PGlite folder → file" time above.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { seed } from '@pharm/api';
import {
  createDb,
  createScratchDatabase,
  restoreBackup,
  writeBackup,
  type DbHandle,
} from '@pharm/db';
import { sql } from 'kysely';
import { API_MAIN, exited, startBuiltServer } from './lib/server-process.js';

const at = process.argv.indexOf('--invoices');
const INVOICES = at > 0 ? Number(process.argv[at + 1]) : 100_000;
const CLIENTS = 4;
/** Backups taken one after another while the clients read. */
const ROUNDS = 3;
const LARGE_DATABASE = 'pharm_backup_bench';

const work = mkdtempSync(path.join(os.tmpdir(), 'pharm-backup-bench-'));
const children: ChildProcess[] = [];

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await run();
  return [result, performance.now() - started];
}

/** Backs `handle` up: rows, file size and time. */
async function backUp(label: string, handle: DbHandle, file: string): Promise<void> {
  const [header, ms] = await timed(() => writeBackup(handle, file, { productVersion: 'bench' }));
  const rows = header.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `${label.padEnd(34)} ${seconds(ms).padStart(8)}  ${rows.toLocaleString('en-US').padStart(9)} rows  ${megabytes(statSync(file).size).padStart(8)}`,
  );
}

async function restore(label: string, handle: DbHandle, file: string): Promise<void> {
  const [report, ms] = await timed(() => restoreBackup(handle.db, file));
  if (report.violations.length) throw new Error(`${label}: ${report.violations.join('; ')}`);
  console.log(`${label.padEnd(34)} ${seconds(ms).padStart(8)}  (money checks hold)`);
}

/** The larger business on PostgreSQL, made by insights-seed.ts in a process of its own. */
async function seedLarge(adminUrl: string): Promise<void> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'insights-seed.ts', '--invoices', String(INVOICES), '--pharmacies', '500'],
    {
      cwd: path.dirname(fileURLToPath(import.meta.url)),
      env: { ...process.env, DATABASE_URL: adminUrl, BENCH_DATABASE: LARGE_DATABASE },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  children.push(child);
  await exited(child);
  if (child.exitCode !== 0) throw new Error(`insights-seed.ts exited with ${child.exitCode}`);
}

/** Request latencies on the built server over `dataDir` before and while it backs itself up. */
async function stall(label: string, dataDir: string): Promise<void> {
  const { url, child } = await startBuiltServer({
    label,
    main: API_MAIN,
    database: { DATA_DIR: dataDir },
    env: { METRICS: 'on' },
    logFile: path.join(work, `${label.replace(/\W+/g, '-')}.log`),
    onSpawn: (spawned) => children.push(spawned),
  });
  const register = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: 'bench1234' }),
  });
  const cookie = register.headers.get('set-cookie')!.split(';', 1)[0]!;
  const timings: { at: number; ms: number }[] = [];
  let running = true;
  const client = async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${url}/api/pharmacies?limit=20`, { headers: { cookie } });
      await res.arrayBuffer();
      timings.push({ at: started, ms: performance.now() - started });
    }
  };
  const clients = Array.from({ length: CLIENTS }, client);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const backups: { started: number; ended: number; held: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    const res = await fetch(`${url}/trpc/backups.create`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    if (!res.ok) throw new Error(`${label}: Back up now answered ${res.status}`);
    const ended = performance.now();
    const metrics = await (await fetch(`${url}/metrics`)).text();
    const held = Number(/^backup_last_hold_seconds (\S+)$/m.exec(metrics)?.[1]) * 1000;
    backups.push({ started, ended, held });
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  running = false;
  await Promise.all(clients);
  child.kill('SIGTERM');
  await exited(child);

  const max = (values: number[]) => Math.max(...values).toFixed(0);
  const p99 = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)]!.toFixed(0);
  const before = timings.filter((t) => t.at + t.ms < backups[0]!.started).map((t) => t.ms);
  console.log(
    `${label}: ${before.length} requests before, p99 ${p99(before)} ms, max ${max(before)} ms`,
  );
  for (const [i, b] of backups.entries()) {
    const during = timings
      .filter((t) => t.at < b.ended && t.at + t.ms > b.started)
      .map((t) => t.ms);
    console.log(
      `  backup ${i + 1}: ${seconds(b.ended - b.started)}, database held ${b.held.toFixed(0)} ms; ` +
        `${during.length} requests meanwhile, p99 ${p99(during)} ms, max ${max(during)} ms`,
    );
  }
}

async function main() {
  console.log(
    `${'step'.padEnd(34)} ${'time'.padStart(8)}  ${'rows'.padStart(9)}       ${'file'.padStart(8)}`,
  );
  const demoDir = path.join(work, 'demo');
  const demo = await createDb({ dataDir: demoDir });
  await seed(demo.db, () => undefined);
  const demoFile = path.join(work, 'demo.backup');
  await backUp('demo: PGlite folder → file', demo, demoFile);
  await demo.close();
  const demoCopy = await createDb({ dataDir: path.join(work, 'demo-copy'), migrate: false });
  await restore('demo: file → new PGlite folder', demoCopy, demoFile);
  await demoCopy.close();

  const adminUrl = process.env.DATABASE_URL;
  let largeDir: string | undefined;
  if (adminUrl) {
    const scratch = await createScratchDatabase(adminUrl, 'pharm_backup_bench_demo');
    const onPg = await createDb({ url: scratch.url, migrate: false });
    await restore('demo: file → PostgreSQL', onPg, demoFile);
    await backUp('demo: PostgreSQL → file', onPg, path.join(work, 'demo-pg.backup'));
    await onPg.close();
    await scratch.drop();

    await seedLarge(adminUrl);
    const largeUrl = new URL(adminUrl);
    largeUrl.pathname = `/${LARGE_DATABASE}`;
    const large = await createDb({ url: largeUrl.toString(), migrate: false });
    const largeFile = path.join(work, 'large.backup');
    await backUp(`${INVOICES} invoices: PostgreSQL → file`, large, largeFile);
    await large.close();
    const admin = await createDb({ url: adminUrl, migrate: false, pool: { max: 1 } });
    await sql`drop database ${sql.id(LARGE_DATABASE)} with (force)`.execute(admin.db);
    await admin.close();
    largeDir = path.join(work, 'large');
    const lite = await createDb({ dataDir: largeDir, migrate: false });
    await restore(`${INVOICES} invoices: file → PGlite`, lite, largeFile);
    await backUp(
      `${INVOICES} invoices: PGlite folder → file`,
      lite,
      path.join(work, 'large-lite.backup'),
    );
    await lite.close();
    console.log(`(the PGlite folder of ${INVOICES} invoices: ${megabytes(folderSize(largeDir))})`);
  }

  console.log(
    `\nload average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  await stall('demo: Back up now while serving', demoDir);
  if (largeDir) await stall(`${INVOICES} invoices: Back up now while serving`, largeDir);
}

function folderSize(dir: string): number {
  let size = 0;
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else size += statSync(full).size;
    }
  };
  walk(dir);
  return size;
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
  });
