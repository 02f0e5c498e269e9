import { and, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { OPEN_STATUSES } from '../../domain/booking';
import type { DashboardStay } from '../../domain/dashboard';
import { toMajor } from '../../domain/money';
import type { Executor } from '../db/client';
import { bookings, properties } from '../db/schema';

/**
 * The stays the dashboard arranges: pending or confirmed stays of active properties (row-level
 * security keeps them the operator's) that are under way, or start or end by `until`, and every
 * pending request whatever its dates.
 */
export async function listDashboardStays(
  db: Executor,
  input: { today: string; until: string; propertyId?: string },
): Promise<Omit<DashboardStay, 'nights' | 'lapses_at' | 'guest_confirmed'>[]> {
  const rows = await db
    .select({
      id: bookings.id,
      property_id: bookings.property_id,
      property_name: properties.name,
      guest_name: bookings.guest_name,
      check_in: bookings.check_in,
      check_out: bookings.check_out,
      guests_count: bookings.guests_count,
      booking_source: bookings.booking_source,
      status: bookings.status,
      payment_status: bookings.payment_status,
      total_amount: bookings.total_amount,
      amount_known: bookings.amount_known,
      currency: bookings.currency,
      created_at: bookings.created_at,
    })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.property_id))
    .where(
      and(
        eq(properties.is_active, true),
        input.propertyId ? eq(bookings.property_id, input.propertyId) : undefined,
        inArray(bookings.status, [...OPEN_STATUSES]),
        or(
          eq(bookings.status, 'pending'),
          and(lte(bookings.check_in, input.until), gte(bookings.check_out, input.today)),
        ),
      ),
    )
    .orderBy(sql`${bookings.check_in}`, bookings.id);
  return rows.map((row) => ({
    ...row,
    total_amount: toMajor(row.total_amount),
    created_at: row.created_at.toISOString(),
  }));
}
