import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionRoutes } from '@/domain/contracts/routes';
import type { Operator, SignIn } from '@/domain/auth';
import { callEndpoint, isApiError } from '@/client/lib/api-client';
import { operatorDataKey } from '@/client/lib/query';

export const sessionKeys = { current: ['session'] as const };

/** The signed-in operator, or null when there is no (valid) session cookie. */
export function sessionQuery() {
  return queryOptions({
    queryKey: sessionKeys.current,
    queryFn: async ({ signal }): Promise<Operator | null> => {
      try {
        const { operator } = await callEndpoint(sessionRoutes.getSession, { signal });
        return operator;
      } catch (error) {
        if (isApiError(error, 401)) return null;
        throw error;
      }
    },
    staleTime: Infinity,
    retry: 1,
  });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { keepSessionOn401: true },
    mutationFn: (input: SignIn) => callEndpoint(sessionRoutes.signIn, { body: input }),
    onSuccess: ({ operator }) => {
      queryClient.removeQueries({ queryKey: operatorDataKey });
      queryClient.setQueryData(sessionKeys.current, operator);
    },
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(sessionRoutes.signOut, {}),
    onSettled: () => {
      // Whatever the server said, the screen must not keep showing private data.
      queryClient.removeQueries({ queryKey: operatorDataKey });
      queryClient.setQueryData(sessionKeys.current, null);
    },
  });
}
