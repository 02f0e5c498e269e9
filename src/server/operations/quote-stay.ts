import { BOOKING_MESSAGES, MAX_BOOKING_TOTAL } from '../../domain/booking';
import { moneyFromMajor, toMajor, type MinorUnits } from '../../domain/money';
import { priceStay, type PricingRules, type StayQuote } from '../../domain/pricing';
import { listOperatorCalendarRows } from '../store/calendar';
import { DomainError } from '../../domain/domain-error';
import type { Executor } from '../db/client';
import { findPricingRules } from '../store/pricing-rules';

/**
 * The price of a stay at a property under its rules, with the prices the operator set on single days
 * (they win over the rules). The one place the server prices a stay: quotes, guest requests and manual
 * bookings all come here, so they agree to the paisa with each other and with the browser's preview.
 * A total above the cap on a typed one is refused (total_too_large) before anything is written: beyond
 * the cap it would also overflow the database's amounts.
 */
export async function quoteStay(
  db: Executor,
  input: {
    property: { id: string; base_price: MinorUnits; currency: string };
    checkIn: string;
    checkOut: string;
    guests: number;
    rules?: PricingRules;
  },
): Promise<StayQuote> {
  const rows = await listOperatorCalendarRows(db, {
    propertyId: input.property.id,
    start: input.checkIn,
    end: input.checkOut,
  });
  const quote = priceStay({
    checkIn: input.checkIn,
    checkOut: input.checkOut,
    guests: input.guests,
    // The pricing rules still price in major units; the property and its days hold minor ones.
    basePrice: toMajor(input.property.base_price),
    currency: input.property.currency,
    rules: input.rules ?? (await findPricingRules(db, input.property.id)),
    dayPrices: new Map(rows.map((row) => [row.date, row.price === null ? null : toMajor(row.price)])),
  });
  if (quote.total > MAX_BOOKING_TOTAL) {
    throw new DomainError(
      'total_too_large',
      BOOKING_MESSAGES.totalTooLarge(moneyFromMajor(quote.total, quote.currency)),
      { total: quote.total, max_total: MAX_BOOKING_TOTAL, currency: quote.currency },
    );
  }
  return quote;
}
