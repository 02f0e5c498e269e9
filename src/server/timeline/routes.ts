import type { FastifyInstance } from 'fastify';
import { isConnectionStale } from '../../domain/channel';
import { timelineEndpoints } from '../../domain/contracts/timeline';
import { villaToday } from '../../domain/dates';
import type { TimelineProperty } from '../../domain/timeline';
import { getOperator } from '../auth/plugin';
import type { Db } from '../db/client';
import { withOperator } from '../db/with-operator';
import { registerEndpoint } from '../http/register-endpoint';
import { readTimeline } from './queries';

/** Groups rows by their property_id, each group without it. */
function groupByProperty<Row extends { property_id: string }>(rows: Row[]) {
  const groups = new Map<string, Omit<Row, 'property_id'>[]>();
  for (const { property_id, ...rest } of rows) {
    const group = groups.get(property_id);
    if (group) group.push(rest);
    else groups.set(property_id, [rest]);
  }
  return groups;
}

export async function registerTimelineRoutes(
  app: FastifyInstance,
  options: { db: Db; staleHours: number; now?: () => Date },
) {
  const now = options.now ?? (() => new Date());
  registerEndpoint(
    app,
    timelineEndpoints.getTimeline,
    {
      summary:
        "Every active property's stays, closed nights and channel holds over [from, to), with its open sync conflicts and stale channels",
    },
    (request) =>
      withOperator(options.db, getOperator(request).id, async (tx) => {
        const { from, to } = request.query;
        const at = now();
        const today = villaToday(at);
        const read = await readTimeline(tx, { start: from, end: to, today });
        const stays = groupByProperty(read.stays);
        const closed = groupByProperty(read.closed);
        const blocks = groupByProperty(read.blocks);
        const connections = groupByProperty(read.connections);
        const properties: TimelineProperty[] = read.properties.map((property) => {
          const own = connections.get(property.id) ?? [];
          return {
            id: property.id,
            name: property.name,
            currency: property.currency,
            stays: stays.get(property.id) ?? [],
            closed_nights: (closed.get(property.id) ?? []).map((row) => row.date),
            channel_blocks: blocks.get(property.id) ?? [],
            open_conflicts: own.reduce((sum, connection) => sum + connection.open_conflicts, 0),
            stale_channels: own
              .map((connection) => ({
                connection_id: connection.id,
                channel: connection.channel,
                name: connection.name,
                last_synced_at: connection.last_synced_at?.toISOString() ?? null,
                created_at: connection.created_at.toISOString(),
              }))
              .filter((connection) => isConnectionStale(connection, options.staleHours, at))
              .map(({ created_at: _created, ...connection }) => connection),
          };
        });
        return { from, to, today, properties };
      }),
  );
}
