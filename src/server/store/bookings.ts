import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { BOOKING_PAGE_SIZE, type BookingListQuery } from '../../domain/booking-list';
import { readBookingSearch } from '../../domain/booking-search';
import type { BookingStatus, CalendarBooking, StoredBooking } from '../../domain/booking';
import { toMajor } from '../../domain/money';
import type { Executor } from '../db/client';
import { bookings, properties, propertyBookingCounts } from '../db/schema';
import { overlapsNights } from '../db/overlaps';

type BookingRow = typeof bookings.$inferSelect;

export function shapeBooking(row: BookingRow): StoredBooking {
  // The request key stays private: it is the guest's idempotency key. A channel's event UID is internal.
  const {
    updated_at: _updatedAt,
    request_key: _requestKey,
    channel_uid: _channelUid,
    quote: _quote,
    request_fingerprint: _requestFingerprint,
    overlap_exempt: _overlapExempt,
    // The payment schedule reads it (findConfirmedDays); the API's bookings do not carry it.
    confirmed_at: _confirmedAt,
    // The operator's reason stays in the activity log, where it is read with the change it explains.
    kept_price_reason: _keptPriceReason,
    ...rest
  } = row;
  // The API's amounts are major-unit numbers; the database's are minor units.
  return { ...rest, total_amount: toMajor(row.total_amount), created_at: row.created_at.toISOString() };
}

/** `%` and `_` typed by a person are letters, not wildcards. */

/**
 * Whose bookings a list reads: one property's (the caller has checked it is the operator's), or, without
 * `propertyId`, those of every active property of the operator the transaction acts for.
 */
type BookingScope = { propertyId?: string };

/** The ids of the operator's active properties: the scope of the list of all their bookings. */
const ownActivePropertyIds = sql`(select ${properties.id} from ${properties} where ${properties.owner_id} = app_current_operator_id() and ${properties.is_active})`;

/**
 * The search and filters of a list. `property` says where the bookings are: one property's id, or the
 * outer query's property (a column) when a page of all properties is read property by property; none
 * means every active property of the operator.
 */
function matchBookings(query: BookingListQuery, property?: string | AnyPgColumn): SQL | undefined {
  const search = query.q ? readBookingSearch(query.q) : undefined;
  return and(
    property === undefined
      ? inArray(bookings.property_id, ownActivePropertyIds)
      : eq(bookings.property_id, property),
    query.status ? eq(bookings.status, query.status) : undefined,
    query.source ? eq(bookings.booking_source, query.source) : undefined,
    // Stays overlapping [from, to): half-open, like every range of nights.
    overlapsNights(bookings.check_in, bookings.check_out, { start: query.from, end: query.to }),
    // Through the indexes, in search_booking_ids (db/rules/10-functions.sql): row-level security would
    // otherwise make the database read every booking to match the text.
    search
      ? inArray(
          bookings.id,
          sql`(select search_booking_ids(${typeof property === 'string' ? property : null}::uuid, ${search.pattern}, ${search.idPrefix}, ${search.phoneDigits}, ${search.code}))`,
        )
      : undefined,
  );
}

function orderBookings(
  query: BookingListQuery,
  table: { created_at: AnyPgColumn; check_in: AnyPgColumn; id: AnyPgColumn } = bookings,
) {
  return query.sort === 'check_in'
    ? [asc(table.check_in), asc(table.id)]
    : [desc(table.created_at), desc(table.id)];
}

/** One page of a property's bookings that match the search and filters, and how many match in all. */
export async function listBookingsPage(
  db: Executor,
  input: { propertyId: string; query: BookingListQuery },
): Promise<{ bookings: StoredBooking[]; total: number }> {
  const where = matchBookings(input.query, input.propertyId);
  const rows = await db
    .select()
    .from(bookings)
    .where(where)
    .orderBy(...orderBookings(input.query))
    .limit(input.query.limit ?? BOOKING_PAGE_SIZE.default)
    .offset(input.query.offset ?? 0);
  return { bookings: rows.map(shapeBooking), total: await countBookings(db, input, where) };
}

/**
 * One page of the bookings of every active property of the operator (or of one, `propertyId`), each with
 * its property's name, and how many match in all.
 */
