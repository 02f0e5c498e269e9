import { queryOptions } from '@tanstack/react-query';
import { reportRoutes } from '@/domain/contracts/routes';
import { callEndpoint } from '@/client/lib/api-client';
import { operatorDataKey } from '@/client/lib/query';

export const reportKeys = {
  all: [...operatorDataKey, 'reports'] as const,
  report: (query: { from: string; to: string; property: string | null }) =>
    [...reportKeys.all, query] as const,
};

/** Occupancy, revenue and the rest by month and source, for one property or all of them. */
export function reportQuery(query: { from: string; to: string; property: string | null }) {
  return queryOptions({
    queryKey: reportKeys.report(query),
    queryFn: ({ signal }) =>
      callEndpoint(reportRoutes.getReport, {
        query: { from: query.from, to: query.to, property: query.property ?? undefined },
        signal,
      }),
  });
}
