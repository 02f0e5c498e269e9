import { ChevronLeftIcon, ChevronRightIcon, PencilIcon } from 'lucide-react';
import { useMemo, useState, type MouseEvent } from 'react';
import { getDay, parseISO } from 'date-fns';
import type { CalendarBooking } from '@/domain/booking';
import {
  computeMonthDays,
  formatTodayInZone,
  shiftMonth,
  type CalendarDay,
  type DayStatus,
} from '@/domain/calendar';
import type { Property } from '@/domain/property';
import { site } from '@/content/site';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader } from '@/client/components/ui/card';
import { ScrollArea } from '@/client/components/ui/scroll-area';
import { cn } from '@/client/lib/utils';
import { SourceBadge, StatusBadge } from './booking-badges';
import { formatAmount, formatMonthTitle, formatShortDate } from './format';
import { LoadError } from './load-error';
import { usePropertyCalendar } from './manage-api';
import { CalendarDaysDialog } from '../manage-bookings/calendar-days-dialog';

/** Spec section 9: Recent Bookings shows at most ten entries. */
export const RECENT_BOOKINGS_LIMIT = 10;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const STATUS_STYLES: Record<DayStatus, string> = {
  available: 'border-green-300 bg-green-100 text-green-950',
  booked: 'border-red-300 bg-red-100 text-red-950',
  unavailable: 'border-gray-300 bg-gray-200 text-gray-800',
};

const STATUS_LABELS: Record<DayStatus, string> = {
  available: 'Available',
  booked: 'Booked',
  unavailable: 'Unavailable',
};

type CalendarViewProps = { property: Property; month: string; onMonthChange: (month: string) => void };

export function CalendarView({ property, month, onMonthChange }: CalendarViewProps) {
  const calendar = usePropertyCalendar(property.id, month);
  const days = useMemo(
    () =>
      calendar.data
        ? computeMonthDays({
            month,
            basePrice: calendar.data.base_price,
            rows: calendar.data.calendar,
            bookings: calendar.data.bookings,
          })
        : [],
    [calendar.data, month],
  );
  const recent = useMemo(
    () =>
      // Booked days only: a cancelled stay frees its nights, so it is not listed either.
      (calendar.data?.bookings ?? [])
        .filter((booking) => booking.status !== 'cancelled')
        .sort((a, b) => a.check_in.localeCompare(b.check_in))
        .slice(0, RECENT_BOOKINGS_LIMIT),
    [calendar.data],
  );
  const title = formatMonthTitle(month);
  // Click a day to select it, then another to select the range between (Shift+click extends).
  const [selection, setSelection] = useState<{ start: string; end: string } | null>(null);
  const [anchor, setAnchor] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const selectDay = (date: string, extend: boolean) => {
    if ((anchor || extend) && selection) {
      const from = anchor ?? selection.start;
      setSelection(from <= date ? { start: from, end: date } : { start: date, end: from });
      setAnchor(null);
    } else {
      setSelection({ start: date, end: date });
      setAnchor(date);
    }
  };
  const isSelected = (date: string) => Boolean(selection && selection.start <= date && date <= selection.end);
  const editRange = selection ?? {
    start: formatTodayInZone(site.timeZone),
    end: formatTodayInZone(site.timeZone),
  };

  return (
    <section aria-labelledby="calendar-title" className="grid gap-4">
      <div>
        <h2 id="calendar-title" className="font-display text-2xl font-semibold">
          Booking Calendar
        </h2>
        <p className="text-sm text-muted-foreground">{property.name}</p>
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card>
          <CardHeader className="flex-row items-center justify-between gap-2 pb-3">
            <Button
              variant="outline"
              size="icon"
              aria-label="Previous month"
              onClick={() => onMonthChange(shiftMonth(month, -1))}
            >
              <ChevronLeftIcon aria-hidden="true" />
            </Button>
            <h3 className="text-lg font-semibold" aria-live="polite" data-testid="calendar-month">
              {title}
            </h3>
            <Button
              variant="outline"
              size="icon"
              aria-label="Next month"
              onClick={() => onMonthChange(shiftMonth(month, 1))}
            >
              <ChevronRightIcon aria-hidden="true" />
            </Button>
          </CardHeader>
          <CardContent className="px-2 sm:px-5">
            {calendar.isPending ? (
              <p className="py-16 text-center text-muted-foreground" role="status">
                Loading calendar...
              </p>
            ) : calendar.isError ? (
              <LoadError
                what="calendar"
                error={calendar.error}
                onRetry={() => void calendar.refetch()}
                retrying={calendar.isFetching}
              />
            ) : (
              <>
                <div className="mb-3 flex flex-wrap items-center justify-between gap-2 text-sm">
                  <p className="text-muted-foreground" aria-live="polite">
                    {selection
                      ? `Selected ${formatShortDate(selection.start)}${selection.end !== selection.start ? ` – ${formatShortDate(selection.end)}` : ''}`
                      : 'Select a day, or two days for a range, to change them.'}
                  </p>
                  <div className="flex gap-2">
                    {selection ? (
                      <Button
                        type="button"
                        size="sm"
                        variant="ghost"
                        onClick={() => (setSelection(null), setAnchor(null))}
                      >
                        Clear
                      </Button>
                    ) : null}
                    <Button type="button" size="sm" variant="outline" onClick={() => setEditing(true)}>
                      <PencilIcon aria-hidden="true" /> Edit dates
                    </Button>
                  </div>
                </div>
                <MonthGrid
                  days={days}
                  currency={calendar.data.currency}
                  label={title}
                  isSelected={isSelected}
                  onSelect={selectDay}
                />
              </>
            )}
            <Legend />
            <CalendarDaysDialog
              property={property}
              range={editRange}
              open={editing}
              onOpenChange={setEditing}
            />
          </CardContent>
        </Card>
        <Card className="self-start">
          <CardHeader className="pb-3">
            <h3 className="text-lg font-semibold">Recent Bookings</h3>
          </CardHeader>
          <CardContent>
            {calendar.isPending ? (
              <p className="text-sm text-muted-foreground">Loading calendar...</p>
            ) : calendar.isError ? (
              <p className="text-sm text-muted-foreground">Not available.</p>
            ) : recent.length === 0 ? (
              <p className="text-sm text-muted-foreground">No bookings this month.</p>
            ) : (
              <ScrollArea className="h-64" aria-label="Recent bookings">
                <ul className="grid gap-2 pr-3">
                  {recent.map((booking) => (
                    <RecentBooking key={booking.id} booking={booking} />
                  ))}
                </ul>
              </ScrollArea>
            )}
          </CardContent>
        </Card>
      </div>
    </section>
  );
}

