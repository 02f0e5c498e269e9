import { randomUUID } from 'node:crypto';
import { addDaysToDate, VILLA_TIME_ZONE, villaToday } from '../../domain/dates';
import {
  CHANNEL_BOOKING_SOURCES,
  isConnectionStale,
  type ChannelKind,
  type SyncCounts,
  type SyncErrorCode,
  type SyncOutcome,
} from '../../domain/channel';
import type { Db, Executor, Tx } from '../db/client';
import type { Config } from '../env';
import { isOverlapError } from '../db/errors';
import { declareActor, lockPropertyNights, withOperator } from '../db/with-operator';
import { releaseUnconfirmedRequests } from '../store/request-links';
import { runWithLease } from '../jobs/lease';
import { appendEvent } from '../store/events';
import { findProperty } from '../store/properties';
import { describeConflict, labelConnection } from './describe-conflict';
import { fetchFeed, FeedError } from './fetch-feed';
import type { FeedItem, ParsedFeed } from './parse-feed';
import { parseFeedInWorker } from './parse-feed-in-worker';
import {
  cancelHoldingBookings,
  cancelUnconfirmedRequestsUnder,
  insertImportedStays,
  linkBookingToConnection,
  listAdoptableStays,
  listConnectionStays,
  listHoldingStays,
  moveBooking,
  type ExistingStay,
  type HoldingStay,
  type ImportedStayValues,
} from '../store/channel-stays';
import {
  findConnection,
  listConnectionsWithCounts,
  updateConflict,
  type ConflictFinding,
  type ConnectionRow,
} from './queries';
import {
  countOpenConflicts,
  deleteBlocks,
  insertBlocks,
  insertConflict,
  listConnectionBlocks,
  listLiveConflicts,
  listRequestsUnderBlocks,
  markConnectionUnhealthyNotified,
  markConnectionRecoveredNotified,
  moveBlock,
  recordSyncFailure,
  recordSyncSuccess,
} from './sync-queries';
import { HoldingStayIndex, planReconcile } from './reconcile';

export type ChannelSettings = Config['channels'];

/** What a sync needs: the channels' settings (its notices to the operator are events). */
export type ChannelSyncConfig = Pick<Config, 'channels'>;

/** How far ahead recurring events are expanded. */
const HORIZON_DAYS = 3 * 366;
/** Long enough for the slowest fetch plus the transaction; a crashed holder's lease lapses after it. */
export const SYNC_LEASE_MS = 120_000;

export const EMPTY_COUNTS: SyncCounts = {
  added: 0,
  moved: 0,
  cancelled: 0,
  blocked: 0,
  blocks_moved: 0,
  reopened: 0,
  conflicts: 0,
};

export type SyncRun = {
  outcome: SyncOutcome;
  error: { code: SyncErrorCode; message: string } | null;
  counts: SyncCounts;
};

export const syncLeaseKey = (connectionId: string) => `channel-sync:${connectionId}`;

/**
 * Syncs one connection: fetch (outside any transaction), then reconcile in one transaction under the
 * property's nights lock, acting as the property's operator (row-level security applies).
 * The caller holds the connection's lease (see runConnectionSync).
 */
