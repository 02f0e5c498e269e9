import { zodResolver } from '@hookform/resolvers/zod';
import { format, parseISO } from 'date-fns';
import { CalendarCheckIcon, CheckCircle2Icon, LoaderCircleIcon, MailIcon, PhoneIcon } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { DayPicker, type DateRange } from 'react-day-picker';
import 'react-day-picker/style.css';
import { useForm } from 'react-hook-form';
import { Button } from '@/client/components/ui/button';
import { FormAlert, FormField } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { Textarea } from '@/client/components/ui/textarea';
import { apiFetch, isApiError } from '@/client/lib/api-client';
import { cn } from '@/client/lib/utils';
import { site } from '@/content/site';
import type { BookingRequestResult } from '@/domain/availability';
import {
  BOOKING_MESSAGES,
  createBookingRequestSchema,
  type BookingRequest,
  type BookingRequestInput,
} from '@/domain/booking';
import { formatTodayInZone, isRealDate } from '@/domain/calendar';
import { formatMoney } from '@/domain/quote';
import { createDayRules, findBlockedNights } from './stay-dates';
import { useAvailability, useQuote } from './use-availability';
import './booking-request-form.css';

const EMPTY_FORM: BookingRequestInput = {
  check_in: '',
  check_out: '',
  guests_count: 2,
  guest_name: '',
  guest_email: '',
  guest_phone: '',
  special_requests: '',
  website: '',
};

/** A UUID for the Idempotency-Key; crypto.randomUUID exists only on secure (https or localhost) pages. */
function createRequestKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const toDate = (value: string) => (isRealDate(value) ? parseISO(value) : undefined);
const toIso = (date: Date) => format(date, 'yyyy-MM-dd');
const formatLong = (value: string) => format(parseISO(value), 'EEE d MMM yyyy');

