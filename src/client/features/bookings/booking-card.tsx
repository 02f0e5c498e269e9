import type { Wire } from '@/domain/wire-amount';
import {
  CalendarIcon,
  HomeIcon,
  LanguagesIcon,
  LockIcon,
  MailIcon,
  MessageSquareIcon,
  PhoneIcon,
  UsersIcon,
} from 'lucide-react';
import { memo, useState, type ReactNode } from 'react';
import { formatBookingReference, type Booking } from '@/domain/booking';
import { formatMajorAmount } from '@/domain/money';
import { formatDate, formatTimestampDate } from '@/client/lib/format';
import { EntityHistory } from '@/client/features/activity';
import { BookingPayments, type PaymentsDialogMode } from '@/client/features/payments';
import { BookingSchedule } from '@/client/features/messages';
import type { PaymentSummary } from '@/domain/payment';
import { BookingActions } from './booking-actions';
import { PaymentBadge, SourceBadge, StatusBadge } from './booking-badges';
import { LapseCountdown } from './lapse-countdown';
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGE_NAMES_IN_ENGLISH } from '@/content/languages';

/** One booking in the list: guest, stay, amounts, payments, and the actions its status allows. */
export const BookingCard = memo(function BookingCard({
  booking,
  propertyName,
}: {
  booking: Booking & { payment?: Wire<PaymentSummary> };
  /** Named in a list of several properties' bookings. */
  propertyName?: string;
}) {
  // The card's actions open its payments too: on the refund form, after cancelling a paid stay.
  const [paymentsView, setPaymentsView] = useState<PaymentsDialogMode | null>(null);
  return (
    <li
      data-booking-id={booking.id}
      className="rounded-lg border bg-card p-4 shadow-sm [content-visibility:auto] [contain-intrinsic-size:auto_12rem]"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-base font-semibold">{booking.guest_name}</h3>
          {propertyName ? (
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground" data-property-name="">
              <HomeIcon className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="sr-only">Property: </span>
              {propertyName}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-1.5">
          <StatusBadge status={booking.status} />
          <SourceBadge source={booking.booking_source} />
        </div>
      </div>
      {booking.status === 'pending' && booking.guest_confirmed === false ? (
        <p className="mt-1 text-sm text-muted-foreground" data-awaiting-guest="">
          Waiting for the guest to confirm from their e-mail: not on the channels' calendars yet, and it
          lapses quietly if they do not.
        </p>
      ) : null}
      {booking.lapses_at ? (
        <p className="mt-1 text-sm">
          <LapseCountdown lapsesAt={booking.lapses_at} showWhen />
        </p>
      ) : null}
      <dl className="mt-3 grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2">
        <Detail icon={<MailIcon />} label="Email">
          <a className="break-all underline-offset-2 hover:underline" href={`mailto:${booking.guest_email}`}>
            {booking.guest_email}
          </a>
        </Detail>
        {booking.guest_phone ? (
          <Detail icon={<PhoneIcon />} label="Phone">
            <a
              className="underline-offset-2 hover:underline"
              href={`tel:${booking.guest_phone.replace(/\s+/g, '')}`}
            >
              {booking.guest_phone}
            </a>
          </Detail>
        ) : null}
        <Detail icon={<CalendarIcon />} label="Stay">
          {formatDate(booking.check_in)} – {formatDate(booking.check_out)}
        </Detail>
        <Detail icon={<UsersIcon />} label="Guests">
          {booking.guests_count === null ? (
            <span className="text-muted-foreground" title="The channel's calendar does not say how many come">
              not given
            </span>
          ) : (
            `${booking.guests_count} ${booking.guests_count === 1 ? 'guest' : 'guests'}`
          )}
        </Detail>
        {booking.guest_language === DEFAULT_LANGUAGE ? null : (
          // Their e-mails and request page are in it: said where the operator reads the stay.
          <Detail icon={<LanguagesIcon />} label="Language">
            {LANGUAGE_NAMES_IN_ENGLISH[booking.guest_language]} (
            <span lang={booking.guest_language}>{LANGUAGE_NAMES[booking.guest_language]}</span>)
          </Detail>
        )}
        <Detail label="Total">
          {booking.amount_known ? (
            <span className="font-semibold">{formatMajorAmount(booking.total_amount, booking.currency)}</span>
          ) : (
            <UnknownTotal currency={booking.currency} paidOut={booking.payment?.net_paid} />
          )}
        </Detail>
      </dl>
      {booking.payment ? (
        <BookingPayments
          booking={booking}
          summary={booking.payment}
          view={paymentsView}
          onViewChange={setPaymentsView}
        />
      ) : null}
      {booking.special_requests ? (
        <p className="mt-3 flex gap-2 rounded-md bg-muted p-2 text-sm">
          <MessageSquareIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span>
            <span className="sr-only">Special requests: </span>
            {booking.special_requests}
          </span>
        </p>
      ) : null}
      {booking.operator_note ? (
        <div className="mt-3 rounded-md border border-dashed p-2 text-sm" data-operator-note="">
          <p className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
            <LockIcon className="size-3.5 shrink-0" aria-hidden="true" />
            Private note
          </p>
          <p className="mt-1 whitespace-pre-line break-words">{booking.operator_note}</p>
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t pt-3 text-xs text-muted-foreground">
        <span>
          Booked on {formatTimestampDate(booking.created_at)}
          {booking.external_booking_id ? (
            <span className="ml-2">· ID: {booking.external_booking_id}</span>
          ) : null}
        </span>
        <PaymentBadge status={booking.payment_status} />
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <span className="text-xs text-muted-foreground">Ref. {formatBookingReference(booking.id)}</span>
        <BookingActions
          booking={booking}
          payment={booking.payment}
          onRecordRefund={booking.payment ? () => setPaymentsView('out') : undefined}
        />
      </div>
      <div className="mt-2 grid gap-2">
        <BookingSchedule bookingId={booking.id} />
        <EntityHistory query={{ entity_type: 'booking', entity_id: booking.id }} />
      </div>
    </li>
  );
});

/**
 * A channel's stay whose calendar gives no price: what its channel paid out once that is recorded, else
 * said not given, in the property's currency (the stay's, set from the property when it was imported).
 */
function UnknownTotal({ currency, paidOut }: { currency: string; paidOut: number | undefined }) {
  if (paidOut !== undefined && paidOut > 0)
    return (
      <span>
        <span className="font-semibold">{formatMajorAmount(paidOut, currency)}</span>{' '}
        <span className="text-muted-foreground">paid out (the channel gave no total)</span>
      </span>
    );
  return (
    <span className="text-muted-foreground" title="The channel's calendar gives no price">
      not given by the channel{' '}
      <span className="whitespace-nowrap">(in {currency === 'INR' ? '₹' : currency})</span>
    </span>
  );
}

function Detail({ icon, label, children }: { icon?: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      <dt className="flex shrink-0 items-center text-muted-foreground [&_svg]:size-4">
        {icon ? <span aria-hidden="true">{icon}</span> : <span aria-hidden="true">{label}:</span>}
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}
