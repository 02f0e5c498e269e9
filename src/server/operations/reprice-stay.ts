import { BOOKING_MESSAGES, checkStayDates, isSamePrice, type StoredBooking } from '../../domain/booking';
import { REPRICE_MESSAGES } from '../../domain/booking-reprice';
import { DomainError } from '../../domain/domain-error';
import type { MinorUnits } from '../../domain/money';
import { findStayRuleRefusal, StayQuoteSchema, type StayQuote } from '../../domain/pricing';
import type { Executor } from '../db/client';
import { findPricingRules } from '../store/pricing-rules';
import { quoteStay } from './quote-stay';

/** A stay that came from a channel (by its feed or entered by hand as one): its channel owns its terms. */
export function isChannelStay(booking: Pick<StoredBooking, 'booking_source' | 'channel_connection_id'>) {
  return booking.booking_source !== 'direct' || booking.channel_connection_id !== null;
}

type ChangedStay = { check_in: string; check_out: string; guests_count: number };

/**
 * The price the rules give a booking's stay as changed: the same rates, stay rules, fees and taxes as the
 * booking form's quote. The advance notice and horizon are left out: they judge when a stay is booked, and
 * this one was booked already. A channel's stay is priced by its channel and a settled one keeps its terms,
 * so neither is quoted (channel_price, settled_stay); more guests than it sleeps are too_many_guests, dates
 * that make no stay invalid_stay, a stay its rules refuse the rule's code.
 */
export async function quoteChangedStay(
  tx: Executor,
  input: {
    booking: StoredBooking;
    property: { id: string; base_price: MinorUnits; currency: string; max_guests: number };
    stay: ChangedStay;
    today: string;
  },
): Promise<StayQuote> {
  const { booking, property, stay } = input;
  if (isChannelStay(booking)) throw new DomainError('channel_price', REPRICE_MESSAGES.channelPrice);
  if (booking.status === 'cancelled' || booking.status === 'completed') {
    throw new DomainError('settled_stay', REPRICE_MESSAGES.settled(booking.status));
  }
  if (stay.guests_count > property.max_guests) {
    throw new DomainError('too_many_guests', BOOKING_MESSAGES.tooManyGuests(property.max_guests), {
      field: 'guests_count',
    });
  }
  const dates = checkStayDates(stay, input.today, { allowPast: true });
  if (dates) throw new DomainError('invalid_stay', dates, { field: 'check_out' });
  const rules = await findPricingRules(tx, property.id);
  const refusal = findStayRuleRefusal(stay, rules, input.today, { advance: false });
  if (refusal) throw new DomainError(refusal.code, refusal.message, { field: 'check_out' });
  return quoteStay(tx, {
    property,
    checkIn: stay.check_in,
    checkOut: stay.check_out,
    guests: stay.guests_count,
    rules,
  });
}

/** The quote as the API shows it: only the documented fields (the stored quote keeps more). */
export function shapeStayQuote(quote: StayQuote) {
  return StayQuoteSchema.parse(quote);
}

/**
 * The breakdown a booking's price was made of, when the quote it kept is still of this stay (its dates,
 * guests and total): a total typed since, or kept over a move, has no breakdown of its own.
 */
export function findCurrentBreakdown(booking: StoredBooking, quote: StayQuote | null) {
  if (!quote) return null;
  const same =
    quote.check_in === booking.check_in &&
    quote.check_out === booking.check_out &&
    quote.guests === booking.guests_count &&
    isSamePrice(quote.total, booking.total_amount);
  return same ? shapeStayQuote(quote) : null;
}
