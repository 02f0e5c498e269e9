import { BOOKING_NOT_FOUND } from '../../domain/booking';
import type { BookingChangeQuote } from '../../domain/booking-reprice';
import { DomainError } from '../../domain/domain-error';
import type { Tx } from '../db/client';
import { findBooking, findBookingQuote } from '../store/bookings';
import { requireProperty } from '../store/properties';
import { findCurrentBreakdown, quoteChangedStay, shapeStayQuote } from './reprice-stay';

/**
 * The price of a booking's stay with other dates or guests, beside the price it has (with the breakdown it
 * was priced with, when that still adds up to it). The changed stay is quoted as quoteChangedStay quotes it,
 * and refused with its codes.
 */
export async function quoteBookingChange(
  tx: Tx,
  input: {
    bookingId: string;
    stay: { check_in: string; check_out: string; guests_count: number };
    today: string;
  },
): Promise<BookingChangeQuote> {
  const booking = await findBooking(tx, input.bookingId);
  if (!booking) throw new DomainError('booking_not_found', BOOKING_NOT_FOUND);
  const property = await requireProperty(tx, booking.property_id);
  const quote = await quoteChangedStay(tx, { booking, property, stay: input.stay, today: input.today });
  return {
    current: {
      check_in: booking.check_in,
      check_out: booking.check_out,
      guests_count: booking.guests_count,
      total: booking.total_amount,
      quote: findCurrentBreakdown(booking, await findBookingQuote(tx, booking.id)),
    },
    quote: shapeStayQuote(quote),
    currency: booking.currency,
  };
}
