import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { BLOCKING_STATUSES } from '../../domain/booking';
import { BOOKINGS_CLOSED_MESSAGE } from '../../domain/booking-request';
import { DomainError } from '../../domain/domain-error';
import type { MinorUnits } from '../../domain/money';
import type { Executor } from '../db/client';
import { bookings, properties, requestLinks } from '../db/schema';
import { overlapsNights } from '../db/overlaps';

// Every query here runs as villa_guest, which may read only the columns named below.

export type BookableProperty = {
  id: string;
  name: string;
  max_guests: number;
  base_price: MinorUnits;
  currency: string;
};

const bookableColumns = {
  id: properties.id,
  name: properties.name,
  max_guests: properties.max_guests,
  base_price: properties.base_price,
  currency: properties.currency,
};

/**
 * The property the public site books: the configured one, else the first property ever created. Never
 * another one: when the site's property is inactive (or missing) the answer is undefined, and the site
 * takes no requests, rather than publishing another rental's or another operator's calendar.
 */
export async function findSiteProperty(
  db: Executor,
  siteProperty?: string,
): Promise<BookableProperty | undefined> {
  const site = await db.execute<{ out_id: string; out_is_active: boolean }>(
    sql`select out_id, out_is_active from find_site_property(${siteProperty ?? null}::uuid)`,
  );
  const found = (site as unknown as { rows: { out_id: string; out_is_active: boolean }[] }).rows[0];
  if (!found?.out_is_active) return undefined;
  const [row] = await db
    .select(bookableColumns)
    .from(properties)
    .where(and(eq(properties.id, found.out_id), eq(properties.is_active, true)));
  return row;
}

/** The site's property, or bookings_closed: the site then publishes no calendar and takes no request. */
export async function requireSiteProperty(db: Executor, siteProperty?: string): Promise<BookableProperty> {
  const property = await findSiteProperty(db, siteProperty);
  if (!property) throw new DomainError('bookings_closed', BOOKINGS_CLOSED_MESSAGE);
  return property;
}

export type PendingRequestCounts = { fromNetwork: number; fromEmail: number; nightsHeld: number };

/** What pending guest requests hold now: per network and e-mail (any property), nights of this property. */
export async function countPendingGuestRequests(
  db: Executor,
  input: { propertyId: string; network: string; email: string; today: string },
): Promise<PendingRequestCounts> {
  type Row = { out_from_network: number; out_from_email: number; out_nights_held: number };
  const result = await db.execute<Row>(
    sql`select * from count_pending_guest_requests(${input.propertyId}::uuid, ${input.network}, ${input.email}, ${input.today}::date)`,
  );
  const row = (result as unknown as { rows: Row[] }).rows[0];
  return {
    fromNetwork: Number(row?.out_from_network ?? 0),
    fromEmail: Number(row?.out_from_email ?? 0),
    nightsHeld: Number(row?.out_nights_held ?? 0),
  };
}

/** Stays holding nights (pending, confirmed, completed) that share one with [start, end): dates only, no guest data. */
export async function listHeldStays(db: Executor, input: { propertyId: string; start: string; end: string }) {
  return db
    .select({ check_in: bookings.check_in, check_out: bookings.check_out })
    .from(bookings)
    .leftJoin(requestLinks, eq(requestLinks.booking_id, bookings.id))
    .where(
      and(
        eq(bookings.property_id, input.propertyId),
        inArray(bookings.status, [...BLOCKING_STATUSES]),
        overlapsNights(bookings.check_in, bookings.check_out, input),
        // A request whose guest did not confirm it in time holds nothing, even before the job cancels it.
        sql`not (${requestLinks.confirmed_at} is null and ${requestLinks.confirm_by} is not null and ${requestLinks.confirm_by} <= now())`,
      ),
    );
}

const requestedColumns = {
  id: bookings.id,
  check_in: bookings.check_in,
  check_out: bookings.check_out,
  guests_count: bookings.guests_count,
  total_amount: bookings.total_amount,
  currency: bookings.currency,
  status: bookings.status,
  request_fingerprint: bookings.request_fingerprint,
};
export type RequestedBooking = {
  [K in keyof typeof requestedColumns]: (typeof requestedColumns)[K]['_']['notNull'] extends true
    ? (typeof requestedColumns)[K]['_']['data']
    : (typeof requestedColumns)[K]['_']['data'] | null;
};

/**
 * Inserts a guest's pending direct booking. With a request key, a repeat of the same request inserts
 * nothing and returns undefined (the caller then finds the first one); overlaps still raise.
 */
export async function insertBookingRequest(
  db: Executor,
  values: typeof bookings.$inferInsert,
): Promise<RequestedBooking | undefined> {
  const [row] = await db
    .insert(bookings)
    .values({ ...values, status: 'pending', booking_source: 'direct', payment_status: 'unpaid' })
    .onConflictDoNothing({ target: bookings.request_key })
    .returning(requestedColumns);
  return row;
}

export async function findBookingByRequestKey(
  db: Executor,
  requestKey: string,
): Promise<RequestedBooking | undefined> {
  const [row] = await db
    .select(requestedColumns)
    .from(bookings)
    .where(eq(bookings.request_key, requestKey))
    .limit(1);
  return row;
}

/**
 * Until when a request still waits for its guest to confirm it from the e-mail (undefined once confirmed,
 * closed, or decided): a repeated request is told the same as the first answer said.
 */
export async function findConfirmBy(db: Executor, bookingId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ confirm_by: requestLinks.confirm_by })
    .from(requestLinks)
    .innerJoin(bookings, eq(bookings.id, requestLinks.booking_id))
    .where(
      and(
        eq(requestLinks.booking_id, bookingId),
        isNull(requestLinks.confirmed_at),
        isNull(requestLinks.closed_reason),
        eq(bookings.status, 'pending'),
      ),
    )
    .limit(1);
  return row?.confirm_by;
}
