import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { ALL_TAB, type ListSearch } from './route';

const FILTER_DEBOUNCE_MS = 250;

/**
 * A list page's search params (`listSearch`) as its controls use them: the filter box's text,
 * which updates `q` 250 ms after the typing stops (replacing the history entry, so that Back does
 * not step through keystrokes), and the open tab, sort, dates and pharmacy, a new history entry
 * each. A `q` changed from
 * outside (a link, back/forward) shows up in the box.
 */
export function useListSearch<Tab extends string, Sort extends string>(
  search: ListSearch<Tab, Sort>,
) {
  const { q } = search;
  const navigate = useNavigate();
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
      void navigate({ to: '.', search: (prev) => ({ ...prev, q: next }), replace: true });
    }, FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, q, navigate]);

  const setTab = useCallback(
    (tab: string) =>
      void navigate({
        to: '.',
        search: (prev) => ({ ...prev, tab: tab === ALL_TAB ? undefined : tab }),
      }),
    [navigate],
  );

  /** Another sort, date range or pharmacy: a new history entry, like a tab. */
  const update = useCallback(
    (
      patch:
        | Omit<ListSearch<string, string>, 'q' | 'tab'>
        | ((prev: ListSearch<string, string>) => Omit<ListSearch<string, string>, 'q' | 'tab'>),
    ) =>
      // The route checks the params again (validateSearch): a sort it does not offer goes. A
      // patch made from `prev` sees the URL of a navigation that has not rendered yet.
      void navigate({
        to: '.',
        search: (prev) =>
          ({ ...prev, ...(typeof patch === 'function' ? patch(prev) : patch) }) as typeof prev,
      }),
    [navigate],
  );

  return { q, text, setText, tab: search.tab ?? ALL_TAB, setTab, update };
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
