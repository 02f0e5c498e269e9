import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Booking, BookingStatus, CalendarBooking, PaymentStatus } from '../../domain/booking';
import type { Executor } from '../db/client';
import { bookings } from '../db/schema';

type BookingRow = typeof bookings.$inferSelect;

export function shapeBooking(row: BookingRow): Booking {
  // The request key stays private: it is the guest's idempotency key.
  const { updated_at: _updatedAt, request_key: _requestKey, ...rest } = row;
  return { ...rest, created_at: row.created_at.toISOString() } as Booking;
}

/** Every booking of a property, newest first (spec section 7). */
export async function listBookingsForProperty(db: Executor, propertyId: string): Promise<Booking[]> {
  const rows = await db
    .select()
    .from(bookings)
    .where(eq(bookings.property_id, propertyId))
    .orderBy(desc(bookings.created_at), desc(bookings.id));
  return rows.map(shapeBooking);
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
        lt(bookings.check_in, input.end),
        gt(bookings.check_out, input.start),
      ),
    )
    .orderBy(bookings.check_in, bookings.id);
  return rows as CalendarBooking[];
}

export async function findBooking(db: Executor, bookingId: string): Promise<Booking | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  return row ? shapeBooking(row) : undefined;
}

/** Moves a booking from one status to another, only if it still has the `from` status (no lost updates). */
export async function updateBookingStatusFrom(
  db: Executor,
  input: { bookingId: string; from: BookingStatus; to: BookingStatus },
): Promise<Booking | undefined> {
  const [row] = await db
    .update(bookings)
    .set({ status: input.to, updated_at: sql`now()` })
    .where(and(eq(bookings.id, input.bookingId), eq(bookings.status, input.from)))
    .returning();
  return row ? shapeBooking(row) : undefined;
}

export async function updatePaymentStatus(
  db: Executor,
  input: { bookingId: string; paymentStatus: PaymentStatus },
): Promise<Booking | undefined> {
  const [row] = await db
    .update(bookings)
    .set({ payment_status: input.paymentStatus, updated_at: sql`now()` })
    .where(eq(bookings.id, input.bookingId))
    .returning();
  return row ? shapeBooking(row) : undefined;
}

export async function insertBooking(db: Executor, values: typeof bookings.$inferInsert): Promise<Booking> {
  const [row] = await db.insert(bookings).values(values).returning();
  if (!row) throw new Error('The booking was not saved');
  return shapeBooking(row);
}
