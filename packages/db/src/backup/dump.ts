import { sql } from 'kysely';
import type { Db, DbHandle } from '../client.js';
import { listSequences, listTables, NOT_BACKED_UP, type TableInfo } from './catalog.js';
import {
  assembleBackup,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  RowWriter,
  type BackupHeader,
} from './file.js';

/** Rows read per query: a few hundred KB of JSON, short enough for any statement timeout. */
const BATCH_ROWS = 2_000;

export interface WriteBackupOptions {
  productVersion: string;
}

/**
 * Writes a backup of the whole database to `file` (gzip; file.ts says what is in it): every
 * table but those in NOT_BACKED_UP, read in foreign-key order and within each in primary-key
 * order, a batch at a time, all inside one repeatable-read, read-only transaction, so the file
 * is the database as of one moment however long the reading takes and whatever commits
 * meanwhile. The rows are PostgreSQL's own JSON of them (`row_to_json`): numbers, dates and
 * times exactly as stored, the same from PGlite and from PostgreSQL. Returns the header.
 */
export async function writeBackup(
  handle: Pick<DbHandle, 'db' | 'driver'>,
  file: string,
  options: WriteBackupOptions,
): Promise<BackupHeader> {
  const rows = new RowWriter(file);
  try {
    const header = await handle.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        await sql`set transaction read only`.execute(trx);
        // Each batch is a walk along the primary key, whatever the planner's statistics say
        // (PGlite never analyzes on its own), and the JSON's times are in UTC on every server.
        await sql`set local enable_seqscan = off`.execute(trx);
        await sql`set local enable_sort = off`.execute(trx);
        await sql`set local timezone = 'UTC'`.execute(trx);
        const migration = await lastMigration(trx);
        const tables = (await listTables(trx)).filter((table) => !NOT_BACKED_UP.has(table.name));
        const counted: BackupHeader['tables'] = [];
        for (const table of tables) {
          counted.push({
            name: table.name,
            columns: table.columns,
            rows: await copyTable(trx, table, rows),
          });
        }
        const { rows: version } = await sql<{ version: string }>`
          select current_setting('server_version') as version`.execute(trx);
        return {
          format: BACKUP_FORMAT,
          formatVersion: BACKUP_FORMAT_VERSION,
          productVersion: options.productVersion,
          migration,
          createdAt: new Date().toISOString(),
          source: { driver: handle.driver, serverVersion: version[0]!.version },
          tables: counted,
          // Sequences stand outside transactions: read last, each is at least where the rows
          // read above left it, so no id is handed out twice after a restore.
          sequences: await listSequences(trx),
          sha256: '',
        } satisfies BackupHeader;
      });
    header.sha256 = await rows.finish();
    await assembleBackup(file, header, rows);
    return header;
  } catch (error) {
    await rows.discard();
    throw error;
  }
}

async function lastMigration(db: Db): Promise<string> {
  const { rows } = await sql<{ name: string | null }>`
    select case when to_regclass('public.kysely_migration') is not null
                then (select max(name) from kysely_migration) end as name`.execute(db);
  const name = rows[0]?.name;
  if (!name) throw new BackupError('schema', 'The database has no tables yet: nothing to back up');
  return name;
}

/** Writes a table's rows in primary-key order, a batch at a time; how many there were. */
async function copyTable(db: Db, table: TableInfo, out: RowWriter): Promise<number> {
  if (table.key.length === 0) {
    throw new Error(`Table ${table.name} has no primary key: a backup reads tables in key order`);
  }
  const keys = table.key.map((column) => sql.ref(`t.${column.name}`));
  const keyTexts = sql.join(keys.map((key, i) => sql`${key}::text as ${sql.id(`k${i}`)}`));
  let after: string[] | undefined;
  let count = 0;
  for (;;) {
    const from = after
      ? sql`where (${sql.join(keys)}) > (${sql.join(
          after.map((value, i) => sql`cast(${value} as ${sql.raw(table.key[i]!.type)})`),
        )})`
      : sql``;
    const { rows } = await sql<Record<string, string>>`
      select row_to_json(t)::text as row, ${keyTexts}
        from ${sql.table(table.name)} t
        ${from}
       order by ${sql.join(keys)}
       limit ${BATCH_ROWS}`.execute(db);
    await out.write(rows.map((row) => row.row!));
    count += rows.length;
    if (rows.length < BATCH_ROWS) return count;
    const last = rows[rows.length - 1]!;
    after = table.key.map((_, i) => last[`k${i}`]!);
  }
}
