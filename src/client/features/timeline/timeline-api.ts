import { queryOptions } from '@tanstack/react-query';
import { timelineRoutes } from '@/domain/contracts/routes';
import { callEndpoint } from '@/client/lib/api-client';
import { operatorDataKey } from '@/client/lib/query';

export const timelineKeys = {
  all: [...operatorDataKey, 'timeline'] as const,
  range: (from: string, to: string) => [...timelineKeys.all, from, to] as const,
};

/** Marked when a timeline's data has arrived: the paint benchmark measures from here to the grid drawn. */
export const TIMELINE_DATA_MARK = 'timeline-data-received';

/** Every active property's stays, closed nights and channel holds over [from, to). */
export function timelineQuery(from: string, to: string) {
  return queryOptions({
    queryKey: timelineKeys.range(from, to),
    queryFn: async ({ signal }) => {
      const timeline = await callEndpoint(timelineRoutes.getTimeline, { query: { from, to }, signal });
      performance.mark(TIMELINE_DATA_MARK);
      return timeline;
    },
  });
}
