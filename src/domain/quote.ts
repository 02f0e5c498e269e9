import { listDatesBetween } from './dates';
import type { CalendarRow } from './calendar';

export type QuoteNight = { date: string; price: number };
export type Quote = {
  check_in: string;
  check_out: string;
  nights: QuoteNight[];
  nights_count: number;
  total: number;
  currency: string;
};

/**
 * Prices a stay [check_in, check_out): each night from its calendar row's price, else the property's
 * base price. The browser shows it and the server recomputes it; the server never takes a price from
 * the browser. Amounts are summed in cents so that 0.1 + 0.2 stays 0.30.
 */
export function computeQuote(input: {
  checkIn: string;
  checkOut: string;
  basePrice: number;
  currency: string;
  rows: readonly CalendarRow[];
}): Quote {
  const priceByDate = new Map(input.rows.map((row) => [row.date, row.price]));
  const nights = listDatesBetween(input.checkIn, input.checkOut).map((date) => ({
    date,
    price: priceByDate.get(date) ?? input.basePrice,
  }));
  const cents = nights.reduce((sum, night) => sum + Math.round(night.price * 100), 0);
  return {
    check_in: input.checkIn,
    check_out: input.checkOut,
    nights,
    nights_count: nights.length,
    total: cents / 100,
    currency: input.currency,
  };
}

/** Formats an amount with its currency for people: "AED 1,200" or "AED 1,200.50". */
export function formatMoney(amount: number, currency: string): string {
  const fractionDigits = Number.isInteger(amount) ? 0 : 2;
  return `${currency} ${amount.toLocaleString('en-US', { minimumFractionDigits: fractionDigits, maximumFractionDigits: 2 })}`;
}
