import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePassword, ChangePasswordResponse, SessionList } from '@/domain/auth';
import { apiFetch } from '@/client/lib/api-client';
import { operatorDataKey } from '@/client/lib/query';

export const accountKeys = {
  all: [...operatorDataKey, 'account'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
};

/** The operator's signed-in sessions (this one included, marked `current`). */
export function sessionsQuery() {
  return queryOptions({
    queryKey: accountKeys.sessions(),
    queryFn: ({ signal }) => apiFetch<SessionList>('/api/sessions', { signal }),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePassword) =>
      apiFetch<ChangePasswordResponse>('/api/account/password', { method: 'POST', body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      apiFetch<{ revoked: true; current: boolean }>(`/api/sessions/${encodeURIComponent(sessionId)}`, {
        method: 'DELETE',
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}
