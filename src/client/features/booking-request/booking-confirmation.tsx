import { CheckCircle2Icon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { fillText } from '@/content/fill-text';
import { writeRequestPromises } from '@/content/promises';
import { getSiteContact } from '@/content/site-contact';
import type { BookingRequestResult } from '@/domain/availability';
import { formatVillaClock } from '@/domain/dates';
import { describeTimeLeft } from '@/domain/time-left';
import { formatMajorAmount } from '@/domain/money';
import { Button } from '@/client/components/ui/button';
import { useBookingFormText } from './booking-form-text';

/** What a guest sees once their request has arrived: the reference, the stay, and what happens next. */
export function BookingConfirmation({
  result,
  onAnother,
}: {
  result: BookingRequestResult;
  onAnother: () => void;
}) {
  const { booking } = result;
  const { text: texts, formatDate } = useBookingFormText();
  const text = texts.confirmation;
  const promises = writeRequestPromises({
    holdHours: result.hold_hours,
    texts: texts.promises,
    timeWords: texts.timeWords,
  });
  // The form (and its focused button) is gone: focus moves to the news, so keyboard and screen-reader
  // users land on it.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div role="status" className="rounded-3xl bg-card p-6 text-card-foreground shadow-xl sm:p-10">
      <CheckCircle2Icon className="size-10 text-success" aria-hidden="true" />
      <h3 ref={heading} tabIndex={-1} className="mt-4 font-display text-3xl font-medium outline-none">
        {text.heading}
      </h3>
      {result.confirm_by ? (
        <p className="mt-3 rounded-xl bg-[#f3e6c9] px-4 py-3 font-medium text-[#4d3600]">
          {fillText(text.confirmBy, {
            timeLeft: describeTimeLeft(result.confirm_by, undefined, texts.timeWords),
            time: formatVillaClock(result.confirm_by),
          })}
        </p>
      ) : null}
      <p className="mt-3 text-muted-foreground">
        {text.reference} <strong className="font-semibold text-foreground">{result.reference}</strong>.
      </p>
      {result.request_path ? (
        <p className="mt-2 text-muted-foreground">
          {text.followOn}{' '}
          <a className="font-medium text-foreground underline" href={result.request_path}>
            {text.requestPage}
          </a>{' '}
          {text.linkInEmail}
        </p>
      ) : null}
      <dl className="mt-6 grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">{text.dates}</dt>
          <dd className="font-medium">
            {formatDate(booking.check_in)} → {formatDate(booking.check_out)}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{text.guests}</dt>
          <dd className="font-medium">{booking.guests_count}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{text.total}</dt>
          <dd className="font-medium">{formatMajorAmount(booking.total_amount, booking.currency)}</dd>
        </div>
      </dl>
      <h4 className="mt-8 font-semibold">{text.next}</h4>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
        <li>
          {text.onceConfirmed} {promises.answer}
        </li>
        <li>{promises.payment}</li>
        <li>
          {text.questions}{' '}
          <a className="underline" href={`mailto:${getSiteContact().email}`}>
            {getSiteContact().email}
          </a>{' '}
          {text.quoteReference}
        </li>
      </ol>
      <Button type="button" variant="outline" className="mt-8" onClick={onAnother}>
        {text.another}
      </Button>
    </div>
  );
}
