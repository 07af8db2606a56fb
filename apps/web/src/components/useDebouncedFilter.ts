import { useEffect, useState } from 'react';
import type { RouteApi } from '@tanstack/react-router';

const FILTER_DEBOUNCE_MS = 250;

/** The list routes whose search has a text filter `q`. */
type FilteredListRoute = '/_app/pharmacies/' | '/_app/products/' | '/_app/orders/';

/**
 * The filter box of a list page: typing updates the route's `q` search param after 250 ms,
 * and a `q` changed from outside (a link, back/forward) shows up in the box.
 */
export function useDebouncedFilter(route: RouteApi<FilteredListRoute>) {
  const { q } = route.useSearch();
  const navigate = route.useNavigate();
  const [text, setText] = useState(q ?? '');
  const [syncedQ, setSyncedQ] = useState(q);

  // The URL changed from outside (a link, back/forward): show its filter.
  if (q !== syncedQ) {
    setSyncedQ(q);
    if ((text.trim() || undefined) !== q) setText(q ?? '');
  }

  useEffect(() => {
    const next = text.trim() || undefined;
    if (next === q) return;
    const timer = setTimeout(() => {
      void navigate({ search: (prev) => ({ ...prev, q: next }), replace: true });
    }, FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, q, navigate]);

  return { q, text, setText };
}

/**
 * Whether an infinite list is loading rows for a new filter (or tab), as opposed to its first
 * load or the next page: the filter box shows a spinner meanwhile.
 */
export function isRefiltering(list: {
  isPlaceholderData: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  isPending: boolean;
}) {
  return list.isPlaceholderData || (list.isFetching && !list.isFetchingNextPage && !list.isPending);
}
