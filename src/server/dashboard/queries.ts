import { and, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { OPEN_STATUSES } from '../../domain/booking';
import type { DashboardStay } from '../../domain/dashboard';
import { countDaysBetween } from '../../domain/dates';
import { toMajor, type MinorUnits } from '../../domain/money';
import { shapeBooking } from '../store/bookings';
import type { Executor } from '../db/client';
import { bookings, properties } from '../db/schema';
import { summarizeBookingsPayments } from '../payments/summaries';

/** The most stays the overdue list reads: a bound on the work, far above what an operator chases at once. */
export const OVERDUE_CANDIDATE_LIMIT = 500;

/** Both lists show stays of active properties only, and of the one property chosen when there is one. */
function onDashboardProperties(propertyId: string | undefined) {
  return and(eq(properties.is_active, true), propertyId ? eq(bookings.property_id, propertyId) : undefined);
}

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
        onDashboardProperties(input.propertyId),
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

/**
 * Confirmed stays with a payment past its due day. Candidates are what the database already derives as
 * not fully paid (payment_status unpaid or partial, so channel-collected and paid stays are out), with a
 * known total, not yet checked out: a stay that ended long ago unpaid is most likely one from before the
 * ledger (its payments never recorded), not money to chase today. Each is then summed up by the same
 * schedule as its booking shows.
 */
export async function listOverduePayments(
  db: Executor,
  input: { today: string; propertyId?: string },
): Promise<
  (Omit<DashboardStay, 'lapses_at' | 'guest_confirmed'> & {
    overdue_amount: MinorUnits;
    overdue_since: string;
  })[]
> {
  const rows = await db
    .select({ booking: bookings, property_name: properties.name })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.property_id))
    .where(
      and(
        onDashboardProperties(input.propertyId),
        eq(bookings.status, 'confirmed'),
        inArray(bookings.payment_status, ['unpaid', 'partial']),
        eq(bookings.amount_known, true),
        gte(bookings.check_out, input.today),
      ),
    )
    .orderBy(bookings.check_in, bookings.id)
    .limit(OVERDUE_CANDIDATE_LIMIT);
  const stays = rows.map((row) => ({ ...shapeBooking(row.booking), property_name: row.property_name }));
  const summaries = await summarizeBookingsPayments(db, { bookings: stays, today: input.today });
  return stays
    .flatMap((stay) => {
      const summary = summaries.get(stay.id);
      if (!summary?.overdue || !summary.next_due) return [];
      return [
        {
          id: stay.id,
          property_id: stay.property_id,
          property_name: stay.property_name,
          guest_name: stay.guest_name,
          check_in: stay.check_in,
          check_out: stay.check_out,
          nights: countDaysBetween(stay.check_in, stay.check_out),
          guests_count: stay.guests_count,
          booking_source: stay.booking_source,
          status: stay.status,
          payment_status: stay.payment_status,
          total_amount: stay.total_amount,
          amount_known: stay.amount_known,
          currency: stay.currency,
          created_at: stay.created_at,
          overdue_amount: summary.next_due.amount,
          overdue_since: summary.next_due.date,
        },
      ];
    })
    .sort((a, b) => a.overdue_since.localeCompare(b.overdue_since) || a.check_in.localeCompare(b.check_in));
}
