import { isIsoDate, type Page, type SortedListCursor } from '@pharm/validators';
import { sql, type SelectQueryBuilder } from 'kysely';
import { invalid } from '../domain-error.js';

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

/**
 * A column a list sorts by: as the query names it, what its values are (a cursor's value is
 * checked against it, so a made-up cursor is a 400 rather than a database error), and where the
 * row holds it. `joined`: the column is another table's (the pharmacy's name), see paginateSorted.
 */
export interface SortColumn<Row> {
  column: string;
  kind: 'text' | 'date' | 'money';
  value: (row: Row) => string;
  joined?: boolean;
}

/** What a sortable list's query says about its order and page (sortableListQuery). */
export interface SortedPageQuery<Sort extends string> {
  sort?: Sort | undefined;
  order?: 'asc' | 'desc' | undefined;
  cursor?: SortedListCursor | null | undefined;
  limit: number;
}

/** How to read one page of a sorted list: the order, the sort column, and where the last page ended. */
export interface SortPlan<Row> {
  order: 'asc' | 'desc';
  /** `sort`'s name and column; absent for the default order (by id). */
  sort?: { name: string; column: SortColumn<Row> };
  afterId?: number;
  /** The sort value of the last page's last row (with a sort). */
  afterValue?: string;
}

const CURSOR_MESSAGE = 'cursor must be one this list answered for the same sort and order';
const MONEY = /^-?\d{1,12}(\.\d{1,4})?$/;

function validValue(kind: SortColumn<unknown>['kind'], value: unknown): value is string {
  if (typeof value !== 'string') return false;
  if (kind === 'date') return isIsoDate(value);
  if (kind === 'money') return MONEY.test(value);
  return value.length <= 1000;
}

/** Reads the page's sort and cursor; a cursor of another sort or order, or made up, is a 400. */
export function sortPlan<Row, Sort extends string>(
  page: SortedPageQuery<Sort>,
  columns: Readonly<Record<Sort, SortColumn<Row>>>,
): SortPlan<Row> {
  const order = page.order ?? 'desc';
  const { cursor } = page;
  if (!page.sort) {
    if (typeof cursor === 'string') throw invalid(CURSOR_MESSAGE, ['cursor']);
    return { order, afterId: cursor ?? undefined };
  }
  const sort = { name: page.sort, column: columns[page.sort] };
  if (cursor === null || cursor === undefined) return { order, sort };
  let decoded: unknown;
  try {
    decoded = typeof cursor === 'string' && JSON.parse(Buffer.from(cursor, 'base64url').toString());
  } catch {
    throw invalid(CURSOR_MESSAGE, ['cursor']);
  }
  if (
    !Array.isArray(decoded) ||
    decoded.length !== 4 ||
    decoded[0] !== page.sort ||
    decoded[1] !== order ||
    !validValue(sort.column.kind, decoded[2]) ||
    !Number.isInteger(decoded[3]) ||
    decoded[3] < 1 ||
    decoded[3] > 2_147_483_647
  ) {
    throw invalid(CURSOR_MESSAGE, ['cursor']);
  }
  return { order, sort, afterValue: decoded[2], afterId: decoded[3] as number };
}

/** The page of up to `limit` rows and the cursor of the next: the id, or the sort, value and id. */
export function toSortedPage<Row extends { id: number }>(
  rows: Row[],
  limit: number,
  plan: SortPlan<Row>,
): Page<Row, SortedListCursor> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  if (rows.length <= limit || !last) return { items, nextCursor: null };
  if (!plan.sort) return { items, nextCursor: last.id };
  const key = [plan.sort.name, plan.order, plan.sort.column.value(last), last.id];
  return { items, nextCursor: Buffer.from(JSON.stringify(key)).toString('base64url') };
}

/**
 * One page of a list in the order `page` asks for, keyset on the sort value and the id (ties
 * broken by id, in the same direction), so paging through returns every row once. Without a
 * sort it is `paginate` (newest first) or the oldest first with `order=asc`. A column of the
 * same table is compared as a row, `(total, id) < (v, n)`, which its (column, id) index answers
 * directly; a joined column is written `name <= v and (name < v or id < n)`, so the first half
 * can bound the other table's index scan.
 */
export async function paginateSorted<
  DB,
  TB extends keyof DB,
  Row extends { id: number },
  Sort extends string,
>(
  query: SelectQueryBuilder<DB, TB, Row>,
  page: SortedPageQuery<Sort>,
  columns: Readonly<Record<Sort, SortColumn<Row>>>,
  idColumn: string,
): Promise<Page<Row, SortedListCursor>> {
  const plan = sortPlan(page, columns);
  const id = sql.ref(idColumn);
  const before = sql.raw(plan.order === 'desc' ? '<' : '>');
  let q = query.limit(page.limit + 1);
  if (plan.sort) {
    const column = sql.ref(plan.sort.column.column);
    if (plan.afterValue !== undefined && plan.afterId !== undefined) {
      const { afterValue: value, afterId: after } = plan;
      q = q.where(
        plan.sort.column.joined
          ? sql<boolean>`${column} ${before}= ${value} and (${column} ${before} ${value} or ${id} ${before} ${after})`
          : sql<boolean>`(${column}, ${id}) ${before} (${value}, ${after})`,
      );
    }
    q = q.orderBy(column, plan.order);
  } else if (plan.afterId !== undefined) {
    q = q.where(sql<boolean>`${id} ${before} ${plan.afterId}`);
  }
  return toSortedPage(await q.orderBy(id, plan.order).execute(), page.limit, plan);
}

/**
 * The rows whose `column` (a date) is within `from`..`to`, both inclusive; `from` after `to` is
 * a 400 naming `from`.
 */
export function inDateRange<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, Row>,
  column: string,
  range: { from?: string | undefined; to?: string | undefined },
): SelectQueryBuilder<DB, TB, Row> {
  const { from, to } = range;
  if (from && to && from > to) throw invalid('from must be on or before to', ['from']);
  let q = query;
  if (from) q = q.where(sql<boolean>`${sql.ref(column)} >= ${from}`);
  if (to) q = q.where(sql<boolean>`${sql.ref(column)} <= ${to}`);
  return q;
}
