import type { Page } from '@pharm/validators';
import { sql, type SelectQueryBuilder } from 'kysely';

/**
 * One page of a list, newest first, keyset on the id (no OFFSET, so a page costs the
 * same however deep it is and rows added meanwhile never shift it). `idColumn` names the id as
 * the query knows it (`o.id` behind an alias). The page's rows come back for the caller to dress.
 */
export async function paginate<DB, TB extends keyof DB, Row extends { id: number }>(
  query: SelectQueryBuilder<DB, TB, Row>,
  page: { cursor?: number | null; limit: number },
  idColumn = 'id',
): Promise<Page<Row>> {
  const id = sql.ref(idColumn);
  let q = query.orderBy(id, 'desc').limit(page.limit + 1);
  if (page.cursor) q = q.where(id, '<', page.cursor);
  return toPage(await q.execute(), page.limit);
}

/** The page of up to `limit` rows, from a query that fetched one more to tell whether more follow. */
export function toPage<Row extends { id: number }>(rows: Row[], limit: number): Page<Row> {
  const items = rows.slice(0, limit);
  return {
    items,
    nextCursor: rows.length > limit ? (items.at(-1)?.id ?? null) : null,
  };
}
