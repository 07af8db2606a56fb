import { sql } from 'kysely';
import type { Db } from '../client.js';
import { LATEST_MIGRATION, MIGRATIONS, migrateTo, migrateToLatest } from '../migrate.js';
import { moneyViolations } from '../money-invariants.js';
import { listSequences, listTables, NOT_BACKED_UP, type TableInfo } from './catalog.js';
import { backupRows, BackupError, verifyBackup, type BackupHeader } from './file.js';

/** Rows (or bytes of JSON) sent per insert. */
const LOAD_ROWS = 1_000;
const LOAD_BYTES = 4 * 1024 * 1024;

/**
 * Tables that hold nothing of the business: a database whose other tables are empty is empty
 * (one the app started on once, before anyone registered, has a generated session secret and
 * the default settings here).
 */
const BOOKKEEPING = new Set([...NOT_BACKED_UP, 'app_settings', 'business_settings']);

export interface TableCount {
  table: string;
  rows: number;
}

/** The tables that hold rows, other than bookkeeping; empty for a database a restore may fill. */
export async function databaseContents(db: Db): Promise<TableCount[]> {
  const filled: TableCount[] = [];
  for (const table of await listTables(db)) {
    if (BOOKKEEPING.has(table.name)) continue;
    const rows = await countRows(db, table.name);
    if (rows > 0) filled.push({ table: table.name, rows });
  }
  return filled;
}

