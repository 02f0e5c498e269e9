import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../env';
import ipaddr from 'ipaddr.js';
import { villaToday } from '../../domain/dates';
import { DomainError } from '../../domain/domain-error';
import {
  CONFLICT_STATUSES,
  EXPORT_GRACE_DAYS,
  identifyCalendarReader,
  isConnectionStale,
  LEFT_OUT_MESSAGES,
  MASKED_EXPORT_TOKEN,
  NOTHING_LEFT_OUT,
  type ChannelConnection,
  type ExportAddressReads,
  type ChannelKind,
  type LeftOut,
  type SyncCounts,
  type SyncErrorCode,
} from '../../domain/channel';
import { getOperator } from '../auth/plugin';
import type { Db, Executor } from '../db/client';
import { declareClock, withGuest, withOperator } from '../db/with-operator';
import { notFound } from '../http/http-error';
import { requireProperty } from '../store/properties';
import { resolveConflict, shapeConflicts } from './conflicts';
import { loadPropertyCalendar } from './export-calendar';
import {
  deleteConnection,
  ensurePropertyExportToken,
  findConnection,
  insertConnection,
  listConflicts,
  listConnectionsWithCounts,
  listExportReads,
  replacePropertyExportToken,
  setConnectionExportToken,
  updateConnection,
  type ConnectionWithCounts,
  type StoredLeftOut,
} from './queries';
import { resolveExportToken } from './export-queries';
import { runConnectionSync, type ChannelSettings, type ChannelSyncConfig } from './sync';
import { channelEndpoints } from '../../domain/contracts/channels';
import { registerEndpoint } from '../http/register-endpoint';

export type ChannelRouteOptions = {
  db: Db;
  /** The channels' settings, the site's address (for calendar addresses) and the operator's notices. */
  /** The channels' settings, and the site's address for the export URLs. */
  config: ChannelSyncConfig & Pick<Config, 'server'>;
  /** This process's name for leases. */
  holder: string;
  now?: () => Date;
  /** Hands what a sync wrote (the operator's notices as events) to their subscribers, after it. */
  onEventsWritten?: () => void;
};

const CHANNEL_NOT_FOUND = 'Channel connection not found';
const NO_READS: ExportAddressReads = { reads: [], previous: [] };

/** An unguessable URL secret: 192 random bits. */
const createToken = () => randomBytes(24).toString('base64url');

export const EXPORT_NOT_FOUND =
  'This calendar address is not valid: it may have been replaced. Copy the current one from the management area.';

/**
 * A feed address that names a loopback, private or link-local host outright is refused when it is saved;
 * names that resolve to one are refused when fetched (the fetch checks every address it connects to).
 */
function refusePrivateHost(url: string, settings: ChannelSettings): void {
  if (settings.allowPrivateUrls) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (settings.trustedAddresses?.includes(host)) return;
  const named = /^(localhost|.*\.localhost|.*\.local|.*\.internal)$/i.test(host);
  const literal = isIP(host) !== 0 && ipaddr.process(host).range() !== 'unicast';
  if (named || literal) {
    throw new DomainError(
      'private_feed_address',
      `${host} is a private or local network address; use the calendar address the channel gives you`,
      { host },
    );
  }
}

/** The stored list of what a sync left out, with each reason in words; nothing before the first sync. */
function shapeLeftOut(stored: StoredLeftOut | null): LeftOut {
  if (!stored) return NOTHING_LEFT_OUT;
  return {
    total: stored.total,
    items: stored.items.map((item) => ({ ...item, message: LEFT_OUT_MESSAGES[item.reason] })),
  };
}

