import { useQuery } from '@tanstack/react-query';
import { ChevronLeftIcon, ChevronRightIcon, PencilIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { CalendarBooking } from '@/domain/booking';
import { computeMonthDays, type DayStatus } from '@/domain/calendar';
import { shiftMonth, villaToday } from '@/domain/dates';
import type { Property } from '@/domain/property';
import type { Wire } from '@/domain/wire-amount';
import { LoadingLine, QueryLoadError } from '@/client/components/query-state';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader } from '@/client/components/ui/card';
import { ScrollArea } from '@/client/components/ui/scroll-area';
import { ViewSection } from '@/client/components/view-section';
import { SourceBadge, StatusBadge } from '@/client/features/bookings';
import { formatMonthTitle, formatShortDate } from '@/client/lib/format';
import { cn } from '@/client/lib/utils';
import { CalendarDaysDialog } from './calendar-days-dialog';
import { propertyCalendarQuery } from './calendar-api';
import { MonthGrid, PENDING_STYLE, STATUS_LABELS, STATUS_STYLES } from './month-grid';

/** Recent Bookings lists at most ten of the month's stays. */
export const RECENT_BOOKINGS_LIMIT = 10;

type CalendarViewProps = {
  property: Wire<Property>;
  month: string;
  onMonthChange: (month: string) => void;
  /** Opens a stay where it can be acted on (its booking). */
  onOpenStay?: (stay: { guest_name: string; status: string }) => void;
};

export function CalendarView({ property, month, onMonthChange, onOpenStay }: CalendarViewProps) {
  const calendar = useQuery(propertyCalendarQuery(property.id, month));
  const days = useMemo(
    () =>
      calendar.data
        ? computeMonthDays({
            month,
            basePrice: calendar.data.base_price,
            rows: calendar.data.calendar,
            bookings: calendar.data.bookings,
            rules: calendar.data.rules,
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
  const editRange = selection ?? { start: villaToday(), end: villaToday() };

  return (
    <ViewSection id="calendar-title" title="Booking Calendar" description={property.name}>
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
              <LoadingLine className="py-16">Loading calendar...</LoadingLine>
            ) : calendar.isError ? (
              <QueryLoadError what="calendar" query={calendar} />
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
                  onOpenStay={onOpenStay}
                />
              </>
            )}
            <Legend />
            {editing ? (
              <CalendarDaysDialog property={property} range={editRange} open onOpenChange={setEditing} />
            ) : null}
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
                    <RecentBooking key={booking.id} booking={booking} onOpen={onOpenStay} />
                  ))}
                </ul>
              </ScrollArea>
            )}
          </CardContent>
        </Card>
      </div>
    </ViewSection>
  );
}

function RecentBooking({
  booking,
  onOpen,
}: {
  booking: CalendarBooking;
  onOpen?: (stay: CalendarBooking) => void;
}) {
  return (
    <li className="rounded-md border p-3" data-booking-id={booking.id}>
      {onOpen ? (
        <button
          type="button"
          className="max-w-full truncate text-left font-medium underline-offset-4 hover:underline"
          onClick={() => onOpen(booking)}
        >
          {booking.guest_name}
        </button>
      ) : (
        <p className="truncate font-medium">{booking.guest_name}</p>
      )}
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

function Legend() {
  return (
    <ul className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm" aria-label="Legend">
      {(Object.keys(STATUS_LABELS) as DayStatus[]).map((status) => (
        <li key={status} className="flex items-center gap-2">
          <span className={cn('size-4 rounded border', STATUS_STYLES[status])} aria-hidden="true" />
          {STATUS_LABELS[status]}
        </li>
      ))}
      <li className="flex items-center gap-2">
        <span className={cn('size-4 rounded border', PENDING_STYLE)} aria-hidden="true" />
        Requested (not confirmed)
      </li>
    </ul>
  );
}
