import { moneyFromMajor } from '../../domain/money';
import type { StoredBooking } from '../../domain/booking';
import type { BookingFacts } from './render-message';

export type FactsOfBooking = Pick<
  StoredBooking,
  | 'id'
  | 'property_id'
  | 'guest_name'
  | 'guest_email'
  | 'check_in'
  | 'check_out'
  | 'guests_count'
  | 'total_amount'
  | 'currency'
  | 'guest_language'
>;

/** What every message about a stay starts from, read off the booking as it is stored; each message adds its own. */
export function describeBookingFacts(booking: FactsOfBooking, propertyName: string): BookingFacts {
  return {
    bookingId: booking.id,
    propertyId: booking.property_id,
    propertyName,
    guestName: booking.guest_name,
    guestEmail: booking.guest_email,
    checkIn: booking.check_in,
    checkOut: booking.check_out,
    guests: booking.guests_count,
    total: moneyFromMajor(booking.total_amount, booking.currency),
    currency: booking.currency,
    language: booking.guest_language,
  };
}
