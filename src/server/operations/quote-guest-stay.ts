import { QuoteResultSchema, type QuoteResult } from '../../domain/availability';
import { BOOKING_MESSAGES } from '../../domain/booking';
import { listUnavailableNights } from '../../domain/calendar';
import { DomainError } from '../../domain/domain-error';
import { findStayRuleRefusal, type StayQuote } from '../../domain/pricing';
import type { Executor } from '../db/client';
import { listHeldStays, type BookableProperty } from '../store/booking-requests';
import { listCalendarRows } from '../store/calendar';
import { findPricingRules } from '../store/pricing-rules';
import { quoteStay } from './quote-stay';

export type GuestStay = { check_in: string; check_out: string; guests: number };

/**
 * A stay as the public site may book it, read in one transaction: its unavailable nights and its quote
 * under the property's pricing rules. More guests than the property sleeps (too_many_guests) or a stay
 * the rules refuse (too short for its season, a check-in day it does not allow, too close or too far
 * ahead: the rule's code) is refused.
 */
export async function quoteGuestStay(
  tx: Executor,
  input: { property: BookableProperty; stay: GuestStay; today: string },
): Promise<{ unavailable: string[]; quote: StayQuote }> {
  const { property, stay } = input;
  if (stay.guests > property.max_guests) {
    throw new DomainError('too_many_guests', BOOKING_MESSAGES.tooManyGuests(property.max_guests), {
      max_guests: property.max_guests,
    });
  }
  const rules = await findPricingRules(tx, property.id);
  const refusal = findStayRuleRefusal(stay, rules, input.today);
  if (refusal) throw new DomainError(refusal.code, refusal.message);
  const range = { propertyId: property.id, start: stay.check_in, end: stay.check_out };
  const unavailable = listUnavailableNights({
    from: stay.check_in,
    to: stay.check_out,
    rows: await listCalendarRows(tx, range),
    stays: await listHeldStays(tx, range),
  });
  const quote = await quoteStay(tx, {
    property,
    checkIn: stay.check_in,
    checkOut: stay.check_out,
    guests: stay.guests,
    rules,
  });
  return { unavailable, quote };
}

/** The quote as the public API answers it: only the documented fields (the stored quote keeps more). */
export function shapeQuoteResult(quote: StayQuote, unavailable: string[]): QuoteResult {
  return QuoteResultSchema.parse({
    ...quote,
    available: unavailable.length === 0,
    unavailable_nights: unavailable,
  });
}
