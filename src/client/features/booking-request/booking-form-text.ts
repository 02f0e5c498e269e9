import type { BookingFormText } from '@/content/booking-form';
import { fillText } from '@/content/fill-text';
import { INTL_LOCALES, type Language } from '@/content/languages';
import { QuoteResultSchema } from '@/domain/availability';
import { BOOKING_LIMITS, BOOKING_MESSAGES } from '@/domain/booking';
import { readRefusalAnswer, type FieldRefusal } from '@/domain/field-refusals';
import { formatMajorAmount } from '@/domain/money';
import type { QuoteLine } from '@/domain/pricing';
import { describeQuoteLine } from '@/content/quote-line';
import { describeFieldRefusal } from '@/content/field-refusals';
import { getErrorMessage, isApiError, type ApiError } from '@/client/lib/api-client';
import { formatLongDateIn } from '@/client/lib/format';
import { useLandingText, useSiteText } from '@/client/features/site';
import type { StayRuleWords } from './stay-dates';

/**
 * A field's error: the English message, and the refusal it names where the schema or the server named one
 * (the guest count the villa cannot sleep is the form's own).
 */
export type FieldError = {
  message?: string;
  type?: string;
  refusal?: FieldRefusal | TooManyGuests;
};
type TooManyGuests = { code: 'too_many_guests'; params: { max: number } };

/** The form's refusal of more guests than the villa sleeps, as setError takes it. */
export function refuseTooManyGuests(max: number): FieldError {
  return {
    message: BOOKING_MESSAGES.tooManyGuests(max),
    refusal: { code: 'too_many_guests', params: { max } },
  };
}

/** A calendar date with its weekday in the page's language: "Sun 22 Nov 2026", "रवि, 22 नव॰ 2026". */
export function formatStayDate(date: string, language: Language): string {
  return formatLongDateIn(date, language);
}

/**
 * A field's error in the page's language, from its refusal's code where it names one, else from the field
 * (the same whether the form or the server found it). English shows the schema's message as it is.
 */
export function describeFieldError(
  field: string,
  error: FieldError,
  text: BookingFormText,
  language: Language,
): string | undefined {
  const message = error.message;
  if (language === 'en' || !message) return message;
  const errors = text.errors;
  const refusal = error.refusal;
  if (refusal?.code === 'too_many_guests') return fillText(errors.tooManyGuests, refusal.params);
  if (refusal?.code === 'required') {
    if (field === 'guest_name') return errors.nameRequired;
    if (field === 'guests_count') return errors.guestsRequired;
    if (field === 'check_in' || field === 'check_out') return errors.dateRequired;
  }
  if (refusal) return describeFieldRefusal(refusal, field, language);
  switch (field) {
    case 'guest_name':
      return errors.nameRequired;
    case 'guest_email':
      return errors.email;
    case 'guest_phone':
      return errors.phone;
    case 'guests_count':
      return errors.guestsRange;
    case 'check_in':
    case 'check_out':
      if (message === BOOKING_MESSAGES.checkOutBeforeCheckIn) return errors.checkOutBeforeCheckIn;
      if (message === BOOKING_MESSAGES.inThePast) return errors.inThePast;
      if (message === BOOKING_MESSAGES.tooLong)
        return fillText(errors.stayTooLong, { n: BOOKING_LIMITS.maxNights });
      if (message === BOOKING_MESSAGES.tooFarAhead)
        return fillText(errors.tooFarAhead, { n: BOOKING_LIMITS.maxDaysAhead });
      if (message === BOOKING_MESSAGES.unavailable) return errors.datesTaken;
      return errors.dateInvalid;
    default:
      return message;
  }
}

/** A field's error as the server answered it: its message, and the refusal its code and params name. */
export function readAnsweredFieldError(error: ApiError): FieldError {
  return { message: error.message, refusal: readRefusalAnswer(error.details) };
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
  if (error.field)
    return describeFieldError(error.field, readAnsweredFieldError(error), text, language) ?? fallback;
  // The server's own words are English: a guest reading Hindi or Marathi is told in theirs.
  return fallback;
}

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
    formatQuoteLine: (line: Pick<QuoteLine, 'label' | 'charge'>, currency: string) =>
      describeQuoteLine(line, currency, text, language),
    fieldError: (field: string, error: FieldError | undefined) =>
      error ? { message: describeFieldError(field, error, text, language) } : undefined,
  };
}
