import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { calendarRoutes } from '@/domain/contracts/routes';
import type { UpdateCalendarDaysInput } from '@/domain/calendar';
import { callEndpoint } from '@/client/lib/api-client';
import { invalidateOperatorData, operatorDataKey } from '@/client/lib/query';

export const calendarKeys = {
  all: [...operatorDataKey, 'calendar'] as const,
  month: (propertyId: string, month: string) => [...calendarKeys.all, propertyId, month] as const,
};

/** A property's calendar rows and the bookings that share a night with the month. */
export function propertyCalendarQuery(propertyId: string, month: string) {
  return queryOptions({
    queryKey: calendarKeys.month(propertyId, month),
    queryFn: ({ signal }) =>
      callEndpoint(calendarRoutes.getPropertyCalendar, {
        params: { propertyId },
        query: { month },
        signal,
      }),
  });
}

export function useUpdateCalendarDays(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCalendarDaysInput) =>
      callEndpoint(calendarRoutes.updateCalendarDays, { params: { propertyId }, body: input }),
    onSuccess: () => void invalidateOperatorData(queryClient),
  });
}
