import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import {
  BLOCKING_STATUSES,
  OPEN_STATUSES,
  type BookingSource,
  type BookingStatus,
} from '../../domain/booking';
import type {
  ChannelKind,
  ConflictKind,
  ConflictStatus,
  LeftOutReason,
  SyncCounts,
  SyncErrorCode,
} from '../../domain/channel';
import { toMinorUnits } from '../../domain/money';
import type { Executor } from '../db/client';
import {
  bookings,
  channelBlocks,
  channelConflicts,
  channelConnections,
  channelExports,
  properties,
  propertyCalendar,
  requestLinks,
} from '../db/schema';
import type { ExistingBlock, ExistingStay } from './reconcile';
import { overlapsNights } from '../db/overlaps';
import { isOpenStayConflict } from '../calendar/queries';

// Management queries run as villa_app (row-level security limits them to the operator's properties);
// the export's run as villa_guest, which reads dates only; the scheduler's as the table owner.

export type ConnectionRow = typeof channelConnections.$inferSelect;
export type ConnectionWithCounts = ConnectionRow & {
  property_name: string;
  stays_count: number;
  blocks_count: number;
  open_conflicts: number;
};

// Nights are taken by pending, confirmed and completed stays; only open ones are cancelled or adopted.
const HOLDING_STATUSES = [...BLOCKING_STATUSES];
const CANCELLABLE_STATUSES = [...OPEN_STATUSES];

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
        ? { etag: null, last_modified: null, feed_body: null, left_out: null, next_sync_at: sql`now()` }
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

// ---- Health -----------------------------------------------------------------------------------------

export async function recordSyncFailure(
  db: Executor,
  input: { connectionId: string; code: SyncErrorCode; message: string; at: Date; nextSyncAt: Date },
): Promise<void> {
  await db
    .update(channelConnections)
    .set({
      last_attempt_at: input.at,
      last_error: input.message,
      last_error_code: input.code,
      next_sync_at: input.nextSyncAt,
    })
    .where(eq(channelConnections.id, input.connectionId));
}

/** What a sync left out, as stored: the reason's code with each item (its words are the domain's). */
export type StoredLeftOut = {
  total: number;
  items: { uid: string | null; check_in: string | null; check_out: string | null; reason: LeftOutReason }[];
};

export async function recordSyncSuccess(
  db: Executor,
  input: {
    connectionId: string;
    at: Date;
    nextSyncAt: Date;
    validators?: { etag: string | null; last_modified: string | null; feed_body: string };
    result?: SyncCounts;
    leftOut?: StoredLeftOut;
  },
): Promise<void> {
  await db
    .update(channelConnections)
    .set({
      last_attempt_at: input.at,
      last_synced_at: input.at,
      last_error: null,
      last_error_code: null,
      next_sync_at: input.nextSyncAt,
      ...(input.validators ?? {}),
      ...(input.result ? { last_result: input.result } : {}),
      ...(input.leftOut ? { left_out: input.leftOut } : {}),
    })
    .where(eq(channelConnections.id, input.connectionId));
}

/** Marks that the operator was told the connection stopped syncing; false if they already were. */
export async function markConnectionUnhealthyNotified(
  db: Executor,
  input: { connectionId: string; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(channelConnections)
    .set({ unhealthy_notified_at: input.at })
    .where(
      and(eq(channelConnections.id, input.connectionId), isNull(channelConnections.unhealthy_notified_at)),
    )
    .returning({ id: channelConnections.id });
  return rows.length === 1;
}

/** Clears that mark after a successful sync; false if there was none (nothing to tell). */
export async function markConnectionRecoveredNotified(db: Executor, connectionId: string): Promise<boolean> {
  const rows = await db
    .update(channelConnections)
    .set({ unhealthy_notified_at: null })
    .where(and(eq(channelConnections.id, connectionId), isNotNull(channelConnections.unhealthy_notified_at)))
    .returning({ id: channelConnections.id });
  return rows.length === 1;
}

// ---- Reconciliation ---------------------------------------------------------------------------------

export async function listConnectionStays(db: Executor, connectionId: string): Promise<ExistingStay[]> {
  const rows = await db
    .select({
      id: bookings.id,
      uid: bookings.channel_uid,
      check_in: bookings.check_in,
      check_out: bookings.check_out,
      status: bookings.status,
    })
    .from(bookings)
    .where(and(eq(bookings.channel_connection_id, connectionId), isNotNull(bookings.channel_uid)));
  return rows.map((row) => ({ ...row, uid: row.uid ?? '', status: row.status as BookingStatus }));
}

export async function listConnectionBlocks(db: Executor, connectionId: string): Promise<ExistingBlock[]> {
  return db
    .select({
      id: channelBlocks.id,
      uid: channelBlocks.uid,
      start_date: channelBlocks.start_date,
      end_date: channelBlocks.end_date,
    })
    .from(channelBlocks)
    .where(eq(channelBlocks.connection_id, connectionId));
}

/**
 * Stays that belong to no connection but are this feed's: left by a removed connection of the same
 * channel (same UID), or typed in by hand with the channel's reservation code.
 */
export async function listAdoptableStays(
  db: Executor,
  input: { propertyId: string; source: BookingSource; uids: string[]; codes: string[] },
) {
  if (input.uids.length === 0 && input.codes.length === 0) return [];
  return db
    .select({
      id: bookings.id,
      channel_uid: bookings.channel_uid,
      external_booking_id: bookings.external_booking_id,
      check_in: bookings.check_in,
      check_out: bookings.check_out,
      status: bookings.status,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.property_id, input.propertyId),
        isNull(bookings.channel_connection_id),
        eq(bookings.booking_source, input.source),
        inArray(bookings.status, CANCELLABLE_STATUSES),
        or(
          input.uids.length ? inArray(bookings.channel_uid, input.uids) : undefined,
          input.codes.length ? inArray(sql`upper(${bookings.external_booking_id})`, input.codes) : undefined,
        ),
      ),
    );
}

