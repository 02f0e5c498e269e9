import { tz } from '@date-fns/tz';
import { format, formatDistanceStrict } from 'date-fns';
import { CHANNEL_LABELS, type ChannelConnection, type LeftOutItem, type SyncCounts } from '@/domain/channel';
import { isRealDate, VILLA_TIME_ZONE } from '@/domain/dates';
import { formatDate } from '@/client/lib/format';

/** A connection's name for people: its own name, else the channel's. */
export function labelConnection(connection: Pick<ChannelConnection, 'channel' | 'name'>): string {
  return connection.name || CHANNEL_LABELS[connection.channel];
}

/** "5 minutes ago"; "just now" under a minute (clocks of server and browser differ by a little). */
export function formatTimeAgo(timestamp: string, now: Date): string {
  const then = new Date(timestamp);
  if (now.getTime() - then.getTime() < 60_000) return 'just now';
  return formatDistanceStrict(then, now, { addSuffix: true, roundingMethod: 'floor' });
}

/** "in 12 minutes", or "now" when it is due. */
export function formatTimeUntil(timestamp: string, now: Date): string {
  const then = new Date(timestamp);
  if (then.getTime() - now.getTime() < 60_000) return 'within a minute';
  return formatDistanceStrict(then, now, { addSuffix: true, roundingMethod: 'ceil' });
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** What a sync did, in the order the operator reads it: "1 added, 0 moved, … 0 conflicts". */
export function describeSyncCounts(counts: SyncCounts): string {
  const parts = [
    `${counts.added} added`,
    `${counts.moved} moved`,
    `${counts.cancelled} cancelled`,
    `${counts.blocked} blocked`,
    ...(counts.blocks_moved > 0 ? [`${counts.blocks_moved} blocks moved`] : []),
    `${counts.reopened} reopened`,
    plural(counts.conflicts, 'conflict'),
  ];
  return parts.join(', ');
}

export type HealthTone = 'ok' | 'pending' | 'stale' | 'failing';

export type ConnectionHealth = {
  tone: HealthTone;
  /** A word for the badge. */
  label: string;
  /** When it last synced, for people. */
  lastSuccess: string;
  /** The warning to show, if any: stale beats a one-off error, since stale means nights may be sold twice. */
  warning: string | null;
};

/**
 * How a connection is doing: synced, not yet synced, failing (its last attempt failed) or stale (no
 * success for longer than the limit, which is what puts nights at risk).
 */
export function describeConnectionHealth(
  connection: Pick<
    ChannelConnection,
    'channel' | 'name' | 'last_synced_at' | 'last_error' | 'stale' | 'created_at'
  >,
  staleHours: number,
  now: Date,
): ConnectionHealth {
  const channel = labelConnection(connection);
  const lastSuccess = connection.last_synced_at ? formatTimeAgo(connection.last_synced_at, now) : 'never';
  const limit = plural(staleHours, 'hour');
  if (connection.stale) {
    const since = connection.last_synced_at
      ? `No successful sync for more than ${limit} (last ${lastSuccess}).`
      : `Not synced once since it was added ${formatTimeAgo(connection.created_at, now)}.`;
    return {
      tone: 'stale',
      label: 'Stale',
      lastSuccess,
      warning: `${since} Stays booked on ${channel} since then are missing here, and the nights may be sold twice.`,
    };
  }
  if (connection.last_error) {
    return { tone: 'failing', label: 'Failing', lastSuccess, warning: null };
  }
  if (!connection.last_synced_at) {
    return { tone: 'pending', label: 'Not synced yet', lastSuccess, warning: null };
  }
  return { tone: 'ok', label: 'Synced', lastSuccess, warning: null };
}

/**
 * While a channel's empty calendar waits to be confirmed (one empty answer may be a cut-off one): what
 * stays closed, and from when it reopens. "Booking.com sent an empty calendar; its nights reopen if it is
 * still empty at 10:42." The time is the villa's; with the day when it is not today there.
 */
export function describeEmptyCalendar(
  connection: Pick<
    ChannelConnection,
    'channel' | 'name' | 'empty_calendar_since' | 'empty_calendar_reopens_at' | 'stays_count'
  >,
  now: Date,
): string | null {
  if (!connection.empty_calendar_since || !connection.empty_calendar_reopens_at) return null;
  const zone = { in: tz(VILLA_TIME_ZONE) };
  const reopensAt = new Date(connection.empty_calendar_reopens_at);
  const sameDay = format(reopensAt, 'yyyy-MM-dd', zone) === format(now, 'yyyy-MM-dd', zone);
  const when = format(reopensAt, sameDay ? 'HH:mm' : 'EEE d MMM, HH:mm', zone);
  const what =
    connection.stays_count > 0
      ? `its nights reopen and its ${plural(connection.stays_count, 'stay')} to come are cancelled`
      : 'its nights reopen';
  return `${labelConnection(connection)} sent an empty calendar; ${what} if it is still empty at ${when}.`;
}

/** Where each channel hands out its calendar address. */
export const IMPORT_URL_HELP: Record<ChannelConnection['channel'], string> = {
  airbnb: 'In Airbnb: Calendar, Availability, Connect calendars, Export calendar; copy the link.',
  booking_com: 'In the Booking.com extranet: Rates & Availability, Sync calendars, Export calendar.',
  vrbo: 'In Vrbo: Calendar, Import/Export, Export calendar; copy the link.',
  other: 'Any iCal (.ics) address: Google Calendar, another booking tool, a channel manager.',
};

/** A date as the channel wrote it: formatted when it is a real date, else as written. */
const formatFeedDate = (date: string) => (isRealDate(date) ? formatDate(date) : date);

/** The dates of an item a sync left out, as far as they could be read: "Dec 5, 2026 – Dec 6, 2026". */
export function describeLeftOutDates(item: Pick<LeftOutItem, 'check_in' | 'check_out'>): string {
  if (item.check_in && item.check_out)
    return `${formatFeedDate(item.check_in)} – ${formatFeedDate(item.check_out)}`;
  if (item.check_in) return `From ${formatFeedDate(item.check_in)}`;
  if (item.check_out) return `Until ${formatFeedDate(item.check_out)}`;
  return 'No dates could be read';
}
