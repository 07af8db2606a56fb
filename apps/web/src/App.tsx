import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useLoadedToaster } from './lib/notify';
import { queryClient, trpcClient } from './lib/api';
import { trpc } from './lib/trpc';
import type { AppRouter } from './router';
import type { AppSystem } from './theme/system';

/** The toast region, from the first notice on (lib/notify.ts loads it). */
function Toaster() {
  const LoadedToaster = useLoadedToaster();
  return LoadedToaster ? <LoadedToaster /> : null;
}

/** The router, loaded with the session (main.tsx) before the first render, and the theme. */
export function App({ router, system }: { router: AppRouter; system: AppSystem }) {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ChakraProvider value={system}>
          <RouterProvider router={router} />
          <Toaster />
        </ChakraProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
