import {
  BOOKING_NOT_FOUND,
  canChangeStatus,
  canCompleteStay,
  completeTooEarlyMessage,
  type BookingStatus,
} from '../../domain/booking';
import { formatCalendarDate, villaToday } from '../../domain/dates';
import { DomainError } from '../../domain/domain-error';
import type { Tx } from '../db/client';
import { declareClock } from '../db/with-operator';
import { findBooking, updateBookingStatusFrom } from '../store/bookings';
import { appendEvent } from '../store/events';
import { addRequestStates } from '../store/request-links';

const BOOKING_CHANGED_MEANWHILE = 'The booking was changed meanwhile; reload and try again';

/**
 * The operator decides a booking: pending → confirmed or cancelled (a guest's request answered), confirmed
 * → completed (from its check-out day) or cancelled. Asking for the status it has changes nothing. The
 * change writes `booking_status_changed` in the same transaction: the guest's message follows from it.
 */
export async function changeBookingStatus(
  tx: Tx,
  input: { bookingId: string; to: BookingStatus; hostMessage: string | null; at: Date },
) {
  // The change's audit entry dates the confirmation, the day its deposit falls due: on this clock.
  await declareClock(tx, input.at);
  const booking = await findBooking(tx, input.bookingId);
  if (!booking) throw new DomainError('booking_not_found', BOOKING_NOT_FOUND);
  const { to } = input;
  const from = booking.status;
  if (from === to) return (await addRequestStates(tx, [booking]))[0]!;
  if (!canChangeStatus(from, to)) {
    throw new DomainError('status_change_not_allowed', `A ${from} booking cannot become ${to}`, { from, to });
  }
  if (to === 'completed' && !canCompleteStay(booking, villaToday(input.at))) {
    throw new DomainError('stay_not_ended', completeTooEarlyMessage(formatCalendarDate(booking.check_out)), {
      check_out: booking.check_out,
    });
  }
  const updated = await updateBookingStatusFrom(tx, { bookingId: booking.id, from, to });
  if (!updated) throw new DomainError('booking_changed_meanwhile', BOOKING_CHANGED_MEANWHILE);
  await appendEvent(tx, {
    kind: 'booking_status_changed',
    booking_id: updated.id,
    payload: { from, to, host_message: input.hostMessage },
  });
  return (await addRequestStates(tx, [updated]))[0]!;
}
