import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';
import { migrateToLatest } from './migrate.js';
import type { Database } from './schema.js';

const DATE_OID = 1082;
const TIMESTAMPTZ_OID = 1184;

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  driver: 'pg' | 'pglite';
  /** The node-postgres pool, when on a server; the API's health check and tests use it. */
  pool?: pg.Pool;
  /** The postgres:// URL, when on a server: the job queue (pg-boss) opens its own connections. */
  url?: string;
  /** PGlite's folder, when on disk (not `memory://`): the server keeps its backups there. */
  dataDir?: string;
  close(): Promise<void>;
}

export interface CreateDbOptions {
  /** postgres:// URL; when absent the embedded PGlite database in `dataDir` is used. */
  url?: string;
  /**
   * PGlite data folder (default `./.data`); `memory://` keeps it in memory (tests). A folder on
   * disk is locked for this process until `close()` or exit: another process opening it gets
   * DataDirInUseError (data-dir-lock.ts).
   */
  dataDir?: string;
  /** Who opens the folder, as another process is told while it is held ('the server'). */
  holder?: string;
  /** How messages name the folder (default: `dataDir` as given), e.g. `./.data`. */
  dataDirLabel?: string;
  /** Run the migrations before returning (default true). */
  migrate?: boolean;
  /** Called when an idle or checked-out connection fails (PostgreSQL restart, network drop). */
  onConnectionError?: (error: Error) => void;
  /** node-postgres pool settings; the defaults suit the API. */
  pool?: Partial<PoolSettings>;
}

export interface PoolSettings {
  max: number;
  /** A statement running longer is cancelled (SQLSTATE 57014); 0 turns it off. */
  statementTimeoutMs: number;
  /** A wait for a row or table lock longer than this fails (SQLSTATE 55P03); 0 turns it off. */
  lockTimeoutMs: number;
}

const DEFAULT_POOL: PoolSettings = { max: 10, statementTimeoutMs: 15_000, lockTimeoutMs: 5_000 };

/**
 * timestamptz as the ISO string `Date#toISOString` writes ('2026-03-14T10:00:00.123Z'), the form
 * every reader gets (schema.ts). PostgreSQL writes '2026-03-14 10:00:00.123456+00' when the session
 * is in UTC: that is rearranged as text, the microseconds cut to milliseconds as a Date would cut
 * them. Any other offset goes through V8's Date, and the rarer forms (BC, a year past 9999, an
 * offset with seconds) through pg's parser (postgres-date); 'infinity', which no Date can hold,
 * stays as PostgreSQL wrote it.
 */
const UTC_TIMESTAMPTZ = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;
const ISO_TIMESTAMPTZ = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,6})?[+-]\d\d(?::\d\d)?$/;
const parsePgTimestamptz = pg.types.getTypeParser(TIMESTAMPTZ_OID, 'text');

function parseTimestamptz(value: string): string {
  const utc = UTC_TIMESTAMPTZ.exec(value);
  if (utc) return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  const parsed: unknown = ISO_TIMESTAMPTZ.test(value) ? new Date(value) : parsePgTimestamptz(value);
  return parsed instanceof Date && !Number.isNaN(parsed.getTime()) ? parsed.toISOString() : value;
}

/** Calendar dates stay 'YYYY-MM-DD' strings: a JS Date would shift them by the time zone. */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === DATE_OID
      ? (value: string) => value
      : oid === TIMESTAMPTZ_OID && format !== 'binary'
        ? parseTimestamptz
        : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export async function createDb(options: CreateDbOptions = {}): Promise<DbHandle> {
  const settings = { ...DEFAULT_POOL, ...options.pool };
  const handle = options.url
    ? openPostgres(options.url, settings, options.onConnectionError)
    : await openPglite(options);
  if (options.migrate !== false) {
    try {
      await (options.url
        ? migrateOnOwnConnection(options.url, settings)
        : migrateToLatest(handle.db));
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
  return handle;
}

/**
 * The migrations on a connection of their own with no statement timeout: an index or a backfill
 * over a million invoices runs for minutes, past the 15 s a request's statement may take (0027 and
 * 0029 were cancelled by it on a large database). The lock timeout stays, so that a migration
 * waiting behind a running app's transaction fails with a message instead of queueing every
 * request behind its lock.
 */
async function migrateOnOwnConnection(url: string, settings: PoolSettings): Promise<void> {
  const migrations = openPostgres(url, { ...settings, max: 1, statementTimeoutMs: 0 });
  try {
    await migrateToLatest(migrations.db);
  } finally {
    await migrations.close();
  }
}

function openPostgres(
  url: string,
  settings: PoolSettings,
  onConnectionError?: (error: Error) => void,
): DbHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: settings.max,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: settings.statementTimeoutMs,
    lock_timeout: settings.lockTimeoutMs,
    // A client that dies inside a transaction must not keep its locks until TCP notices.
    idle_in_transaction_session_timeout: 30_000,
    // The server's answer is awaited a little longer than the statement may run.
    query_timeout: settings.statementTimeoutMs ? settings.statementTimeoutMs + 5_000 : undefined,
    // Connections through NAT or a proxy are dropped silently when idle; probes notice.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    types: pgTypes,
  });
  // Without these listeners a dropped connection emits an unhandled 'error' and kills the process.
  const report = (error: Error) => onConnectionError?.(error);
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
  return { db, driver: 'pg', pool, url, close: () => db.destroy() };
}

/** The default holder's name: the script this process runs (`node main.js`). */
function thisProcess(): string {
  return `node ${path.basename(process.argv[1] ?? '')}`.trim();
}

async function openPglite({
  dataDir = './.data',
  holder = thisProcess(),
  dataDirLabel,
}: CreateDbOptions): Promise<DbHandle> {
  const onDisk = !dataDir.startsWith('memory://');
  const lock = onDisk
    ? lockDataDir(dataDir.replace(/^file:\/\//, ''), { holder, label: dataDirLabel })
    : undefined;
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(dataDir, {
      extensions: { pg_trgm },
      // PGlite's own timestamptz parser is `new Date(text)`, which gives Invalid Date for the
      // rarer forms; the same parser as on PostgreSQL reads them all.
      parsers: { [DATE_OID]: (value: string) => value, [TIMESTAMPTZ_OID]: parseTimestamptz },
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = new Kysely<Database>({
    dialect: new PGliteDialect(pglite),
    plugins: [new CamelCasePlugin()],
  });
  return {
    db,
    driver: 'pglite',
    dataDir: dataDir.startsWith('memory://') ? undefined : dataDir,
    close: async () => {
      try {
        await db.destroy();
        if (!pglite.closed) await pglite.close();
      } finally {
        lock?.release();
      }
    },
  };
}