/** The guest's booking request: dates from a calendar of open nights, a live quote, and a real request. */
export function BookingRequestForm() {
  const { state: availabilityState, reload } = useAvailability();
  const availability = availabilityState.status === 'ready' ? availabilityState.availability : undefined;
  const unavailable =
    availabilityState.status === 'ready' ? availabilityState.unavailable : new Set<string>();
  const today = availability?.today ?? formatTodayInZone(site.timeZone);
  const schema = useMemo(() => createBookingRequestSchema(() => today), [today]);
  const maxGuests = availability?.property.max_guests;

  const form = useForm<BookingRequestInput, unknown, BookingRequest>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY_FORM,
    mode: 'onTouched',
  });
  const { register, handleSubmit, watch, setValue, reset, formState } = form;
  const [checkIn, checkOut, guestsValue] = watch(['check_in', 'check_out', 'guests_count']);
  const guests = Number(guestsValue);
  const [serverError, setServerError] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<BookingRequestResult | null>(null);
  // One key per attempt: a double click or a retry after a network error books once.
  const requestKey = useRef<string | null>(null);
  // Any change to what is asked makes it a new request (a retry of the same one keeps its key).
  useEffect(() => {
    const subscription = watch(() => {
      requestKey.current = null;
    });
    return () => subscription.unsubscribe();
  }, [watch]);

  const validStay =
    isRealDate(checkIn ?? '') && isRealDate(checkOut ?? '') && (checkOut ?? '') > (checkIn ?? '');
  const quoteState = useQuote(
    { checkIn, checkOut, guests },
    validStay && availabilityState.status === 'ready',
  );
  const blockedNights = validStay ? findBlockedNights(checkIn, checkOut, unavailable) : [];

  const rules = createDayRules({
    today,
    unavailable,
    maxNights: availability?.limits.max_nights ?? 30,
    maxDaysAhead: availability?.limits.max_days_ahead ?? 540,
    checkIn: toDate(checkIn) ? checkIn : undefined,
    checkOut: toDate(checkOut) ? checkOut : undefined,
  });
  const selected: DateRange | undefined = toDate(checkIn)
    ? { from: toDate(checkIn), to: toDate(checkOut) }
    : undefined;
  // The calendar follows a typed check-in to its month, and otherwise keeps the month the guest chose.
  const [shownMonth, setShownMonth] = useState<Date>(() => parseISO(today));
  const checkInMonth = toDate(checkIn) ? checkIn.slice(0, 7) : undefined;
  useEffect(() => {
    if (checkInMonth) setShownMonth(parseISO(`${checkInMonth}-01`));
  }, [checkInMonth]);

  const setDates = (range: { from?: Date; to?: Date } | undefined, clicked: Date) => {
    requestKey.current = null;
    setServerError(null);
    // A click after a complete stay starts a new one at the clicked day.
    if (checkIn && checkOut && validStay) {
      setValue('check_in', toIso(clicked), { shouldValidate: false });
      setValue('check_out', '', { shouldValidate: false });
      return;
    }
    setValue('check_in', range?.from ? toIso(range.from) : '', { shouldValidate: true, shouldTouch: true });
    const to = range?.to && range.from && range.to > range.from ? toIso(range.to) : '';
    setValue('check_out', to, { shouldValidate: Boolean(to), shouldTouch: Boolean(to) });
  };

  const onSubmit = handleSubmit(async (request) => {
    setServerError(null);
    if (maxGuests && request.guests_count > maxGuests) {
      form.setError('guests_count', { message: BOOKING_MESSAGES.tooManyGuests(maxGuests) });
      return;
    }
    try {
      requestKey.current ??= createRequestKey();
      const result = await apiFetch<BookingRequestResult>('/api/booking-requests', {
        method: 'POST',
        body: request,
        headers: { 'idempotency-key': requestKey.current },
      });
      setConfirmation(result);
      requestKey.current = null;
      reset(EMPTY_FORM);
      reload();
    } catch (error) {
      if (isApiError(error, 409)) {
        requestKey.current = null;
        reload();
      }
      setServerError(
        isApiError(error) && error.message
          ? error.message
          : 'Your request could not be sent. Please try again, or contact us by email or phone.',
      );
    }
  });

  if (confirmation) {
    return <BookingConfirmation result={confirmation} onAnother={() => setConfirmation(null)} />;
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="booking-form-title"
      className="booking-form rounded-3xl bg-card p-5 text-card-foreground shadow-xl sm:p-8"
    >
      <h3 id="booking-form-title" className="font-display text-3xl font-medium">
        Request your stay
      </h3>
      <p className="mt-2 text-sm text-muted-foreground">
        Choose your dates, tell us who is coming, and we will confirm by email. Nothing is charged now.
      </p>

      <div className="mt-6 grid gap-8 lg:grid-cols-[auto_1fr]">
        <div>
          <div className="rounded-2xl border bg-background/60 p-2 sm:p-3">
            {availabilityState.status === 'error' ? (
              <div
                role="alert"
                className="flex min-h-64 flex-col items-center justify-center gap-3 p-6 text-center text-sm"
              >
                <p>Availability could not be loaded. {availabilityState.message}</p>
                <Button type="button" variant="outline" size="sm" onClick={reload}>
                  Try again
                </Button>
              </div>
            ) : (
              <div aria-busy={availabilityState.status === 'loading'} className="relative">
                <DayPicker
                  mode="range"
                  selected={selected}
                  onSelect={setDates}
                  disabled={(date: Date) => rules.isDisabled(toIso(date))}
                  startMonth={parseISO(today)}
                  month={shownMonth}
                  onMonthChange={setShownMonth}
                  numberOfMonths={1}
                  weekStartsOn={1}
                  showOutsideDays={false}
                  modifiers={{ unavailable: (date: Date) => unavailable.has(toIso(date)) }}
                  modifiersClassNames={{ unavailable: 'booking-day-unavailable' }}
                  footer={
                    availabilityState.status === 'loading' ? (
                      <p className="flex items-center gap-2 px-2 pt-2 text-xs text-muted-foreground">
                        <LoaderCircleIcon className="size-3.5 animate-spin" aria-hidden="true" /> Loading
                        availability…
                      </p>
                    ) : (
                      <p className="px-2 pt-2 text-xs text-muted-foreground">
                        <span className="booking-legend-unavailable" aria-hidden="true" /> Struck-through
                        nights are taken.
                      </p>
                    )
                  }
                />
              </div>
            )}
          </div>
          <div className="mt-4 grid grid-cols-2 gap-3">
            <FormField label="Check-in" error={formState.errors.check_in}>
              {(props) => (
                <Input
                  {...props}
                  {...register('check_in')}
                  placeholder="yyyy-mm-dd"
                  inputMode="numeric"
                  autoComplete="off"
                />
              )}
            </FormField>
            <FormField label="Check-out" error={formState.errors.check_out}>
              {(props) => (
                <Input
                  {...props}
                  {...register('check_out')}
                  placeholder="yyyy-mm-dd"
                  inputMode="numeric"
                  autoComplete="off"
                />
              )}
            </FormField>
          </div>
        </div>

        <div className="flex flex-col gap-4">
          <FormField
            label="Guests"
            error={formState.errors.guests_count}
            hint={maxGuests ? `Up to ${maxGuests} guests` : undefined}
          >
            {(props) => (
              <Input
                {...props}
                {...register('guests_count')}
                type="number"
                min={1}
                max={maxGuests}
                step={1}
                inputMode="numeric"
              />
            )}
          </FormField>
          <FormField label="Full name" error={formState.errors.guest_name}>
            {(props) => <Input {...props} {...register('guest_name')} autoComplete="name" />}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Email" error={formState.errors.guest_email}>
              {(props) => <Input {...props} {...register('guest_email')} type="email" autoComplete="email" />}
            </FormField>
            <FormField label="Phone" error={formState.errors.guest_phone} hint="Optional">
              {(props) => <Input {...props} {...register('guest_phone')} type="tel" autoComplete="tel" />}
            </FormField>
          </div>
          <FormField label="Special requests" error={formState.errors.special_requests} hint="Optional">
            {(props) => <Textarea {...props} {...register('special_requests')} rows={3} />}
          </FormField>
          {/* A honeypot: hidden from people and screen readers, so only bots fill it in. */}
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label>
              Website
              <input type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
            </label>
          </div>

          <QuoteSummary
            validStay={validStay}
            blockedNights={blockedNights}
            quoteState={quoteState}
            fallbackCurrency={availability?.property.currency}
          />

          {serverError ? <FormAlert>{serverError}</FormAlert> : null}

          <Button
            type="submit"
            variant="accent"
            size="lg"
            disabled={formState.isSubmitting}
            className="w-full sm:w-auto sm:self-start"
          >
            {formState.isSubmitting ? (
              <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
            ) : (
              <CalendarCheckIcon aria-hidden="true" />
            )}
            {formState.isSubmitting ? 'Sending request…' : 'Request Booking'}
          </Button>
          <p className="text-xs text-muted-foreground">
            Prefer to talk?{' '}
            <a className="underline underline-offset-2" href={`mailto:${site.email}`}>
              <MailIcon className="inline size-3.5" aria-hidden="true" /> {site.email}
            </a>{' '}
            or{' '}
            <a className="underline underline-offset-2" href={`tel:${site.phone.replace(/\s/g, '')}`}>
              <PhoneIcon className="inline size-3.5" aria-hidden="true" /> {site.phone}
            </a>
          </p>
        </div>
      </div>
    </form>
  );
}

