import { createFileRoute, redirect } from '@tanstack/react-router';

/** The sign-in screen lives at '/': signed in, that is the dashboard; signed out, the auth screen. */
export const Route = createFileRoute('/login')({
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true });
  },
});
