import { QueryClientProvider } from '@tanstack/react-query';
import { CalendarCheckIcon, LoaderCircleIcon, MailIcon, PhoneIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { formatTelHref, getSiteContact } from '@/content/site-contact';
import { Button } from '@/client/components/ui/button';
import { FormAlert, FormField, InputField } from '@/client/components/ui/form';
import { Textarea } from '@/client/components/ui/textarea';
import { createQueryClient } from '@/client/lib/query';
import { BookingConfirmation } from './booking-confirmation';
import { QuoteSummary } from './quote-summary';
import { StayCalendar } from './stay-calendar';
import { useBookingRequestForm } from './use-booking-request-form';
import { useBookingFormText } from './booking-form-text';
import { fillText } from '@/content/fill-text';
import { writeRequestPromises } from '@/content/promises';

/** The guest's booking request: dates from a calendar of open nights, a live quote, and a real request. */
export function BookingRequestForm() {
  // The public page has no data client of its own: the form brings one (it loads with its section).
  const [queryClient] = useState(() =>
    createQueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <BookingRequestFields />
    </QueryClientProvider>
  );
}

function BookingRequestFields() {
  const state = useBookingRequestForm();
  const { form, maxGuests, stay, quote, availability, requestError, confirmation } = state;
  const { register, formState } = form;
  const { text, fieldError } = useBookingFormText();
  const { fields } = text;
  // 'Make another request' replaces the confirmation (and its focused button) with the form: the focus
  // goes to the form's title, so a keyboard or screen-reader user goes on from there.
  const title = useRef<HTMLHeadingElement>(null);
  const focusTitle = useRef(false);
  useEffect(() => {
    if (confirmation || !focusTitle.current) return;
    focusTitle.current = false;
    title.current?.focus();
  }, [confirmation]);

  if (confirmation) {
    const startAnother = () => {
      focusTitle.current = true;
      state.startAnother();
    };
    return <BookingConfirmation result={confirmation} onAnother={startAnother} />;
  }

  return (
    <form
      noValidate
      onSubmit={state.submit}
      aria-labelledby="booking-form-title"
      className="booking-form rounded-3xl bg-card p-4 text-card-foreground shadow-xl sm:p-8"
    >
      <h3
        ref={title}
        id="booking-form-title"
        tabIndex={-1}
        className="font-display text-3xl font-medium outline-none"
      >
        {text.title}
      </h3>
      <p className="mt-2 text-sm text-muted-foreground">
        {text.intro}{' '}
        {availability.data
          ? writeRequestPromises({
              holdHours: availability.data.hold_hours,
              texts: text.promises,
              timeWords: text.timeWords,
            }).answer
          : text.answerWhileLoading}{' '}
        {text.nothingCharged}
      </p>

      <div className="mt-6 grid gap-8 lg:grid-cols-[auto_1fr]">
        <StayCalendar state={state} />

        <div className="flex flex-col gap-4">
          <InputField
            label={fields.guests}
            error={fieldError('guests_count', formState.errors.guests_count)}
            hint={maxGuests ? fillText(fields.guestsHint, { n: maxGuests }) : undefined}
            {...register('guests_count', { valueAsNumber: true })}
            type="number"
            min={1}
            max={maxGuests}
            step={1}
            inputMode="numeric"
          />
          <InputField
            label={fields.name}
            error={fieldError('guest_name', formState.errors.guest_name)}
            {...register('guest_name')}
            autoComplete="name"
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              label={fields.email}
              error={fieldError('guest_email', formState.errors.guest_email)}
              {...register('guest_email')}
              type="email"
              autoComplete="email"
            />
            <InputField
              label={fields.phone}
              error={fieldError('guest_phone', formState.errors.guest_phone)}
              hint={fields.optional}
              {...register('guest_phone')}
              type="tel"
              autoComplete="tel"
            />
          </div>
          <FormField
            label={fields.specialRequests}
            error={fieldError('special_requests', formState.errors.special_requests)}
            hint={fields.optional}
          >
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
            validStay={stay.valid}
            blockedNights={stay.blockedNights}
            quote={quote.data}
            error={quote.error}
            fallbackCurrency={availability.data?.property.currency}
          />

          {requestError ? <FormAlert>{requestError}</FormAlert> : null}

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
            {formState.isSubmitting ? text.submitting : text.submit}
          </Button>
          <p className="text-xs text-muted-foreground">
            {text.preferToTalk}{' '}
            <a className="underline underline-offset-2" href={`mailto:${getSiteContact().email}`}>
              <MailIcon className="inline size-3.5" aria-hidden="true" /> {getSiteContact().email}
            </a>{' '}
            {text.or}{' '}
            <a className="underline underline-offset-2" href={formatTelHref(getSiteContact().phone)}>
              <PhoneIcon className="inline size-3.5" aria-hidden="true" /> {getSiteContact().phone}
            </a>
          </p>
        </div>
      </div>
    </form>
  );
}