export async function registerChannelRoutes(app: FastifyInstance, options: ChannelRouteOptions) {
  const now = options.now ?? (() => new Date());
  const today = () => villaToday(now());
  const { db, config } = options;
  const settings = config.channels;
  // The address the operator pastes into Airbnb or Booking.com: the site's own (PUBLIC_URL), never one
  // built from the request's Host header, which whoever reaches the server may set.
  const publicUrl = config.server.publicUrl;
  const exportUrl = (token: string) => `${publicUrl}/ical/${token}.ics`;
  // Only the token's hash is kept: the URL can be answered in full only by the request that made it (the
  // token in hand); every later answer says where it points and that it exists, not what it is.
  const shownExportUrl = (madeToken: string | undefined) => ({
    export_url: exportUrl(madeToken ?? MASKED_EXPORT_TOKEN),
    export_url_masked: madeToken === undefined,
  });

  /**
   * `madeToken`: the connection's export token, when this request has just made it; `reads`: who read its
   * export address (and the ones it replaced) lately.
   */
  const shapeConnection = (
    row: ConnectionWithCounts,
    madeToken?: string,
    reads: ExportAddressReads = NO_READS,
  ): ChannelConnection => {
    const shaped = {
      id: row.id,
      property_id: row.property_id,
      channel: row.channel as ChannelKind,
      name: row.name,
      import_url: row.import_url,
      ...shownExportUrl(madeToken),
      last_synced_at: row.last_synced_at?.toISOString() ?? null,
      last_attempt_at: row.last_attempt_at?.toISOString() ?? null,
      last_error: row.last_error,
      last_error_code: (row.last_error_code as SyncErrorCode | null) ?? null,
      last_result: (row.last_result as SyncCounts | null) ?? null,
      next_sync_at: row.next_sync_at?.toISOString() ?? null,
      stays_count: row.stays_count,
      blocks_count: row.blocks_count,
      open_conflicts: row.open_conflicts,
      exported_at: row.exported_at?.toISOString() ?? null,
      export_reads: reads,
      left_out: shapeLeftOut(row.left_out as StoredLeftOut | null),
      empty_calendar_since: row.empty_since?.toISOString() ?? null,
      empty_calendar_reopens_at: row.empty_since
        ? new Date(row.empty_since.getTime() + settings.emptyConfirmMinutes * 60_000).toISOString()
        : null,
      created_at: row.created_at.toISOString(),
    };
    const stale = isConnectionStale(shaped, settings.staleHours, now());
    return {
      ...shaped,
      stale,
      needs_attention:
        stale ||
        shaped.last_error !== null ||
        shaped.open_conflicts > 0 ||
        shaped.empty_calendar_since !== null,
    };
  };

  const readConnection = async (tx: Executor, connectionId: string, madeToken?: string) => {
    const [row] = await listConnectionsWithCounts(tx, { connectionId, today: today() });
    if (!row) throw new DomainError('channel_not_found', CHANNEL_NOT_FOUND);
    const reads = await listExportReads(tx, { propertyId: row.property_id, now: now() });
    return shapeConnection(row, madeToken, reads.get(row.id));
  };

  registerEndpoint(
    app,
    channelEndpoints.listChannels,
    {
      summary:
        "A property's export URL (in full only in the answer that made it, else masked) and its channel connections with their health",
    },
    (request) =>
      withOperator(db, getOperator(request).id, async (tx) => {
        const property = await requireProperty(tx, request.params.propertyId);
        const token = createToken();
        const made = await ensurePropertyExportToken(tx, property.id, token);
        const rows = await listConnectionsWithCounts(tx, { propertyId: property.id, today: today() });
        const reads = await listExportReads(tx, { propertyId: property.id, now: now() });
        return {
          property_id: property.id,
          ...shownExportUrl(made ? token : undefined),
          export_reads: reads.get('') ?? NO_READS,
          sync_minutes: settings.syncMinutes,
          stale_hours: settings.staleHours,
          export_grace_days: EXPORT_GRACE_DAYS,
          connections: rows.map((row) => shapeConnection(row, undefined, reads.get(row.id))),
        };
      }),
  );

  registerEndpoint(
    app,
    channelEndpoints.createChannel,
    {
      summary:
        "Connect a channel's calendar to a property; it is synced within a minute, or at once with syncChannel. This answer alone holds the connection's export URL in full",
    },
    async (request, reply) => {
      refusePrivateHost(request.body.import_url, settings);
      const connection = await withOperator(db, getOperator(request).id, async (tx) => {
        const property = await requireProperty(tx, request.params.propertyId);
        const exportToken = createToken();
        const row = await insertConnection(tx, {
          property_id: property.id,
          channel: request.body.channel,
          name: request.body.name,
          import_url: request.body.import_url,
          exportToken,
        });
        return readConnection(tx, row.id, exportToken);
      });
      return reply.code(201).send(connection);
    },
  );

  registerEndpoint(
    app,
    channelEndpoints.updateChannel,
    {
      summary: "Change a connection's import URL or name (a new URL is synced afresh)",
    },
    (request) => {
      if (request.body.import_url !== undefined) refusePrivateHost(request.body.import_url, settings);
      return withOperator(db, getOperator(request).id, async (tx) => {
        const row = await updateConnection(tx, request.params.channelId, request.body);
        if (!row) throw new DomainError('channel_not_found', CHANNEL_NOT_FOUND);
        return readConnection(tx, row.id);
      });
    },
  );

  registerEndpoint(
    app,
    channelEndpoints.deleteChannel,
    {
      summary:
        'Remove a connection and the nights it closed. Its imported stays are kept (nothing is cancelled); the operator decides about them',
    },
    (request) =>
      withOperator(db, getOperator(request).id, async (tx) => {
        const [row] = await listConnectionsWithCounts(tx, {
          connectionId: request.params.channelId,
          today: today(),
        });
        if (!row || !(await deleteConnection(tx, row.id)))
          throw new DomainError('channel_not_found', CHANNEL_NOT_FOUND);
        return { deleted: true as const, kept_stays: row.stays_count };
      }),
  );

  registerEndpoint(
    app,
    channelEndpoints.syncChannel,
    {
      summary:
        'Sync a connection now: what it added, moved, cancelled, blocked and reopened, and its open conflicts. A failed fetch answers 200 with outcome "failed" and the reason',
    },
    async (request) => {
      const operatorId = getOperator(request).id;
      const connection = await withOperator(db, operatorId, (tx) =>
        findConnection(tx, request.params.channelId),
      );
      if (!connection) throw new DomainError('channel_not_found', CHANNEL_NOT_FOUND);
      const run = await runConnectionSync(
        db,
        { config, now, holder: options.holder },
        { connectionId: connection.id, operatorId, waitMs: settings.syncWaitMs },
      );
      if (!run) {
        throw new DomainError(
          'sync_running',
          'This calendar is being synced right now; try again in a moment',
        );
      }
      options.onEventsWritten?.();
      return withOperator(db, operatorId, async (tx) => ({
        outcome: run.outcome,
        error: run.error,
        counts: run.counts,
        conflicts: await shapeConflicts(
          tx,
          await listConflicts(tx, { connectionId: connection.id, statuses: ['open'] }),
        ),
        connection: await readConnection(tx, connection.id),
      }));
    },
  );

  registerEndpoint(
    app,
    channelEndpoints.rotateExportUrl,
    {
      summary:
        "Replace the property's export URL (or, with channel_id, that connection's); the old URL still answers for EXPORT_GRACE_DAYS (7) days, until previous_valid_until, then 404. This answer alone holds the new URL in full",
    },
    (request) =>
      withOperator(db, getOperator(request).id, async (tx) => {
        const property = await requireProperty(tx, request.params.propertyId);
        const token = createToken();
        const channelId = request.body?.channel_id ?? null;
        const at = now();
        // The channels reading the old address keep their calendar while the operator gives them this one.
        const expiresAt = new Date(at.getTime() + EXPORT_GRACE_DAYS * 86_400_000);
        if (channelId) {
          const connection = await findConnection(tx, channelId);
          if (!connection || connection.property_id !== property.id)
            throw new DomainError('channel_not_found', CHANNEL_NOT_FOUND);
          await setConnectionExportToken(tx, { connectionId: connection.id, token, now: at, expiresAt });
        } else {
          await replacePropertyExportToken(tx, { propertyId: property.id, token, now: at, expiresAt });
        }
        return {
          export_url: exportUrl(token),
          channel_id: channelId,
          previous_valid_until: expiresAt.toISOString(),
        };
      }),
  );

  registerEndpoint(
    app,
    channelEndpoints.listSyncConflicts,
    {
      summary:
        'Sync conflicts with both stays: all properties (the dashboard), one property, or one connection',
    },
    (request) =>
      withOperator(db, getOperator(request).id, async (tx) => {
        const { property_id, channel_id, status } = request.query;
        const rows = await listConflicts(tx, {
          propertyId: property_id,
          connectionId: channel_id,
          statuses: status === 'all' ? CONFLICT_STATUSES : [status],
        });
        return shapeConflicts(tx, rows);
      }),
  );

  registerEndpoint(
    app,
    channelEndpoints.resolveSyncConflict,
    {
      summary:
        'accept_theirs: cancel ours and take the channel’s stay (or decline the overlapped request, or restore the stay); keep_ours: dismiss',
    },
    (request) =>
      withOperator(db, getOperator(request).id, (tx) =>
        resolveConflict(tx, {
          conflictId: request.params.conflictId,
          action: request.body.action,
          note: request.body.note,
        }),
      ),
  );

  registerEndpoint(
    app,
    channelEndpoints.listChannelsNeedingAttention,
    {
      summary:
        'For the dashboard: connections of all properties that are stale, failing or have open conflicts',
    },
    (request) =>
      withOperator(db, getOperator(request).id, async (tx) => {
        const rows = await listConnectionsWithCounts(tx, { today: today() });
        const conflicts = await listConflicts(tx, { statuses: ['open'] });
        return {
          connections: rows
            .map((row) => ({ ...shapeConnection(row), property_name: row.property_name }))
            .filter((connection) => connection.needs_attention),
          open_conflicts: conflicts.length,
        };
      }),
  );

  // The export channels read: public (the token is the secret, stored only as its hash), as the public
  // role, which reads dates only.
  registerEndpoint(
    app,
    channelEndpoints.getCalendarExport,
    {
      summary:
        'A property calendar for channels to import (text/calendar); an unknown token, or one replaced more than EXPORT_GRACE_DAYS ago, is 404. Each read is noted with its reader (from the User-Agent)',
    },
    async (request, reply) => {
      const token = /^([A-Za-z0-9_-]{16,128})\.ics$/.exec(request.params.file)?.[1];
      const calendar = token
        ? await withGuest(db, async (tx) => {
            // A replaced address's grace is judged, and each read stamped, by the server's clock.
            await declareClock(tx, now());
            const userAgent = request.headers['user-agent'] ?? null;
            const target = await resolveExportToken(tx, {
              token,
              reader: identifyCalendarReader(userAgent),
              userAgent,
            });
            if (!target) return undefined;
            return loadPropertyCalendar(tx, {
              propertyId: target.propertyId,
              excludeConnectionId: target.connectionId,
              now: now(),
            });
          })
        : undefined;
      // The API's one error body, like every other refusal: a channel shows the status, a person the message.
      if (!calendar) throw notFound(EXPORT_NOT_FOUND);
      reply
        .header('etag', calendar.etag)
        .header('cache-control', 'no-cache')
        .header('x-robots-tag', 'noindex');
      const known = (request.headers['if-none-match'] ?? '')
        .split(',')
        .map((tag) => tag.trim().replace(/^W\//, ''));
      if (known.includes(calendar.etag)) return reply.code(304).send();
      return reply.type('text/calendar; charset=utf-8').send(calendar.render());
    },
  );
}
