import { formatWeekdayName } from '../domain/dates';
import { WEEKDAYS } from '../domain/pricing';
import type { BookingFormText } from './booking-form';
import { fillText } from './fill-text';
import type { Language } from './languages';

/**
 * A price line of a quote in Hindi or Marathi, rebuilt from the server's English one ("3 nights × 12,000
 * (Friday price), before tax"), for the booking form and the e-mails alike; fees and seasons keep the names
 * the operator gave them. English is returned as it is.
 */
export function localizeQuoteLine(
  label: string,
  text: Pick<BookingFormText, 'quote'>,
  language: Language,
): string {
  if (language === 'en') return label;
  const quote = text.quote;
  const beforeTax = label.endsWith(', before tax');
  const line = beforeTax ? label.slice(0, -', before tax'.length) : label;
  const suffix = beforeTax ? quote.beforeTax : '';
  const nights = /^(\d+) nights? × ([\d,.]+) \((.+)\)$/.exec(line);
  if (nights) {
    const [, n, price, reason] = nights as unknown as [string, string, string, string];
    const weekday = WEEKDAYS.findIndex((day) => reason === `${day} price`);
    const named =
      reason === 'Base price'
        ? quote.basePrice
        : reason === 'Price set for this day'
          ? quote.dayPrice
          : weekday >= 0
            ? fillText(quote.weekdayPrice, { day: formatWeekdayName(weekday, language) })
            : reason;
    const template = n === '1' ? quote.lineNightOne : quote.lineNightsMany;
    return fillText(template, { n, price, reason: named }) + suffix;
  }
  // The server says "2 extra guests × 3 nights": the nights are worded too.
  const extra = /^(\d+) extra guests? × (\d+) nights?$/.exec(line);
  if (extra) {
    const template = extra[1] === '1' ? quote.extraGuestOne : quote.extraGuestsMany;
    const nights = fillText(extra[2] === '1' ? quote.nightOne : quote.nightsMany, { n: extra[2]! });
    return fillText(template, { n: extra[1]!, nights }) + suffix;
  }
  return line + suffix;
}
