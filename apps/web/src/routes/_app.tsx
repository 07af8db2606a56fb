import { createFileRoute, Navigate, Outlet, redirect, useLocation } from '@tanstack/react-router';
import { useCurrentUser } from '../features/auth/useCurrentUser';
import { AppShell, AuthScreen, loadAppShell, loadAuthScreen } from '../features/shell/lazy';

/**
 * The signed-in area. Signed out, '/' shows the auth screen and every other app route
 * redirects to '/'.
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ context, location }) => {
    if (!context.auth.user && location.pathname !== '/') {
      throw redirect({ to: '/', replace: true });
    }
  },
  // Starts the download of the frame or the sign-in screen beside the route's own chunks.
  loader: ({ context }) => {
    void (context.auth.user ? loadAppShell() : loadAuthScreen());
  },
  component: AppLayout,
});

function AppLayout() {
  const user = useCurrentUser();
  const pathname = useLocation({ select: (location) => location.pathname });
  if (!user) {
    // The session ended while on an app screen (logout, expiry): back to '/'.
    return pathname === '/' ? <AuthScreen /> : <Navigate to="/" replace />;
  }
  return (
    <AppShell user={user}>
      <Outlet />
    </AppShell>
  );
}
