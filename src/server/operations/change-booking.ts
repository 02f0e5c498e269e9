import {
  BOOKING_MESSAGES,
  BOOKING_NOT_FOUND,
  checkStayDates,
  isSamePrice,
  type BookingChange,
  type BookingUpdate,
  type StoredBooking,
} from '../../domain/booking';
import { REPRICE_MESSAGES } from '../../domain/booking-reprice';
import { formatCalendarDate } from '../../domain/dates';
import { DomainError } from '../../domain/domain-error';
import { findInvoiceDisagreements } from '../../domain/invoice';
import { formatMoney, moneyFromMajor, toMinorUnits } from '../../domain/money';
import type { StayQuote } from '../../domain/pricing';
import type { Tx } from '../db/client';
import { isOverlapError } from '../db/errors';
import { findClashingStay, updateBookingFields } from '../store/bookings';
import { listChannelClosures, type ChannelClosure } from '../store/calendar';
import { appendEvent } from '../store/events';
import { listBookingInvoiceRows, shapeInvoices } from '../store/invoices';
import { lockBooking } from '../store/payments';
import { requireProperty } from '../store/properties';
import { addRequestStates, deleteRequestTokens, releaseUnconfirmedRequests } from '../store/request-links';
import { channelHoldsNights } from './add-booking';
import { isChannelStay, quoteChangedStay, shapeStayQuote } from './reprice-stay';

/** Why a channel's stay keeps its dates and total. */
export const CHANNEL_TERMS_MESSAGE =
  "This stay's dates and total come from its channel: change them there; its guest details, guests and private note can change here";

type BookingFieldChange = Omit<BookingUpdate, 'pricing'>;

/** The fields of a change that differ from the booking as it is (the pricing choice is no field). */
function findChangedFields(booking: StoredBooking, change: BookingUpdate): Partial<BookingFieldChange> {
  const changed: Partial<Record<keyof BookingFieldChange, unknown>> = {};
  for (const [key, value] of Object.entries(change) as [keyof BookingUpdate, unknown][]) {
    if (value === undefined || key === 'pricing') continue;
    const current = booking[key];
    const same = key === 'total_amount' ? isSamePrice(value as number, current as number) : value === current;
    if (!same) changed[key] = value;
  }
  return changed as Partial<BookingFieldChange>;
}

type StayNights = Pick<StoredBooking, 'check_in' | 'check_out'>;

/**
 * A channel's hold (its block, or its stay in conflict not settled yet) on a night the stay would take that
 * it does not hold now. Nights the stay shares already (a channel closed them after it was booked) stay its.
 */
function findNewlyHeldClosure(closures: readonly ChannelClosure[], before: StayNights, after: StayNights) {
  return closures.find((closure) => {
    const start = closure.start_date > after.check_in ? closure.start_date : after.check_in;
    const end = closure.end_date < after.check_out ? closure.end_date : after.check_out;
    return start < end && !(before.check_in <= start && end <= before.check_out);
  });
}

/** What the guest is told changed: dates, guests and total, each before → after (worded in their language). */
function describeGuestChanges(before: StoredBooking, after: StoredBooking): BookingChange[] {
  const changes: BookingChange[] = [];
  if (before.check_in !== after.check_in)
    changes.push({ field: 'checkIn', before: before.check_in, after: after.check_in });
  if (before.check_out !== after.check_out)
    changes.push({ field: 'checkOut', before: before.check_out, after: after.check_out });
  // A channel's stay whose count was unknown: its guest is told the count, not a change from nothing.
  if (
    before.guests_count !== after.guests_count &&
    before.guests_count !== null &&
    after.guests_count !== null
  )
    changes.push({ field: 'guests', before: before.guests_count, after: after.guests_count });
  if (!isSamePrice(before.total_amount, after.total_amount))
    changes.push({
      field: 'total',
      before: moneyFromMajor(before.total_amount, before.currency),
      after: moneyFromMajor(after.total_amount, after.currency),
    });
  return changes;
}

type FieldValues = Parameters<typeof updateBookingFields>[2];