export async function syncConnection(
  db: Db,
  run: { config: ChannelSyncConfig; now: () => Date },
  input: { connectionId: string; operatorId: string },
): Promise<SyncRun> {
  const settings = run.config.channels;
  const now = run.now();
  const today = villaToday(now);
  let nextSyncAt = new Date(now.getTime() + settings.syncMinutes * 60_000);
  const connection = await withOperator(db, input.operatorId, (tx) => findConnection(tx, input.connectionId));
  if (!connection) throw new Error(`Connection ${input.connectionId} not found`);

  const fail = async (code: SyncErrorCode, message: string): Promise<SyncRun> => {
    await withOperator(db, input.operatorId, async (tx) => {
      await declareActor(tx, 'channel_sync');
      await recordSyncFailure(tx, { connectionId: connection.id, code, message, at: now, nextSyncAt });
      // One failed attempt is often a blip; the operator is told once it goes stale (no success for
      // longer than the limit, as the Channels view warns), and not again on each later failure.
      const stale = isConnectionStale(
        {
          last_synced_at: connection.last_synced_at?.toISOString() ?? null,
          created_at: connection.created_at.toISOString(),
        },
        settings.staleHours,
        now,
      );
      if (!stale || connection.unhealthy_notified_at) return;
      if (!(await markConnectionUnhealthyNotified(tx, { connectionId: connection.id, at: now }))) return;
      const property = await findProperty(tx, connection.property_id);
      if (!property) return;
      await appendEvent(tx, {
        kind: 'channel_notice',
        property_id: property.id,
        payload: {
          notice: 'channel_unhealthy_operator',
          facts: {
            propertyName: property.name,
            channelLabel: labelConnection(connection),
            lastSyncedAt: connection.last_synced_at,
            lastError: message,
            staleHours: settings.staleHours,
          },
        },
      });
    });
    return { outcome: 'failed', error: { code, message }, counts: { ...EMPTY_COUNTS } };
  };

  let body: string;
  let notModified = false;
  let validators: { etag: string | null; last_modified: string | null; feed_body: string } | undefined;
  try {
    const fetched = await fetchFeed(connection.import_url, {
      timeoutMs: settings.fetchTimeoutMs,
      maxBytes: settings.maxFeedBytes,
      maxRedirects: settings.maxRedirects,
      allowPrivateUrls: settings.allowPrivateUrls,
      trustedAddresses: settings.trustedAddresses,
      // Without a copy of the last feed a 304 would leave nothing to reconcile from: ask in full.
      etag: connection.feed_body === null ? null : connection.etag,
      lastModified: connection.feed_body === null ? null : connection.last_modified,
    });
    if (fetched.notModified) {
      notModified = true;
      body = connection.feed_body ?? '';
    } else {
      body = fetched.body;
      validators = { etag: fetched.etag, last_modified: fetched.lastModified, feed_body: body };
    }
  } catch (error) {
    if (error instanceof FeedError) return fail(error.code, error.message);
    throw error;
  }

  // An empty answer is an empty calendar (Booking.com's when no night is closed). But a cut-off answer is
  // empty too: while this connection holds nights, they reopen only when the calendar is still empty
  // emptyConfirmMinutes after the first empty answer; until then the last calendar with events stands.
  let emptySince: Date | null = null;
  let reconcile = true;
  if (isEmptyAnswer(body)) {
    const held = await withOperator(db, input.operatorId, async (tx) => {
      const [row] = await listConnectionsWithCounts(tx, { connectionId: connection.id, today });
      return (row?.stays_count ?? 0) + (row?.blocks_count ?? 0);
    });
    const since = connection.empty_since ?? now;
    const confirmsAt = new Date(since.getTime() + settings.emptyConfirmMinutes * 60_000);
    if (held > 0 && now < confirmsAt) {
      emptySince = since;
      // The empty answer is not kept (nor its validators): the next answer is asked for in full.
      validators = undefined;
      body = connection.feed_body ?? '';
      // Without a copy of the last calendar there is nothing to reconcile from: everything stays as it is.
      reconcile = !isEmptyAnswer(body);
      if (confirmsAt < nextSyncAt) nextSyncAt = confirmsAt;
    }
  }

  let feed: ParsedFeed;
  try {
    // Off the server's thread, under a time limit: the worst calendar the size cap lets through takes
    // seconds to read, and every other request would wait for it.
    feed = isEmptyAnswer(body)
      ? { items: [], leftOut: { total: 0, items: [] }, heldUids: [] }
      : await parseFeedInWorker(
          body,
          {
            channel: connection.channel as ChannelKind,
            from: today,
            to: addDaysToDate(today, HORIZON_DAYS),
            timeZone: VILLA_TIME_ZONE,
          },
          { timeoutMs: settings.parseTimeoutMs },
        );
  } catch (error) {
    if (error instanceof FeedError) return fail(error.code, error.message);
    return fail('not_a_calendar', 'The calendar could not be read');
  }

  try {
    return await withOperator(db, input.operatorId, async (tx) => {
      // The audit log names the sync, not the operator, as the author of what the feed changed.
      await declareActor(tx, 'channel_sync');
      const property = await findProperty(tx, connection.property_id);
      if (!property) throw new Error(`Property ${connection.property_id} not visible`);
      await lockPropertyNights(tx, property.id);
      // A guest request never confirmed in time holds no nights a channel's stay could need.
      await releaseUnconfirmedRequests(tx, property.id);
      // Reconciled even when the feed is unchanged: bookings here may have changed since (a cancelled
      // booking of ours frees nights for a stay that was refused; a stay cancelled here is reported).
      const { counts, newConflicts } = reconcile
        ? await applyFeed(tx, {
            connection,
            propertyId: property.id,
            currency: property.currency,
            items: feed.items,
            heldUids: new Set(feed.heldUids),
            today,
          })
        : {
            counts: { ...EMPTY_COUNTS, conflicts: await countOpenConflicts(tx, connection.id) },
            newConflicts: [],
          };
      await recordSyncSuccess(tx, {
        connectionId: connection.id,
        at: now,
        nextSyncAt,
        validators,
        result: counts,
        leftOut: reconcile ? feed.leftOut : undefined,
        emptySince,
      });
      // The operator hears of each conflict once, when a sync first finds it, with this sync's change.
      const channelLabel = labelConnection(connection);
      if (newConflicts.length > 0) {
        await appendEvent(tx, {
          kind: 'channel_notice',
          property_id: property.id,
          payload: {
            notice: 'channel_conflicts_operator',
            facts: {
              propertyName: property.name,
              channelLabel,
              conflicts: newConflicts.map((finding) => ({
                checkIn: finding.check_in,
                checkOut: finding.check_out,
                description: describeConflict(
                  { ...finding, channel: connection.channel, connection_name: connection.name },
                  finding.booking_ids.length,
                ),
              })),
            },
          },
        });
      }
      if (connection.unhealthy_notified_at && (await markConnectionRecoveredNotified(tx, connection.id))) {
        await appendEvent(tx, {
          kind: 'channel_notice',
          property_id: property.id,
          payload: {
            notice: 'channel_recovered_operator',
            facts: { propertyName: property.name, channelLabel, lastSyncedAt: now },
          },
        });
      }
      return { outcome: notModified ? 'not_modified' : 'synced', error: null, counts } satisfies SyncRun;
    });
  } catch (error) {
    await fail(
      'internal',
      'The calendar was read but could not be saved; the next sync will try again',
    ).catch(() => {});
    throw error;
  }
}

