import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/client/lib/api-client';
import type { Booking, BookingStatus, ManualBookingInput, PaymentStatus } from '@/domain/booking';
import type { Property } from '@/domain/property';
import { manageKeys } from '../manage/manage-api';

/** After any change to a property's bookings or calendar, every view that shows them reloads. */
function useRefreshProperty() {
  const queryClient = useQueryClient();
  return (propertyId: string) => {
    void queryClient.invalidateQueries({ queryKey: manageKeys.bookings(propertyId) });
    void queryClient.invalidateQueries({ queryKey: ['calendar', propertyId] });
    void queryClient.invalidateQueries({ queryKey: manageKeys.stats });
  };
}

/** Replaces a booking in the cached list at once, so the card changes before the reload. */
function usePatchCachedBooking() {
  const queryClient = useQueryClient();
  return (booking: Booking) =>
    queryClient.setQueryData<Booking[]>(manageKeys.bookings(booking.property_id), (list) =>
      list?.map((item) => (item.id === booking.id ? booking : item)),
    );
}

export function useUpdateBookingStatus() {
  const refresh = useRefreshProperty();
  const patch = usePatchCachedBooking();
  return useMutation({
    mutationFn: (input: { booking: Booking; status: BookingStatus }) =>
      apiFetch<Booking>(`/api/bookings/${input.booking.id}/status`, {
        method: 'PATCH',
        body: { status: input.status },
      }),
    onSuccess: (booking) => {
      patch(booking);
      refresh(booking.property_id);
    },
  });
}

export function useUpdatePaymentStatus() {
  const refresh = useRefreshProperty();
  const patch = usePatchCachedBooking();
  return useMutation({
    mutationFn: (input: { booking: Booking; paymentStatus: PaymentStatus }) =>
      apiFetch<Booking>(`/api/bookings/${input.booking.id}/payment`, {
        method: 'PATCH',
        body: { payment_status: input.paymentStatus },
      }),
    onSuccess: (booking) => {
      patch(booking);
      refresh(booking.property_id);
    },
  });
}

export function useCreateBooking(propertyId: string) {
  const refresh = useRefreshProperty();
  return useMutation({
    mutationFn: (input: ManualBookingInput) =>
      apiFetch<Booking>(`/api/properties/${propertyId}/bookings`, { method: 'POST', body: input }),
    onSuccess: () => refresh(propertyId),
  });
}

export type CalendarDaysChange = {
  start: string;
  end: string;
  is_available?: boolean;
  price?: number | null;
};

export function useUpdateCalendarDays(propertyId: string) {
  const refresh = useRefreshProperty();
  return useMutation({
    mutationFn: (input: CalendarDaysChange) =>
      apiFetch<{ updated: number }>(`/api/properties/${propertyId}/calendar`, { method: 'PUT', body: input }),
    onSuccess: () => refresh(propertyId),
  });
}

export function useUpdateProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { propertyId: string; changes: Record<string, unknown> }) =>
      apiFetch<Property>(`/api/properties/${input.propertyId}`, { method: 'PATCH', body: input.changes }),
    onSuccess: (property) => {
      queryClient.setQueryData<Property[]>(manageKeys.properties, (list) =>
        property.is_active
          ? list?.map((item) => (item.id === property.id ? property : item))
          : list?.filter((item) => item.id !== property.id),
      );
      void queryClient.invalidateQueries({ queryKey: manageKeys.properties });
      void queryClient.invalidateQueries({ queryKey: manageKeys.stats });
      void queryClient.invalidateQueries({ queryKey: ['calendar', property.id] });
    },
  });
}
