import { useState } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { FullPageSpinner } from './components/FullPageSpinner';
import { useLoadedToaster } from './lib/notify';
import { createQueryClient } from './lib/queryClient';
import { createTrpcClient, trpc } from './lib/trpc';
import { createAppRouter } from './router';
import { system } from './theme/system';

const queryClient = createQueryClient();
const trpcClient = createTrpcClient();
const router = createAppRouter(queryClient);

/** The toast region, from the first notice on (lib/notify.ts loads it). */
function Toaster() {
  const LoadedToaster = useLoadedToaster();
  return LoadedToaster ? <LoadedToaster /> : null;
}

function InnerApp() {
  const me = trpc.auth.me.useQuery();
  const user = me.data ?? null;

  if (me.isPending) return <FullPageSpinner />;
  // The router reads the session from its context (route guards in routes/_app.tsx).
  return <RouterProvider router={router} context={{ queryClient, auth: { user } }} />;
}

export function App() {
  const [client] = useState(() => queryClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={client}>
      <QueryClientProvider client={client}>
        <ChakraProvider value={system}>
          <InnerApp />
          <Toaster />
        </ChakraProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
