import type { Db } from '@pharm/db';
import { SEARCH_GROUP_LIMIT } from '@pharm/validators';
import { sql, type RawBuilder } from 'kysely';
import { containsPattern, prefixPattern } from '../../lib/db/sql.js';

/**
 * A kind of numbered document as the global search reads it: its table, its number column and
 * the amount its result shows (spec §2, Global search), as SQL names.
 */
export interface SearchedDocument {
  table: string;
  kind: string;
  number: string;
  amount: string;
  /** The column a delete sets on a document it keeps (payments' `deleted_at`); such are not found. */
  deletedAt?: string;
}

export interface DocumentRow {
  id: number;
  number: string;
  amount: string;
  name: string;
}

/**
 * The start that every number of the kind holding the text must have, when the text pins where
 * it sits in KIND-YYYY-NNNNN: letters then a hyphen end at the kind's hyphen ('nv-2025' →
 * 'INV-2025'), four digits then a hyphen are the year ('2024-1' → 'INV-2024-1'). null when no
 * number of the kind can hold the text ('ORD-1' for invoices); undefined when the text could
 * sit in more than one place.
 */
export function numberPrefix(kind: string, text: string): string | null | undefined {
  const upper = text.toUpperCase();
  const letters = /^([A-Z]+)-/.exec(upper)?.[1];
  if (letters) return kind.endsWith(letters) ? kind.slice(0, -letters.length) + upper : null;
  if (/^\d{4}-/.test(upper)) return `${kind}-${upper}`;
  return undefined;
}

/** KIND-YYYY- and up to 11 digits: a business would take centuries to outgrow it. */
const MAX_NUMBER_LENGTH = 20;

/** How many of the newest documents a number match reads before it turns to an index. */
const RECENT_WINDOW = 1000;
/**
 * Up to this many matching pharmacies, their documents are read per pharmacy; beyond it their
 * documents are so many that walking the newest documents finds 10 sooner (measured: 1,763
 * pharmacies by probe 140 ms, 333 by the walk 0.3 ms).
 */
const LATERAL_PHARMACIES = 50;

/**
 * Orders or invoices whose number, or whose pharmacy's name, contains the text; newest first.
 * Each match is its own bounded query, measured on 1,000,000 invoices (bench/README.md):
 *
 * - Numbers: a text that pins the start of the number (numberPrefix) is read backwards from the
 *   number's btree (migration 0009), newest numbers first. Otherwise a text that newer numbers
 *   hold ('00042', 'INV') is found among the newest RECENT_WINDOW documents. Otherwise an
 *   index answers: trigrams from 3 characters on; for 2 characters, which have no trigram, the
 *   character-pair index of migration 0005, read whole (`id + 0` keeps the planner from walking the primary key and computing every row's
 *   pairs, 51 s for an absent pair).
 * - Pharmacies: for a few, the newest 10 of each, one probe each of (pharmacy_id, id), then the
 *   newest 10 of those; for many, a walk back from the newest document.
 */
export async function searchDocuments(
  db: Db,
  { table, kind, number, amount, deletedAt }: SearchedDocument,
  text: string,
  pharmacyIds: readonly number[],
): Promise<DocumentRow[]> {
  const pattern = containsPattern(text);
  /** `and` the document (as `alias`) is not deleted. */
  const kept = (alias: string) =>
    deletedAt ? sql`and ${sql.ref(`${alias}.${deletedAt}`)} is null` : sql``;
  const select = (
    from: RawBuilder<unknown>,
    where: RawBuilder<unknown>,
    order: RawBuilder<unknown>,
  ) =>
    sql<DocumentRow>`
      select d.id, d.${sql.raw(number)} as number, d.${sql.raw(amount)} as amount, p.name
        from ${from} d
        join pharmacies p on p.id = d.pharmacy_id
       where ${where} ${kept('d')}
       order by ${order}
       limit ${SEARCH_GROUP_LIMIT}`
      .execute(db)
      .then((result) => result.rows);
  const byNumber = async () => {
    const prefix = numberPrefix(kind, text);
    if (prefix === null) return [];
    if (prefix !== undefined) {
      // The longest numbers first, each length read backwards from its end of the index.
      const { rows } = await sql<DocumentRow>`
        select d.id, d.number, d.amount, p.name
          from generate_series(${MAX_NUMBER_LENGTH}::int, ${prefix.length}::int, -1) as len
          cross join lateral (
            select id, ${sql.raw(number)} as number, ${sql.raw(amount)} as amount, pharmacy_id
              from ${sql.raw(table)} t
             where length(${sql.raw(number)}) = len and ${sql.raw(number)} like ${prefixPattern(prefix)}
               ${kept('t')}
             order by ${sql.raw(number)} using ~>~
             limit ${SEARCH_GROUP_LIMIT}) d
          join pharmacies p on p.id = d.pharmacy_id
         order by len desc, d.number using ~>~
         limit ${SEARCH_GROUP_LIMIT}`.execute(db);
      return rows;
    }
    const recent = await select(
      sql`(select * from ${sql.raw(table)} order by id desc limit ${RECENT_WINDOW})`,
      sql`d.${sql.raw(number)} ilike ${pattern}`,
      sql`d.id desc`,
    );
    if (recent.length === SEARCH_GROUP_LIMIT) return recent;
    return [...text].length < 3
      ? select(
          sql.raw(table),
          sql`document_number_pairs(d.${sql.raw(number)}) @> array[lower(${text})]`,
          sql`d.id + 0 desc`,
        )
      : select(sql.raw(table), sql`d.${sql.raw(number)} ilike ${pattern}`, sql`d.id desc`);
  };
  const byPharmacy = async () =>
    !pharmacyIds.length
      ? []
      : pharmacyIds.length > LATERAL_PHARMACIES
        ? select(sql.raw(table), sql`d.pharmacy_id in (${sql.join(pharmacyIds)})`, sql`d.id desc`)
        : (
            await sql<DocumentRow>`
              select d.id, d.number, d.amount, p.name
                from pharmacies p
                cross join lateral (
                  select id, ${sql.raw(number)} as number, ${sql.raw(amount)} as amount
                    from ${sql.raw(table)} t
                   where t.pharmacy_id = p.id ${kept('t')}
                   order by t.id desc
                   limit ${SEARCH_GROUP_LIMIT}) d
               where p.id in (${sql.join(pharmacyIds)})
               order by d.id desc
               limit ${SEARCH_GROUP_LIMIT}`.execute(db)
          ).rows;
  const [numbers, pharmacies] = await Promise.all([byNumber(), byPharmacy()]);
  const byId = new Map([...numbers, ...pharmacies].map((row) => [row.id, row]));
  return [...byId.values()].sort((a, b) => b.id - a.id).slice(0, SEARCH_GROUP_LIMIT);
}
