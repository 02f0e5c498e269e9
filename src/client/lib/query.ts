import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { isApiError } from './api-client';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** A 401 answer to this change is the form's own business (a wrong password, say): stay signed in. */
      keepSessionOn401?: boolean;
    };
  }
}

/**
 * The root of every query key that holds the operator's data. A change to any of it marks every view of
 * it stale (`invalidateOperatorData`): the views that are open reload, the others when they open. So a
 * feature never needs to know which other features show what it changed, and signing out drops it all.
 */
export const operatorDataKey = ['operator-data'] as const;

export function invalidateOperatorData(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: operatorDataKey });
}

/** A query client with the project's defaults: a refused request (4xx) is not retried. */
export function createQueryClient(config: QueryClientConfig = {}) {
  return new QueryClient({
    ...config,
    defaultOptions: {
      ...config.defaultOptions,
      queries: {
        staleTime: 30_000,
        retry: (count, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
        ...config.defaultOptions?.queries,
      },
    },
  });
}
