import { sql } from 'kysely';
import type { Db } from '../client.js';

/**
 * Tables a backup leaves out: Kysely's migration bookkeeping (the header names the last
 * migration instead), and what only lives for minutes (sessions, sign-in failure counts), so a
 * restored business starts with everyone signed out.
 */
export const NOT_BACKED_UP: ReadonlySet<string> = new Set([
  'kysely_migration',
  'kysely_migration_lock',
  'session',
  'auth_failures',
]);

export interface TableInfo {
  name: string;
  /** Stored columns in table order (generated columns are computed again on load). */
  columns: string[];
  /** The primary key's columns and their SQL types, for reading in key order. */
  key: { name: string; type: string }[];
  /** Whether an insert must say `overriding system value` to keep the ids. */
  identity: boolean;
  /** Tables this one references, which must be loaded before it. */
  parents: string[];
}

/**
 * The public schema's tables in an order that loads without breaking a foreign key: every table
 * after the tables it references (by name among equals, so the order is the same every time).
 */
export async function listTables(db: Db): Promise<TableInfo[]> {
  const { rows } = await sql<TableInfo>`
    select c.relname::text as name,
           coalesce((select json_agg(a.attname::text order by a.attnum)
                       from pg_attribute a
                      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                        and a.attgenerated = ''), '[]') as columns,
           coalesce((select json_agg(json_build_object(
                              'name', a.attname::text,
                              'type', format_type(a.atttypid, a.atttypmod)) order by k.ord)
                       from pg_index i
                      cross join unnest(i.indkey::int2[]) with ordinality k (attnum, ord)
                       join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
                      where i.indrelid = c.oid and i.indisprimary), '[]') as key,
           exists (select 1 from pg_attribute a
                    where a.attrelid = c.oid and a.attnum > 0 and a.attidentity <> '') as identity,
           coalesce((select json_agg(distinct p.relname::text)
                       from pg_constraint f
                       join pg_class p on p.oid = f.confrelid
                      where f.conrelid = c.oid and f.contype = 'f' and f.confrelid <> c.oid),
                    '[]') as parents
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r'
     order by c.relname`.execute(db);
  return foreignKeyOrder(rows);
}

function foreignKeyOrder(tables: TableInfo[]): TableInfo[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (table: TableInfo) => {
    if (placed.has(table.name)) return;
    if (visiting.has(table.name)) {
      throw new Error(`Tables ${[...visiting].join(', ')} reference each other in a cycle`);
    }
    visiting.add(table.name);
    for (const parent of table.parents) {
      const info = byName.get(parent);
      if (info) place(info);
    }
    visiting.delete(table.name);
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of tables) place(table);
  return ordered;
}

export interface SequenceState {
  name: string;
  /** The last value handed out, as text (a bigint); null when none has been yet. */
  value: string | null;
}

/** Every sequence of the public schema (the identity columns' among them) and where it stands. */
export async function listSequences(db: Db): Promise<SequenceState[]> {
  const { rows } = await sql<SequenceState>`
    select sequencename::text as name, last_value::text as value
      from pg_sequences
     where schemaname = 'public'
     order by sequencename`.execute(db);
  return rows;
}
