import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PropertyCalendar, UpdateCalendarDays } from '@/domain/calendar';
import { apiFetch } from '@/client/lib/api-client';
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
      apiFetch<PropertyCalendar>(
        `/api/properties/${encodeURIComponent(propertyId)}/calendar?month=${encodeURIComponent(month)}`,
        { signal },
      ),
  });
}

export function useUpdateCalendarDays(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCalendarDays) =>
      apiFetch<{ updated: number }>(`/api/properties/${encodeURIComponent(propertyId)}/calendar`, {
        method: 'PUT',
        body: input,
      }),
    onSuccess: () => void invalidateOperatorData(queryClient),
  });
}