/** A 200 answer with no text (or only white space): Booking.com's calendar when no night is closed. */
const isEmptyAnswer = (body: string) => body.trim() === '';

/**
 * Runs a sync while holding the connection's lease, so that among all server processes on the database
 * one at a time syncs it. `onlyIfDue` (the scheduler) skips a connection another process has just synced.
 */
export async function runConnectionSync(
  db: Db,
  sync: { config: ChannelSyncConfig; now: () => Date; holder: string },
  input: {
    connectionId: string;
    operatorId: string;
    waitMs?: number;
    onlyIfDue?: () => Promise<boolean>;
  },
): Promise<SyncRun | undefined> {
  const run = await runWithLease(
    db,
    {
      key: syncLeaseKey(input.connectionId),
      holder: sync.holder,
      ttlMs: SYNC_LEASE_MS,
      waitMs: input.waitMs,
    },
    async () => {
      if (input.onlyIfDue && !(await input.onlyIfDue())) return undefined;
      return syncConnection(db, sync, input);
    },
  );
  return run.acquired ? run.value : undefined;
}

/** Runs `work` in a savepoint; false (and nothing kept) if the no-double-booking constraint refused it. */
async function attempt(tx: Tx, work: (savepoint: Tx) => Promise<void>): Promise<boolean> {
  try {
    await tx.transaction(work);
    return true;
  } catch (error) {
    if (isOverlapError(error)) return false;
    throw error;
  }
}

