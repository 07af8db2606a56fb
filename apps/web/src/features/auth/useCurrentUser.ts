import { trpc, type User } from '../../lib/trpc';

/** The signed-in user from the cached `auth.me` query (null when signed out). */
export function useCurrentUser(): User | null {
  const me = trpc.auth.me.useQuery(undefined, { staleTime: Infinity });
  return me.data ?? null;
}
