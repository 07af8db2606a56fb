import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useNavigate } from '@tanstack/react-router';
import { errorMessage, errorStatus } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { forgetListSearches } from '../lists/remember';

/**
 * Logs out: the notice on screen goes, the lists' kept searches too (the side menu's), the
 * current user becomes empty, every cached query is dropped, the user goes to '/'.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const meKey = getQueryKey(trpc.auth.me, undefined, 'query');

  const signedOut = async () => {
    // The signed-in session's notices are not for whoever signs in next.
    notify.clear();
    forgetListSearches();
    await queryClient.cancelQueries();
    // Started first: the location is '/' when the signed-in frame sees the user gone, so it does
    // not take this for an expiry and keep the page to come back to.
    const home = navigate({ to: '/' });
    utils.auth.me.setData(undefined, null);
    queryClient.removeQueries({
      predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(meKey),
    });
    await home;
  };

  return trpc.auth.logout.useMutation({
    onSuccess: signedOut,
    onError: async (error) => {
      // 401: the session had already ended (expiry, another tab); the user is signed out all the same.
      if (errorStatus(error) === 401) return signedOut();
      notify.error('Logout failed', errorMessage(error));
    },
  });
}