/**
 * Writes a move onto other nights. The database's no-overlap rule decides it: onto nights another stay
 * holds it is refused (nights_unavailable, naming that stay), read after the refused write is undone to
 * its savepoint.
 */
async function moveStay(
  tx: Tx,
  booking: StoredBooking,
  values: FieldValues,
  nights: { propertyId: string; checkIn: string; checkOut: string },
) {
  try {
    return await tx.transaction((savepoint) => updateBookingFields(savepoint, booking.id, values));
  } catch (error) {
    if (!isOverlapError(error)) throw error;
    const clash = await findClashingStay(tx, { ...nights, bookingId: booking.id });
    if (!clash) throw error;
    throw new DomainError(
      'nights_unavailable',
      `Those nights are taken by ${clash.guest_name}'s stay, ${formatCalendarDate(clash.check_in)} – ${formatCalendarDate(clash.check_out)}`,
      { field: 'check_in' },
    );
  }
}

/**
 * The operator changes a booking: its dates, guests, total, guest's details, special requests or private
 * note. A channel's stay keeps its dates and total (channel_terms), a cancelled or completed one its dates,
 * guests and total (settled_stay); a move is held to the stay's dates (invalid_stay), a confirmed stay is not
 * moved to end before today (confirmed_stay_in_past), nor onto nights a channel newly holds
 * (channel_holds_nights) or another stay holds (nights_unavailable). A change of dates or guests is priced
 * as the operator chose (`pricing`): the new quote if it is still the one shown (quote_changed), or the
 * total kept with a reason (reason_required). A change the guest should hear of writes `booking_changed`
 * in the same transaction: the guest's message follows from it. The answer names the invoices the change
 * leaves disagreeing with the booking.
 */
