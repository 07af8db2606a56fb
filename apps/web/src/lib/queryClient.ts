import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { errorStatus } from './errors';
import { trpc } from './trpc';

const AUTH_PROCEDURES = new Set(['login', 'register', 'logout', 'me']);

function isAuthCall(key: readonly unknown[] | undefined): boolean {
  const path = key?.[0];
  return Array.isArray(path) && path[0] === 'auth' && AUTH_PROCEDURES.has(String(path[1]));
}

/**
 * Spec §1/§9: no retries, no refetch on focus or interval, data never stale on its own;
 * every change invalidates what it touched explicitly (and the summaries, which every change may
 * move).
 * A 401 from any app call means the session ended: the current user becomes empty and
 * the auth screen shows.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        if (errorStatus(error) === 401 && !isAuthCall(query.queryKey)) signedOut();
      },
    }),
    mutationCache: new MutationCache({
      // The dashboard, the reports and the search results sum up every other list, so any
      // change may move them: they are refreshed after each one, whichever page made it.
      onSuccess() {
        for (const router of [trpc.dashboard, trpc.reports, trpc.search]) {
          void client.invalidateQueries({ queryKey: getQueryKey(router) });
        }
      },
      onError(error, _variables, _context, mutation) {
        if (errorStatus(error) === 401 && !isAuthCall(mutation.options.mutationKey)) signedOut();
      },
    }),
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: {
        retry: false,
      },
    },
  });

  function signedOut() {
    client.setQueryData(getQueryKey(trpc.auth.me, undefined, 'query'), null);
  }

  return client;
}
