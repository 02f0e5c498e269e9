import { fillText } from './fill-text';
import { formatAmountNumber, toMinor } from './money';

/**
 * What a quote's line charges, as data: the nights at one price and why, extra guests, the cleaning fee or
 * an operator's fee. The line's English label is worded from it here, and Hindi and Marathi from the same
 * charge with their own words (src/content/quote-line.ts), so no one reads the English back.
 * No zod here: the English booking form's words come from this module (see QUOTE_CHARGE_WORDS_EN).
 */

/** Monday first, as the villa's week is shown. */
export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Why a night costs what it does: the base price, its weekday's, a season's or a price set for the day. */
export type NightReason =
  | { kind: 'base' }
  | { kind: 'weekday'; weekday: Weekday }
  | { kind: 'season'; season: string }
  | { kind: 'day' };

/**
 * A line's charge. `price` is a night's price in major units, as the quote's amounts are; a fee's `nights`
 * is null for a fee per stay. `before_tax` when the prices include tax and the line shows the part before it.
 */
export type QuoteCharge = (
  | { kind: 'nights'; nights: number; price: number; reason: NightReason }
  | { kind: 'extra_guests'; guests: number; nights: number }
  | { kind: 'cleaning_fee' }
  | { kind: 'fee'; name: string; nights: number | null }
) & { before_tax: boolean };

/** The words a charge is said in ({placeholders} filled in); the booking form's `quote` holds them. */
export type QuoteChargeWords = {
  lineNightOne: string;
  lineNightsMany: string;
  basePrice: string;
  dayPrice: string;
  weekdayPrice: string;
  extraGuestOne: string;
  extraGuestsMany: string;
  beforeTax: string;
  cleaningFee: string;
  nightsOne: string;
  nightsMany: string;
};

/** The English words: the labels the API has always given (published: keep them as they are). */
export const QUOTE_CHARGE_WORDS_EN: QuoteChargeWords = {
  lineNightOne: '1 night × {price} ({reason})',
  lineNightsMany: '{n} nights × {price} ({reason})',
  basePrice: 'Base price',
  dayPrice: 'Price set for this day',
  weekdayPrice: '{day} price',
  extraGuestOne: '1 extra guest × {nights}',
  extraGuestsMany: '{n} extra guests × {nights}',
  beforeTax: ', before tax',
  // The fee the site itself names (the operator sets only its amount); their own fees keep their names.
  cleaningFee: 'Cleaning fee',
  // How many nights a fee or an extra guest is charged for: "Service fee × 3 nights".
  nightsOne: '1 night',
  nightsMany: '{n} nights',
};

/** How a charge is worded: the words, a weekday's name in their language, the quote's currency. */
export type QuoteChargeWording = {
  words: QuoteChargeWords;
  nameWeekday: (weekday: Weekday) => string;
  currency: string;
};

/** English wording, as the quote's labels are made. */
export function wordInEnglish(currency: string): QuoteChargeWording {
  return { words: QUOTE_CHARGE_WORDS_EN, nameWeekday: (weekday) => weekday, currency };
}

/** Why a night costs this, in words ("Friday price"); a season keeps the name the operator gave it. */
export function sayNightReason(reason: NightReason, wording: Omit<QuoteChargeWording, 'currency'>): string {
  const { words } = wording;
  switch (reason.kind) {
    case 'base':
      return words.basePrice;
    case 'day':
      return words.dayPrice;
    case 'weekday':
      return fillText(words.weekdayPrice, { day: wording.nameWeekday(reason.weekday) });
    case 'season':
      return reason.season;
  }
}

/**
 * A charge in words: "3 nights × 12,000 (Friday price), before tax", "2 extra guests × 3 nights",
 * "Cleaning fee", "Service fee × 3 nights". An operator's fee keeps the name they gave it.
 */
export function sayQuoteCharge(charge: QuoteCharge, wording: QuoteChargeWording): string {
  const { words } = wording;
  const countNights = (n: number) => (n === 1 ? words.nightsOne : fillText(words.nightsMany, { n }));
  const suffix = charge.before_tax ? words.beforeTax : '';
  switch (charge.kind) {
    case 'nights': {
      const template = charge.nights === 1 ? words.lineNightOne : words.lineNightsMany;
      const price = formatAmountNumber(toMinor(charge.price), wording.currency);
      return (
        fillText(template, { n: charge.nights, price, reason: sayNightReason(charge.reason, wording) }) +
        suffix
      );
    }
    case 'extra_guests': {
      const template = charge.guests === 1 ? words.extraGuestOne : words.extraGuestsMany;
      return fillText(template, { n: charge.guests, nights: countNights(charge.nights) }) + suffix;
    }
    case 'cleaning_fee':
      return `${words.cleaningFee}${suffix}`;
    case 'fee':
      return (
        (charge.nights === null ? charge.name : `${charge.name} × ${countNights(charge.nights)}`) + suffix
      );
  }
}
