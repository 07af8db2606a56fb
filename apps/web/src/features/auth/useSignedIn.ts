import { useNavigate, useSearch } from '@tanstack/react-router';
import { notify } from '../../lib/notify';
import { safeRedirect } from '../../lib/redirect';
import { trpc, type User } from '../../lib/trpc';

/**
 * After a successful login or registration: clear the notice on screen, store the current user and
 * go to the page the user was sent away from (`redirect`, routes/_app.tsx), else to '/'.
 */
export function useSignedIn() {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const { redirect } = useSearch({ strict: false });
  return async (user: User) => {
    // A "Login failed" of the attempt before, say, is not news any more.
    notify.clear();
    utils.auth.me.setData(undefined, user);
    // Checked again, not only by the route: this is where a crafted link would take effect.
    const back = safeRedirect(redirect);
    await (back ? navigate({ href: back, replace: true }) : navigate({ to: '/' }));
  };
}
