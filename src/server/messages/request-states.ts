import type { Executor } from '../db/client';
import { listRequestStates } from './queries';

/**
 * Adds what a booking from the public form has that others do not: `lapses_at`, when a pending request
 * lapses (by the rule the lapse job uses), and `guest_confirmed`, whether its guest confirmed it from their
 * e-mail. Both null for every other booking, which never lapses and needs no confirmation.
 */
export async function addRequestStates<T extends { id: string; status: string }>(
  db: Executor,
  items: readonly T[],
): Promise<(T & { lapses_at: string | null; guest_confirmed: boolean | null })[]> {
  const states = await listRequestStates(
    db,
    items.map((item) => item.id),
  );
  return items.map((item) => {
    const state = states.get(item.id);
    return {
      ...item,
      lapses_at: state?.lapsesAt?.toISOString() ?? null,
      guest_confirmed: state ? state.guestConfirmed : null,
    };
  });
}
