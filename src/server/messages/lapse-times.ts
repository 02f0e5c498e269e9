import type { Executor } from '../db/client';
import { listRequestLapseTimes } from './queries';

/**
 * Adds `lapses_at` to bookings (or dashboard stays): when a pending request from the public form lapses
 * unanswered, by the rule the lapse job uses; null for every other booking, which never lapses.
 */
export async function addLapseTimes<T extends { id: string; status: string }>(
  db: Executor,
  items: readonly T[],
): Promise<(T & { lapses_at: string | null })[]> {
  const pending = items.filter((item) => item.status === 'pending').map((item) => item.id);
  const times = await listRequestLapseTimes(db, pending);
  return items.map((item) => ({ ...item, lapses_at: times.get(item.id)?.toISOString() ?? null }));
}
