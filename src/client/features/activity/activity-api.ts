import { infiniteQueryOptions } from '@tanstack/react-query';
import { reportRoutes } from '@/domain/contracts/routes';
import type { AuditEventQueryInput } from '@/domain/audit';
import { callEndpoint } from '@/client/lib/api-client';
import { operatorDataKey } from '@/client/lib/query';

// Under the operator's data: every change elsewhere reloads the history shown.
export const activityKeys = {
  all: [...operatorDataKey, 'activity'] as const,
  list: (query: AuditEventQueryInput) => [...activityKeys.all, query] as const,
};

/** The audit log, newest first, a page at a time (each page continues before the last one's oldest id). */
export function activityQuery(query: AuditEventQueryInput) {
  return infiniteQueryOptions({
    queryKey: activityKeys.list(query),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(reportRoutes.listAuditEvents, {
        query: { ...query, before: pageParam ? String(pageParam) : undefined },
        signal,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.next_before ?? undefined,
  });
}
