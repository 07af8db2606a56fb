import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useNavigate } from '@tanstack/react-router';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';

/** Logs out: the current user becomes empty, every cached query is dropped, the user goes to '/'. */
export function useLogout() {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const meKey = getQueryKey(trpc.auth.me, undefined, 'query');

  return trpc.auth.logout.useMutation({
    onSuccess: async () => {
      await queryClient.cancelQueries();
      utils.auth.me.setData(undefined, null);
      queryClient.removeQueries({
        predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(meKey),
      });
      await navigate({ to: '/' });
    },
    onError: (error) => {
      notify.error('Logout failed', errorMessage(error));
    },
  });
}
