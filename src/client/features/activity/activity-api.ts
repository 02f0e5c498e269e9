import { infiniteQueryOptions } from '@tanstack/react-query';
import type { AuditEventPage, AuditEventQueryInput } from '@/domain/audit';
import { apiFetch } from '@/client/lib/api-client';
import { operatorDataKey } from '@/client/lib/query';

// Under the operator's data: every change elsewhere reloads the history shown.
export const activityKeys = {
  all: [...operatorDataKey, 'activity'] as const,
  list: (query: AuditEventQueryInput) => [...activityKeys.all, query] as const,
};

function toSearch(query: AuditEventQueryInput, before?: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, String(value));
  if (before) params.set('before', String(before));
  return params.toString();
}

/** The audit log, newest first, a page at a time (each page continues before the last one's oldest id). */
export function activityQuery(query: AuditEventQueryInput) {
  return infiniteQueryOptions({
    queryKey: activityKeys.list(query),
    queryFn: ({ pageParam, signal }) =>
      apiFetch<AuditEventPage>(`/api/audit-events?${toSearch(query, pageParam)}`, { signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.next_before ?? undefined,
  });
}
