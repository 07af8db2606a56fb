import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { NotFoundPage } from './components/NotFound';
import type { User } from './lib/trpc';
import { routeTree } from './routeTree.gen';

export interface RouterContext {
  queryClient: QueryClient;
  /** The session as known when the route loads; protected routes redirect to '/' without a user. */
  auth: { user: User | null };
}

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient, auth: { user: null } },
    defaultNotFoundComponent: NotFoundPage,
    defaultPreload: 'intent',
    // Query data is cached by TanStack Query; loaders never cache on their own.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
