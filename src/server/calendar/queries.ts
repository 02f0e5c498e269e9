import { and, asc, eq, gte, lt } from 'drizzle-orm';
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
