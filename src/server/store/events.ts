import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DomainEvent } from '../../domain/events';
import type { Executor } from '../db/client';
import { bookings, domainEvents, properties } from '../db/schema';

export type StoredEvent = DomainEvent & {
  id: string;
  property_id?: string | null;
  created_at: Date;
  attempts: number;
};

/** Writes what happened in the caller's transaction: it is there exactly when the change is. */
export async function appendEvent(tx: Executor, event: DomainEvent): Promise<void> {
  await tx.insert(domainEvents).values(event);
}

/**
 * The oldest events not yet handled, each held by this pass for `leaseMs` (another process skips them);
 * an event whose pass crashed is claimed again once its hold runs out.
 */
export async function claimPendingEvents(
  db: Executor,
  input: { leaseMs: number; limit: number },
): Promise<StoredEvent[]> {
  const due = db
    .select({ id: domainEvents.id })
    .from(domainEvents)
    .where(
      and(
        isNull(domainEvents.handled_at),
        or(isNull(domainEvents.locked_until), lte(domainEvents.locked_until, sql`now()`)),
      ),
    )
    .orderBy(asc(domainEvents.created_at), asc(domainEvents.id))
    .limit(input.limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(domainEvents)
    .set({
      locked_until: sql`now() + ${input.leaseMs} * interval '1 millisecond'`,
      attempts: sql`${domainEvents.attempts} + 1`,
    })
    .where(inArray(domainEvents.id, due))
    .returning();
  return (
    rows
      // The payload is what appendEvent wrote for its kind.
      .map((row) => row as unknown as StoredEvent)
      .sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id.localeCompare(b.id))
  );
}

export async function markEventHandled(db: Executor, id: string): Promise<void> {
  await db
    .update(domainEvents)
    .set({ handled_at: sql`now()`, locked_until: null, last_error: null })
    .where(eq(domainEvents.id, id));
}

/** Leaves the event to a later pass (after a short wait), with why this one failed. */
export async function markEventFailed(
  db: Executor,
  input: { id: string; error: string; retryInMs: number },
): Promise<void> {
  await db
    .update(domainEvents)
    .set({
      last_error: input.error.slice(0, 1000),
      locked_until: sql`now() + ${input.retryInMs} * interval '1 millisecond'`,
    })
    .where(eq(domainEvents.id, input.id));
}

/** Who the event's booking or property belongs to, for its subscriber to act within that operator's rows. */
export async function findEventOwner(
  db: Executor,
  event: Pick<StoredEvent, 'booking_id' | 'property_id'>,
): Promise<string | undefined> {
  if (!event.booking_id) {
    if (!event.property_id) return undefined;
    const [row] = await db
      .select({ owner_id: properties.owner_id })
      .from(properties)
      .where(eq(properties.id, event.property_id))
      .limit(1);
    return row?.owner_id;
  }
  const [row] = await db
    .select({ owner_id: properties.owner_id })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.property_id))
    .where(eq(bookings.id, event.booking_id))
    .limit(1);
  return row?.owner_id;
}