export async function changeBooking(
  tx: Tx,
  input: { bookingId: string; change: BookingUpdate; today: string },
) {
  const { today } = input;
  // Locked, so two changes of one booking never both read it as it was.
  const booking = await lockBooking(tx, input.bookingId);
  if (!booking) throw new DomainError('booking_not_found', BOOKING_NOT_FOUND);
  const changed = findChangedFields(booking, input.change);
  const movesNights = changed.check_in !== undefined || changed.check_out !== undefined;
  const changesTerms = movesNights || changed.total_amount !== undefined;
  if (changesTerms && isChannelStay(booking)) {
    throw new DomainError('channel_terms', CHANNEL_TERMS_MESSAGE);
  }
  if (
    (changesTerms || changed.guests_count !== undefined) &&
    (booking.status === 'cancelled' || booking.status === 'completed')
  ) {
    throw new DomainError('settled_stay', REPRICE_MESSAGES.settled(booking.status));
  }
  const stay = {
    check_in: changed.check_in ?? booking.check_in,
    check_out: changed.check_out ?? booking.check_out,
  };
  if (movesNights) {
    const refusal = checkStayDates(stay, today, { allowPast: true });
    if (refusal) throw new DomainError('invalid_stay', refusal, { field: 'check_out' });
    // A confirmed stay moved into the past would look over without having been, and its guests'
    // check-in details would be deleted years early (they are kept for a time after check-out).
    if (booking.status === 'confirmed' && changed.check_out !== undefined && stay.check_out < today) {
      throw new DomainError(
        'confirmed_stay_in_past',
        BOOKING_MESSAGES.confirmedEndsInThePast(formatCalendarDate(today)),
        { field: 'check_out' },
      );
    }
  }
  const property = await requireProperty(tx, booking.property_id);
  if (changed.guests_count !== undefined && changed.guests_count > property.max_guests) {
    throw new DomainError('too_many_guests', BOOKING_MESSAGES.tooManyGuests(property.max_guests), {
      field: 'guests_count',
    });
  }
  // A change of dates or guests is priced as the operator chose: the new quote, or the total kept.
  const pricing = input.change.pricing;
  let newQuote: StayQuote | null = null;
  if (pricing) {
    if (isChannelStay(booking)) {
      throw new DomainError('channel_price', REPRICE_MESSAGES.channelPrice);
    }
    if (input.change.total_amount !== undefined) {
      throw new DomainError('pricing_with_total', REPRICE_MESSAGES.pricingWithTotal, {
        field: 'total_amount',
      });
    }
    if (!movesNights && changed.guests_count === undefined) {
      throw new DomainError('nothing_to_reprice', REPRICE_MESSAGES.nothingToReprice);
    }
    if (pricing.keep === 'old' && pricing.reason === null) {
      throw new DomainError('reason_required', REPRICE_MESSAGES.reasonRequired, { field: 'pricing.reason' });
    }
    if (pricing.keep === 'new') {
      // Only a channel's stay may have no count, and it keeps the channel's price (above).
      const guests = changed.guests_count ?? booking.guests_count;
      if (guests === null) {
        throw new DomainError('channel_price', REPRICE_MESSAGES.channelPrice);
      }
      newQuote = await quoteChangedStay(tx, {
        booking,
        property,
        stay: { ...stay, guests_count: guests },
        today,
      });
      // The operator keeps the price they were shown, or nothing: never one they have not seen.
      if (!isSamePrice(newQuote.total, pricing.quoted_total)) {
        throw new DomainError(
          'quote_changed',
          REPRICE_MESSAGES.quoteChanged(formatMoney(moneyFromMajor(newQuote.total, newQuote.currency))),
          { quote: shapeStayQuote(newQuote) },
        );
      }
    }
  }
  if (Object.keys(changed).length === 0)
    return { ...(await addRequestStates(tx, [booking]))[0]!, invoice_disagrees: [] };
  const { total_amount: typedTotal, ...rest } = changed;
  const total = newQuote ? newQuote.total : typedTotal;
  const values: FieldValues = {
    ...rest,
    ...(total === undefined ? {} : { total_amount: toMinorUnits(total) }),
    // The quote taken is the stay's breakdown from now on; a total kept keeps its reason.
    ...(newQuote ? { quote: newQuote, kept_price_reason: null } : {}),
    ...(pricing?.keep === 'old' ? { kept_price_reason: pricing.reason } : {}),
  };
  let updated: StoredBooking;
  if (movesNights) {
    // The no-overlap rule knows only stays here; nights a channel holds are sold there.
    const closures = await listChannelClosures(tx, {
      propertyId: property.id,
      start: stay.check_in,
      end: stay.check_out,
    });
    const held = findNewlyHeldClosure(closures, booking, stay);
    if (held) throw channelHoldsNights(held);
    // A guest request never confirmed in time does not stand in the operator's way.
    await releaseUnconfirmedRequests(tx, property.id);
    updated = await moveStay(tx, booking, values, {
      propertyId: property.id,
      checkIn: stay.check_in,
      checkOut: stay.check_out,
    });
  } else {
    updated = await updateBookingFields(tx, booking.id, values);
  }
  // The links sent so far went to the old address: whoever holds them no longer sees the stay. The
  // guest gets a link of their own with the next message to the new one.
  if (
    changed.guest_email !== undefined &&
    changed.guest_email.toLowerCase() !== booking.guest_email.toLowerCase()
  ) {
    await deleteRequestTokens(tx, booking.id);
  }
  const guestChanges = describeGuestChanges(booking, updated);
  // The guest's message follows from the event, written with the change.
  if (guestChanges.length > 0 && !isChannelStay(updated)) {
    await appendEvent(tx, {
      kind: 'booking_changed',
      booking_id: updated.id,
      payload: {
        changes: guestChanges,
        quote_taken: newQuote !== null,
        previous_total: isSamePrice(booking.total_amount, updated.total_amount)
          ? null
          : moneyFromMajor(booking.total_amount, booking.currency),
      },
    });
  }
  // An invoice stays as issued: the operator is told which one the new total or name leaves behind.
  const invoice_disagrees =
    !isSamePrice(booking.total_amount, updated.total_amount) || changed.guest_name !== undefined
      ? findInvoiceDisagreements(shapeInvoices(await listBookingInvoiceRows(tx, updated.id)), updated)
      : [];
  return { ...(await addRequestStates(tx, [updated]))[0]!, invoice_disagrees };
}
