// What the record routes' options use. Route options are part of the first-load bundle (see
// lists/route.ts): this file holds no component and no zod.
import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A record route's loader: makes sure the query cache holds the record the page shows, so that
 * hovering a link to it (the router preloads on intent) fetches it before the click. Not awaited,
 * like the lists' (listLoader): the page shows its skeleton at once, and a failure (a missing
 * record) is the query's, which the page shows.
 */
export function recordLoader<TData, TError, TKey extends QueryKey>(
  record: (id: number) => EnsureQueryDataOptions<TData, TError, TData, TKey>,
) {
  return ({
    params,
    context,
  }: {
    params: { id: number };
    context: { queryClient: QueryClient };
  }) => {
    context.queryClient.ensureQueryData(record(params.id)).catch(() => undefined);
  };
}
