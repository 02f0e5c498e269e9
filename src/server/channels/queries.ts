import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ChannelKind, ConflictKind, ConflictStatus, LeftOutReason } from '../../domain/channel';
import type { Executor } from '../db/client';
import {
  bookings,
  channelBlocks,
  channelConflicts,
  channelConnections,
  channelExports,
  properties,
} from '../db/schema';

// The operator's queries: the management area's, run as villa_app for the signed-in operator (withOperator),
// so row-level security limits them to the operator's properties. A connection's sync runs as villa_app
// too, with its own queries in sync-queries.ts; the scheduler's run as the table owner (schedule-queries.ts),
// the public export's as villa_guest (export-queries.ts). The stays a channel brings are bookings, written
// by bookings/channel-stays.ts.

export type ConnectionRow = typeof channelConnections.$inferSelect;
export type ConnectionWithCounts = ConnectionRow & {
  property_name: string;
  stays_count: number;
  blocks_count: number;
  open_conflicts: number;
};

/**
 * An export URL's secret as it is stored: its sha256, hex (resolve_calendar_export hashes the token a
 * request carries the same way). The URL itself is shown to the operator only in the answer that made it.
 */
export function hashExportToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function insertConnection(
  db: Executor,
  values: {
    property_id: string;
    channel: ChannelKind;
    name: string | null;
    import_url: string;
    /** The new export URL's secret; only its hash is kept. */
    exportToken: string;
  },
): Promise<ConnectionRow> {
  const { exportToken, ...columns } = values;
  const [row] = await db
    .insert(channelConnections)
    .values({ ...columns, export_token: hashExportToken(exportToken) })
    .returning();
  if (!row) throw new Error('The connection was not saved');
  return row;
}

export async function findConnection(db: Executor, connectionId: string): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(channelConnections)
    .where(eq(channelConnections.id, connectionId))
    .limit(1);
  return row;
}

/** Connections with what they brought: stays and closed ranges that have not ended, and open conflicts. */
export async function listConnectionsWithCounts(
  db: Executor,
  input: { propertyId?: string; connectionId?: string; today: string },
): Promise<ConnectionWithCounts[]> {
  const rows = await db
    .select({
      connection: channelConnections,
      property_name: properties.name,
      stays_count: sql<number>`(select count(*)::int from ${bookings} b
        where b.channel_connection_id = ${channelConnections.id}
          and b.status in ('pending', 'confirmed') and b.check_out > ${input.today}::date)`,
      blocks_count: sql<number>`(select count(*)::int from ${channelBlocks} k
        where k.connection_id = ${channelConnections.id} and k.end_date > ${input.today}::date)`,
      open_conflicts: sql<number>`(select count(*)::int from ${channelConflicts} c
        where c.connection_id = ${channelConnections.id} and c.status = 'open')`,
    })
    .from(channelConnections)
    .innerJoin(properties, eq(properties.id, channelConnections.property_id))
    .where(
      and(
        input.propertyId ? eq(channelConnections.property_id, input.propertyId) : undefined,
        input.connectionId ? eq(channelConnections.id, input.connectionId) : undefined,
      ),
    )
    .orderBy(asc(channelConnections.created_at), asc(channelConnections.id));
  return rows.map((row) => ({
    ...row.connection,
    property_name: row.property_name,
    stays_count: row.stays_count,
    blocks_count: row.blocks_count,
    open_conflicts: row.open_conflicts,
  }));
}

export async function updateConnection(
  db: Executor,
  connectionId: string,
  changes: { import_url?: string; name?: string | null },
): Promise<ConnectionRow | undefined> {
  const urlChanged = changes.import_url !== undefined;
  const [row] = await db
    .update(channelConnections)
    .set({
      ...changes,
      // A new address is a new feed: forget the old one's validators and sync it soon.
      ...(urlChanged
        ? {
            etag: null,
            last_modified: null,
            feed_body: null,
            left_out: null,
            empty_since: null,
            next_sync_at: sql`now()`,
          }
        : {}),
      updated_at: sql`now()`,
    })
    .where(eq(channelConnections.id, connectionId))
    .returning();
  return row;
}

export async function deleteConnection(db: Executor, connectionId: string): Promise<boolean> {
  const rows = await db
    .delete(channelConnections)
    .where(eq(channelConnections.id, connectionId))
    .returning({ id: channelConnections.id });
  return rows.length === 1;
}

