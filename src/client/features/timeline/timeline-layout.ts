import { format, parseISO } from 'date-fns';
import { BOOKING_SOURCE_LABELS } from '@/domain/booking';
import { CHANNEL_LABELS, type ChannelKind } from '@/domain/channel';
import { listDatesBetween } from '@/domain/dates';
import type { TimelineProperty, TimelineStay } from '@/domain/timeline';

/** One column of the timeline. */
export type TimelineDay = {
  date: string;
  /** "Sat 12 Dec": how a cell's name says its day. */
  label: string;
  weekday: string;
  dayOfMonth: number;
  isWeekend: boolean;
  isToday: boolean;
  /** Before today: a free night then can no longer be booked. */
  isPast: boolean;
};

export function listTimelineDays(from: string, to: string, today: string): TimelineDay[] {
  return listDatesBetween(from, to).map((date) => {
    const day = parseISO(date);
    const weekday = day.getDay();
    return {
      date,
      label: format(day, 'EEE d MMM'),
      weekday: format(day, 'EEEEE'),
      dayOfMonth: day.getDate(),
      isWeekend: weekday === 0 || weekday === 6,
      isToday: date === today,
      isPast: date < today,
    };
  });
}

/** The months the days cross, each with the columns it takes: the labels above the days. */
export function listTimelineMonths(days: TimelineDay[]): { label: string; start: number; length: number }[] {
  const months: { label: string; start: number; length: number }[] = [];
  days.forEach((day, index) => {
    const last = months.at(-1);
    if (last && day.dayOfMonth !== 1) last.length += 1;
    else months.push({ label: format(parseISO(day.date), 'MMMM yyyy'), start: index, length: 1 });
  });
  return months;
}

/** What one night of a property is: taken by a stay, closed by the operator, held by a channel, or free. */
export type TimelineNight =
  | { kind: 'stay'; stay: TimelineStay }
  | { kind: 'closed' }
  | { kind: 'held'; channels: ChannelKind[] }
  | { kind: 'free' };

/**
 * A stay's bar in columns: from the middle of its check-in day to the middle of its check-out day, so
 * that a stay leaving on the day the next arrives is drawn as two bars with a gap; cut at the range's
 * edges (and then squared off there).
 */
export type TimelineBar = {
  stay: TimelineStay;
  start: number;
  end: number;
  cutStart: boolean;
  cutEnd: boolean;
};

export type TimelineRow = { property: TimelineProperty; nights: TimelineNight[]; bars: TimelineBar[] };

/** A property's nights and bars over the days shown, in one pass over its stays, closed nights and holds. */
export function layoutTimelineRow(property: TimelineProperty, days: TimelineDay[]): TimelineRow {
  const count = days.length;
  const from = days[0]?.date ?? '';
  const to = days.at(-1)?.date ?? '';
  const columns = new Map(days.map((day, index) => [day.date, index]));
  // A date's column; dates before the range fall at -1 and after it at `count`.
  const columnOf = (date: string) => columns.get(date) ?? (date < from ? -1 : count);
  const free: TimelineNight = { kind: 'free' };
  const closed: TimelineNight = { kind: 'closed' };
  const nights: TimelineNight[] = new Array<TimelineNight>(count).fill(free);
  for (const block of property.channel_blocks) {
    for (
      let index = Math.max(0, columnOf(block.start_date));
      index < Math.min(count, columnOf(block.end_date));
      index += 1
    ) {
      const night = nights[index]!;
      nights[index] = {
        kind: 'held',
        channels: night.kind === 'held' ? [...new Set([...night.channels, block.channel])] : [block.channel],
      };
    }
  }
  for (const date of property.closed_nights) {
    const index = columns.get(date);
    if (index !== undefined) nights[index] = closed;
  }
  const bars: TimelineBar[] = [];
  for (const stay of property.stays) {
    const first = columnOf(stay.check_in);
    const last = stay.check_out > to ? count : columnOf(stay.check_out);
    const night: TimelineNight = { kind: 'stay', stay };
    for (let index = Math.max(0, first); index < Math.min(count, last); index += 1) nights[index] = night;
    bars.push({
      stay,
      start: Math.max(0, first + 0.5),
      end: Math.min(count, last + 0.5),
      cutStart: first < 0,
      cutEnd: last + 0.5 > count,
    });
  }
  return { property, nights, bars };
}

/** What a night is, in words: "Ananya Deshpande, confirmed, Direct", "free", "closed", "held by Airbnb". */
export function describeTimelineNight(night: TimelineNight): string {
  switch (night.kind) {
    case 'stay': {
      const { stay } = night;
      const sample = stay.is_sample ? ', sample' : '';
      return `${stay.guest_name}, ${stay.status}, ${BOOKING_SOURCE_LABELS[stay.booking_source]}${sample}`;
    }
    case 'closed':
      return 'closed';
    case 'held':
      return `held by ${night.channels.map((channel) => CHANNEL_LABELS[channel]).join(' and ')}`;
    default:
      return 'free';
  }
}

/** A cell's name for screen readers: "Sunset Villa, Sat 12 Dec: Ananya Deshpande, confirmed, Direct". */
export function nameTimelineCell(propertyName: string, day: TimelineDay, night: TimelineNight): string {
  return `${propertyName}, ${day.label}${day.isToday ? ' (today)' : ''}: ${describeTimelineNight(night)}`;
}

/** Whether a night of a row can be booked from the timeline: free, and not before today. */
export function isBookableNight(row: Pick<TimelineRow, 'nights'>, days: TimelineDay[], column: number) {
  return row.nights[column]?.kind === 'free' && days[column]?.isPast === false;
}

/**
 * Free nights picked from `anchor` towards `target` (a drag, or Shift with the arrows): as far as the
 * nights stay bookable without a break, so a selection never spans a stay or a closed night. The first
 * and last columns, in order; none when the anchor itself cannot be booked.
 */
export function selectFreeNights(
  row: Pick<TimelineRow, 'nights'>,
  days: TimelineDay[],
  anchor: number,
  target: number,
): { start: number; end: number } | null {
  if (!isBookableNight(row, days, anchor)) return null;
  const step = target >= anchor ? 1 : -1;
  let reached = anchor;
  while (reached !== target && isBookableNight(row, days, reached + step)) reached += step;
  return { start: Math.min(anchor, reached), end: Math.max(anchor, reached) };
}
