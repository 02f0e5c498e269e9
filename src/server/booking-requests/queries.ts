import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import { BLOCKING_STATUSES } from '../../domain/booking';
import type { Executor } from '../db/client';
import { bookings, properties } from '../db/schema';

// Every query here runs as villa_guest, which may read only the columns named below.

export type BookableProperty = {
  id: string;
  name: string;
  max_guests: number;
  base_price: number;
  currency: string;
};

const bookableColumns = {
  id: properties.id,
  name: properties.name,
  max_guests: properties.max_guests,
  base_price: properties.base_price,
  currency: properties.currency,
};

/** The property the public site books: the configured one, else the oldest active property. */
export async function findSiteProperty(
  db: Executor,
  siteProperty?: string,
): Promise<BookableProperty | undefined> {
  const [row] = siteProperty
    ? await db
        .select(bookableColumns)
        .from(properties)
        .where(and(eq(properties.id, siteProperty), eq(properties.is_active, true)))
    : await db
        .select(bookableColumns)
        .from(properties)
        .where(eq(properties.is_active, true))
        .orderBy(asc(properties.created_at), asc(properties.id))
        .limit(1);
  return row;
}

/** Pending and confirmed stays sharing a night with [start, end): dates only, no guest data. */
export async function listHeldStays(db: Executor, input: { propertyId: string; start: string; end: string }) {
  return db
    .select({ check_in: bookings.check_in, check_out: bookings.check_out })
    .from(bookings)
    .where(
      and(
        eq(bookings.property_id, input.propertyId),
        inArray(bookings.status, [...BLOCKING_STATUSES]),
        lt(bookings.check_in, input.end),
        gt(bookings.check_out, input.start),
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
};
export type RequestedBooking = {
  [K in keyof typeof requestedColumns]: (typeof requestedColumns)[K]['_']['data'];
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