export async function linkBookingToConnection(
  db: Executor,
  input: { bookingId: string; connectionId: string; uid: string },
): Promise<void> {
  await db
    .update(bookings)
    .set({ channel_connection_id: input.connectionId, channel_uid: input.uid, updated_at: sql`now()` })
    .where(eq(bookings.id, input.bookingId));
}

export type HoldingStay = {
  id: string;
  check_in: string;
  check_out: string;
  channel_connection_id: string | null;
};

/** Stays holding nights of a property (pending, confirmed, completed) that share a night with [start, end). */
export async function listHoldingStays(
  db: Executor,
  input: { propertyId: string; start: string; end: string },
): Promise<HoldingStay[]> {
  return db
    .select({
      id: bookings.id,
      check_in: bookings.check_in,
      check_out: bookings.check_out,
      channel_connection_id: bookings.channel_connection_id,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.property_id, input.propertyId),
        inArray(bookings.status, HOLDING_STATUSES),
        overlapsNights(bookings.check_in, bookings.check_out, input),
      ),
    )
    .orderBy(asc(bookings.check_in));
}

/**
 * Lets other requests run between the batches of a large import: the embedded database runs each
 * statement on the server's own thread, and a whole feed's batches would otherwise run back to back.
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export type ImportedStayValues = {
  property_id: string;
  connection_id: string;
  uid: string;
  source: BookingSource;
  guest_name: string;
  guest_phone: string | null;
  check_in: string;
  check_out: string;
  currency: string;
  external_booking_id: string | null;
};

const toBookingValues = (stay: ImportedStayValues): typeof bookings.$inferInsert => ({
  property_id: stay.property_id,
  channel_connection_id: stay.connection_id,
  channel_uid: stay.uid,
  booking_source: stay.source,
  status: 'confirmed',
  payment_status: 'unpaid',
  guest_name: stay.guest_name,
  // Channels give no e-mail address; the column is required, so it is left empty.
  guest_email: '',
  guest_phone: stay.guest_phone,
  check_in: stay.check_in,
  check_out: stay.check_out,
  guests_count: 1,
  total_amount: toMinorUnits(0),
  amount_known: false,
  currency: stay.currency,
  external_booking_id: stay.external_booking_id,
});

export async function insertImportedStays(db: Executor, stays: readonly ImportedStayValues[]): Promise<void> {
  for (let start = 0; start < stays.length; start += 500) {
    if (start > 0) await yieldToEventLoop();
    await db.insert(bookings).values(stays.slice(start, start + 500).map(toBookingValues));
  }
}

export async function moveBooking(
  db: Executor,
  input: { bookingId: string; check_in: string; check_out: string },
): Promise<void> {
  await db
    .update(bookings)
    .set({ check_in: input.check_in, check_out: input.check_out, updated_at: sql`now()` })
    .where(eq(bookings.id, input.bookingId));
}

/** Cancels the given bookings that still hold their nights; returns the ids it cancelled. */
export async function cancelHoldingBookings(db: Executor, bookingIds: readonly string[]): Promise<string[]> {
  if (bookingIds.length === 0) return [];
  const rows = await db
    .update(bookings)
    .set({ status: 'cancelled', updated_at: sql`now()` })
    .where(and(inArray(bookings.id, [...bookingIds]), inArray(bookings.status, CANCELLABLE_STATUSES)))
    .returning({ id: bookings.id });
  return rows.map((row) => row.id);
}

/**
 * Cancels the property's pending guest requests that share a night with any of `items` and whose guest has
 * not confirmed them from their e-mail. Returns their ids.
 */