async function countRows(db: Db, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from ${sql.table(table)}`.execute(db);
  return rows[0]!.n;
}

export interface RestoreOptions {
  /**
   * Replace a database that holds data: yes, or what the person running it answers when asked
   * (the command line's --force), after the file has been checked.
   */
  replace?: boolean | ((filled: TableCount[]) => Promise<boolean>);
  onProgress?: (message: string) => void;
}

export interface RestoreReport {
  header: BackupHeader;
  /** Rows per table once loaded, each equal to the backup's count. */
  counts: TableCount[];
  /** Migrations newer than the backup, run after loading it. */
  migrated: string[];
  /** Broken money rules in the restored database (money-invariants.ts); empty when all hold. */
  violations: string[];
}

/**
 * Restores a backup (dump.ts) into `db`: checks the file against its checksum, refuses a backup
 * of a newer schema than this code knows and a database that holds data (unless `replace`),
 * clears the database, builds the backup's schema by running the migrations up to the one it
 * names, loads the rows with their ids, sets every sequence where it stood (ids and the
 * document numbers go on from there, never repeating one), checks the row counts, then runs the
 * newer migrations and checks the money rules.
 */
export async function restoreBackup(
  db: Db,
  file: string,
  options: RestoreOptions = {},
): Promise<RestoreReport> {
  const progress = options.onProgress ?? (() => undefined);
  const header = await verifyBackup(file);
  progress(
    `${file}: PharmSupply ${header.productVersion}, ${header.createdAt}, migration ${header.migration}; checksum verified`,
  );
  const at = MIGRATIONS.indexOf(header.migration);
  if (at < 0) {
    throw new BackupError(
      'newer',
      `The backup comes from a newer PharmSupply (${header.productVersion}, migration ${header.migration}); this one knows migrations up to ${LATEST_MIGRATION}. Update PharmSupply, then restore.`,
    );
  }
  const filled = await databaseContents(db);
  if (filled.length > 0) {
    const { replace = false } = options;
    if (!(typeof replace === 'function' ? await replace(filled) : replace)) {
      throw new BackupError(
        'not-empty',
        `The database is not empty (${filled.map((t) => `${t.table}: ${t.rows}`).join(', ')}). Restore into an empty database, or use --force to replace what it holds.`,
      );
    }
  }
  await clearDatabase(db);
  await migrateTo(db, header.migration);
  const counts = await db.transaction().execute(async (trx) => {
    await loadRows(trx, file, header, progress);
    return checkCounts(trx, header);
  });
  const migrated = MIGRATIONS.slice(at + 1);
  if (migrated.length) {
    progress(`running ${migrated.length} newer migration(s): ${migrated.join(', ')}`);
    await migrateToLatest(db);
  }
  // The planner's statistics, which a bulk load leaves empty (and PGlite never gathers itself).
  await sql`analyze`.execute(db);
  return { header, counts, migrated, violations: await moneyViolations(db) };
}

/**
 * Drops what the public schema holds (tables, views, sequences, functions, types), leaving
 * what extensions own. Only ever run on an empty database or one the user chose to replace.
 */
async function clearDatabase(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Tables first: their identity sequences, indexes and triggers go with them.
    const { rows } = await sql<{ statement: string }>`
      select statement from (
        select 1 as pass,
               format('drop %s if exists %I.%I cascade',
                      case c.relkind when 'v' then 'view' when 'm' then 'materialized view'
                                     when 'S' then 'sequence' else 'table' end,
                      n.nspname, c.relname) as statement
          from pg_class c
          join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S')
           and not exists (select 1 from pg_depend d
                            where d.classid = 'pg_class'::regclass and d.objid = c.oid
                              and d.deptype in ('a', 'i', 'e'))
        union all
        select 2, format('drop routine if exists %s cascade', p.oid::regprocedure)
          from pg_proc p
         where p.pronamespace = 'public'::regnamespace
           and not exists (select 1 from pg_depend d
                            where d.classid = 'pg_proc'::regclass and d.objid = p.oid
                              and d.deptype = 'e')
        union all
        select 3, format('drop type if exists %s cascade', t.oid::regtype)
          from pg_type t
         where t.typnamespace = 'public'::regnamespace and t.typtype in ('e', 'd')
           and not exists (select 1 from pg_depend d
                            where d.classid = 'pg_type'::regclass and d.objid = t.oid
                              and d.deptype = 'e')
      ) s
      order by pass, statement desc`.execute(trx);
    for (const { statement } of rows) await sql.raw(statement).execute(trx);
  });
}

async function loadRows(
  db: Db,
  file: string,
  header: BackupHeader,
  progress: (message: string) => void,
): Promise<void> {
  const target = new Map((await listTables(db)).map((table) => [table.name, table]));
  const expected = new Set(header.tables.map((table) => table.name));
  for (const table of header.tables) {
    const info = target.get(table.name);
    const columns = [...table.columns].sort().join(', ');
    if (!info || [...info.columns].sort().join(', ') !== columns) {
      throw new BackupError(
        'schema',
        `The backup's table ${table.name} (${columns}) is not the one migration ${header.migration} makes (${info ? [...info.columns].sort().join(', ') : 'no such table'})`,
      );
    }
  }
  const missing = [...target.keys()].filter(
    (name) => !expected.has(name) && !NOT_BACKED_UP.has(name),
  );
  if (missing.length) {
    throw new BackupError(
      'schema',
      `The backup has no table ${missing.join(', ')}, which migration ${header.migration} makes`,
    );
  }

  // The rows come as they were, derived tables included (pharmacy_sales): triggers that keep
  // those up to date would count them twice. Foreign keys stay checked.
  const triggers = async (enable: boolean) => {
    for (const table of header.tables) {
      await sql`alter table ${sql.table(table.name)} ${sql.raw(enable ? 'enable' : 'disable')} trigger user`.execute(
        db,
      );
    }
  };
  // Migrations may have written rows of their own (the default settings): the backup's replace them.
  await sql`truncate ${sql.join(header.tables.map((table) => sql.table(table.name)))} cascade`.execute(
    db,
  );
  await triggers(false);
  const total = header.tables.reduce((sum, table) => sum + table.rows, 0);
  progress(`loading ${total} rows into ${header.tables.length} tables`);
  const rows = backupRows(file);
  for (const table of header.tables) {
    const info = target.get(table.name)!;
    let batch: string[] = [];
    let bytes = 0;
    for (let i = 0; i < table.rows; i++) {
      const next = await rows.next();
      if (next.done) throw new BackupError('damaged', `${file} ends before its last row`);
      batch.push(next.value);
      bytes += next.value.length;
      if (batch.length >= LOAD_ROWS || bytes >= LOAD_BYTES) {
        await insertRows(db, info, batch);
        batch = [];
        bytes = 0;
      }
    }
    await insertRows(db, info, batch);
  }
  await rows.return(undefined);
  await triggers(true);

  const sequences = new Set((await listSequences(db)).map((sequence) => sequence.name));
  for (const sequence of header.sequences) {
    if (!sequences.has(sequence.name)) {
      throw new BackupError(
        'schema',
        `The backup's sequence ${sequence.name} is not one migration ${header.migration} makes`,
      );
    }
    await sql`
      select setval(format('public.%I', ${sequence.name}::text)::regclass,
                    coalesce(${sequence.value}::bigint, s.start_value), ${sequence.value !== null})
        from pg_sequences s
       where s.schemaname = 'public' and s.sequencename = ${sequence.name}`.execute(db);
  }
}

/** Inserts rows given as PostgreSQL's JSON of them; PostgreSQL parses them into the columns. */
async function insertRows(db: Db, table: TableInfo, rows: string[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = sql.join(table.columns.map((column) => sql.ref(column)));
  await sql`
    insert into ${sql.table(table.name)} (${columns})
    ${table.identity ? sql`overriding system value` : sql``}
    select ${columns}
      from json_populate_recordset(null::${sql.table(table.name)}, ${`[${rows.join(',')}]`}::json)`.execute(
    db,
  );
}

async function checkCounts(db: Db, header: BackupHeader): Promise<TableCount[]> {
  const counts: TableCount[] = [];
  for (const table of header.tables) {
    const rows = await countRows(db, table.name);
    if (rows !== table.rows) {
      throw new BackupError(
        'damaged',
        `${table.name} has ${rows} rows after loading; the backup has ${table.rows}`,
      );
    }
    counts.push({ table: table.name, rows });
  }
  return counts;
}
