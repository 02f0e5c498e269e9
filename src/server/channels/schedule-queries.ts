import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { channelConnections, properties } from '../db/schema';

// The scheduler's queries, run as the table owner: no operator is signed in, and it picks connections of
// every operator. Each sync it starts then runs as villa_app for the property's operator (sync-queries.ts).

/** Connections of active properties whose next sync is due, oldest first, with their property's owner. */
export async function listDueConnections(db: Executor, limit: number) {
  return db
    .select({ id: channelConnections.id, owner_id: properties.owner_id })
    .from(channelConnections)
    .innerJoin(properties, eq(properties.id, channelConnections.property_id))
    .where(and(lte(channelConnections.next_sync_at, sql`now()`), eq(properties.is_active, true)))
    .orderBy(asc(channelConnections.next_sync_at))
    .limit(limit);
}

export async function isConnectionDue(db: Executor, connectionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: channelConnections.id })
    .from(channelConnections)
    .where(and(eq(channelConnections.id, connectionId), lte(channelConnections.next_sync_at, sql`now()`)));
  return Boolean(row);
}
