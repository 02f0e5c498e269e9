import { useQuery } from '@tanstack/react-query';
import { ChevronLeftIcon, ChevronRightIcon, PlusIcon } from 'lucide-react';
import { useMemo, useState, useSyncExternalStore } from 'react';
import { BOOKING_SOURCE_LABELS, BOOKING_SOURCES } from '@/domain/booking';
import { addDaysToDate, villaToday } from '@/domain/dates';
import type { Property } from '@/domain/property';
import type { Wire } from '@/domain/wire-amount';
import type { TimelineStay } from '@/domain/timeline';
import { LoadingLine, QueryLoadError } from '@/client/components/query-state';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { ToggleGroup } from '@/client/components/ui/toggle-group';
import { ViewSection } from '@/client/components/view-section';
import { AddBookingDialog } from '@/client/features/bookings';
import { formatDayMonth, formatDayMonthYear } from '@/client/lib/format';
import { useUrlSearch } from '@/client/lib/use-url-search';
import { timelineQuery } from './timeline-api';
import { CLOSED_CLASS, HELD_CLASS, styleStayBar, TimelineGrid } from './timeline-grid';
import { TimelineDayList } from './timeline-day-list';
import { layoutTimelineRow, listTimelineDays } from './timeline-layout';
import {
  DEFAULT_TIMELINE_SPAN,
  isTimelineSpan,
  resolveTimelineRange,
  stepTimelineStart,
  TIMELINE_SPANS,
  type TimelineSpan,
} from './timeline-range';

/** What the timeline keeps in the address bar. */
export const TIMELINE_URL_PARAMETERS = ['start', 'span'] as const;

// Below Tailwind's `sm` the grid becomes a list by day.
const WIDE_QUERY = '(min-width: 640px)';
function subscribeToWidth(listener: () => void) {
  const query = window.matchMedia?.(WIDE_QUERY);
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
}
const readWide = () => window.matchMedia?.(WIDE_QUERY).matches ?? true;

/**
 * Every active property over two weeks to three months: each stay a bar, closed and held nights shaded,
 * channel trouble marked on its property. A stay opens in Bookings; a free night starts a booking.
 */
export function TimelineView({
  properties,
  onOpenStay,
  onOpenChannels,
  onAddProperty,
}: {
  properties: Wire<Property>[];
  onOpenStay: (propertyId: string, stay: TimelineStay) => void;
  onOpenChannels: (propertyId: string) => void;
  onAddProperty: () => void;
}) {
  const { params, navigate } = useUrlSearch();
  const spanParam = params.get('span');
  const span: TimelineSpan = isTimelineSpan(spanParam) ? spanParam : DEFAULT_TIMELINE_SPAN;
  const today = villaToday();
  const { from, to } = resolveTimelineRange(params.get('start'), span, today);
  const timeline = useQuery({ ...timelineQuery(from, to), enabled: properties.length > 0 });
  const days = useMemo(
    () => listTimelineDays(from, to, timeline.data?.today ?? today),
    [from, to, timeline.data, today],
  );
  const rows = useMemo(
    () => (timeline.data?.properties ?? []).map((property) => layoutTimelineRow(property, days)),
    [timeline.data, days],
  );
  const wide = useSyncExternalStore(subscribeToWidth, readWide, () => true);
  const [booking, setBooking] = useState<{
    property: Wire<Property>;
    check_in: string;
    check_out: string;
  } | null>(null);
  const startBooking = (propertyId: string, checkIn: string, checkOut = addDaysToDate(checkIn, 1)) => {
    const property = properties.find((item) => item.id === propertyId);
    if (property) setBooking({ property, check_in: checkIn, check_out: checkOut });
  };
  const stepLabel = span === '2w' ? 'week' : 'month';
  const move = (start: string | null) => navigate({ start });

  return (
    <ViewSection
      id="timeline-title"
      title="Timeline"
      description={`All active properties · ${formatDayMonth(from)} – ${formatDayMonthYear(addDaysToDate(to, -1))}`}
      actions={
        <div className="flex max-w-full min-w-0 flex-wrap items-center gap-2">
          <ToggleGroup
            label="Days shown"
            options={TIMELINE_SPANS}
            value={span}
            onChange={(value) =>
              navigate({ span: value === DEFAULT_TIMELINE_SPAN ? null : value, start: from })
            }
          />
          <div className="flex items-center gap-1">
            <Button
              variant="outline"
              size="icon"
              aria-label={`Previous ${stepLabel}`}
              onClick={() => move(stepTimelineStart(from, span, -1))}
            >
              <ChevronLeftIcon aria-hidden="true" />
            </Button>
            <Button variant="outline" onClick={() => move(null)}>
              Today
            </Button>
            <Button
              variant="outline"
              size="icon"
              aria-label={`Next ${stepLabel}`}
              onClick={() => move(stepTimelineStart(from, span, 1))}
            >
              <ChevronRightIcon aria-hidden="true" />
            </Button>
          </div>
        </div>
      }
    >
      {properties.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-10 text-center">
          <p className="font-medium">No properties yet.</p>
          <p className="text-sm text-muted-foreground">Add one, and its stays will show here day by day.</p>
          <Button onClick={onAddProperty}>
            <PlusIcon aria-hidden="true" /> Add Property
          </Button>
        </Card>
      ) : timeline.isPending ? (
        <LoadingLine className="py-16">Loading timeline...</LoadingLine>
      ) : timeline.isError ? (
        <QueryLoadError what="timeline" query={timeline} />
      ) : rows.length === 0 ? (
        <Card className="px-6 py-10 text-center text-muted-foreground">No active properties.</Card>
      ) : wide ? (
        <>
          <TimelineGrid
            key={`${from}:${span}`}
            rows={rows}
            days={days}
            span={span}
            onOpenStay={onOpenStay}
            onStartBooking={startBooking}
            onOpenChannels={onOpenChannels}
          />
          <p className="text-sm text-muted-foreground">
            Arrows move between days and properties; Enter opens a stay, or starts a booking on a free night.
            Drag across free nights, or hold Shift with the left and right arrows, to book several.
          </p>
          <TimelineLegend />
        </>
      ) : (
        <TimelineDayList rows={rows} days={days} onOpenStay={onOpenStay} onStartBooking={startBooking} />
      )}
      {booking ? (
        <AddBookingDialog
          key={`${booking.property.id}:${booking.check_in}:${booking.check_out}`}
          property={booking.property}
          initialStay={{ check_in: booking.check_in, check_out: booking.check_out }}
          open
          onOpenChange={(open) => {
            if (!open) setBooking(null);
          }}
        />
      ) : null}
    </ViewSection>
  );
}

const swatch = 'inline-block h-3.5 w-6 rounded-sm';

function TimelineLegend() {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm" aria-label="Legend">
      {BOOKING_SOURCES.map((source) => (
        <li key={source} className="flex items-center gap-2">
          <span
            className={swatch}
            style={styleStayBar({ status: 'confirmed', booking_source: source })}
            aria-hidden="true"
          />
          {BOOKING_SOURCE_LABELS[source]}
        </li>
      ))}
      <li className="flex items-center gap-2">
        <span
          className={swatch}
          style={styleStayBar({ status: 'pending', booking_source: 'direct' })}
          aria-hidden="true"
        />
        Pending (striped)
      </li>
      <li className="flex items-center gap-2">
        <span className={`${swatch} border ${CLOSED_CLASS}`} aria-hidden="true" />
        Closed
      </li>
      <li className="flex items-center gap-2">
        <span className={`${swatch} border ${HELD_CLASS}`} aria-hidden="true" />
        Held by a channel
      </li>
    </ul>
  );
}