export async function cancelUnconfirmedRequestsUnder(
  db: Executor,
  input: { propertyId: string; items: readonly { check_in: string; check_out: string }[] },
): Promise<string[]> {
  if (input.items.length === 0) return [];
  // One parameter, however many items: [{"check_in":…,"check_out":…}, …].
  const ranges = JSON.stringify(input.items.map(({ check_in, check_out }) => ({ check_in, check_out })));
  const unconfirmed = db
    .select({ id: requestLinks.booking_id })
    .from(requestLinks)
    .where(and(isNull(requestLinks.confirmed_at), isNull(requestLinks.closed_reason)));
  const rows = await db
    .update(bookings)
    .set({ status: 'cancelled', updated_at: sql`now()` })
    .where(
      and(
        eq(bookings.property_id, input.propertyId),
        eq(bookings.status, 'pending'),
        inArray(bookings.id, unconfirmed),
        sql`exists (select 1 from jsonb_to_recordset(${ranges}::jsonb) as item(check_in date, check_out date)
          where item.check_in < ${bookings.check_out} and ${bookings.check_in} < item.check_out)`,
      ),
    )
    .returning({ id: bookings.id });
  return rows.map((row) => row.id);
}

export async function restoreCancelledBooking(
  db: Executor,
  input: { bookingId: string; check_in: string; check_out: string },
): Promise<boolean> {
  const rows = await db
    .update(bookings)
    .set({
      status: 'confirmed',
      check_in: input.check_in,
      check_out: input.check_out,
      updated_at: sql`now()`,
    })
    .where(and(eq(bookings.id, input.bookingId), eq(bookings.status, 'cancelled')))
    .returning({ id: bookings.id });
  return rows.length === 1;
}

export async function insertBlocks(
  db: Executor,
  blocks: readonly (typeof channelBlocks.$inferInsert)[],
): Promise<void> {
  for (let start = 0; start < blocks.length; start += 500) {
    if (start > 0) await yieldToEventLoop();
    await db.insert(channelBlocks).values(blocks.slice(start, start + 500));
  }
}

export async function moveBlock(
  db: Executor,
  input: { blockId: string; start_date: string; end_date: string; summary: string | null },
): Promise<void> {
  await db
    .update(channelBlocks)
    .set({
      start_date: input.start_date,
      end_date: input.end_date,
      summary: input.summary,
      updated_at: sql`now()`,
    })
    .where(eq(channelBlocks.id, input.blockId));
}

export async function deleteBlocks(db: Executor, blockIds: readonly string[]): Promise<void> {
  if (blockIds.length === 0) return;
  await db.delete(channelBlocks).where(inArray(channelBlocks.id, [...blockIds]));
}

/**
 * Pending direct requests that this connection's closed ranges (not ended) now overlap, by range. The
 * requests are read first (a handful at most), then only the ranges near them.
 */
export async function listRequestsUnderBlocks(
  db: Executor,
  input: { connectionId: string; propertyId: string; today: string },
) {
  const requests = await db
    .select({
      id: bookings.id,
      check_in: bookings.check_in,
      check_out: bookings.check_out,
      created_at: bookings.created_at,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.property_id, input.propertyId),
        eq(bookings.status, 'pending'),
        eq(bookings.booking_source, 'direct'),
        gt(bookings.check_out, input.today),
      ),
    );
  if (requests.length === 0) return [];
  const start = requests.reduce(
    (min, row) => (row.check_in < min ? row.check_in : min),
    requests[0]!.check_in,
  );
  const end = requests.reduce(
    (max, row) => (row.check_out > max ? row.check_out : max),
    requests[0]!.check_out,
  );
  const blocks = await db
    .select({
      uid: channelBlocks.uid,
      start_date: channelBlocks.start_date,
      end_date: channelBlocks.end_date,
      summary: channelBlocks.summary,
    })
    .from(channelBlocks)
    .where(
      and(
        eq(channelBlocks.connection_id, input.connectionId),
        gt(channelBlocks.end_date, input.today),
        overlapsNights(channelBlocks.start_date, channelBlocks.end_date, { start, end }),
      ),
    )
    .orderBy(asc(channelBlocks.start_date));
  return blocks.flatMap((block) =>
    requests
      .filter((request) => request.check_in < block.end_date && block.start_date < request.check_out)
      .sort((a, b) => a.check_in.localeCompare(b.check_in))
      .map((request) => ({ ...block, booking_id: request.id, booking_created_at: request.created_at })),
  );
}

// ---- Conflicts --------------------------------------------------------------------------------------

export type ConflictRow = typeof channelConflicts.$inferSelect;

export async function listLiveConflicts(db: Executor, connectionId: string): Promise<ConflictRow[]> {
  return db
    .select()
    .from(channelConflicts)
    .where(
      and(
        eq(channelConflicts.connection_id, connectionId),
        inArray(channelConflicts.status, ['open', 'dismissed']),
      ),
    );
}

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

