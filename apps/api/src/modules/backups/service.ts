import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { writeBackup, type Db, type DbHandle } from '@pharm/db';
import type { BackupEntry, BackupKind } from '@pharm/validators';
import { sql } from 'kysely';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { routeLabel } from '../../lib/http/metrics.js';
import { PRODUCT_VERSION } from '../../version.js';
import { BackupFolder, backupName } from './folder.js';
import { snapshotBackup } from './snapshot.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Up to this much table data a backup taken while serving reads the database directly, holding
 * its one connection for the whole reading (0.1 s for the demo data's 0.3 MB); above it, a
 * snapshot copy of the folder is read by a worker (snapshot.ts), which holds the connection
 * 0.4–1.4 s whatever the size (the folder's thousand-odd files), and 5 s of reading at 75 MB.
 */
const READ_DIRECTLY_UP_TO_BYTES = 4 * 1024 * 1024;

export interface BackupServiceOptions {
  /** The embedded database, on disk. */
  handle: DbHandle & { dataDir: string };
  /** How many backups to keep (BACKUP_KEEP). */
  keep: number;
  log: FastifyBaseLogger;
  /** When to look first whether a daily backup is due (after start), then every hour. */
  firstCheckMs?: number;
  /** Table data up to which a backup while serving reads directly (READ_DIRECTLY_UP_TO_BYTES). */
  readDirectlyUpToBytes?: number;
}

/** What the metrics report about automatic backups. */
export interface BackupStats {
  lastSuccess: Date | undefined;
  failures: number;
  /** How long the last backup held the database (so requests waited), in ms. */
  lastHeldMs: number | undefined;
}

/**
 * The embedded database's backups, kept by the server in DATA_DIR/backups: one a day while it
 * runs (when the newest is a day old, checked hourly), one at shutdown when something was
 * written since the last, and one whenever someone asks (Settings → Back up now). One runs at a
 * time; the newest `keep` are kept. On PostgreSQL there is no such service: backups are the
 * operator's (README "Backups").
 */
export class BackupService {
  readonly folder: BackupFolder;
  readonly keep: number;
  readonly stats: BackupStats = { lastSuccess: undefined, failures: 0, lastHeldMs: undefined };
  private readonly handle: DbHandle & { dataDir: string };
  private readonly log: FastifyBaseLogger;
  private readonly firstCheckMs: number;
  private readonly readDirectlyUpToBytes: number;
  private queue: Promise<unknown> = Promise.resolve();
  private written = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(options: BackupServiceOptions) {
    this.handle = options.handle;
    this.keep = options.keep;
    this.log = options.log;
    this.firstCheckMs = options.firstCheckMs ?? 5 * 60 * 1000;
    this.readDirectlyUpToBytes = options.readDirectlyUpToBytes ?? READ_DIRECTLY_UP_TO_BYTES;
    this.folder = new BackupFolder(path.join(options.handle.dataDir, 'backups'));
  }

  async start(): Promise<void> {
    await this.folder.prepare();
    const check = (delay: number) => {
      if (this.stopped) return;
      this.timer = setTimeout(() => {
        void this.backUpIfDue().finally(() => check(HOUR_MS));
      }, delay);
      this.timer.unref();
    };
    check(this.firstCheckMs);
  }

  /** A request changed something: the shutdown backs up. */
  noteWrite(): void {
    this.written = true;
  }

  list(): Promise<BackupEntry[]> {
    return this.folder.list();
  }

  /** Takes a backup while the server serves (after any already running); its entry. */
  create(kind: Exclude<BackupKind, 'shutdown'>): Promise<BackupEntry> {
    const run = this.queue.then(() => this.take(kind, true));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Takes the daily backup when the newest backup is a day old or there is none. */
  async backUpIfDue(now = Date.now()): Promise<BackupEntry | undefined> {
    const [newest] = await this.folder.list();
    if (newest && now - Date.parse(newest.createdAt) < DAY_MS) return undefined;
    return this.create('daily').catch(() => undefined);
  }

  /**
   * At shutdown, once requests have drained and before the database closes: the timers stop, and
   * if anything was written since the last backup, one more is taken, straight from the database
   * (nothing else uses it now).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.queue;
    if (!this.written) return;
    await this.take('shutdown', false).catch(() => undefined);
  }

  private async take(kind: BackupKind, whileServing: boolean): Promise<BackupEntry> {
    this.written = false;
    const started = performance.now();
    const file = path.join(this.folder.dir, backupName(kind));
    try {
      let heldMs: number;
      if (whileServing && (await tableBytes(this.handle.db)) > this.readDirectlyUpToBytes) {
        ({ heldMs } = await snapshotBackup(this.handle, this.folder.dir, file, PRODUCT_VERSION));
      } else {
        await writeBackup(this.handle, file, { productVersion: PRODUCT_VERSION });
        heldMs = performance.now() - started;
      }
      this.stats.lastSuccess = new Date();
      this.stats.lastHeldMs = heldMs;
      const removed = await this.folder.prune(this.keep);
      const entry = (await this.folder.list()).find((e) => e.name === path.basename(file));
      this.log.info(
        {
          file,
          bytes: entry?.size,
          ms: Math.round(performance.now() - started),
          heldMs: Math.round(heldMs),
          removed,
        },
        `${kind} backup written`,
      );
      return entry!;
    } catch (err) {
      this.written = true;
      this.stats.failures++;
      this.log.error({ err, file }, `${kind} backup failed`);
      throw err;
    }
  }
}

/** The size of the public schema's tables (without indexes): what a backup reads. */
async function tableBytes(db: Db): Promise<number> {
  const { rows } = await sql<{ bytes: string }>`
    select coalesce(sum(pg_relation_size(oid)), 0)::text as bytes
      from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'`.execute(db);
  return Number(rows[0]!.bytes);
}

/**
 * The backup service of an embedded database kept on disk, started, with its hooks: a successful
 * write request marks the database written, and closing the server takes the shutdown backup.
 * Undefined on PostgreSQL and in memory.
 */
export async function installBackups(
  app: FastifyInstance,
  handle: DbHandle,
  keep: number,
): Promise<BackupService | undefined> {
  const { dataDir } = handle;
  if (handle.driver !== 'pglite' || !dataDir) return undefined;
  const service = new BackupService({ handle: { ...handle, dataDir }, keep, log: app.log });
  await service.start();
  app.addHook('onResponse', async (req, reply) => {
    if (READ_METHODS.has(req.method) || reply.statusCode >= 400) return;
    if (!SESSION_ONLY.has(routeLabel(req))) service.noteWrite();
  });
  app.addHook('onClose', () => service.stop());
  return service;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Writes of sessions only, which backups leave out: no reason for a shutdown backup. */
const SESSION_ONLY = new Set([
  '/api/login',
  '/api/logout',
  '/trpc/auth.login',
  '/trpc/auth.logout',
]);
