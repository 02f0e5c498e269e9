import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { startPeriodicJob } from '../jobs/periodic';
import { isConnectionDue, listDueConnections } from './schedule-queries';
import { runConnectionSync, type ChannelSyncConfig } from './sync';

export type ChannelScheduler = {
  /** One pass over the due connections (the timer calls it; tests may too). */
  tick(): Promise<number>;
  stop(): Promise<void>;
};

const TICK_MS = 30_000;
const BATCH = 20;

/**
 * Syncs every due connection (each is due `syncMinutes` after its last attempt). Several processes may
 * run this on one database: each connection is taken under its lease and re-checked as due once held, so
 * a connection another process has just synced is skipped and each due sync runs once.
 */
export function startChannelScheduler(options: {
  db: Db;
  config: ChannelSyncConfig;
  holder: string;
  logger?: FastifyBaseLogger;
  /** Called after a pass that synced, which may have written notices (events the message worker handles). */
  onMessagesWritten?: () => void;
  now?: () => Date;
  tickMs?: number;
  firstTickMs?: number;
}): ChannelScheduler {
  const now = options.now ?? (() => new Date());
  // Read by a pass, so that stopping ends it after the connection under way.
  let stopped = false;

  const pass = async (): Promise<number> => {
    let synced = 0;
    const due = await listDueConnections(options.db, BATCH);
    for (const connection of due) {
      if (stopped) break;
      try {
        const run = await runConnectionSync(
          options.db,
          { config: options.config, now, holder: options.holder },
          {
            connectionId: connection.id,
            operatorId: connection.owner_id,
            onlyIfDue: () => isConnectionDue(options.db, connection.id),
          },
        );
        if (!run) continue;
        synced += 1;
        if (run.error) {
          options.logger?.warn({ connection: connection.id, error: run.error }, 'channel sync failed');
        } else {
          options.logger?.info(
            { connection: connection.id, outcome: run.outcome, counts: run.counts },
            'channel synced',
          );
        }
      } catch (error) {
        options.logger?.error({ err: error, connection: connection.id }, 'channel sync crashed');
      }
    }
    if (synced > 0) options.onMessagesWritten?.();
    return synced;
  };

  const job = startPeriodicJob({
    pass,
    everyMs: options.tickMs ?? TICK_MS,
    // The first pass shortly after start: connections overdue while the server was down are synced then.
    firstMs: options.firstTickMs ?? 1_000,
    logger: options.logger,
    failure: 'channel scheduler pass failed',
  });
  return {
    tick: job.tick,
    async stop() {
      stopped = true;
      await job.stop();
    },
  };
}
