import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import {
  BLOCKING_STATUSES,
  OPEN_STATUSES,
  type BookingSource,
  type BookingStatus,
} from '../../domain/booking';
import { toMinorUnits } from '../../domain/money';
import type { Executor } from '../db/client';
import { overlapsNights } from '../db/overlaps';
import { bookings, requestLinks } from '../db/schema';

// The stays a channel brings, read and written as bookings: by a connection's sync, and by the operator
// settling a conflict. Both run as villa_app for the property's operator.

/** A booking a channel connection imported earlier. */
export type ExistingStay = {
  id: string;
  uid: string;
  check_in: string;
  check_out: string;
  status: BookingStatus;
};

// Nights are taken by pending, confirmed and completed stays; only open ones are cancelled or adopted.
const HOLDING_STATUSES = [...BLOCKING_STATUSES];
const CANCELLABLE_STATUSES = [...OPEN_STATUSES];

export async function listConnectionStays(db: Executor, connectionId: string): Promise<ExistingStay[]> {
  const rows = await db
    .select({
      id: bookings.id,
      uid: bookings.channel_uid,
      check_in: bookings.check_in,
      check_out: bookings.check_out,
      status: bookings.status,
    })
    .from(bookings)
    .where(and(eq(bookings.channel_connection_id, connectionId), isNotNull(bookings.channel_uid)));
  return rows.map((row) => ({ ...row, uid: row.uid ?? '', status: row.status as BookingStatus }));
}

/**
 * Stays that belong to no connection but are this feed's: left by a removed connection of the same
 * channel (same UID), or typed in by hand with the channel's reservation code.
 */
export async function listAdoptableStays(
  db: Executor,
  input: { propertyId: string; source: BookingSource; uids: string[]; codes: string[] },
) {
  if (input.uids.length === 0 && input.codes.length === 0) return [];
  return db
    .select({
      id: bookings.id,
      channel_uid: bookings.channel_uid,
      external_booking_id: bookings.external_booking_id,
      check_in: bookings.check_in,
      check_out: bookings.check_out,
      status: bookings.status,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.property_id, input.propertyId),
        isNull(bookings.channel_connection_id),
        eq(bookings.booking_source, input.source),
        inArray(bookings.status, CANCELLABLE_STATUSES),
        or(
          input.uids.length ? inArray(bookings.channel_uid, input.uids) : undefined,
          input.codes.length ? inArray(sql`upper(${bookings.external_booking_id})`, input.codes) : undefined,
        ),
      ),
    );
}

export async function linkBookingToConnection(
  db: Executor,
  input: { bookingId: string; connectionId: string; uid: string },
): Promise<void> {
  await db
    .update(bookings)
    .set({ channel_connection_id: input.connectionId, channel_uid: input.uid, updated_at: sql`now()` })
    .where(eq(bookings.id, input.bookingId));
}

export type HoldingStay = {
  id: string;
  check_in: string;
  check_out: string;
  channel_connection_id: string | null;
};

/** Stays holding nights of a property (pending, confirmed, completed) that share a night with [start, end). */
export async function listHoldingStays(
  db: Executor,
  input: { propertyId: string; start: string; end: string },
): Promise<HoldingStay[]> {
  return db
    .select({
      id: bookings.id,
      check_in: bookings.check_in,
      check_out: bookings.check_out,
      channel_connection_id: bookings.channel_connection_id,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.property_id, input.propertyId),
        inArray(bookings.status, HOLDING_STATUSES),
        overlapsNights(bookings.check_in, bookings.check_out, input),
      ),
    )
    .orderBy(asc(bookings.check_in));
}