export async function searchBookingsPage(
  db: Executor,
  input: BookingScope & { query: BookingListQuery },
): Promise<{ bookings: (StoredBooking & { property_name: string })[]; total: number }> {
  const limit = input.query.limit ?? BOOKING_PAGE_SIZE.default;
  const offset = input.query.offset ?? 0;
  // Each property's first offset + limit bookings in the list's order, read from its index, then merged:
  // the page costs the same however long each property's history (one index holds no two properties'
  // bookings in one order, and the operator's are a few among everyone's). Only the keys are merged; the
  // page's own rows alone are read whole.
  const eachProperty = db
    .select({ id: bookings.id, created_at: bookings.created_at, check_in: bookings.check_in })
    .from(bookings)
    .where(matchBookings(input.query, input.propertyId ?? properties.id))
    .orderBy(...orderBookings(input.query))
    .limit(offset + limit)
    .as('each_property');
  const page = db
    .select({ id: eachProperty.id })
    .from(properties)
    .innerJoinLateral(eachProperty, sql`true`)
    .where(
      input.propertyId
        ? eq(properties.id, input.propertyId)
        : and(sql`${properties.owner_id} = app_current_operator_id()`, eq(properties.is_active, true)),
    )
    .orderBy(...orderBookings(input.query, eachProperty))
    .limit(limit)
    .offset(offset)
    .as('page');
  const rows = await db
    .select({ booking: bookings, property_name: properties.name })
    .from(page)
    .innerJoin(bookings, eq(bookings.id, page.id))
    .innerJoin(properties, eq(properties.id, bookings.property_id))
    .orderBy(...orderBookings(input.query));
  const where = matchBookings(input.query, input.propertyId);
  return {
    bookings: rows.map((row) => ({ ...shapeBooking(row.booking), property_name: row.property_name })),
    total: await countBookings(db, input, where),
  };
}

/** How many bookings match: from the counts the database keeps when nothing filters the list. */
async function countBookings(
  db: Executor,
  input: BookingScope & { query: BookingListQuery },
  where: SQL | undefined,
): Promise<number> {
  if (isUnfiltered(input.query)) return readBookingCount(db, input.propertyId);
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(bookings)
    .where(where);
  return row?.total ?? 0;
}

/**
 * No search and no filter: every parameter but the order and the page is unset (a new filter included).
 * An empty search parses to null: it must count as unset, or every plain page counts the whole history.
 */
export function isUnfiltered(query: BookingListQuery): boolean {
  const { sort: _sort, limit: _limit, offset: _offset, ...filters } = query;
  return Object.values(filters).every((value) => value === undefined || value === null || value === '');
}

/**
 * All of a property's bookings, or all of the operator's active properties', from the counts the database
 * keeps (not a count of the whole history).
 */
