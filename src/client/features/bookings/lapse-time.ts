import { tz } from '@date-fns/tz';
import { format, formatDuration } from 'date-fns';
import { VILLA_TIME_ZONE } from '@/domain/dates';

/** Under this many hours a request's countdown turns urgent: a decision is due today. */
export const LAPSE_URGENT_HOURS = 6;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type LapseDescription = {
  /** "Lapses in 5 hours", "Lapses in 1 day 23 hours", "Lapses in 40 minutes", "Lapsing now". */
  text: string;
  /** The moment in the villa's time zone: "Wed 25 Nov, 11:30". */
  when: string;
  urgent: boolean;
};

/**
 * How long a pending guest request has before it lapses, in words. Rounded down, so the operator is
 * never told there is more time than there is; minutes are given only when it is urgent.
 */
export function describeLapse(lapsesAt: string, now: Date): LapseDescription {
  const at = new Date(lapsesAt);
  const left = at.getTime() - now.getTime();
  const when = format(at, 'EEE d MMM, HH:mm', { in: tz(VILLA_TIME_ZONE) });
  // The lapse job runs about once a minute: in the last one the request may go at any moment.
  if (left < MINUTE) return { text: 'Lapsing now', when, urgent: true };
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  const minutes = Math.floor((left % HOUR) / MINUTE);
  const urgent = left < LAPSE_URGENT_HOURS * HOUR;
  const duration =
    days > 0
      ? formatDuration({ days, hours }, { format: ['days', 'hours'] })
      : urgent
        ? formatDuration({ hours, minutes }, { format: ['hours', 'minutes'] })
        : formatDuration({ hours }, { format: ['hours'] });
  return { text: `Lapses in ${duration}`, when, urgent };
}
