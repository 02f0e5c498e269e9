import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import type { TimelineStay } from '@/domain/timeline';
import { cn } from '@/client/lib/utils';
import { styleStayBar } from './timeline-grid';
import { describeTimelineNight, type TimelineDay, type TimelineRow } from './timeline-layout';

/**
 * The timeline on a phone: a list by day, each day what is on at each property. A stay opens from its
 * line; a free night starts a booking.
 */
export function TimelineDayList({
  rows,
  days,
  onOpenStay,
  onStartBooking,
}: {
  rows: TimelineRow[];
  days: TimelineDay[];
  onOpenStay: (propertyId: string, stay: TimelineStay) => void;
  onStartBooking: (propertyId: string, date: string) => void;
}) {
  // A range that holds today opens at today: the days gone by wait behind a button.
  const todayColumn = days.findIndex((day) => day.isToday);
  const [showPast, setShowPast] = useState(false);
  const first = showPast ? 0 : Math.max(0, todayColumn);
  return (
    <div className="grid grid-cols-1 gap-3">
      {first > 0 ? (
        <Button variant="outline" onClick={() => setShowPast(true)}>
          Show {first} earlier day{first === 1 ? '' : 's'}
        </Button>
      ) : null}
      <ol className="grid grid-cols-1 gap-3" aria-label="Timeline by day">
        {days.slice(first).map((day, offset) => {
          const column = first + offset;
          return (
            <li
              key={day.date}
              className={cn('rounded-md border bg-card', day.isToday && 'border-accent ring-1 ring-accent')}
              aria-current={day.isToday ? 'date' : undefined}
            >
              <h3
                className={cn(
                  'px-3 py-1.5 text-sm font-semibold',
                  day.isWeekend ? 'bg-muted/60' : 'bg-muted/30',
                )}
              >
                {day.label}
                {day.isToday ? ' · today' : ''}
              </h3>
              <ul className="divide-y">
                {rows.map(({ property, nights }) => {
                  const night = nights[column]!;
                  return (
                    <li key={property.id} className="flex min-h-11 items-center gap-2 px-3 py-1 text-sm">
                      <span className="w-36 shrink-0 truncate text-muted-foreground" title={property.name}>
                        {property.name}
                      </span>
                      {night.kind === 'stay' ? (
                        <button
                          type="button"
                          className="min-w-0 flex-1 truncate rounded-md px-2 py-1.5 text-left text-xs font-semibold"
                          style={styleStayBar(night.stay)}
                          onClick={() => onOpenStay(property.id, night.stay)}
                        >
                          {/* What the bar shows starts its name; where and what for screen readers follows. */}
                          {night.stay.guest_name}
                          {night.stay.check_in === day.date ? ' · arrives' : ''}
                          {night.stay.status === 'pending' ? ' · pending' : ''}{' '}
                          <span className="sr-only">
                            ({property.name}, {day.label}: {describeTimelineNight(night)})
                          </span>
                        </button>
                      ) : night.kind === 'free' && !day.isPast ? (
                        <button
                          type="button"
                          className="inline-flex min-w-0 flex-1 items-center gap-1 rounded-md px-2 py-1.5 text-left text-xs text-primary hover:bg-primary/10"
                          aria-label={`${property.name}, ${day.label}: free. Add a booking`}
                          onClick={() => onStartBooking(property.id, day.date)}
                        >
                          <PlusIcon className="size-3.5" aria-hidden="true" /> Free
                        </button>
                      ) : (
                        <span className="flex-1 px-2 text-xs text-muted-foreground">
                          {describeTimelineNight(night).replace(/^./, (first) => first.toUpperCase())}
                        </span>
                      )}
                    </li>
                  );
                })}
              </ul>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
