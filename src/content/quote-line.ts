import { formatWeekdayName } from '../domain/dates';
import type { QuoteLine } from '../domain/pricing';
import { sayQuoteCharge, WEEKDAYS } from '../domain/quote-charge';
import type { BookingFormText } from './booking-form';
import type { Language } from './languages';

/**
 * A price line of a quote in the reader's language, worded from its charge, for the booking form and the
 * e-mails alike; fees and seasons keep the names the operator gave them. A line kept before lines carried
 * a charge (an older booking's quote) has only its English label, which is shown as it is.
 */
export function describeQuoteLine(
  line: Pick<QuoteLine, 'label' | 'charge'>,
  currency: string,
  text: Pick<BookingFormText, 'quote'>,
  language: Language,
): string {
  if (!line.charge) return line.label;
  return sayQuoteCharge(line.charge, {
    words: text.quote,
    // English names the days as the API's labels do; the others as their calendars do.
    nameWeekday: (day) => (language === 'en' ? day : formatWeekdayName(WEEKDAYS.indexOf(day), language)),
    currency,
  });
}
