import { addDays, addMonths, format, parseISO, startOfMonth, startOfWeek } from 'date-fns';
import { isRealDate } from '@/domain/dates';

/** How much the timeline shows: two weeks (moved by a week), or one or three months (moved by a month). */
export const TIMELINE_SPANS = [
  { value: '2w', label: '2 weeks' },
  { value: '1m', label: '1 month' },
  { value: '3m', label: '3 months' },
] as const;
export type TimelineSpan = (typeof TIMELINE_SPANS)[number]['value'];
export const DEFAULT_TIMELINE_SPAN: TimelineSpan = '1m';

export const isTimelineSpan = (value: string | null): value is TimelineSpan =>
  TIMELINE_SPANS.some((span) => span.value === value);

const toDate = (date: Date) => format(date, 'yyyy-MM-dd');

/** The first day a span starts on around `date`: the Monday of its week, or the first of its month. */
export function alignTimelineStart(date: string, span: TimelineSpan): string {
  const day = parseISO(date);
  return toDate(span === '2w' ? startOfWeek(day, { weekStartsOn: 1 }) : startOfMonth(day));
}

/** The days shown: [from, to), from `start` (aligned to the span) or, without a valid one, around today. */
export function resolveTimelineRange(
  start: string | null,
  span: TimelineSpan,
  today: string,
): { from: string; to: string } {
  const from = alignTimelineStart(start && isRealDate(start) ? start : today, span);
  const first = parseISO(from);
  const to = span === '2w' ? addDays(first, 14) : addMonths(first, span === '1m' ? 1 : 3);
  return { from, to: toDate(to) };
}

/** The start one step earlier (-1) or later (1): a week for two weeks, a month otherwise. */
export function stepTimelineStart(from: string, span: TimelineSpan, step: -1 | 1): string {
  const first = parseISO(from);
  return toDate(span === '2w' ? addDays(first, 7 * step) : addMonths(first, step));
}
