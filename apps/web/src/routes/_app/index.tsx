import { lazy } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { safeRedirect } from '../../lib/redirect';

const loadDashboard = () => import('../../features/dashboard/DashboardPage');
const Dashboard = lazy(() => loadDashboard().then((m) => ({ default: m.DashboardPage })));

/**
 * Signed out, '/' is the sign-in screen (routes/_app.tsx): the dashboard (and whatever it grows
 * into) is loaded only when it renders, not with the route. Signed in, the loader starts its
 * download beside the route's other chunks.
 */
export const Route = createFileRoute('/_app/')({
  // Signed out: the page to go back to after signing in (routes/_app.tsx sets it).
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => {
    const redirect = safeRedirect(search.redirect);
    return redirect ? { redirect } : {};
  },
  loader: ({ context }) => {
    if (context.auth.user) void loadDashboard();
  },
  component: Dashboard,
});
