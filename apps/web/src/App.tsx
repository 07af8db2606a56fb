import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { FullPageSpinner } from './components/FullPageSpinner';
import { useLoadedToaster } from './lib/notify';
import { queryClient, trpcClient } from './lib/api';
import { trpc } from './lib/trpc';
import { createAppRouter } from './router';
import { system } from './theme/system';

const router = createAppRouter();

/** The toast region, from the first notice on (lib/notify.ts loads it). */
function Toaster() {
  const LoadedToaster = useLoadedToaster();
  return LoadedToaster ? <LoadedToaster /> : null;
}

function InnerApp() {
  const me = trpc.auth.me.useQuery();
  if (me.isPending) return <FullPageSpinner />;
  // The route guards (routes/_app.tsx) read the session from the same query's cache.
  return <RouterProvider router={router} />;
}

export function App() {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ChakraProvider value={system}>
          <InnerApp />
          <Toaster />
        </ChakraProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
