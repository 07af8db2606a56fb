// What the list routes' options use (see ListPage.tsx). Route options are part of the first-load
// bundle, so this file holds no component and no zod: a zod/mini `listSearch` put the sign-in
// screen at 204.4 KB of brotli and 213.3 KB of gzip (e2e/first-load.test.ts allows 200 KB of
// each), against 192.0 and 198.7 without. The zod modules it needs are the ones the validators'
// schemas use, loaded later, and a module goes whole into one chunk: some 50 KB of zod's core
// came into the first load.
import type { InputGroupProps } from '@chakra-ui/react';
import type { EnsureInfiniteQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { LinkProps } from '@tanstack/react-router';
import type { InvoiceDateField } from '@pharm/validators/sorts';
import type { Permission } from '@pharm/validators/roles';
import type { ListName } from './DeleteConfirmation';
import type { ListQueryOptions } from './ListPage';

/** Rows a list asks for at a time. */
export const LIST_PAGE_SIZE = 50;

/** The tab that stands for no `tab` search param. */
export const ALL_TAB = 'all';

/** The server's longest filter text (`listQuery` in @pharm/validators). */
const MAX_FILTER_LENGTH = 100;

/** A list's order: a field of its `sorts`, ascending or descending. */
export type SortOrder = 'asc' | 'desc';

/** What a list filters and sorts by beside its text and tab: the route checks these params. */
export interface ListControls<Sort extends string = never> {
  /** The fields it sorts by (the server's `sort` values). */
  sorts?: readonly Sort[];
  /** A date-range filter (`from`, `to`), and the dates it may bound (`dateField`). */
  dates?: { label: string; fields?: readonly { value: DateField; label: string }[] };
  /** A pharmacy filter (`pharmacyId`). */
  pharmacy?: boolean;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (the server's isIsoDate, without zod). */
function isDate(value: unknown): value is string {
  const match = typeof value === 'string' ? ISO_DATE.exec(value) : null;
  if (!match) return false;
  const [y, m, d] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A positive integer id from a number or its digits. */
function positiveId(value: unknown): number | undefined {
  const id = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/**
 * The search params of a list route, for `validateSearch`: `q`, the text filter (trimmed, at most
 * 100 characters, empty is absent), and `tab`, the value of one of the page's `tabs` in any case
 * (the 'all' tab is no param); with `controls`, `sort` (one of `sorts`) and `order` (asc unless
 * desc), `from` and `to` (real dates, dropped both when `from` is after `to`), `dateField` and
 * `pharmacyId`. Anything else is left out, never an error: an old or hand-edited link still opens
 * the list.
 */
export function listSearch<const Tab extends string = never, const Sort extends string = never>(
  tabs: readonly { value: Tab }[] = [],
  controls: ListControls<Sort> = {},
) {
  return (search: Record<string, unknown>): ListSearch<Tab, Sort> => {
    const q = typeof search.q === 'string' ? search.q.trim().slice(0, MAX_FILTER_LENGTH) : '';
    const param = typeof search.tab === 'string' ? search.tab.toLowerCase() : undefined;
    const tab = tabs.find((t) => t.value === param && t.value !== ALL_TAB)?.value;
    const sort = controls.sorts?.find((field) => field === search.sort);
    const from = controls.dates && isDate(search.from) ? search.from : undefined;
    const to = controls.dates && isDate(search.to) ? search.to : undefined;
    const range = from && to && from > to ? {} : { from, to };
    const dateField = controls.dates?.fields?.find((f) => f.value === search.dateField)?.value;
    const pharmacyId = controls.pharmacy ? positiveId(search.pharmacyId) : undefined;
    const result: ListSearch<Tab, Sort> = {
      ...(q ? { q } : {}),
      ...(tab ? { tab: tab as Exclude<Tab, typeof ALL_TAB> } : {}),
      ...(sort ? { sort, order: search.order === 'desc' ? 'desc' : 'asc' } : {}),
      ...(range.from ? { from: range.from } : {}),
      ...(range.to ? { to: range.to } : {}),
      // The first date field is the server's default: no param.
      ...(dateField && dateField !== controls.dates?.fields?.[0]?.value ? { dateField } : {}),
      ...(pharmacyId ? { pharmacyId } : {}),
    };
    return result;
  };
}

/** Which date an invoice list's range bounds. */
export type DateField = InvoiceDateField;

/**
 * A list route's search params: the text filter and the open tab (absent: all), and where the
 * list has them its sort, date range and pharmacy.
 */
export type ListSearch<Tab extends string = never, Sort extends string = never> = {
  q?: string;
  tab?: Exclude<Tab, typeof ALL_TAB>;
  sort?: Sort;
  order?: SortOrder;
  from?: string;
  to?: string;
  dateField?: DateField;
  pharmacyId?: number;
};

/** The paging options of every list query (`api.x.list.infiniteQueryOptions(input, listPaging)`). */
export const listPaging = {
  getNextPageParam: <Cursor>(last: { nextCursor: Cursor | null }) => last.nextCursor,
};

/**
 * A list route's loader: makes sure the query cache holds the first rows the page will show, so
 * that hovering a link to the list (the router preloads on intent) fetches them before the click.
 * Not awaited: the page shows its skeleton rows at once rather than holding the previous screen,
 * and a failure is the query's, which the page shows (the rejection itself is dropped here).
 */
export function listLoader<S, TData, TError, TKey extends QueryKey, TPageParam>(
  list: (search: S) => EnsureInfiniteQueryDataOptions<TData, TError, TData, TKey, TPageParam>,
) {
  return ({ deps, context }: { deps: S; context: { queryClient: QueryClient } }) => {
    context.queryClient.ensureInfiniteQueryData(list(deps)).catch(() => undefined);
  };
}

/** A New button in a list page's header: a link to the record's form. */
export interface NewRecordLink {
  label: string;
  to: LinkProps['to'];
  outline?: boolean;
}

/**
 * A list, as its route and its page share it (`features/x/list.ts`): what it is called, its texts
 * and tabs, and the query of its rows. The page (`listPage`, ListScreen.tsx) adds its columns and
 * dialogs.
 */
export interface ListDefinition<
  TItem,
  TError,
  TKey extends QueryKey,
  TPageParam,
  TTab extends string,
  TCursor,
  TSort extends string = never,
> extends ListControls<TSort> {
  /**
   * 'order' and 'orders': the title, Export CSV's path (`/api/orders.csv`), the New button
   * (`/orders/new`), the test ids (`order-row-<id>`, `order-tabs`, `order-count`), the empty
   * state's icon (the side menu's) and the default texts are made of them.
   */
  names: { one: string; many: ListName };
  description: string;
  /** The tabs over the list, the 'all' tab first (their values are the route's `tab`). */
  tabs?: readonly { value: TTab; label: string }[];
  /** The text filter's placeholder, and its width where not the default. */
  placeholder: string;
  filterMaxW?: InputGroupProps['maxW'];
  /** 'Showing first 50' or '3 orders' (`order-count`), beside the filter or `below` the table. */
  count?: true | { below?: boolean; testId?: string };
  /** `New Order`, a link to `/orders/new`, unless given. */
  newRecord?: readonly NewRecordLink[];
  /** The row's test id; `order-row-<id>` unless given. */
  rowTestId?: (item: TItem) => string;
  /**
   * The empty state's `text` (`No orders yet — click New Order to get started.` unless given), or
   * the `tab` text while a tab other than 'all' is open.
   */
  empty?: { text?: string; tab?: (tab: Exclude<TTab, typeof ALL_TAB>) => string };
  /**
   * What the user's role needs for the New buttons (`write`) and the rows' Delete (`remove`): a
   * role without them does not see them (the server refuses them anyway).
   */
  permissions: { write: Permission; remove: Permission };
  /** The delete confirmation's text: the row's Delete asks it. */
  deleteMessage: (item: TItem) => string;
  /** The lists a save or a delete of a record can change, fetched again after it; `[many]` unless given. */
  refresh?: readonly ListName[];
  /** The query options of the rows for the route's search params: its loader and the page's. */
  query: (
    search: ListSearch<TTab, TSort>,
  ) => ListQueryOptions<TItem, TError, TKey, TPageParam, TCursor>;
}

/**
 * A list's definition (its types inferred, the record's from `query`) with `search`, its route's
 * `validateSearch`: `listSearch(tabs, list)`.
 */
export function defineList<
  TItem,
  TError,
  TKey extends QueryKey,
  TPageParam,
  const TTab extends string = never,
  TCursor = number,
  const TSort extends string = never,
>(list: ListDefinition<TItem, TError, TKey, TPageParam, TTab, TCursor, TSort>) {
  return { ...list, search: listSearch<TTab, TSort>(list.tabs, list) };
}
