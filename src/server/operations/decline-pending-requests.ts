import { BOOKING_NOT_FOUND, type DeclinedRequests, type DeclineScope } from '../../domain/booking';
import { DomainError } from '../../domain/domain-error';
import type { Tx } from '../db/client';
import { declinePendingBookings, findBooking } from '../store/bookings';

const NO_REQUEST_NETWORK = 'This booking did not come from the booking form, so it has no network';

/**
 * The operator declines (cancels) every pending booking like one booking: from its guest e-mail (in any
 * case), or from the network its request came from, in one transaction. No event is written, so no guest
 * is told: requests sent in bulk are most likely spam, and a reply would confirm that the address is read.
 */
export async function declinePendingRequests(
  tx: Tx,
  input: { bookingId: string; by: DeclineScope },
): Promise<DeclinedRequests> {
  const booking = await findBooking(tx, input.bookingId);
  if (!booking) throw new DomainError('booking_not_found', BOOKING_NOT_FOUND);
  const network = booking.request_network;
  if (input.by === 'network' && !network) throw new DomainError('no_request_network', NO_REQUEST_NETWORK);
  const ids = await declinePendingBookings(
    tx,
    input.by === 'email' ? { guestEmail: booking.guest_email } : { network: network ?? '' },
  );
  return { declined: ids.length, booking_ids: ids };
}
