import { createFileRoute, Navigate, Outlet, redirect, useLocation } from '@tanstack/react-router';
import { useCurrentUser } from '../lib/trpc';
import { AppShell, AuthScreen, loadAppShell, loadAuthScreen } from '../features/shell/lazy';

/**
 * The signed-in area. Signed out, '/' shows the auth screen and every other app route
 * redirects to it with the page asked for in `redirect` (search and all), where signing in
 * goes back to (features/auth/useSignedIn.ts).
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ context, location }) => {
    if (!context.auth.user && location.pathname !== '/') {
      throw redirect({ to: '/', search: { redirect: location.href }, replace: true });
    }
  },
  // Downloads the frame or the sign-in screen beside the route's own chunks, so the first render
  // has them (no fallback in between).
  loader: async ({ context }) => {
    await (context.auth.user ? loadAppShell() : loadAuthScreen());
  },
  component: AppLayout,
});

function AppLayout() {
  const user = useCurrentUser();
  const location = useLocation();
  if (!user) {
    // The session expired while on an app screen: sign in again and come back to it. (Logging
    // out goes to '/' before the user is gone, so it never gets here.)
    return location.pathname === '/' ? (
      <AuthScreen />
    ) : (
      <Navigate to="/" search={{ redirect: location.href }} replace />
    );
  }
  return (
    <AppShell user={user}>
      <Outlet />
    </AppShell>
  );
}
