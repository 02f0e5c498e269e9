import type { BookingFormText } from '@/content/booking-form';
import { fillText } from '@/content/fill-text';
import { INTL_LOCALES, type Language } from '@/content/languages';
import { QuoteResultSchema } from '@/domain/availability';
import { BOOKING_LIMITS, BOOKING_MESSAGES } from '@/domain/booking';
import { readFieldMessage } from '@/domain/text-rules';
import { formatMajorAmount } from '@/domain/money';
import { localizeQuoteLine } from '@/content/quote-line';
import { getErrorMessage, isApiError } from '@/client/lib/api-client';
import { formatLongDateIn } from '@/client/lib/format';
import { useLandingText, useSiteText } from '@/client/features/site';
import type { StayRuleWords } from './stay-dates';

/** The longest text each field takes (the domain schema's limits), for "at most {max} characters". */
const FIELD_MAX: Record<string, number> = {
  guest_name: 100,
  guest_email: 254,
  guest_phone: 30,
  special_requests: 1000,
};

export type FieldError = { message?: string; type?: string | number };

/** A calendar date with its weekday in the page's language: "Sun 22 Nov 2026", "रवि, 22 नव॰ 2026". */
export function formatStayDate(date: string, language: Language): string {
  return formatLongDateIn(date, language);
}

/**
 * A validation message in the page's language, from the field and the domain schema's English message
 * (the same whether the form or the server found it). English shows the schema's message as it is; a
 * message this does not know is shown as written.
 */
export function localizeFieldMessage(
  field: string,
  error: FieldError,
  text: BookingFormText,
  language: Language,
): string | undefined {
  const message = error.message;
  if (language === 'en' || !message) return message;
  const errors = text.errors;
  const common = readFieldMessage(message);
  if (common?.kind === 'notAllowed') return errors.notAllowed;
  if (common?.kind === 'tooLong') return fillText(errors.tooLong, { max: FIELD_MAX[field] ?? common.max });
  switch (field) {
    case 'guest_name':
      return errors.nameRequired;
    case 'guest_email':
      return errors.email;
    case 'guest_phone':
      return errors.phone;
    case 'guests_count': {
      const most = /sleeps at most (\d+) guests/.exec(message);
      if (most) return fillText(errors.tooManyGuests, { max: most[1]! });
      return message.endsWith('is required') ? errors.guestsRequired : errors.guestsRange;
    }
    case 'check_in':
    case 'check_out':
      if (message === BOOKING_MESSAGES.checkOutBeforeCheckIn) return errors.checkOutBeforeCheckIn;
      if (message === BOOKING_MESSAGES.inThePast) return errors.inThePast;
      if (message === BOOKING_MESSAGES.tooLong)
        return fillText(errors.stayTooLong, { n: BOOKING_LIMITS.maxNights });
      if (message === BOOKING_MESSAGES.tooFarAhead)
        return fillText(errors.tooFarAhead, { n: BOOKING_LIMITS.maxDaysAhead });
      if (message === BOOKING_MESSAGES.unavailable) return errors.datesTaken;
      return message.endsWith('is required') ? errors.dateRequired : errors.dateInvalid;
    default:
      return message;
  }
}

/** Why a request was not taken, in the page's language where the answer is known, else the server's words. */
export function localizeRequestError(error: unknown, text: BookingFormText, language: Language): string {
  const fallback = text.errors.requestFailed;
  if (language === 'en') return getErrorMessage(error, fallback);
  if (!isApiError(error)) return fallback;
  if (error.status === 409) {
    const quote = QuoteResultSchema.safeParse(error.details.quote);
    return quote.success
      ? fillText(text.errors.priceChanged, {
          total: formatMajorAmount(quote.data.total, quote.data.currency),
        })
      : text.errors.datesTaken;
  }
  if (error.status === 429) return text.errors.tooManyPending;
  if (error.field) return localizeFieldMessage(error.field, error, text, language) ?? fallback;
  // The server's own words are English: a guest reading Hindi or Marathi is told in theirs.
  return fallback;
}

// Shared with the e-mails, which word a quote's lines in the guest's language too.
export { localizeQuoteLine };

/** The stay rules' words in Hindi or Marathi; English keeps stay-dates.ts's own. */
export function writeStayRuleWords(text: BookingFormText, language: Language): StayRuleWords | undefined {
  if (language === 'en') return undefined;
  const calendar = text.calendar;
  const weekday = new Intl.DateTimeFormat(INTL_LOCALES[language], { weekday: 'long' });
  return {
    minimumStay: (nights) => fillText(calendar.minimumStay, { n: nights }),
    seasonMinimum: (nights) => fillText(calendar.seasonMinimum, { n: nights }),
    checkInOnly: (days) => fillText(calendar.checkInOnly, { days: days.join(calendar.or) }),
    // 2024-01-01 was a Monday, the first of the rules' weekdays.
    weekday: (day) => weekday.format(new Date(2024, 0, 1 + day)),
  };
}

/** The form's words and formats in the page's language (the landing page hands them down). */
export function useBookingFormText() {
  const { language } = useSiteText();
  const text = useLandingText().bookingForm;
  return {
    text,
    language,
    formatDate: (date: string) => formatStayDate(date, language),
    formatQuoteLine: (label: string) => localizeQuoteLine(label, text, language),
    fieldError: (field: string, error: FieldError | undefined) =>
      error ? { message: localizeFieldMessage(field, error, text, language) } : undefined,
  };
}
