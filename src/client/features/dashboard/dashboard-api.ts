import { queryOptions } from '@tanstack/react-query';
import { propertyRoutes, reportRoutes } from '@/domain/contracts/routes';
import { callEndpoint } from '@/client/lib/api-client';
import { operatorDataKey } from '@/client/lib/query';

export const dashboardKeys = {
  all: [...operatorDataKey, 'dashboard'] as const,
  stats: () => [...dashboardKeys.all, 'stats'] as const,
};

/** The dashboard's four figures, with a live count of active bookings. */
export function dashboardStatsQuery() {
  return queryOptions({
    queryKey: dashboardKeys.stats(),
    queryFn: ({ signal }) => callEndpoint(propertyRoutes.getDashboardStats, { signal }),
  });
}

/** Today and the coming days, for one property or (without an id) for all of them. */
export function dashboardDayQuery(propertyId: string | null) {
  return queryOptions({
    queryKey: [...dashboardKeys.all, 'day', propertyId ?? 'all'] as const,
    queryFn: ({ signal }) =>
      callEndpoint(reportRoutes.getDashboard, { query: { property: propertyId ?? undefined }, signal }),
  });
}
