import { createTRPCReact } from '@trpc/react-query';
import { httpBatchLink } from '@trpc/client';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import superjson from 'superjson';
import type { AppRouter } from '@pharm/api';

export const trpc = createTRPCReact<AppRouter>();

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export type User = NonNullable<RouterOutputs['auth']['me']>;
export type Pharmacy = RouterOutputs['pharmacies']['get'];

/** The signed-in user from the cached `auth.me` query (null when signed out). */
export function useCurrentUser(): User | null {
  const me = trpc.auth.me.useQuery(undefined, { staleTime: Infinity });
  return me.data ?? null;
}

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: '/trpc',
        transformer: superjson,
        fetch(url, options) {
          // Every call carries the session cookie.
          return fetch(url, { ...options, credentials: 'same-origin' });
        },
      }),
    ],
  });
}
