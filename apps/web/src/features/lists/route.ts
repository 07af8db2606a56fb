// What the list routes' options use (see ListPage.tsx). Route options are part of the first-load
// bundle, so this file holds no component and no zod: even zod's mini build put the sign-in
// screen at 202.7 KB of brotli (e2e/first-load.test.ts allows 200 KB), against 190.3 KB without.
import type { EnsureInfiniteQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';

/** Rows a list asks for at a time. */
export const LIST_PAGE_SIZE = 50;

/** The tab that stands for no `tab` search param. */
export const ALL_TAB = 'all';

/** The server's longest filter text (`listQuery` in @pharm/validators). */
const MAX_FILTER_LENGTH = 100;

/**
 * The search params of a list route, for `validateSearch`: `q`, the text filter (trimmed, at most
 * 100 characters, empty is absent), and `tab`, the value of one of the page's `tabs` in any case
 * (the 'all' tab is no param). Anything else is left out, never an error: an old or hand-edited
 * link still opens the list.
 */
export function listSearch<const Tab extends string = never>(tabs: readonly { value: Tab }[] = []) {
  return (search: Record<string, unknown>): ListSearch<Tab> => {
    const q = typeof search.q === 'string' ? search.q.trim().slice(0, MAX_FILTER_LENGTH) : '';
    const param = typeof search.tab === 'string' ? search.tab.toLowerCase() : undefined;
    const tab = tabs.find((t) => t.value === param && t.value !== ALL_TAB)?.value;
    return { ...(q ? { q } : {}), ...(tab ? { tab: tab as Exclude<Tab, typeof ALL_TAB> } : {}) };
  };
}

/** A list route's search params: the text filter and the open tab (absent: all). */
export type ListSearch<Tab extends string = never> = {
  q?: string;
  tab?: Exclude<Tab, typeof ALL_TAB>;
};

/** The paging options of every list query (`api.x.list.infiniteQueryOptions(input, listPaging)`). */
export const listPaging = {
  getNextPageParam: (last: { nextCursor: number | null }) => last.nextCursor,
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
