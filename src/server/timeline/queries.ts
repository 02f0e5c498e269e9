import { and, asc, inArray } from 'drizzle-orm';
import { TIMELINE_STATUSES, type TimelineStay } from '../../domain/timeline';
import { listChannelClosuresOfProperties, listOperatorCalendarRowsOfProperties } from '../store/calendar';
import { listConnectionsWithCounts, type ConnectionWithCounts } from '../channels/queries';
import type { Executor } from '../db/client';
import { overlapsNights } from '../db/overlaps';
import { bookings } from '../db/schema';
import { listActiveProperties } from '../store/properties';

type PropertiesNights = { propertyIds: readonly string[]; start: string; end: string };

/** The stays of these properties that hold a night of [start, end), by property and check-in. */
export async function listTimelineStays(
  db: Executor,
  input: PropertiesNights,
): Promise<(TimelineStay & { property_id: string })[]> {
  if (input.propertyIds.length === 0) return [];
  const rows = await db
    .select({
      property_id: bookings.property_id,
      id: bookings.id,
      guest_name: bookings.guest_name,
      check_in: bookings.check_in,
      check_out: bookings.check_out,
      status: bookings.status,
      booking_source: bookings.booking_source,
      is_sample: bookings.is_sample,
      amount_known: bookings.amount_known,
    })
    .from(bookings)
    .where(
      and(
        inArray(bookings.property_id, [...input.propertyIds]),
        inArray(bookings.status, [...TIMELINE_STATUSES]),
        overlapsNights(bookings.check_in, bookings.check_out, input),
      ),
    )
    .orderBy(asc(bookings.property_id), asc(bookings.check_in), asc(bookings.id));
  return rows as (TimelineStay & { property_id: string })[];
}

/**
 * Everything the timeline draws for the operator's active properties over [start, end), read in a fixed
 * number of set-based queries whatever the number of properties: the properties, their stays, the nights
 * the operator closed, the ranges channels hold, and the channel connections (for stale ones and open
 * conflicts). Row-level security limits each to the operator's own.
 */
export async function readTimeline(db: Executor, range: { start: string; end: string; today: string }) {
  const properties = await listActiveProperties(db);
  const nights = { propertyIds: properties.map((property) => property.id), ...range };
  const stays = await listTimelineStays(db, nights);
  const closed = await listOperatorCalendarRowsOfProperties(db, { ...nights, closedOnly: true });
  const blocks = await listChannelClosuresOfProperties(db, nights);
  const connections: ConnectionWithCounts[] = await listConnectionsWithCounts(db, { today: range.today });
  return { properties, stays, closed, blocks, connections };
}
