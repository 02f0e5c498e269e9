import { BOOKING_MESSAGES, pickStay, type ManualBooking } from '../../domain/booking';
import { CHANNEL_BOOKING_SOURCES, CHANNEL_LABELS } from '../../domain/channel';
import { formatCalendarDate } from '../../domain/dates';
import { DomainError } from '../../domain/domain-error';
import { toMinorUnits } from '../../domain/money';
import { isChannelCollected, PAYMENT_STATUS_BY_HAND_MESSAGE } from '../../domain/payment';
import type { Tx } from '../db/client';
import { findBooking, insertBooking } from '../store/bookings';
import { listChannelClosures, type ChannelClosure } from '../store/calendar';
import { appendEvent } from '../store/events';
import { requireProperty } from '../store/properties';
import { addRequestStates, releaseUnconfirmedRequests } from '../store/request-links';
import { recordBalancePaid } from './mark-booking-paid';
import { quoteStay } from './quote-stay';

/** The refusal of nights a channel holds, at the check-in field so the form shows it there. */
export function channelHoldsNights(held: ChannelClosure) {
  return new DomainError(
    'channel_holds_nights',
    `${CHANNEL_LABELS[held.channel]} holds ${formatCalendarDate(held.start_date)} – ${formatCalendarDate(held.end_date)} (a reservation there, or nights closed there): free them there first`,
    { field: 'check_in' },
  );
}

/**
 * The operator enters a stay by hand (by phone, a walk-in, or one copied from a channel). Its payment status
 * follows the ledger: 'paid' records the total as paid, 'channel' only says what the source says already;
 * an amount partly paid or refunded is recorded with its amount, so neither is entered here
 * (payment_status_not_entered). More guests than the property sleeps (too_many_guests) or nights a channel
 * holds (channel_holds_nights) are refused; an overlap with another stay is the database's to refuse.
 * It writes `booking_added` in the same transaction; no message follows from it.
 */
export async function addBooking(
  tx: Tx,
  input: { propertyId: string; booking: ManualBooking; operatorId: string; today: string },
) {
  const { booking: stay } = input;
  if (
    stay.payment_status === 'partial' ||
    stay.payment_status === 'refunded' ||
    (stay.payment_status === 'channel' && !isChannelCollected(stay.booking_source))
  ) {
    throw new DomainError('payment_status_not_entered', PAYMENT_STATUS_BY_HAND_MESSAGE, {
      field: 'payment_status',
    });
  }
  const property = await requireProperty(tx, input.propertyId);
  if (stay.guests_count > property.max_guests) {
    throw new DomainError('too_many_guests', BOOKING_MESSAGES.tooManyGuests(property.max_guests));
  }
  // The no-overlap rule knows only stays here: nights another channel holds are sold there. A stay
  // copied from the channel that holds the nights is that channel's own reservation, so it may.
  const held = (
    await listChannelClosures(tx, {
      propertyId: property.id,
      start: stay.check_in,
      end: stay.check_out,
    })
  ).find((closure) => CHANNEL_BOOKING_SOURCES[closure.channel] !== stay.booking_source);
  if (held) throw channelHoldsNights(held);
  // A guest request never confirmed in time does not stand in the operator's way.
  await releaseUnconfirmedRequests(tx, property.id);
  // Priced by the rules unless the operator gave the total (an amount agreed by phone, say).
  const quote =
    stay.total_amount === null || stay.total_amount === undefined
      ? await quoteStay(tx, {
          property,
          checkIn: stay.check_in,
          checkOut: stay.check_out,
          guests: stay.guests_count,
        })
      : null;
  const inserted = await insertBooking(tx, {
    property_id: property.id,
    ...pickStay(stay),
    total_amount: toMinorUnits(quote?.total ?? stay.total_amount ?? 0),
    quote,
    currency: property.currency,
    status: stay.status,
    booking_source: stay.booking_source,
    external_booking_id: stay.external_booking_id,
    guest_language: stay.guest_language,
  });
  // A stay with nothing to pay (a total of 0) has nothing to record, nor one the channel collects (its
  // guest paid the channel: that is what 'channel' says).
  if (
    stay.payment_status === 'paid' &&
    inserted.amount_known &&
    inserted.total_amount > 0 &&
    !isChannelCollected(inserted.booking_source)
  ) {
    await recordBalancePaid(tx, inserted, {
      operatorId: input.operatorId,
      note: 'Marked paid when the booking was added',
      today: input.today,
    });
  }
  // For the subscribers to come (turnovers); the messages' subscriber sends nothing for it.
  await appendEvent(tx, { kind: 'booking_added', booking_id: inserted.id, payload: {} });
  // Entered by hand, so it never lapses; said the same way as for every booking.
  const [shaped] = await addRequestStates(tx, [(await findBooking(tx, inserted.id))!]);
  return shaped!;
}
