import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Operator, SignIn } from '@/domain/auth';
import type { Booking, CalendarBooking } from '@/domain/booking';
import type { CalendarRow } from '@/domain/calendar';
import type { Property, PropertyInput } from '@/domain/property';
import type { DashboardStats } from '@/domain/stats';
import { apiFetch, isApiError } from '@/client/lib/api-client';

export type PropertyCalendar = {
  month: string;
  start: string;
  end: string;
  base_price: number;
  currency: string;
  calendar: CalendarRow[];
  bookings: CalendarBooking[];
};

export const manageKeys = {
  session: ['session'] as const,
  properties: ['properties'] as const,
  stats: ['stats'] as const,
  calendar: (propertyId: string, month: string) => ['calendar', propertyId, month] as const,
  bookings: (propertyId: string) => ['bookings', propertyId] as const,
};

/** The signed-in operator, or null when there is no (valid) session cookie. */
export function useSession() {
  return useQuery({
    queryKey: manageKeys.session,
    queryFn: async ({ signal }) => {
      try {
        const { operator } = await apiFetch<{ operator: Operator }>('/api/session', { signal });
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
    mutationFn: (input: SignIn) =>
      apiFetch<{ operator: Operator }>('/api/session', { method: 'POST', body: input }),
    onSuccess: ({ operator }) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
      queryClient.setQueryData(manageKeys.session, operator);
    },
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ signedOut: true }>('/api/session', { method: 'DELETE' }),
    onSettled: () => {
      // Whatever the server said, the screen must not keep showing private data.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
      queryClient.setQueryData(manageKeys.session, null);
    },
  });
}

export function useProperties(enabled = true) {
  return useQuery({
    queryKey: manageKeys.properties,
    queryFn: ({ signal }) => apiFetch<Property[]>('/api/properties', { signal }),
    enabled,
  });
}

export function useStats(enabled = true) {
  return useQuery({
    queryKey: manageKeys.stats,
    queryFn: ({ signal }) => apiFetch<DashboardStats>('/api/stats', { signal }),
    enabled,
  });
}

export function usePropertyCalendar(propertyId: string, month: string) {
  return useQuery({
    queryKey: manageKeys.calendar(propertyId, month),
    queryFn: ({ signal }) =>
      apiFetch<PropertyCalendar>(
        `/api/properties/${encodeURIComponent(propertyId)}/calendar?month=${encodeURIComponent(month)}`,
        {
          signal,
        },
      ),
  });
}

export function usePropertyBookings(propertyId: string) {
  return useQuery({
    queryKey: manageKeys.bookings(propertyId),
    queryFn: ({ signal }) =>
      apiFetch<Booking[]>(`/api/properties/${encodeURIComponent(propertyId)}/bookings`, { signal }),
  });
}

export function useCreateProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { keepSessionOn401: true },
    mutationFn: (input: PropertyInput) =>
      apiFetch<Property>('/api/properties', { method: 'POST', body: input }),
    onSuccess: (created) => {
      queryClient.setQueryData<Property[]>(manageKeys.properties, (list) => [...(list ?? []), created]);
      void queryClient.invalidateQueries({ queryKey: manageKeys.properties });
      void queryClient.invalidateQueries({ queryKey: manageKeys.stats });
    },
  });
}
