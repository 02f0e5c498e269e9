import type { QueryClient } from '@tanstack/react-query';
import { MutationCache, QueryCache, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Toaster } from '@/client/components/ui/sonner';
import { LoginGate, sessionKeys, sessionQuery } from '@/client/features/session';
import { isApiError } from '@/client/lib/api-client';
import { createQueryClient } from '@/client/lib/query';
import { LoadingScreen } from './loading-screen';
import { ManagementShell } from './management-shell';

function createManagementQueryClient() {
  const client: QueryClient = createQueryClient({
    queryCache: new QueryCache({
      // A session that ends (expired, signed out elsewhere) sends the operator back to the login gate.
      onError: (error, query) => {
        if (isApiError(error, 401) && query.queryKey[0] !== sessionKeys.current[0])
          client.setQueryData(sessionKeys.current, null);
      },
    }),
    // The same when a change is refused for want of a session, unless the form handles that itself.
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (isApiError(error, 401) && !mutation.meta?.keepSessionOn401)
          client.setQueryData(sessionKeys.current, null);
      },
    }),
    // Coming back to the tab shows requests that guests sent meanwhile.
    defaultOptions: { queries: { refetchOnWindowFocus: true } },
  });
  return client;
}

function ManagementGate() {
  const session = useQuery(sessionQuery());
  if (session.isPending) {
    return <LoadingScreen />;
  }
  if (!session.data) return <LoginGate />;
  return <ManagementShell key={session.data.id} operator={session.data} />;
}

/** The management area's root (its own HTML entry): data client, toasts and the session gate. */
export function ManagementApp({ queryClient }: { queryClient?: QueryClient } = {}) {
  const [client] = useState(() => queryClient ?? createManagementQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ManagementGate />
      <Toaster />
    </QueryClientProvider>
  );
}