async function readBookingCount(db: Executor, propertyId: string | undefined): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${propertyBookingCounts.total}), 0)::int` })
    .from(propertyBookingCounts)
    .where(
      propertyId
        ? eq(propertyBookingCounts.property_id, propertyId)
        : inArray(propertyBookingCounts.property_id, ownActivePropertyIds),
    );
  return row?.total ?? 0;
}

/**
 * Every booking that matches the search and filters, in the list's order (for the CSV export): one
 * property's, or those of every active property of the operator, each with its property's name.
 */
export async function listMatchingBookings(
  db: Executor,
  input: BookingScope & { query: BookingListQuery },
): Promise<(StoredBooking & { property_name: string })[]> {
  const rows = await db
    .select({ booking: bookings, property_name: properties.name })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.property_id))
    .where(matchBookings(input.query, input.propertyId))
    .orderBy(...orderBookings(input.query));
  return rows.map((row) => ({ ...shapeBooking(row.booking), property_name: row.property_name }));
}

/**
 * Bookings that share at least one night with [start, end): check-in before the range's end and
 * check-out after its start, so stays crossing a month boundary appear in both months.
 */
export async function listBookingsOverlapping(
  db: Executor,
  input: { propertyId: string; start: string; end: string },
): Promise<CalendarBooking[]> {
  const rows = await db
    .select({
      id: bookings.id,
      check_in: bookings.check_in,
      check_out: bookings.check_out,
      guest_name: bookings.guest_name,
      booking_source: bookings.booking_source,
      status: bookings.status,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.property_id, input.propertyId),
        overlapsNights(bookings.check_in, bookings.check_out, input),
      ),
    )
    .orderBy(bookings.check_in, bookings.id);
  return rows;
}

export async function findBooking(db: Executor, bookingId: string): Promise<StoredBooking | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  return row ? shapeBooking(row) : undefined;
}

/** A booking with its property's name and its quote, in one read: what its messages start from. */
export async function findBookingForMessages(db: Executor, bookingId: string) {
  const [row] = await db
    .select({ booking: bookings, property_name: properties.name })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.property_id))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return (
    row && { booking: shapeBooking(row.booking), propertyName: row.property_name, quote: row.booking.quote }
  );
}

/** The breakdown a booking was quoted, for its messages (null when it kept none). */
export async function findBookingQuote(db: Executor, bookingId: string) {
  const [row] = await db
    .select({ quote: bookings.quote })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row?.quote ?? null;
}

/** Moves a booking from one status to another, only if it still has the `from` status (no lost updates). */
export async function updateBookingStatusFrom(
  db: Executor,
  input: { bookingId: string; from: BookingStatus; to: BookingStatus },
): Promise<StoredBooking | undefined> {
  const [row] = await db
    .update(bookings)
    .set({ status: input.to, updated_at: sql`now()` })
    .where(and(eq(bookings.id, input.bookingId), eq(bookings.status, input.from)))
    .returning();
  return row ? shapeBooking(row) : undefined;
}

export async function insertBooking(
  db: Executor,
  values: typeof bookings.$inferInsert,
): Promise<StoredBooking> {
  const [row] = await db.insert(bookings).values(values).returning();
  if (!row) throw new Error('The booking was not saved');
  return shapeBooking(row);
}

/** Cancels every pending booking with the guest e-mail (any case) or the request network given. */
export async function declinePendingBookings(
  db: Executor,
  input: { guestEmail: string } | { network: string },
): Promise<string[]> {
  const rows = await db
    .update(bookings)
    .set({ status: 'cancelled', updated_at: sql`now()` })
    .where(
      and(
        eq(bookings.status, 'pending'),
        'guestEmail' in input
          ? sql`lower(${bookings.guest_email}) = lower(${input.guestEmail})`
          : eq(bookings.request_network, input.network),
      ),
    )
    .returning({ id: bookings.id });
  return rows.map((row) => row.id);
}

/** Changes a booking's fields (the caller holds its row lock); the booking as it is now. */
export async function updateBookingFields(
  db: Executor,
  bookingId: string,
  values: Partial<
    Pick<
      typeof bookings.$inferInsert,
      | 'check_in'
      | 'check_out'
      | 'guests_count'
      | 'total_amount'
      | 'guest_name'
      | 'guest_email'
      | 'guest_phone'
      | 'special_requests'
      | 'operator_note'
      | 'guest_language'
      | 'quote'
      | 'kept_price_reason'
    >
  >,
): Promise<StoredBooking> {
  const [row] = await db
    .update(bookings)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(bookings.id, bookingId))
    .returning();
  if (!row) throw new Error('The booking was not saved');
  return shapeBooking(row);
}

/**
 * Another stay of the property that holds one of the nights [checkIn, checkOut), as the no-overlap rule
 * counts them (pending, confirmed, and completed unless exempt from the rule); the earliest if several.
 */
export async function findClashingStay(
  db: Executor,
  input: { propertyId: string; bookingId: string; checkIn: string; checkOut: string },
): Promise<{ guest_name: string; check_in: string; check_out: string } | undefined> {
  const [row] = await db
    .select({ guest_name: bookings.guest_name, check_in: bookings.check_in, check_out: bookings.check_out })
    .from(bookings)
    .where(
      and(
        eq(bookings.property_id, input.propertyId),
        sql`${bookings.id} <> ${input.bookingId}`,
        sql`(${bookings.status} in ('pending', 'confirmed') or (${bookings.status} = 'completed' and not ${bookings.overlap_exempt}))`,
        overlapsNights(bookings.check_in, bookings.check_out, { start: input.checkIn, end: input.checkOut }),
      ),
    )
    .orderBy(asc(bookings.check_in))
    .limit(1);
  return row;
}
