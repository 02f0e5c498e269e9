import { getDay, parseISO } from 'date-fns';
import type { MouseEvent } from 'react';
import { BOOKING_SOURCE_LABELS } from '@/domain/booking';
import type { CalendarDay, DayStatus } from '@/domain/calendar';
import { CHANNEL_LABELS } from '@/domain/channel';
import { villaToday } from '@/domain/dates';
import { formatCompactAmount, formatMajorAmount } from '@/domain/money';
import { cn } from '@/client/lib/utils';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export const STATUS_STYLES: Record<DayStatus, string> = {
  available: 'border-green-300 bg-green-100 text-green-950',
  booked: 'border-red-300 bg-red-100 text-red-950',
  unavailable: 'border-gray-300 bg-gray-200 text-gray-800',
};

/** A request not yet confirmed holds its nights too, drawn apart from a confirmed stay. */
export const PENDING_STYLE = 'border-dashed border-amber-500 bg-amber-50 text-amber-950';

type DayBooking = NonNullable<CalendarDay['booking']>;

/** A guest's initials, what a phone's narrow day has room for: "Ananya Deshpande" → "AD". */
const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

export const STATUS_LABELS: Record<DayStatus, string> = {
  available: 'Available',
  booked: 'Booked',
  unavailable: 'Unavailable',
};

/** A booked day's channel, for stays that came from one ("" for direct bookings). */
const bookedVia = (day: CalendarDay) =>
  day.booking && day.booking.booking_source !== 'direct'
    ? ` (${BOOKING_SOURCE_LABELS[day.booking.booking_source]})`
    : '';

const closedBy = (day: CalendarDay) => day.closedBy.map((channel) => CHANNEL_LABELS[channel]).join(', ');

/**
 * A month of days. A free or closed day is a toggle: click selects it, a second click the range between.
 * A booked day opens its stay (Shift+click still extends a selection over it).
 */
export function MonthGrid({
  days,
  currency,
  label,
  isSelected,
  onSelect,
  onOpenStay,
}: {
  days: CalendarDay[];
  currency: string;
  label: string;
  isSelected: (date: string) => boolean;
  onSelect: (date: string, extend: boolean) => void;
  onOpenStay?: (booking: DayBooking) => void;
}) {
  const first = days[0];
  const today = villaToday();
  const leading = first ? getDay(parseISO(first.date)) : 0;
  return (
    <div>
      <div
        className="grid grid-cols-7 gap-1 pb-1 text-center text-xs font-semibold text-muted-foreground"
        aria-hidden="true"
      >
        {WEEKDAYS.map((weekday) => (
          <span key={weekday}>{weekday}</span>
        ))}
      </div>
      <ol className="grid grid-cols-7 gap-1" aria-label={`Days of ${label}`}>
        {Array.from({ length: leading }, (_, index) => (
          <li key={`blank-${index}`} aria-hidden="true" />
        ))}
        {days.map((day) => (
          <li
            key={day.date}
            data-date={day.date}
            data-status={day.status}
            data-source={day.booking?.booking_source}
            className={cn(
              'flex min-h-12 rounded-md border text-left sm:min-h-16',
              day.booking?.status === 'pending' ? PENDING_STYLE : STATUS_STYLES[day.status],
              day.date === today && 'ring-2 ring-accent ring-offset-1',
              isSelected(day.date) && 'outline-3 outline-offset-1 outline-primary',
            )}
            aria-current={day.date === today ? 'date' : undefined}
          >
            <button
              type="button"
              aria-pressed={day.booking && onOpenStay ? undefined : isSelected(day.date)}
              onClick={(event: MouseEvent) =>
                day.booking && onOpenStay && !event.shiftKey
                  ? onOpenStay(day.booking)
                  : onSelect(day.date, event.shiftKey)
              }
              className="flex w-full flex-col p-1 text-left sm:p-1.5"
            >
              {/* The name starts with what the day shows (a voice-control user says what they see), at
                  each width: the short form on a phone, the long one above; the rest is for screen readers. */}
              <span className="text-sm font-semibold">{Number(day.date.slice(8))}</span>{' '}
              {/* On a phone the day is narrow: initials, "Shut" or a short price say what is on it. */}
              <span className="mt-auto truncate text-[10px] leading-tight sm:hidden">
                {day.booking
                  ? initialsOf(day.booking.guest_name)
                  : day.status === 'unavailable'
                    ? 'Shut'
                    : formatCompactAmount(day.price, currency)}
              </span>{' '}
              {day.booking ? <span className="sr-only sm:hidden">, {day.booking.guest_name}</span> : null}
              {day.status === 'booked' && day.booking ? (
                <span className="hidden truncate text-[11px] leading-tight sm:block">
                  {day.booking.guest_name}
                </span>
              ) : day.status === 'unavailable' && day.closedBy.length > 0 ? (
                <span className="mt-auto hidden truncate text-[11px] leading-tight sm:block">
                  {closedBy(day)}
                </span>
              ) : day.status === 'available' ? (
                <span
                  className="mt-auto hidden truncate text-[11px] leading-tight sm:block"
                  title={day.priceLabel}
                >
                  {formatMajorAmount(day.price, currency)}
                </span>
              ) : null}
              <span className="sr-only">
                {day.date === today ? ', today' : ''}
                {`, ${day.booking?.status === 'pending' ? 'Requested, not confirmed' : STATUS_LABELS[day.status]}`}
                {day.booking && day.status !== 'booked' ? `, ${day.booking.guest_name}` : ''}
                {day.booking ? bookedVia(day) : ''}
                {day.status === 'unavailable' && day.closedBy.length > 0
                  ? `, closed by ${closedBy(day)}`
                  : ''}
              </span>
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
