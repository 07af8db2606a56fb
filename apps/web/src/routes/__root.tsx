import { chakra } from '@chakra-ui/react';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '../components/NotFound';
import type { RouterContext } from '../router';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: RootNotFound,
});

/** An unknown path renders outside the signed-in frame, which holds the page's <main>: own one. */
function RootNotFound() {
  return (
    <chakra.main>
      <NotFoundPage />
    </chakra.main>
  );
}
