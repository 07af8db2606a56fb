import { useNavigate, useSearch } from '@tanstack/react-router';
import { safeRedirect } from '../../lib/redirect';
import { trpc, type User } from '../../lib/trpc';

/**
 * After a successful login or registration: store the current user and go to the page the user
 * was sent away from (`redirect`, routes/_app.tsx), else to '/'.
 */
export function useSignedIn() {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const { redirect } = useSearch({ strict: false });
  return async (user: User) => {
    utils.auth.me.setData(undefined, user);
    // Checked again, not only by the route: this is where a crafted link would take effect.
    const back = safeRedirect(redirect);
    await (back ? navigate({ href: back, replace: true }) : navigate({ to: '/' }));
  };
}
