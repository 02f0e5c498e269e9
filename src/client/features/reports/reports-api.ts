import { queryOptions } from '@tanstack/react-query';
import type { Report } from '@/domain/report';
import { apiFetch } from '@/client/lib/api-client';
import { operatorDataKey } from '@/client/lib/query';

export const reportKeys = {
  all: [...operatorDataKey, 'reports'] as const,
  report: (query: { from: string; to: string; property: string | null }) =>
    [...reportKeys.all, query] as const,
};

/** Occupancy, revenue and the rest by month and source, for one property or all of them. */
export function reportQuery(query: { from: string; to: string; property: string | null }) {
  const params = new URLSearchParams({ from: query.from, to: query.to });
  if (query.property) params.set('property', query.property);
  return queryOptions({
    queryKey: reportKeys.report(query),
    queryFn: ({ signal }) => apiFetch<Report>(`/api/reports?${params}`, { signal }),
  });
}