/**
 * Lets other requests run between the batches of a large import: the embedded database runs each
 * statement on the server's own thread, and a whole feed's batches would otherwise run back to back.
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export type ImportedStayValues = {
  property_id: string;
  connection_id: string;
  uid: string;
  source: BookingSource;
  guest_name: string;
  guest_phone: string | null;
  guests_count: number | null;
  check_in: string;
  check_out: string;
  currency: string;
  external_booking_id: string | null;
};

const toBookingValues = (stay: ImportedStayValues): typeof bookings.$inferInsert => ({
  property_id: stay.property_id,
  channel_connection_id: stay.connection_id,
  channel_uid: stay.uid,
  booking_source: stay.source,
  status: 'confirmed',
  payment_status: 'unpaid',
  guest_name: stay.guest_name,
  // Channels give no e-mail address; the column is required, so it is left empty.
  guest_email: '',
  guest_phone: stay.guest_phone,
  check_in: stay.check_in,
  check_out: stay.check_out,
  guests_count: stay.guests_count,
  total_amount: toMinorUnits(0),
  amount_known: false,
  currency: stay.currency,
  external_booking_id: stay.external_booking_id,
});

export async function insertImportedStays(db: Executor, stays: readonly ImportedStayValues[]): Promise<void> {
  for (let start = 0; start < stays.length; start += 500) {
    if (start > 0) await yieldToEventLoop();
    await db.insert(bookings).values(stays.slice(start, start + 500).map(toBookingValues));
  }
}

export async function moveBooking(
  db: Executor,
  input: { bookingId: string; check_in: string; check_out: string },
): Promise<void> {
  await db
    .update(bookings)
    .set({ check_in: input.check_in, check_out: input.check_out, updated_at: sql`now()` })
    .where(eq(bookings.id, input.bookingId));
}

/** Cancels the given bookings that still hold their nights; returns the ids it cancelled. */
export async function cancelHoldingBookings(db: Executor, bookingIds: readonly string[]): Promise<string[]> {
  if (bookingIds.length === 0) return [];
  const rows = await db
    .update(bookings)
    .set({ status: 'cancelled', updated_at: sql`now()` })
    .where(and(inArray(bookings.id, [...bookingIds]), inArray(bookings.status, CANCELLABLE_STATUSES)))
    .returning({ id: bookings.id });
  return rows.map((row) => row.id);
}

/**
 * Cancels the property's pending guest requests that share a night with any of `items` and whose guest has
 * not confirmed them from their e-mail. Returns their ids.
 */
export async function cancelUnconfirmedRequestsUnder(
  db: Executor,
  input: { propertyId: string; items: readonly { check_in: string; check_out: string }[] },
): Promise<string[]> {
  if (input.items.length === 0) return [];
  // One parameter, however many items: [{"check_in":…,"check_out":…}, …].
  const ranges = JSON.stringify(input.items.map(({ check_in, check_out }) => ({ check_in, check_out })));
  const unconfirmed = db
    .select({ id: requestLinks.booking_id })
    .from(requestLinks)
    .where(and(isNull(requestLinks.confirmed_at), isNull(requestLinks.closed_reason)));
  const rows = await db
    .update(bookings)
    .set({ status: 'cancelled', updated_at: sql`now()` })
    .where(
      and(
        eq(bookings.property_id, input.propertyId),
        eq(bookings.status, 'pending'),
        inArray(bookings.id, unconfirmed),
        sql`exists (select 1 from jsonb_to_recordset(${ranges}::jsonb) as item(check_in date, check_out date)
          where ${overlapsNights(bookings.check_in, bookings.check_out, { start: sql`item.check_in`, end: sql`item.check_out` })})`,
      ),
    )
    .returning({ id: bookings.id });
  return rows.map((row) => row.id);
}

export async function restoreCancelledBooking(
  db: Executor,
  input: { bookingId: string; check_in: string; check_out: string },
): Promise<boolean> {
  const rows = await db
    .update(bookings)
    .set({
      status: 'confirmed',
      check_in: input.check_in,
      check_out: input.check_out,
      updated_at: sql`now()`,
    })
    .where(and(eq(bookings.id, input.bookingId), eq(bookings.status, 'cancelled')))
    .returning({ id: bookings.id });
  return rows.length === 1;
}

export async function findConnectionStayByUid(db: Executor, input: { connectionId: string; uid: string }) {
  const [row] = await db
    .select({ id: bookings.id, status: bookings.status })
    .from(bookings)
    .where(and(eq(bookings.channel_connection_id, input.connectionId), eq(bookings.channel_uid, input.uid)))
    .limit(1);
  return row;
}
