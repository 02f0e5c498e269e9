import type { Booking } from '@/domain/booking';

export type BookingFilters = { search: string; status: string; source: string };
export const ALL = 'all';

/** Search (guest name or e-mail, case-insensitive), status and source filters, all combined. */
export function filterBookings(bookings: readonly Booking[], filters: BookingFilters): Booking[] {
  const needle = filters.search.trim().toLocaleLowerCase();
  return bookings.filter(
    (booking) =>
      (filters.status === ALL || booking.status === filters.status) &&
      (filters.source === ALL || booking.booking_source === filters.source) &&
      (needle === '' ||
        booking.guest_name.toLocaleLowerCase().includes(needle) ||
        booking.guest_email.toLocaleLowerCase().includes(needle)),
  );
}
