import { and, asc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { BLOCKING_STATUSES } from '../../domain/booking';
import type { CalendarReader } from '../../domain/channel';
import type { Executor } from '../db/client';
import {
  bookings,
  channelBlocks,
  channelConflicts,
  properties,
  propertyCalendar,
  requestLinks,
} from '../db/schema';
import { isOpenStayConflict } from '../store/calendar';

// The public calendar export's queries, run as villa_guest (withGuest): it reads dates only, and finds
// which calendar a URL names through resolve_calendar_export(), never reading a token.

// Nights are taken by pending, confirmed and completed stays.
const HOLDING_STATUSES = [...BLOCKING_STATUSES];

export async function resolveExportToken(
  db: Executor,
  input: { token: string; reader: CalendarReader; userAgent: string | null },
): Promise<{ propertyId: string; connectionId: string | null } | undefined> {
  const result = await db.execute<{ out_property_id: string; out_connection_id: string | null }>(
    sql`select out_property_id, out_connection_id
      from resolve_calendar_export(${input.token}, ${input.reader}, ${input.userAgent})`,
  );
  const row = (result as unknown as { rows: { out_property_id: string; out_connection_id: string | null }[] })
    .rows[0];
  return row ? { propertyId: row.out_property_id, connectionId: row.out_connection_id } : undefined;
}

export async function findExportProperty(db: Executor, propertyId: string) {
  const [row] = await db
    .select({ id: properties.id, name: properties.name })
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.is_active, true)));
  return row;
}

export async function listExportStays(
  db: Executor,
  input: { propertyId: string; from: string; excludeConnectionId: string | null },
) {
  return db
    .select({
      id: bookings.id,
      check_in: bookings.check_in,
      check_out: bookings.check_out,
      updated_at: bookings.updated_at,
    })
    .from(bookings)
    .leftJoin(requestLinks, eq(requestLinks.booking_id, bookings.id))
    .where(
      and(
        eq(bookings.property_id, input.propertyId),
        inArray(bookings.status, HOLDING_STATUSES),
        gt(bookings.check_out, input.from),
        // A request its guest has not confirmed from their e-mail is never sent to the channels: a stranger
        // must not close nights on Airbnb and Booking.com by typing any address.
        sql`not (${bookings.status} = 'pending' and ${requestLinks.booking_id} is not null and ${requestLinks.confirmed_at} is null)`,
        input.excludeConnectionId
          ? or(
              isNull(bookings.channel_connection_id),
              ne(bookings.channel_connection_id, input.excludeConnectionId),
            )
          : undefined,
      ),
    )
    .orderBy(asc(bookings.check_in), asc(bookings.id));
}

/**
 * What the other channels must see closed: the ranges each connection's feed closes, and the stays a
 * connection reports that the operator has not settled yet (open conflicts), never echoed back to the
 * connection they came from.
 */
export async function listExportBlocks(
  db: Executor,
  input: { propertyId: string; from: string; excludeConnectionId: string | null },
) {
  const blocks = await db
    .select({
      start_date: channelBlocks.start_date,
      end_date: channelBlocks.end_date,
      updated_at: channelBlocks.updated_at,
    })
    .from(channelBlocks)
    .where(
      and(
        eq(channelBlocks.property_id, input.propertyId),
        gt(channelBlocks.end_date, input.from),
        input.excludeConnectionId ? ne(channelBlocks.connection_id, input.excludeConnectionId) : undefined,
      ),
    );
  const unsettled = await db
    .select({
      start_date: channelConflicts.check_in,
      end_date: channelConflicts.check_out,
      updated_at: channelConflicts.updated_at,
    })
    .from(channelConflicts)
    .where(
      and(
        eq(channelConflicts.property_id, input.propertyId),
        isOpenStayConflict(),
        gt(channelConflicts.check_out, input.from),
        input.excludeConnectionId ? ne(channelConflicts.connection_id, input.excludeConnectionId) : undefined,
      ),
    );
  return [...blocks, ...unsettled];
}

export async function listClosedCalendarDays(db: Executor, input: { propertyId: string; from: string }) {
  return db
    .select({ date: propertyCalendar.date, created_at: propertyCalendar.created_at })
    .from(propertyCalendar)
    .where(
      and(
        eq(propertyCalendar.property_id, input.propertyId),
        eq(propertyCalendar.is_available, false),
        sql`${propertyCalendar.date} >= ${input.from}::date`,
      ),
    )
    .orderBy(asc(propertyCalendar.date));
}
