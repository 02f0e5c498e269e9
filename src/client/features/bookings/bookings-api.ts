import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Wire } from '@/domain/wire-amount';
import { bookingRoutes } from '@/domain/contracts/routes';
import type {
  Booking,
  BookingStatus,
  BookingUpdate,
  DeclineScope,
  ManualBooking,
  PaymentStatus,
} from '@/domain/booking';
import type { MarkPaidInput, PaymentSummary } from '@/domain/payment';
import type { BookingListQueryInput } from '@/domain/booking-list';
import type { BookingChangeQuoteQuery } from '@/domain/booking-reprice';
import { callEndpoint, callEndpointPage } from '@/client/lib/api-client';
import { invalidateOperatorData, operatorDataKey } from '@/client/lib/query';

export const bookingKeys = {
  all: [...operatorDataKey, 'bookings'] as const,
  /** One property's pages, or (null) those of the list of all properties. */
  property: (propertyId: string | null) => [...bookingKeys.all, propertyId ?? 'all'] as const,
  page: (propertyId: string | null, query: BookingListQueryInput) =>
    [...bookingKeys.property(propertyId), query] as const,
};

/** A booking as a list shows it: its payments summed up, and its property's name in the list of all. */
export type ListedBooking = Booking & { payment?: Wire<PaymentSummary>; property_name?: string };

/** The API's query string for a list query (blank values left out). */
export function toBookingListSearch(query: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, String(value));
  return params.toString();
}

/**
 * One page of a property's bookings (or, `propertyId` null, of every active property's) that match the
 * search and filters, and how many match in all.
 */
export function bookingsPageQuery(propertyId: string | null, query: BookingListQueryInput) {
  return queryOptions({
    queryKey: bookingKeys.page(propertyId, query),
    queryFn: ({ signal }): Promise<{ items: ListedBooking[]; total: number }> =>
      propertyId
        ? callEndpointPage(bookingRoutes.listBookings, { params: { propertyId }, query, signal })
        : callEndpointPage(bookingRoutes.searchBookings, { query, signal }),
    // The last page stays on screen while the next loads, instead of a flash of "Loading".
    placeholderData: keepPreviousData,
  });
}

/** After a booking changes: its card at once, then every view of the operator's data reloads. */
function useApplyBookingChange() {
  const queryClient = useQueryClient();
  return (booking: Booking) => {
    // The list's items carry a payment summary the changed booking does not: it stays until the reload.
    // Its property's pages and those of the list of all properties.
    queryClient.setQueriesData<{ items: Booking[]; total: number }>(
      { queryKey: bookingKeys.all },
      (page) =>
        page?.items && {
          ...page,
          items: page.items.map((item) => (item.id === booking.id ? { ...item, ...booking } : item)),
        },
    );
    void invalidateOperatorData(queryClient);
  };
}

/**
 * The price of a booking's stay with the dates and guests the edit form has now, beside its price. Kept
 * a while per stay, so going back to dates already quoted shows their quote at once.
 */
export function bookingChangeQuoteQuery(bookingId: string, stay: BookingChangeQuoteQuery) {
  return queryOptions({
    queryKey: [...bookingKeys.all, 'change-quote', bookingId, stay] as const,
    queryFn: ({ signal }) =>
      callEndpoint(bookingRoutes.quoteBookingChange, { params: { bookingId }, query: stay, signal }),
    retry: false,
  });
}

export function useUpdateBookingStatus() {
  const apply = useApplyBookingChange();
  return useMutation({
    mutationFn: (input: { booking: Booking; status: BookingStatus; message?: string }) =>
      callEndpoint(bookingRoutes.updateBookingStatus, {
        params: { bookingId: input.booking.id },
        body: { status: input.status, ...(input.message?.trim() ? { message: input.message } : {}) },
      }),
    onSuccess: apply,
  });
}

/** Changes a booking's stay, guest or private note: only the fields given. */
export function useUpdateBooking() {
  const apply = useApplyBookingChange();
  return useMutation({
    mutationFn: (input: { booking: Booking; change: Partial<BookingUpdate> }) =>
      callEndpoint(bookingRoutes.updateBooking, {
        params: { bookingId: input.booking.id },
        body: input.change,
      }),
    onSuccess: apply,
  });
}

/** Marks a booking paid: a payment of the balance the operator was shown, by the method they chose. */
export function useUpdatePaymentStatus() {
  const apply = useApplyBookingChange();
  return useMutation({
    mutationFn: (
      input: { booking: Booking; paymentStatus: PaymentStatus } & Omit<MarkPaidInput, 'payment_status'>,
    ) => {
      const { booking, paymentStatus, ...payment } = input;
      return callEndpoint(bookingRoutes.updatePaymentStatus, {
        params: { bookingId: booking.id },
        body: { payment_status: paymentStatus, ...payment },
      });
    },
    onSuccess: apply,
  });
}

export function useCreateBooking(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ManualBooking) =>
      callEndpoint(bookingRoutes.createBooking, { params: { propertyId }, body: input }),
    onSuccess: () => void invalidateOperatorData(queryClient),
  });
}

/** Declines every pending request from this booking's guest e-mail or network, in one transaction. */
export function useDeclineSimilarRequests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { booking: Booking; by: DeclineScope }) =>
      callEndpoint(bookingRoutes.declinePendingRequests, {
        params: { bookingId: input.booking.id },
        body: { by: input.by },
      }),
    onSuccess: () => void invalidateOperatorData(queryClient),
  });
}
