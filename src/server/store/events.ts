import { and, asc, eq, getTableColumns, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DomainEvent } from '../../domain/events';
import type { Executor } from '../db/client';
import { domainEvents } from '../db/schema';

export type StoredEvent = DomainEvent & {
  id: string;
  property_id?: string | null;
  created_at: Date;
  attempts: number;
};

/** A claimed event with who its booking or property belongs to (none once they are gone). */
export type ClaimedEvent = StoredEvent & { owner_id: string | null };

/** Writes what happened in the caller's transaction: it is there exactly when the change is. */
export async function appendEvent(tx: Executor, event: DomainEvent): Promise<void> {
  await tx.insert(domainEvents).values(event);
}

/**
 * The oldest events not yet handled, each held by this pass for `leaseMs` (another process skips them);
 * an event whose pass crashed is claimed again once its hold runs out. Each comes with who its booking or
 * property belongs to, read in the same statement, for its subscriber to act within that operator's rows.
 */
export async function claimPendingEvents(
  db: Executor,
  input: { leaseMs: number; limit: number },
): Promise<ClaimedEvent[]> {
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
    .returning({
      ...getTableColumns(domainEvents),
      // Written out: in RETURNING, drizzle names columns without their table, which is ambiguous here.
      owner_id: sql<string | null>`coalesce(
        (select p.owner_id from bookings b join properties p on p.id = b.property_id
          where b.id = "domain_events"."booking_id"),
        (select p.owner_id from properties p where p.id = "domain_events"."property_id"))`,
    });
  return (
    rows
      // The payload is what appendEvent wrote for its kind.
      .map((row) => row as unknown as ClaimedEvent)
      .sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id.localeCompare(b.id))
  );
}

/**
 * Marks an event handled, first thing in its subscriber's transaction, if no other pass has: false when one
 * has (its hold ran out and another pass took it). A second pass waits on the row until the first commits,
 * so the messages an event calls for are written once.
 */
export async function markEventHandled(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(domainEvents)
    .set({ handled_at: sql`now()`, locked_until: null, last_error: null })
    .where(and(eq(domainEvents.id, id), isNull(domainEvents.handled_at)))
    .returning({ id: domainEvents.id });
  return rows.length > 0;
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
