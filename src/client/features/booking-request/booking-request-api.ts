import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { bookingRequestRoutes } from '@/domain/contracts/routes';
import type { BookingRequest } from '@/domain/booking';
import { callEndpoint } from '@/client/lib/api-client';

export const bookingRequestKeys = {
  availability: ['availability'] as const,
  quote: (stay: StayQuery) => ['quote', stay] as const,
};

export type StayQuery = { checkIn: string; checkOut: string; guests?: number };

/** The villa's unavailable nights and price overrides for the whole booking horizon. */
export function availabilityQuery() {
  return queryOptions({
    queryKey: bookingRequestKeys.availability,
    queryFn: ({ signal }) => callEndpoint(bookingRequestRoutes.getAvailability, { signal }),
    select: (availability) => ({ ...availability, unavailableSet: new Set(availability.unavailable) }),
  });
}

/** The server's price of a stay, night by night, and whether it can still be booked. */
export function quoteQuery(stay: StayQuery) {
  const guests =
    stay.guests && Number.isInteger(stay.guests) && stay.guests > 0 ? String(stay.guests) : undefined;
  return queryOptions({
    queryKey: bookingRequestKeys.quote(stay),
    queryFn: ({ signal }) =>
      callEndpoint(bookingRequestRoutes.getQuote, {
        query: { check_in: stay.checkIn, check_out: stay.checkOut, guests },
        signal,
      }),
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
      callEndpoint(bookingRequestRoutes.requestBooking, {
        body: input.request,
        headers: { 'idempotency-key': input.requestKey },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingRequestKeys.availability }),
  });
}
