import { and, asc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { SyncCounts, SyncErrorCode } from '../../domain/channel';
import { nightsOverlap } from '../../domain/nights';
import type { Executor } from '../db/client';
import { overlapsNights } from '../db/overlaps';
import { bookings, channelBlocks, channelConflicts, channelConnections } from '../db/schema';
import type { ConflictFinding, ConflictRow, StoredLeftOut } from './queries';
import type { ExistingBlock } from './reconcile';

// A connection's sync: run as villa_app for the property's operator (withOperator, actor channel_sync), so
// row-level security holds it to that operator's properties. The stays it brings are bookings, written
// through store/channel-stays.ts.

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

export async function recordSyncSuccess(
  db: Executor,
  input: {
    connectionId: string;
    at: Date;
    nextSyncAt: Date;
    validators?: { etag: string | null; last_modified: string | null; feed_body: string };
    result?: SyncCounts;
    leftOut?: StoredLeftOut;
    /** When an empty calendar, not yet confirmed, was first answered; null when this answer was not one. */
    emptySince: Date | null;
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
      empty_since: input.emptySince,
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

// ---- Closed ranges ----------------------------------------------------------------------------------

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
 * Lets other requests run between the batches of a large import: the embedded database runs each
 * statement on the server's own thread, and a whole feed's batches would otherwise run back to back.
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

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
      .filter((request) => nightsOverlap(request, { check_in: block.start_date, check_out: block.end_date }))
      .sort((a, b) => a.check_in.localeCompare(b.check_in))
      .map((request) => ({ ...block, booking_id: request.id, booking_created_at: request.created_at })),
  );
}

// ---- Conflicts --------------------------------------------------------------------------------------

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

export async function insertConflict(
  db: Executor,
  input: ConflictFinding & { property_id: string; connection_id: string },
): Promise<void> {
  await db.insert(channelConflicts).values(input);
}

export async function countOpenConflicts(db: Executor, connectionId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(channelConflicts)
    .where(and(eq(channelConflicts.connection_id, connectionId), eq(channelConflicts.status, 'open')));
  return row?.count ?? 0;
}