function QuoteSummary({
  validStay,
  blockedNights,
  quoteState,
  fallbackCurrency,
}: {
  validStay: boolean;
  blockedNights: string[];
  quoteState: ReturnType<typeof useQuote>;
  fallbackCurrency?: string;
}) {
  if (!validStay) {
    return (
      <p className="rounded-xl bg-muted/60 px-4 py-3 text-sm text-muted-foreground">
        Choose check-in and check-out to see the price{fallbackCurrency ? ` (in ${fallbackCurrency})` : ''}.
      </p>
    );
  }
  if (blockedNights.length > 0) {
    return (
      <FormAlert className="rounded-xl">
        {BOOKING_MESSAGES.unavailable}: {blockedNights.map(formatLong).join(', ')}.
      </FormAlert>
    );
  }
  if (quoteState.status === 'error') {
    return <FormAlert className="rounded-xl">{quoteState.message}</FormAlert>;
  }
  const quote = quoteState.status === 'ready' ? quoteState.quote : undefined;
  return (
    <div
      aria-live="polite"
      className={cn('rounded-xl bg-muted/60 px-4 py-3 text-sm', !quote && 'animate-pulse')}
    >
      {quote ? (
        <>
          {!quote.available ? (
            <p className="mb-2 font-medium text-destructive">{BOOKING_MESSAGES.unavailable}</p>
          ) : null}
          <ul className="space-y-1 text-muted-foreground">
            {summariseNights(quote.nights).map((line) => (
              <li key={line.label} className="flex justify-between gap-4">
                <span>{line.label}</span>
                <span>{formatMoney(line.amount, quote.currency)}</span>
              </li>
            ))}
          </ul>
          <p className="mt-2 flex justify-between gap-4 border-t pt-2 text-base font-semibold">
            <span>
              Total for {quote.nights_count} night{quote.nights_count === 1 ? '' : 's'}
            </span>
            <span data-testid="quote-total">{formatMoney(quote.total, quote.currency)}</span>
          </p>
        </>
      ) : (
        <p className="text-muted-foreground">Working out the price…</p>
      )}
    </div>
  );
}