export async function insertConflict(
  db: Executor,
  input: ConflictFinding & { property_id: string; connection_id: string },
): Promise<void> {
  await db.insert(channelConflicts).values(input);
}

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

export async function countOpenConflicts(db: Executor, connectionId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(channelConflicts)
    .where(and(eq(channelConflicts.connection_id, connectionId), eq(channelConflicts.status, 'open')));
  return row?.count ?? 0;
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

export async function findConnectionStayByUid(db: Executor, input: { connectionId: string; uid: string }) {
  const [row] = await db
    .select({ id: bookings.id, status: bookings.status })
    .from(bookings)
    .where(and(eq(bookings.channel_connection_id, input.connectionId), eq(bookings.channel_uid, input.uid)))
    .limit(1);
  return row;
}

// ---- Scheduling (as the table owner: no operator is signed in) -------------------------------------

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

// ---- Export (as villa_guest) ------------------------------------------------------------------------

export async function resolveExportToken(
  db: Executor,
  token: string,
): Promise<{ propertyId: string; connectionId: string | null } | undefined> {
  const result = await db.execute<{ out_property_id: string; out_connection_id: string | null }>(
    sql`select out_property_id, out_connection_id from resolve_calendar_export(${token})`,
  );
  const row = (result as unknown as { rows: { out_property_id: string; out_connection_id: string | null }[] })
    .rows[0];
  return row ? { propertyId: row.out_property_id, connectionId: row.out_connection_id } : undefined;
}

export async function findExportProperty(db: Executor, propertyId: string) {
  const [row] = await db
    .select({ id: properties.id, name: properties.name })
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.is_active, true)));
  return row;
}

export async function listExportStays(
  db: Executor,
  input: { propertyId: string; from: string; excludeConnectionId: string | null },
) {
  return db
    .select({
      id: bookings.id,
      check_in: bookings.check_in,
      check_out: bookings.check_out,
      updated_at: bookings.updated_at,
    })
    .from(bookings)
    .leftJoin(requestLinks, eq(requestLinks.booking_id, bookings.id))
    .where(
      and(
        eq(bookings.property_id, input.propertyId),
        inArray(bookings.status, HOLDING_STATUSES),
        gt(bookings.check_out, input.from),
        // A request its guest has not confirmed from their e-mail is never sent to the channels: a stranger
        // must not close nights on Airbnb and Booking.com by typing any address.
        sql`not (${bookings.status} = 'pending' and ${requestLinks.booking_id} is not null and ${requestLinks.confirmed_at} is null)`,
        input.excludeConnectionId
          ? or(
              isNull(bookings.channel_connection_id),
              ne(bookings.channel_connection_id, input.excludeConnectionId),
            )
          : undefined,
      ),
    )
    .orderBy(asc(bookings.check_in), asc(bookings.id));
}

/**
 * What the other channels must see closed: the ranges each connection's feed closes, and the stays a
 * connection reports that the operator has not settled yet (open conflicts), never echoed back to the
 * connection they came from.
 */
export async function listExportBlocks(
  db: Executor,
  input: { propertyId: string; from: string; excludeConnectionId: string | null },
) {
  const blocks = await db
    .select({
      start_date: channelBlocks.start_date,
      end_date: channelBlocks.end_date,
      updated_at: channelBlocks.updated_at,
    })
    .from(channelBlocks)
    .where(
      and(
        eq(channelBlocks.property_id, input.propertyId),
        gt(channelBlocks.end_date, input.from),
        input.excludeConnectionId ? ne(channelBlocks.connection_id, input.excludeConnectionId) : undefined,
      ),
    );
  const unsettled = await db
    .select({
      start_date: channelConflicts.check_in,
      end_date: channelConflicts.check_out,
      updated_at: channelConflicts.updated_at,
    })
    .from(channelConflicts)
    .where(
      and(
        eq(channelConflicts.property_id, input.propertyId),
        isOpenStayConflict(),
        gt(channelConflicts.check_out, input.from),
        input.excludeConnectionId ? ne(channelConflicts.connection_id, input.excludeConnectionId) : undefined,
      ),
    );
  return [...blocks, ...unsettled];
}

export async function listClosedCalendarDays(db: Executor, input: { propertyId: string; from: string }) {
  return db
    .select({ date: propertyCalendar.date, created_at: propertyCalendar.created_at })
    .from(propertyCalendar)
    .where(
      and(
        eq(propertyCalendar.property_id, input.propertyId),
        eq(propertyCalendar.is_available, false),
        sql`${propertyCalendar.date} >= ${input.from}::date`,
      ),
    )
    .orderBy(asc(propertyCalendar.date));
}