function guestNameFor(connection: ConnectionRow, item: FeedItem): string {
  return item.guest_name ?? `${labelConnection(connection)} guest`;
}

export function toImportedStay(
  connection: ConnectionRow,
  currency: string,
  item: Pick<FeedItem, 'uid' | 'check_in' | 'check_out' | 'external_booking_id'> & {
    guest_name: string | null;
    phone_last_digits?: string | null;
    guests_count?: number | null;
  },
): ImportedStayValues {
  return {
    property_id: connection.property_id,
    connection_id: connection.id,
    uid: item.uid,
    source: CHANNEL_BOOKING_SOURCES[connection.channel as ChannelKind],
    guest_name: item.guest_name ?? `${labelConnection(connection)} guest`,
    // Airbnb gives the last four digits of the guest's phone: enough to recognise a caller.
    guest_phone: item.phone_last_digits ? `…${item.phone_last_digits}` : null,
    // Unknown unless the feed says: most iCal feeds give no count, and 1 would be a guess shown as a fact.
    guests_count: item.guests_count ?? null,
    check_in: item.check_in,
    check_out: item.check_out,
    currency,
    external_booking_id: item.external_booking_id,
  };
}

function overlapFinding(item: FeedItem, ours: readonly { id: string }[]): ConflictFinding {
  return {
    kind: 'stay_overlaps',
    uid: item.uid,
    item_kind: 'stay',
    check_in: item.check_in,
    check_out: item.check_out,
    summary: item.summary,
    external_booking_id: item.external_booking_id,
    guest_name: item.guest_name,
    booking_ids: ours.map((booking) => booking.id),
    maybe_echo: false,
  };
}