/** Nights grouped by price: "3 nights × AED 1,200". */
function summariseNights(nights: { date: string; price: number }[]) {
  const byPrice = new Map<number, number>();
  for (const night of nights) byPrice.set(night.price, (byPrice.get(night.price) ?? 0) + 1);
  return [...byPrice].map(([price, count]) => ({
    label: `${count} night${count === 1 ? '' : 's'} × ${price.toLocaleString('en-US', { maximumFractionDigits: 2 })}`,
    amount: price * count,
  }));
}

function BookingConfirmation({ result, onAnother }: { result: BookingRequestResult; onAnother: () => void }) {
  const { booking } = result;
  // The form (and its focused button) is gone: focus moves to the news, so keyboard and screen-reader
  // users land on it.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div role="status" className="rounded-3xl bg-card p-6 text-card-foreground shadow-xl sm:p-10">
      <CheckCircle2Icon className="size-10 text-success" aria-hidden="true" />
      <h3 ref={heading} tabIndex={-1} className="mt-4 font-display text-3xl font-medium outline-none">
        Thank you — your request has arrived
      </h3>
      <p className="mt-3 text-muted-foreground">
        Your booking reference is{' '}
        <strong className="font-semibold text-foreground">{result.reference}</strong>.
      </p>
      <dl className="mt-6 grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">Dates</dt>
          <dd className="font-medium">
            {formatLong(booking.check_in)} → {formatLong(booking.check_out)}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Guests</dt>
          <dd className="font-medium">{booking.guests_count}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Total</dt>
          <dd className="font-medium">{formatMoney(booking.total_amount, booking.currency)}</dd>
        </div>
      </dl>
      <h4 className="mt-8 font-semibold">What happens next</h4>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
        <li>We hold these nights for you while we review your request.</li>
        <li>We confirm by email within 24 hours, with how to pay. Nothing is charged before that.</li>
        <li>
          Questions? Write to{' '}
          <a className="underline" href={`mailto:${site.email}`}>
            {site.email}
          </a>{' '}
          and quote your reference.
        </li>
      </ol>
      <Button type="button" variant="outline" className="mt-8" onClick={onAnother}>
        Make another request
      </Button>
    </div>
  );
}
