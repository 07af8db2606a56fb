import { createRouter } from '@tanstack/react-router';
import { NotFoundPage } from './components/NotFound';
import { api, queryClient } from './lib/api';
import type { User } from './lib/trpc';
import { routeTree } from './routeTree.gen';

export interface RouterContext {
  queryClient: typeof queryClient;
  /** The session; protected routes redirect to '/' without a user. */
  auth: { readonly user: User | null };
}

export function createAppRouter() {
  return createRouter({
    routeTree,
    context: {
      queryClient,
      // Read from the query cache when a route loads rather than passed in on render: right
      // after sign-in the cache holds the user before React renders again, and the redirect
      // back to the page the user came for must already pass the guard.
      auth: {
        get user() {
          return api.auth.me.getData() ?? null;
        },
      },
    },
    defaultNotFoundComponent: NotFoundPage,
    defaultPreload: 'intent',
    // Query data is cached by TanStack Query; loaders never cache on their own.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
