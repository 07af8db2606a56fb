import type { Db } from '@pharm/db';

/** A text filter for ILIKE: the user's text matched literally as a substring. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A LIKE pattern for values starting with the text, its metacharacters matched literally. */
export function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The ids of the pharmacies whose name matches the pattern, for a list filtered by document
 * number or pharmacy name. They are looked up before the list's query so that the planner sees
 * the ids: a subquery hides how selective the filter is, and a rare match then scans every
 * document (bench/README.md, orders.ts).
 */
export async function pharmacyIdsMatching(db: Db, pattern: string): Promise<number[]> {
  const rows = await db
    .selectFrom('pharmacies')
    .select('id')
    .where('name', 'ilike', pattern)
    .execute();
  return rows.map((row) => row.id);
}