/** Reconciles the feed with what this connection imported before; returns what changed. */
async function applyFeed(
  tx: Tx,
  input: {
    connection: ConnectionRow;
    propertyId: string;
    currency: string;
    items: FeedItem[];
    /** What the feed lists but could not be read: kept as it is (see planReconcile). */
    heldUids: ReadonlySet<string>;
    today: string;
  },
): Promise<{ counts: SyncCounts; newConflicts: ConflictFinding[] }> {
  const { connection, today } = input;
  const counts: SyncCounts = { ...EMPTY_COUNTS };
  const findings: ConflictFinding[] = [];
  const stays = await listConnectionStays(tx, connection.id);
  const blocks = await listConnectionBlocks(tx, connection.id);
  const { heldUids } = input;
  let plan = planReconcile({ items: input.items, stays, blocks, today, heldUids });
  // A channel's stay or closed nights are a sale there; a request whose guest has not confirmed it is not
  // yet anything: it gives way, quietly, instead of becoming a conflict the operator would settle for it.
  await cancelUnconfirmedRequestsUnder(tx, { propertyId: input.propertyId, items: input.items });

  // Stays this feed brought before under a removed connection, or typed in by hand with the reservation
  // code, are taken over rather than imported a second time (which would collide with themselves).
  if (plan.insertStays.length > 0) {
    const adoptable = await listAdoptableStays(tx, {
      propertyId: input.propertyId,
      source: CHANNEL_BOOKING_SOURCES[connection.channel as ChannelKind],
      uids: plan.insertStays.map((item) => item.uid),
      codes: plan.insertStays.flatMap((item) => (item.external_booking_id ? [item.external_booking_id] : [])),
    });
    const adopted: ExistingStay[] = [];
    const used = new Set<string>();
    for (const item of plan.insertStays) {
      const match =
        adoptable.find((row) => row.channel_uid === item.uid && !used.has(row.id)) ??
        (item.external_booking_id
          ? adoptable.find(
              (row) =>
                row.external_booking_id?.toUpperCase() === item.external_booking_id && !used.has(row.id),
            )
          : undefined);
      if (!match) continue;
      used.add(match.id);
      await linkBookingToConnection(tx, { bookingId: match.id, connectionId: connection.id, uid: item.uid });
      adopted.push({ ...match, uid: item.uid, status: match.status as ExistingStay['status'] });
    }
    if (adopted.length > 0)
      plan = planReconcile({ items: input.items, stays: [...stays, ...adopted], blocks, today, heldUids });
  }

  counts.cancelled = (
    await cancelHoldingBookings(
      tx,
      plan.cancelStays.map((booking) => booking.id),
    )
  ).length;

  for (const { booking, item } of plan.cancelledHere) {
    findings.push({ ...overlapFinding(item, [booking]), kind: 'cancelled_here' });
  }

  // New and moved stays are checked against the nights held now, so a refusal becomes a conflict with
  // both stays named; the exclusion constraint stays the last word (a savepoint catches a race).
  const incoming = [...plan.moveStays.map((move) => move.item), ...plan.insertStays];
  if (incoming.length > 0) {
    const start = incoming.reduce(
      (min, item) => (item.check_in < min ? item.check_in : min),
      incoming[0]!.check_in,
    );
    const end = incoming.reduce(
      (max, item) => (item.check_out > max ? item.check_out : max),
      incoming[0]!.check_out,
    );
    const taken = new HoldingStayIndex<HoldingStay>(
      await listHoldingStays(tx, { propertyId: input.propertyId, start, end }),
    );
    const overlapping = (item: FeedItem, self?: string) => taken.overlapping(item, self);
    const recheck = async (item: FeedItem, self?: string) =>
      (
        await listHoldingStays(tx, {
          propertyId: input.propertyId,
          start: item.check_in,
          end: item.check_out,
        })
      ).filter((stay) => stay.id !== self);

    for (const { booking, item } of plan.moveStays) {
      const ours = overlapping(item, booking.id);
      if (ours.length > 0) {
        findings.push(overlapFinding(item, ours));
        continue;
      }
      const moved = await attempt(tx, (savepoint) =>
        moveBooking(savepoint, { bookingId: booking.id, check_in: item.check_in, check_out: item.check_out }),
      );
      if (!moved) {
        findings.push(overlapFinding(item, await recheck(item, booking.id)));
        continue;
      }
      counts.moved += 1;
      taken.move({
        id: booking.id,
        check_in: item.check_in,
        check_out: item.check_out,
        channel_connection_id: connection.id,
      });
    }

    const accepted: (ImportedStayValues & { id: string })[] = [];
    for (const item of plan.insertStays) {
      const ours = overlapping(item);
      if (ours.length > 0) {
        findings.push(overlapFinding(item, ours));
        continue;
      }
      const id = randomUUID();
      accepted.push({
        ...toImportedStay(connection, input.currency, {
          ...item,
          guest_name: guestNameFor(connection, item),
        }),
        id,
      });
      taken.add({
        id,
        check_in: item.check_in,
        check_out: item.check_out,
        channel_connection_id: connection.id,
      });
    }
    if (accepted.length > 0) {
      if (await attempt(tx, (savepoint) => insertImportedStays(savepoint, accepted))) {
        counts.added = accepted.length;
      } else {
        // Someone booked meanwhile without the nights lock: take the stays one by one.
        for (const stay of accepted) {
          if (await attempt(tx, (savepoint) => insertImportedStays(savepoint, [stay]))) counts.added += 1;
          else {
            const item = plan.insertStays.find((candidate) => candidate.uid === stay.uid)!;
            findings.push(overlapFinding(item, await recheck(item)));
          }
        }
      }
    }
  }

  // Closed ranges: their own table, never the operator's calendar rows.
  await insertBlocks(
    tx,
    plan.insertBlocks.map((item) => ({
      connection_id: connection.id,
      property_id: input.propertyId,
      channel: connection.channel,
      uid: item.uid,
      start_date: item.check_in,
      end_date: item.check_out,
      summary: item.summary,
    })),
  );
  counts.blocked = plan.insertBlocks.length;
  for (const { block, item } of plan.moveBlocks) {
    await moveBlock(tx, {
      blockId: block.id,
      start_date: item.check_in,
      end_date: item.check_out,
      summary: item.summary,
    });
  }
  counts.blocks_moved = plan.moveBlocks.length;
  await deleteBlocks(
    tx,
    plan.deleteBlocks.map((block) => block.id),
  );
  counts.reopened = plan.deleteBlocks.length;

  // A pending request here under nights the channel now reports closed: the operator should know.
  const underBlocks = await listRequestsUnderBlocks(tx, {
    connectionId: connection.id,
    propertyId: input.propertyId,
    today,
  });
  const byBlock = new Map<string, typeof underBlocks>();
  for (const row of underBlocks) byBlock.set(row.uid, [...(byBlock.get(row.uid) ?? []), row]);
  for (const [uid, rows] of byBlock) {
    const first = rows[0]!;
    findings.push({
      kind: 'block_overlaps_request',
      uid,
      item_kind: 'block',
      check_in: first.start_date,
      check_out: first.end_date,
      summary: first.summary,
      external_booking_id: null,
      guest_name: null,
      booking_ids: rows.map((row) => row.booking_id),
      // Had the channel read our calendar since the request arrived? Then these nights may be our own
      // request coming back (channels that re-export imported nights), not a sale there.
      maybe_echo: rows.some(
        (row) => connection.exported_at !== null && connection.exported_at > row.booking_created_at,
      ),
    });
  }

  const newConflicts = await saveConflicts(tx, { connection, propertyId: input.propertyId, findings });
  counts.conflicts = await countOpenConflicts(tx, connection.id);
  return { counts, newConflicts };
}

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/**
 * Keeps one live conflict per feed item: new findings open, changed ones are updated (a dismissed one
 * reopens when its dates or the bookings it overlaps change), and live ones not found again are obsolete.
 * Returns the conflicts found for the first time.
 */