function RecentBooking({ booking }: { booking: CalendarBooking }) {
  return (
    <li className="rounded-md border p-3" data-booking-id={booking.id}>
      <p className="truncate font-medium">{booking.guest_name}</p>
      <p className="text-sm text-muted-foreground">
        {formatShortDate(booking.check_in)} – {formatShortDate(booking.check_out)}
      </p>
      <div className="mt-2 flex flex-wrap gap-1.5">
        <SourceBadge source={booking.booking_source} />
        <StatusBadge
          status={booking.status}
          variant={booking.status === 'confirmed' ? 'success' : 'warning'}
        />
      </div>
    </li>
  );
}

function MonthGrid({
  days,
  currency,
  label,
  isSelected,
  onSelect,
}: {
  days: CalendarDay[];
  currency: string;
  label: string;
  isSelected: (date: string) => boolean;
  onSelect: (date: string, extend: boolean) => void;
}) {
  const first = days[0];
  const today = formatTodayInZone(site.timeZone);
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
            className={cn(
              'flex min-h-12 rounded-md border text-left sm:min-h-16',
              STATUS_STYLES[day.status],
              day.date === today && 'ring-2 ring-accent ring-offset-1',
              isSelected(day.date) && 'outline-3 outline-offset-1 outline-primary',
            )}
            aria-current={day.date === today ? 'date' : undefined}
          >
            <button
              type="button"
              aria-pressed={isSelected(day.date)}
              onClick={(event: MouseEvent) => onSelect(day.date, event.shiftKey)}
              className="flex w-full flex-col p-1 text-left sm:p-1.5"
            >
              <span className="text-sm font-semibold">{Number(day.date.slice(8))}</span>
              <span className="sr-only">
                {day.date === today ? ', today' : ''}
                {`, ${STATUS_LABELS[day.status]}`}
                {day.booking ? `, ${day.booking.guest_name}` : ''}
              </span>
              {day.status === 'booked' && day.booking ? (
                <span className="hidden truncate text-[11px] leading-tight sm:block" aria-hidden="true">
                  {day.booking.guest_name}
                </span>
              ) : day.status === 'available' ? (
                <span className="mt-auto hidden truncate text-[11px] leading-tight sm:block">
                  {currency} {formatAmount(day.price)}
                </span>
              ) : null}
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}

function Legend() {
  return (
    <ul className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm" aria-label="Legend">
      {(Object.keys(STATUS_LABELS) as DayStatus[]).map((status) => (
        <li key={status} className="flex items-center gap-2">
          <span className={cn('size-4 rounded border', STATUS_STYLES[status])} aria-hidden="true" />
          {STATUS_LABELS[status]}
        </li>
      ))}
    </ul>
  );
}
