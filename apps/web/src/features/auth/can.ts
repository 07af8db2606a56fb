import { useCallback, type ReactNode } from 'react';
import { can, type Permission, type Role } from '@pharm/validators/roles';
import { useCurrentUser } from '../../lib/trpc';

// Apart from useCurrentUser: the sign-in screen's first load has no use for the roles table.

/** The signed-in user's role (null when signed out). */
export function useRole(): Role | null {
  return useCurrentUser()?.role ?? null;
}

/**
 * Whether the signed-in user's role holds a permission, by the roles table the server enforces:
 * the screens hide what the role may not do, and the server refuses it anyway (403).
 */
export function useCan(): (permission: Permission) => boolean {
  const role = useRole();
  return useCallback((permission: Permission) => can(role, permission), [role]);
}

/** Its children when the signed-in user's role holds `permission`, else `fallback`. */
export function Can({
  permission,
  children,
  fallback = null,
}: {
  permission: Permission;
  children: ReactNode;
  fallback?: ReactNode;
}): ReactNode {
  return useCan()(permission) ? children : fallback;
}
