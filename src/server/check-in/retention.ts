import type { FastifyBaseLogger } from 'fastify';
import { villaToday } from '../../domain/dates';
import type { Db } from '../db/client';
import type { Config } from '../env';
import { runWithLease } from '../jobs/lease';
import { startPeriodicJob } from '../jobs/periodic';
import { deleteExpiredCheckIns } from './queries';

const BATCH = 500;

/**
 * Deletes guests' check-in details GUEST_DATA_RETENTION_DAYS after their stay's check-out (counted in villa
 * days), a batch at a time until none is due. One process at a time (a lease), as the owner of the tables.
 */
export async function deleteDueGuestData(
  db: Db,
  options: { config: Pick<Config, 'guestData'>; holder: string; now?: Date },
): Promise<number> {
  const today = villaToday(options.now ?? new Date());
  const run = await runWithLease(
    db,
    { key: 'guest-data:retention', holder: options.holder, ttlMs: 5 * 60_000 },
    async () => {
      let total = 0;
      for (;;) {
        const removed = await db.transaction((tx) =>
          deleteExpiredCheckIns(tx, {
            today,
            retentionDays: options.config.guestData.retentionDays,
            limit: BATCH,
          }),
        );
        total += removed;
        if (removed < BATCH) return total;
      }
    },
  );
  return run.acquired ? run.value : 0;
}

/** The retention job: hourly, and soon after the start. */
export function startGuestDataRetention(options: {
  db: Db;
  config: Pick<Config, 'guestData'>;
  holder: string;
  logger?: FastifyBaseLogger;
}) {
  return startPeriodicJob({
    pass: async () => {
      const removed = await deleteDueGuestData(options.db, options);
      if (removed > 0)
        options.logger?.info({ removed }, "guests' check-in details deleted after their retention period");
      return removed;
    },
    everyMs: options.config.guestData.retentionEveryMs,
    firstMs: 10_000,
    logger: options.logger,
    failure: 'guest data retention pass failed',
  });
}
