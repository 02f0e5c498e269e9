import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Availability, BookingRequestResult, QuoteResult } from '@/domain/availability';
import type { BookingRequest } from '@/domain/booking';
import { apiFetch } from '@/client/lib/api-client';

export const bookingRequestKeys = {
  availability: ['availability'] as const,
  quote: (stay: StayQuery) => ['quote', stay] as const,
};

export type StayQuery = { checkIn: string; checkOut: string; guests?: number };

/** The villa's unavailable nights and price overrides for the whole booking horizon. */
export function availabilityQuery() {
  return queryOptions({
    queryKey: bookingRequestKeys.availability,
    queryFn: ({ signal }) => apiFetch<Availability>('/api/availability', { signal }),
    select: (availability) => ({ ...availability, unavailableSet: new Set(availability.unavailable) }),
  });
}

/** The server's price of a stay, night by night, and whether it can still be booked. */
export function quoteQuery(stay: StayQuery) {
  const params = new URLSearchParams({ check_in: stay.checkIn, check_out: stay.checkOut });
  if (stay.guests && Number.isInteger(stay.guests) && stay.guests > 0)
    params.set('guests', String(stay.guests));
  return queryOptions({
    queryKey: bookingRequestKeys.quote(stay),
    queryFn: ({ signal }) => apiFetch<QuoteResult>(`/api/quote?${params}`, { signal }),
    staleTime: 10_000,
  });
}

/**
 * Sends a guest's request. The Idempotency-Key makes a double click or a retry after a network error
 * book once; after any answer the availability is fetched again, since nights may have been taken.
 */
export function useRequestBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { request: BookingRequest; requestKey: string }) =>
      apiFetch<BookingRequestResult>('/api/booking-requests', {
        method: 'POST',
        body: input.request,
        headers: { 'idempotency-key': input.requestKey },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingRequestKeys.availability }),
  });
}
