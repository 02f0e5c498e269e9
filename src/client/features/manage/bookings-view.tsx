import { CalendarIcon, MailIcon, MessageSquareIcon, PhoneIcon, SearchIcon, UsersIcon } from 'lucide-react';
import { memo, useDeferredValue, useId, useMemo, useState, type ReactNode } from 'react';
import { formatBookingReference, type Booking } from '@/domain/booking';
import type { Property } from '@/domain/property';
import { Card } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/client/components/ui/select';
import { PaymentBadge, SourceBadge, StatusBadge } from './booking-badges';
import { ALL, filterBookings } from './filter-bookings';
import { formatDate, formatMoney, formatTimestampDate } from './format';
import { LoadError } from './load-error';
import { usePropertyBookings } from './manage-api';
import { AddBookingDialog } from '../manage-bookings/add-booking-dialog';
import { BookingActions } from '../manage-bookings/booking-actions';

const STATUS_OPTIONS = [
  { value: ALL, label: 'All Status' },
  { value: 'pending', label: 'Pending' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
];

const SOURCE_OPTIONS = [
  { value: ALL, label: 'All Sources' },
  { value: 'direct', label: 'Direct' },
  { value: 'airbnb', label: 'Airbnb' },
  { value: 'booking_com', label: 'Booking.com' },
];

export function BookingsView({ property }: { property: Property }) {
  const bookings = usePropertyBookings(property.id);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState(ALL);
  const [source, setSource] = useState(ALL);
  // Typing stays immediate; filtering hundreds of cards follows at lower priority.
  const deferredSearch = useDeferredValue(search);
  const filtered = useMemo(
    () => filterBookings(bookings.data ?? [], { search: deferredSearch, status, source }),
    [bookings.data, deferredSearch, status, source],
  );
  const ids = { search: useId(), status: useId(), source: useId() };
  const total = bookings.data?.length ?? 0;

  return (
    <section aria-labelledby="bookings-title" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="bookings-title" className="font-display text-2xl font-semibold">
            Bookings Management
          </h2>
          <p className="text-sm text-muted-foreground">{property.name}</p>
        </div>
        <AddBookingDialog property={property} />
      </div>
      <div
        className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_11rem_11rem]"
        role="search"
        aria-label="Filter bookings"
      >
        <div className="relative">
          <label htmlFor={ids.search} className="sr-only">
            Search bookings
          </label>
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={ids.search}
            type="search"
            className="pl-9"
            placeholder="Search by guest name or email..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <Select value={status} onValueChange={setStatus}>
          <SelectTrigger aria-label="Filter by status" id={ids.status}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {STATUS_OPTIONS.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={source} onValueChange={setSource}>
          <SelectTrigger aria-label="Filter by source" id={ids.source}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {SOURCE_OPTIONS.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      {bookings.isPending ? (
        <p className="py-12 text-center text-muted-foreground" role="status">
          Loading bookings...
        </p>
      ) : bookings.isError ? (
        <LoadError
          what="bookings"
          error={bookings.error}
          onRetry={() => void bookings.refetch()}
          retrying={bookings.isFetching}
        />
      ) : (
        <>
          <p className="text-sm text-muted-foreground" role="status" aria-live="polite">
            Showing {filtered.length} of {total} {total === 1 ? 'booking' : 'bookings'}
          </p>
          {filtered.length === 0 ? (
            <Card className="py-12 text-center text-muted-foreground">
              No bookings found matching your criteria
            </Card>
          ) : (
            <ul className="grid items-start gap-3 xl:grid-cols-2" aria-label="Bookings">
              {filtered.map((booking) => (
                <BookingCard key={booking.id} booking={booking} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

const BookingCard = memo(function BookingCard({ booking }: { booking: Booking }) {
  return (
    <li
      data-booking-id={booking.id}
      className="rounded-lg border bg-card p-4 shadow-sm [content-visibility:auto] [contain-intrinsic-size:auto_12rem]"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-base font-semibold">{booking.guest_name}</h3>
        <div className="flex flex-wrap gap-1.5">
          <StatusBadge status={booking.status} />
          <SourceBadge source={booking.booking_source} />
        </div>
      </div>
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
          {booking.guests_count} {booking.guests_count === 1 ? 'guest' : 'guests'}
        </Detail>
        <Detail label="Total">
          <span className="font-semibold">{formatMoney(booking.currency, booking.total_amount)}</span>
        </Detail>
      </dl>
      {booking.special_requests ? (
        <p className="mt-3 flex gap-2 rounded-md bg-muted p-2 text-sm">
          <MessageSquareIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span>
            <span className="sr-only">Special requests: </span>
            {booking.special_requests}
          </span>
        </p>
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
        <BookingActions booking={booking} />
      </div>
    </li>
  );
});

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