async function saveConflicts(
  tx: Executor,
  input: { connection: ConnectionRow; propertyId: string; findings: ConflictFinding[] },
): Promise<ConflictFinding[]> {
  const opened: ConflictFinding[] = [];
  const live = await listLiveConflicts(tx, input.connection.id);
  const liveByKey = new Map(live.map((row) => [`${row.kind}\u0000${row.uid}`, row]));
  const seen = new Set<string>();
  for (const finding of input.findings) {
    const key = `${finding.kind}\u0000${finding.uid}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const existing = liveByKey.get(key);
    if (!existing) {
      await insertConflict(tx, {
        ...finding,
        property_id: input.propertyId,
        connection_id: input.connection.id,
      });
      opened.push(finding);
      continue;
    }
    const sameDates = existing.check_in === finding.check_in && existing.check_out === finding.check_out;
    if (existing.status === 'dismissed') {
      const covered = finding.booking_ids.every((id) => existing.booking_ids.includes(id));
      if (sameDates && covered) continue;
      await updateConflict(tx, existing.id, { ...finding, status: 'open', resolution_note: null });
    } else if (
      !sameDates ||
      !sameIds(existing.booking_ids, finding.booking_ids) ||
      existing.maybe_echo !== finding.maybe_echo ||
      existing.summary !== finding.summary
    ) {
      await updateConflict(tx, existing.id, finding);
    }
  }
  for (const row of live) {
    if (!seen.has(`${row.kind}\u0000${row.uid}`)) await updateConflict(tx, row.id, { status: 'obsolete' });
  }
  return opened;
}
