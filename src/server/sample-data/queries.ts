import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { bookings } from '../db/schema';

/** How many sample bookings the operator still has (row-level security counts only theirs). */
export async function countSampleBookings(db: Executor): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(bookings)
    .where(eq(bookings.is_sample, true));
  return Number(row?.count ?? 0);
}

/** Deletes every sample booking of the operator; the caller's transaction makes it all or nothing. */
export async function removeSampleBookings(db: Executor): Promise<number> {
  const result = await db.execute<{ removed: number }>(sql`select remove_sample_bookings() as removed`);
  const rows = (result as unknown as { rows: { removed: number }[] }).rows;
  return Number(rows[0]?.removed ?? 0);
}
