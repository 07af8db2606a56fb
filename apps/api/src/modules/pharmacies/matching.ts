import type { Db } from '@pharm/db';

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
