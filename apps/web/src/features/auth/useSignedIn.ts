import { useNavigate } from '@tanstack/react-router';
import { trpc, type User } from '../../lib/trpc';

/** After a successful login or registration: store the current user and go to '/'. */
export function useSignedIn() {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  return async (user: User) => {
    utils.auth.me.setData(undefined, user);
    await navigate({ to: '/' });
  };
}
