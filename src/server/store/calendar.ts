import { and, asc, eq, gte, inArray, isNull, lt } from 'drizzle-orm';
import type { CalendarRow } from '../../domain/calendar';
import type { ChannelKind } from '../../domain/channel';
import type { MinorUnits } from '../../domain/money';
import type { Executor } from '../db/client';
import { channelBlocks, channelConflicts, channelConnections, propertyCalendar } from '../db/schema';
import { overlapsNights } from '../db/overlaps';

/** A calendar row; `closed_by` names the channel connections whose imported blocks close the night. */
export type ChannelCalendarRow = CalendarRow & {
  closed_by?: { connection_id: string; channel: ChannelKind }[];
};

/** Nights of one or more properties: [start, end). */
type PropertiesNights = { propertyIds: readonly string[]; start: string; end: string };

export type ChannelClosure = {
  property_id: string;
  connection_id: string;
  channel: ChannelKind;
  start_date: string;
  end_date: string;
};

/**
 * The ranges channel connections close in [start, end): the blocks their feeds report, and every stay
 * they report that the operator has not settled yet (an open conflict: it overlaps a booking here, or was
 * cancelled here), so none of its nights is sold again meanwhile. Only what the public role may read:
 * dates and which channel.
 */
export async function listChannelClosures(
  db: Executor,
  input: { propertyId: string; start: string; end: string },
): Promise<ChannelClosure[]> {
  return listChannelClosuresOfProperties(db, { ...input, propertyIds: [input.propertyId] });
}

/** listChannelClosures for several properties at once (two queries, whatever their number). */
export async function listChannelClosuresOfProperties(
  db: Executor,
  input: PropertiesNights,
): Promise<ChannelClosure[]> {
  if (input.propertyIds.length === 0) return [];
  const blocks = await db
    .select({
      property_id: channelBlocks.property_id,
      connection_id: channelBlocks.connection_id,
      channel: channelBlocks.channel,
      start_date: channelBlocks.start_date,
      end_date: channelBlocks.end_date,
    })
    .from(channelBlocks)
    .where(
      and(
        inArray(channelBlocks.property_id, [...input.propertyIds]),
        overlapsNights(channelBlocks.start_date, channelBlocks.end_date, input),
      ),
    );
  const unsettled = await db
    .select({
      property_id: channelConflicts.property_id,
      connection_id: channelConflicts.connection_id,
      channel: channelConnections.channel,
      start_date: channelConflicts.check_in,
      end_date: channelConflicts.check_out,
    })
    .from(channelConflicts)
    .innerJoin(channelConnections, eq(channelConnections.id, channelConflicts.connection_id))
    .where(
      and(
        inArray(channelConflicts.property_id, [...input.propertyIds]),
        isOpenStayConflict(),
        overlapsNights(channelConflicts.check_in, channelConflicts.check_out, input),
      ),
    );
  return [...blocks, ...unsettled].map((range) => ({ ...range, channel: range.channel as ChannelKind }));
}

/** A stay from a channel that the operator has not settled: it holds its nights until they do. */
export const isOpenStayConflict = () =>
  and(eq(channelConflicts.status, 'open'), eq(channelConflicts.item_kind, 'stay'));

/**
 * A property's calendar rows (date, is_available, price) in [start, end), with the
 * nights that channel connections close merged in as unavailable. This is the one place that
 * availability, quotes, guest requests and the management calendar read closed nights from, so a
 * channel's block closes a night everywhere; the operator's own rows are never changed by it (a night
 * the operator priced keeps its price, and opens again when the channel's block goes).
 */
export async function listCalendarRows(
  db: Executor,
  input: { propertyId: string; start: string; end: string },
): Promise<ChannelCalendarRow[]> {
  const rows: ChannelCalendarRow[] = await listOperatorCalendarRows(db, input);
  const blocks = await listChannelClosures(db, input);
  if (blocks.length === 0) return rows;
  const byDate = new Map(rows.map((row) => [row.date, row]));
  for (const block of blocks) {
    const from = block.start_date > input.start ? block.start_date : input.start;
    const to = block.end_date < input.end ? block.end_date : input.end;
    const closer = { connection_id: block.connection_id, channel: block.channel };
    for (let date = from; date < to; date = nextDate(date)) {
      const row = byDate.get(date);
      if (!row) {
        byDate.set(date, { date, is_available: false, price: null, closed_by: [closer] });
      } else if (!row.closed_by?.some((item) => item.connection_id === closer.connection_id)) {
        byDate.set(date, { ...row, is_available: false, closed_by: [...(row.closed_by ?? []), closer] });
      }
    }
  }
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** The day after a yyyy-MM-dd date, by UTC arithmetic (no time zone can shift it). */
function nextDate(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** The operator's own calendar rows in [start, end), without channel blocks. */
export async function listOperatorCalendarRows(
  db: Executor,
  input: { propertyId: string; start: string; end: string },
): Promise<CalendarRow[]> {
  const rows = await listOperatorCalendarRowsOfProperties(db, { ...input, propertyIds: [input.propertyId] });
  return rows.map(({ property_id: _property, ...row }) => row);
}

/**
 * listOperatorCalendarRows for several properties at once, by property and date; `closedOnly` keeps the
 * nights the operator closed.
 */
export async function listOperatorCalendarRowsOfProperties(
  db: Executor,
  input: PropertiesNights & { closedOnly?: boolean },
): Promise<(CalendarRow & { property_id: string })[]> {
  if (input.propertyIds.length === 0) return [];
  const rows = await db
    .select({
      property_id: propertyCalendar.property_id,
      date: propertyCalendar.date,
      is_available: propertyCalendar.is_available,
      price: propertyCalendar.price,
    })
    .from(propertyCalendar)
    .where(
      and(
        inArray(propertyCalendar.property_id, [...input.propertyIds]),
        gte(propertyCalendar.date, input.start),
        lt(propertyCalendar.date, input.end),
        input.closedOnly ? eq(propertyCalendar.is_available, false) : undefined,
      ),
    )
    .orderBy(asc(propertyCalendar.property_id), asc(propertyCalendar.date));
  return rows;
}

/**
 * Sets availability and/or price on every date of [start, end) in one statement. A day back to the
 * defaults (available, base price) loses its row.
 */
export async function upsertCalendarDays(
  db: Executor,
  input: { propertyId: string; dates: string[]; is_available?: boolean; price?: MinorUnits | null },
): Promise<void> {
  const set: Partial<typeof propertyCalendar.$inferInsert> = {};
  if (input.is_available !== undefined) set.is_available = input.is_available;
  const price = input.price;
  if (price !== undefined) set.price = price;
  await db
    .insert(propertyCalendar)
    .values(
      input.dates.map((date) => ({
        property_id: input.propertyId,
        date,
        is_available: input.is_available ?? true,
        price: price ?? null,
      })),
    )
    .onConflictDoUpdate({ target: [propertyCalendar.property_id, propertyCalendar.date], set });
  await db
    .delete(propertyCalendar)
    .where(
      and(
        eq(propertyCalendar.property_id, input.propertyId),
        inArray(propertyCalendar.date, input.dates),
        eq(propertyCalendar.is_available, true),
        isNull(propertyCalendar.price),
      ),
    );
}
