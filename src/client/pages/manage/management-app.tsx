import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Toaster } from '@/client/components/ui/sonner';
import { isApiError } from '@/client/lib/api-client';
import { LoginGate } from '@/client/features/manage/login-gate';
import { manageKeys, useSession } from '@/client/features/manage/manage-api';
import { ManagementShell } from '@/client/features/manage/management-shell';

function createQueryClient() {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      // A session that ends (expired, signed out elsewhere) sends the operator back to the login gate.
      onError: (error, query) => {
        if (isApiError(error, 401) && query.queryKey[0] !== 'session')
          client.setQueryData(manageKeys.session, null);
      },
    }),
    // The same when a change is refused for want of a session; sign-in (a wrong password is a 401) and
    // the Add Property dialog (the spec's "You must be logged in" toast, typed values kept) opt out.
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (isApiError(error, 401) && !mutation.meta?.keepSessionOn401)
          client.setQueryData(manageKeys.session, null);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Coming back to the tab shows requests that guests sent meanwhile.
        refetchOnWindowFocus: true,
        retry: (count, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
  return client;
}

function ManagementGate() {
  const session = useSession();
  if (session.isPending) {
    return (
      <main className="flex min-h-dvh items-center justify-center" aria-busy="true">
        <p role="status" className="text-muted-foreground">
          Loading villa management...
        </p>
      </main>
    );
  }
  if (!session.data) return <LoginGate />;
  return <ManagementShell key={session.data.id} operator={session.data} />;
}

/** The management area's root (its own HTML entry): data client, toasts and the session gate. */
export function ManagementApp({ queryClient }: { queryClient?: QueryClient } = {}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ManagementGate />
      <Toaster />
    </QueryClientProvider>
  );
}
