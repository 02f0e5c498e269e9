import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { QuoteResultSchema, type BookingRequestResult } from '@/domain/availability';
import {
  BOOKING_LIMITS,
  createBookingRequestSchema,
  EMPTY_STAY_REQUEST,
  type BookingRequest,
  type BookingRequestInput,
} from '@/domain/booking';
import { isRealDate, villaToday } from '@/domain/dates';
import { getErrorMessage, isApiError } from '@/client/lib/api-client';
import { resolveWithRefusals } from '@/client/lib/resolve-with-refusals';
import type { BookingFormText } from '@/content/booking-form';
import type { Language } from '@/content/languages';
import { useDebouncedValue } from '@/client/lib/use-debounced-value';
import { availabilityQuery, quoteQuery, useRequestBooking } from './booking-request-api';
import { createDayRules, describeStayRules, findBlockedNights } from './stay-dates';
import {
  describeFieldError,
  localizeRequestError,
  readAnsweredFieldError,
  refuseTooManyGuests,
  useBookingFormText,
  writeStayRuleWords,
} from './booking-form-text';

const EMPTY_FORM: BookingRequestInput = { ...EMPTY_STAY_REQUEST, website: '' };

/** A UUID for the Idempotency-Key; crypto.randomUUID exists only on secure (https or localhost) pages. */
function createRequestKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The state of a guest's booking request: the form (checked by the same schema as the server), the
 * villa's open nights, the live quote, and the request itself, sent once however often it is clicked.
 */
export function useBookingRequestForm() {
  const { text, language } = useBookingFormText();
  const availability = useQuery(availabilityQuery());
  const unavailable = availability.data?.unavailableSet ?? new Set<string>();
  const today = availability.data?.today ?? villaToday();
  const maxGuests = availability.data?.property.max_guests;
  const schema = useMemo(() => createBookingRequestSchema(() => today), [today]);

  const form = useForm<BookingRequestInput, unknown, BookingRequest>({
    resolver: resolveWithRefusals(schema),
    defaultValues: EMPTY_FORM,
    mode: 'onTouched',
  });
  const { watch, setValue, reset } = form;
  const [checkIn = '', checkOut = '', guests] = watch(['check_in', 'check_out', 'guests_count']);

  // One key per request: a double click or a retry after a network error books once, and any change to
  // what is asked makes it a new request.
  const requestKey = useRef<string | null>(null);
  useEffect(() => {
    const subscription = watch(() => {
      requestKey.current = null;
    });
    return () => subscription.unsubscribe();
  }, [watch]);

  const validStay = isRealDate(checkIn) && isRealDate(checkOut) && checkOut > checkIn;
  // The price is asked for once the dates and guests stop changing for a moment.
  const asked = JSON.stringify([checkIn, checkOut, Number.isInteger(guests) ? guests : null]);
  const settled = useDebouncedValue(asked, 250);
  const [quotedIn, quotedOut, quotedGuests] = JSON.parse(settled) as [string, string, number | null];
  const quote = useQuery({
    ...quoteQuery({ checkIn: quotedIn, checkOut: quotedOut, guests: quotedGuests ?? undefined }),
    enabled: validStay && settled === asked && availability.isSuccess,
  });
  const blockedNights = validStay ? findBlockedNights(checkIn, checkOut, unavailable) : [];

  const rules = createDayRules({
    today,
    unavailable,
    maxNights: availability.data?.limits.max_nights ?? BOOKING_LIMITS.maxNights,
    maxDaysAhead: availability.data?.limits.max_days_ahead ?? BOOKING_LIMITS.maxDaysAhead,
    pricing: availability.data?.rules,
    checkIn: isRealDate(checkIn) ? checkIn : undefined,
    checkOut: isRealDate(checkOut) ? checkOut : undefined,
  });

  const request = useRequestBooking();
  const queryClient = useQueryClient();

  /** A click in the calendar: the first picks check-in, the second check-out, a third starts again. */
  const pickDay = (day: string, range: { from?: string; to?: string } | undefined) => {
    requestKey.current = null;
    request.reset();
    if (validStay) {
      setValue('check_in', day, { shouldValidate: false });
      setValue('check_out', '', { shouldValidate: false });
      return;
    }
    setValue('check_in', range?.from ?? '', { shouldValidate: true, shouldTouch: true });
    const to = range?.to && range.from && range.to > range.from ? range.to : '';
    setValue('check_out', to, { shouldValidate: Boolean(to), shouldTouch: Boolean(to) });
  };

  const [confirmation, setConfirmation] = useState<BookingRequestResult | null>(null);
  const submit = form.handleSubmit(async (values) => {
    if (maxGuests && values.guests_count > maxGuests) {
      form.setError('guests_count', refuseTooManyGuests(maxGuests));
      return;
    }
    requestKey.current ??= createRequestKey();
    // The total on the screen goes with the request: the server refuses it if the price changed since.
    const shown = settled === asked ? quote.data : undefined;
    try {
      const result = await request.mutateAsync({
        request: { ...values, quoted_total: shown?.total, language },
        requestKey: requestKey.current,
      });
      requestKey.current = null;
      reset(EMPTY_FORM);
      setConfirmation(result);
    } catch (error) {
      // Nights taken or the price changed meanwhile: the next attempt is a new request.
      if (isApiError(error, 409)) requestKey.current = null;
      // The new price takes the old one's place on the screen, so the guest sees what they would pay.
      const newQuote = isApiError(error, 409) ? QuoteResultSchema.safeParse(error.details.quote) : undefined;
      if (newQuote?.success) {
        queryClient.setQueryData(
          quoteQuery({ checkIn: quotedIn, checkOut: quotedOut, guests: quotedGuests ?? undefined }).queryKey,
          newQuote.data,
        );
      }
    }
  });

  return {
    form,
    availability,
    unavailable,
    today,
    maxGuests,
    rules,
    stayRules: availability.data
      ? describeStayRules(availability.data.rules, today, writeStayRuleWords(text, language))
      : [],
    stay: { checkIn, checkOut, valid: validStay, blockedNights },
    quote: {
      // Only the price of the stay as it is now: never the last one's while the next loads.
      data: settled === asked ? quote.data : undefined,
      error: settled === asked && quote.isError ? describeQuoteError(quote.error, text, language) : null,
    },
    pickDay,
    submit,
    requestError: request.isError ? localizeRequestError(request.error, text, language) : null,
    confirmation,
    startAnother: () => setConfirmation(null),
  };
}

/** Why there is no price: the server's words in English, the field's message or a plain line in Hindi and Marathi. */
function describeQuoteError(error: unknown, text: BookingFormText, language: Language): string {
  if (language === 'en') return getErrorMessage(error, text.quote.failed);
  if (isApiError(error) && error.field)
    return (
      describeFieldError(error.field, readAnsweredFieldError(error), text, language) ?? text.quote.failed
    );
  return text.quote.failed;
}

export type BookingRequestFormState = ReturnType<typeof useBookingRequestForm>;
