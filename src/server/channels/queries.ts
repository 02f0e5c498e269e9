import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type {
  CalendarReader,
  ChannelKind,
  ConflictKind,
  ConflictStatus,
  ExportAddressReads,
  LeftOutReason,
} from '../../domain/channel';
import type { Executor } from '../db/client';
import {
  bookings,
  channelBlocks,
  channelConflicts,
  channelConnections,
  channelExportReads,
  channelExportRetiredTokens,
  channelExports,
  properties,
} from '../db/schema';

// The operator's queries: the management area's, run as villa_app for the signed-in operator (withOperator),
// so row-level security limits them to the operator's properties. A connection's sync runs as villa_app
// too, with its own queries in sync-queries.ts; the scheduler's run as the table owner (schedule-queries.ts),
// the public export's as villa_guest (export-queries.ts). The stays a channel brings are bookings, written
// by store/channel-stays.ts.

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

/**
 * Keeps a replaced address answering until `expiresAt`, and forgets the replaced addresses whose time is
 * over with who read them.
 */
async function retireExportToken(
  db: Executor,
  input: { hash: string; propertyId: string; connectionId: string | null; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .delete(channelExportRetiredTokens)
    .where(
      and(
        eq(channelExportRetiredTokens.property_id, input.propertyId),
        lte(channelExportRetiredTokens.expires_at, input.now),
      ),
    );
  await db
    .insert(channelExportRetiredTokens)
    .values({
      token: input.hash,
      property_id: input.propertyId,
      connection_id: input.connectionId,
      retired_at: input.now,
      expires_at: input.expiresAt,
    })
    .onConflictDoNothing();
  // Reads of an address that no longer answers say nothing the operator can act on.
  await db.execute(sql`
    delete from ${channelExportReads} r
    where r.property_id = ${input.propertyId}
      and not exists (select 1 from ${channelExports} e where e.token = r.token)
      and not exists (select 1 from ${channelConnections} c where c.export_token = r.token)
      and not exists (select 1 from ${channelExportRetiredTokens} t where t.token = r.token)`);
}

/** Gives a connection a new export address; the old one answers until `expiresAt`. */
export async function setConnectionExportToken(
  db: Executor,
  input: { connectionId: string; token: string; now: Date; expiresAt: Date },
) {
  const [before] = await db
    .select({ hash: channelConnections.export_token, property_id: channelConnections.property_id })
    .from(channelConnections)
    .where(eq(channelConnections.id, input.connectionId))
    .for('update');
  if (!before) return undefined;
  const [row] = await db
    .update(channelConnections)
    .set({ export_token: hashExportToken(input.token), updated_at: sql`now()` })
    .where(eq(channelConnections.id, input.connectionId))
    .returning();
  await retireExportToken(db, {
    hash: before.hash,
    propertyId: before.property_id,
    connectionId: input.connectionId,
    now: input.now,
    expiresAt: input.expiresAt,
  });
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

/** Gives the property a new whole-calendar address; the old one answers until `expiresAt`. */
export async function replacePropertyExportToken(
  db: Executor,
  input: { propertyId: string; token: string; now: Date; expiresAt: Date },
): Promise<void> {
  const hash = hashExportToken(input.token);
  const [before] = await db
    .select({ hash: channelExports.token })
    .from(channelExports)
    .where(eq(channelExports.property_id, input.propertyId))
    .for('update');
  await db
    .insert(channelExports)
    .values({ property_id: input.propertyId, token: hash })
    .onConflictDoUpdate({
      target: channelExports.property_id,
      set: { token: hash, rotated_at: sql`now()` },
    });
  if (before)
    await retireExportToken(db, {
      hash: before.hash,
      propertyId: input.propertyId,
      connectionId: null,
      now: input.now,
      expiresAt: input.expiresAt,
    });
}

/**
 * Who read a property's export addresses lately, by address: the whole calendar's (key '') and each
 * connection's (its id), each with the replaced ones that still answer at `now`.
 */
export async function listExportReads(
  db: Executor,
  input: { propertyId: string; now: Date },
): Promise<Map<string, ExportAddressReads>> {
  const retired = await db
    .select({
      token: channelExportRetiredTokens.token,
      connection_id: channelExportRetiredTokens.connection_id,
      retired_at: channelExportRetiredTokens.retired_at,
      expires_at: channelExportRetiredTokens.expires_at,
    })
    .from(channelExportRetiredTokens)
    .where(
      and(
        eq(channelExportRetiredTokens.property_id, input.propertyId),
        gt(channelExportRetiredTokens.expires_at, input.now),
      ),
    )
    .orderBy(desc(channelExportRetiredTokens.expires_at));
  const reads = await db
    .select({
      token: channelExportReads.token,
      connection_id: channelExportReads.connection_id,
      reader: channelExportReads.reader,
      user_agent: channelExportReads.user_agent,
      last_read_at: channelExportReads.last_read_at,
    })
    .from(channelExportReads)
    .where(eq(channelExportReads.property_id, input.propertyId))
    .orderBy(desc(channelExportReads.last_read_at));
  const readsOf = (token: string, since?: Date) =>
    reads
      .filter((read) => read.token === token && (!since || read.last_read_at > since))
      .map((read) => ({
        reader: read.reader as CalendarReader,
        user_agent: read.user_agent,
        last_read_at: read.last_read_at.toISOString(),
      }));
  const byAddress = new Map<string, ExportAddressReads>();
  const addressOf = (connectionId: string | null) => {
    const key = connectionId ?? '';
    const found = byAddress.get(key) ?? { reads: [], previous: [] };
    byAddress.set(key, found);
    return found;
  };
  const [whole] = await db
    .select({ token: channelExports.token })
    .from(channelExports)
    .where(eq(channelExports.property_id, input.propertyId));
  if (whole) addressOf(null).reads.push(...readsOf(whole.token));
  const connections = await db
    .select({ id: channelConnections.id, token: channelConnections.export_token })
    .from(channelConnections)
    .where(eq(channelConnections.property_id, input.propertyId));
  for (const connection of connections) addressOf(connection.id).reads.push(...readsOf(connection.token));
  for (const row of retired)
    // Only reads since the rotation: a channel that read it before may have been given the new one.
    addressOf(row.connection_id).previous.push({
      retired_at: row.retired_at.toISOString(),
      expires_at: row.expires_at.toISOString(),
      reads: readsOf(row.token, row.retired_at),
    });
  return byAddress;
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
