import { and, asc, eq, gte, inArray, isNull, lt } from 'drizzle-orm';
import type { CalendarRow } from '../../domain/calendar';
import type { Executor } from '../db/client';
import { propertyCalendar } from '../db/schema';

/** A property's calendar rows in [start, end) (spec section 7: date, is_available, price). */
export async function listCalendarRows(
  db: Executor,
  input: { propertyId: string; start: string; end: string },
): Promise<CalendarRow[]> {
  return db
    .select({
      date: propertyCalendar.date,
      is_available: propertyCalendar.is_available,
      price: propertyCalendar.price,
    })
    .from(propertyCalendar)
    .where(
      and(
        eq(propertyCalendar.property_id, input.propertyId),
        gte(propertyCalendar.date, input.start),
        lt(propertyCalendar.date, input.end),
      ),
    )
    .orderBy(asc(propertyCalendar.date));
}

/**
 * Sets availability and/or price on every date of [start, end) in one statement. A day back to the
 * defaults (available, base price) loses its row.
 */
export async function upsertCalendarDays(
  db: Executor,
  input: { propertyId: string; dates: string[]; is_available?: boolean; price?: number | null },
): Promise<void> {
  const set: Partial<typeof propertyCalendar.$inferInsert> = {};
  if (input.is_available !== undefined) set.is_available = input.is_available;
  if (input.price !== undefined) set.price = input.price;
  await db
    .insert(propertyCalendar)
    .values(
      input.dates.map((date) => ({
        property_id: input.propertyId,
        date,
        is_available: input.is_available ?? true,
        price: input.price ?? null,
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