export async function setConnectionExportToken(db: Executor, connectionId: string, token: string) {
  const [row] = await db
    .update(channelConnections)
    .set({ export_token: hashExportToken(token), updated_at: sql`now()` })
    .where(eq(channelConnections.id, connectionId))
    .returning();
  return row;
}

/**
 * Gives the property its export URL on first use, with `token` as its secret. True when this call made it
 * (the one answer that may show the URL); false when the property had one already.
 */
export async function ensurePropertyExportToken(
  db: Executor,
  propertyId: string,
  token: string,
): Promise<boolean> {
  const made = await db
    .insert(channelExports)
    .values({ property_id: propertyId, token: hashExportToken(token) })
    .onConflictDoNothing()
    .returning({ property_id: channelExports.property_id });
  return made.length === 1;
}

export async function replacePropertyExportToken(
  db: Executor,
  propertyId: string,
  token: string,
): Promise<void> {
  const hash = hashExportToken(token);
  await db
    .insert(channelExports)
    .values({ property_id: propertyId, token: hash })
    .onConflictDoUpdate({
      target: channelExports.property_id,
      set: { token: hash, rotated_at: sql`now()` },
    });
}

/** What a sync left out, as stored: the reason's code with each item (its words are the domain's). */
export type StoredLeftOut = {
  total: number;
  items: { uid: string | null; check_in: string | null; check_out: string | null; reason: LeftOutReason }[];
};

// ---- Conflicts --------------------------------------------------------------------------------------

export type ConflictRow = typeof channelConflicts.$inferSelect;

export type ConflictFinding = {
  kind: ConflictKind;
  uid: string;
  item_kind: 'stay' | 'block';
  check_in: string;
  check_out: string;
  summary: string | null;
  external_booking_id: string | null;
  guest_name: string | null;
  booking_ids: string[];
  maybe_echo: boolean;
};

export async function updateConflict(
  db: Executor,
  conflictId: string,
  changes: Partial<ConflictFinding> & { status?: ConflictStatus; resolution_note?: string | null },
): Promise<void> {
  await db
    .update(channelConflicts)
    .set({
      ...changes,
      updated_at: sql`now()`,
      ...(changes.status === 'open' ? { resolved_at: null } : {}),
      ...(changes.status && changes.status !== 'open' ? { resolved_at: sql`now()` } : {}),
    })
    .where(eq(channelConflicts.id, conflictId));
}

export type ConflictWithContext = ConflictRow & {
  property_name: string;
  channel: ChannelKind;
  connection_name: string | null;
};

export async function listConflicts(
  db: Executor,
  input: {
    propertyId?: string;
    connectionId?: string;
    conflictId?: string;
    statuses: readonly ConflictStatus[];
  },
): Promise<ConflictWithContext[]> {
  const rows = await db
    .select({
      conflict: channelConflicts,
      property_name: properties.name,
      channel: channelConnections.channel,
      connection_name: channelConnections.name,
    })
    .from(channelConflicts)
    .innerJoin(channelConnections, eq(channelConnections.id, channelConflicts.connection_id))
    .innerJoin(properties, eq(properties.id, channelConflicts.property_id))
    .where(
      and(
        inArray(channelConflicts.status, [...input.statuses]),
        input.propertyId ? eq(channelConflicts.property_id, input.propertyId) : undefined,
        input.connectionId ? eq(channelConflicts.connection_id, input.connectionId) : undefined,
        input.conflictId ? eq(channelConflicts.id, input.conflictId) : undefined,
      ),
    )
    .orderBy(asc(channelConflicts.check_in), desc(channelConflicts.created_at));
  return rows.map((row) => ({
    ...row.conflict,
    property_name: row.property_name,
    channel: row.channel as ChannelKind,
    connection_name: row.connection_name,
  }));
}

export async function listBookingSummaries(db: Executor, bookingIds: readonly string[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select({
      id: bookings.id,
      guest_name: bookings.guest_name,
      check_in: bookings.check_in,
      check_out: bookings.check_out,
      status: bookings.status,
      booking_source: bookings.booking_source,
      created_at: bookings.created_at,
    })
    .from(bookings)
    .where(inArray(bookings.id, [...bookingIds]));
}
