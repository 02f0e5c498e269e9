import { randomBytes } from 'node:crypto';
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/client';
import type { Config } from '../env';
import { releaseLease, renewLease, tryAcquireLease } from '../jobs/lease';
import { startPeriodicJob } from '../jobs/periodic';
import { nameBackupFile, pruneDailyBackups, type BackupOrigin } from './backup-files';
import { startBackupControl } from './control-socket';
import { writePgliteBackup, writePostgresBackup } from './snapshot';

export type BackupSettings = {
  /** Where backups are written (BACKUP_DIR, else DATA_DIR/backups). */
  dir: string;
  /** Daily backups kept; 0 turns the daily backup off. */
  keep: number;
  dataDir: string;
  databaseUrl?: string;
};

/** The configuration's backup folder and count, with the database they copy. */
export function readBackupSettings(config: Pick<Config, 'backups' | 'database'>): BackupSettings {
  return {
    ...config.backups,
    dataDir: config.database.dataDir,
    databaseUrl: config.database.url,
  };
}

export type TakenBackup = { path: string; bytes: number; ms: number };

/** Writes one backup of `database` into the backup folder (made private to this user). */
export async function takeBackup(
  database: Pick<Database, 'kind' | 'pglite'>,
  settings: Pick<BackupSettings, 'dir' | 'databaseUrl'>,
  origin: BackupOrigin,
): Promise<TakenBackup> {
  const startedAt = performance.now();
  mkdirSync(settings.dir, { recursive: true, mode: 0o700 });
  const path = join(settings.dir, nameBackupFile(database.kind, origin));
  if (database.kind === 'pglite') {
    if (!database.pglite) throw new Error('The embedded database is not open in this process');
    await writePgliteBackup(database.pglite, path);
  } else {
    if (!settings.databaseUrl) throw new Error('DATABASE_URL is needed to back up PostgreSQL');
    await writePostgresBackup(settings.databaseUrl, path);
  }
  return { path, bytes: statSync(path).size, ms: Math.round(performance.now() - startedAt) };
}

export const DAILY_BACKUP_LEASE = 'backups:daily';
const DAY_MS = 24 * 3_600_000;
const CHECK_MS = 3_600_000;
// Long enough for any backup of a rental business's database; a process that dies while holding it
// only delays the next attempt by this much.
const WORK_TTL_MS = 3_600_000;

export type BackupScheduler = {
  /** Takes the daily backup if it is due and no other process is taking it; returns its path if taken. */
  tick(): Promise<TakenBackup | undefined>;
  stop(): Promise<void>;
};

/**
 * The daily backup. Every process checks hourly; the lease in the database decides. A process takes the
 * lease under a name used once, so even its own earlier lease does not count as "already mine": the lease
 * is free only when the last backup's lease (kept for a day after it succeeded) has run out. A failed
 * backup releases it, so the next check tries again.
 */
export function startBackupScheduler(options: {
  db: Db;
  holder: string;
  keep: number;
  dir: string;
  take: () => Promise<TakenBackup>;
  logger?: FastifyBaseLogger;
  intervalMs?: number;
  checkMs?: number;
  firstCheckMs?: number;
}): BackupScheduler {
  const attempt = async (): Promise<TakenBackup | undefined> => {
    const lease = { key: DAILY_BACKUP_LEASE, holder: `${options.holder}#${randomBytes(4).toString('hex')}` };
    if (!(await tryAcquireLease(options.db, { ...lease, ttlMs: WORK_TTL_MS }))) return undefined;
    let taken: TakenBackup;
    try {
      taken = await options.take();
    } catch (error) {
      await releaseLease(options.db, lease).catch(() => {});
      throw error;
    }
    await renewLease(options.db, { ...lease, ttlMs: options.intervalMs ?? DAY_MS });
    const pruned = pruneDailyBackups(options.dir, options.keep);
    options.logger?.info(
      { path: taken.path, bytes: taken.bytes, ms: taken.ms, pruned },
      'daily backup written',
    );
    return taken;
  };

  return startPeriodicJob({
    pass: attempt,
    everyMs: options.checkMs ?? CHECK_MS,
    // Not at once: starting up is busy enough, and a process that crashes at start should not back up.
    firstMs: options.firstCheckMs ?? 60_000,
    logger: options.logger,
    failure: 'the daily backup failed',
  });
}

export class BackupRunningError extends Error {
  override name = 'BackupRunningError';
  constructor() {
    super('A backup is being made right now; wait for it to finish, then try again.');
  }
}

export type BackupStatus = {
  running: { startedAt: Date; origin: BackupOrigin } | null;
  lastFailure: { at: Date; message: string } | null;
};

/**
 * One backup at a time in this process, whoever asks: the management area, `npm run backup` (over the
 * socket) or the daily timer. A second request while one runs is refused rather than queued: it would
 * only copy the same data again.
 */
/** Hears how a started backup ended; the backup counts as running until it has. */
type BackupSettled = (result: TakenBackup | Error) => void | Promise<void>;

export type BackupService = {
  dir: string;
  /** Writes a backup and resolves with it; BackupRunningError if one is being written. */
  run(origin: BackupOrigin): Promise<TakenBackup>;
  /**
   * Starts a backup and returns at once (the request that asked for it does not wait for it); `settled`
   * hears how it ended. BackupRunningError if one is being written.
   */
  start(origin: BackupOrigin, settled?: BackupSettled): { startedAt: Date };
  status(): BackupStatus;
};

export function createBackupService(options: {
  dir: string;
  take: (origin: BackupOrigin) => Promise<TakenBackup>;
  now?: () => Date;
}): BackupService {
  const now = options.now ?? (() => new Date());
  let running: { startedAt: Date; origin: BackupOrigin; done: Promise<TakenBackup> } | null = null;
  let lastFailure: BackupStatus['lastFailure'] = null;

  // `settled` runs before the backup stops counting as running (it records it), so a list that shows it
  // done shows it recorded too.
  const begin = (origin: BackupOrigin, settled?: BackupSettled) => {
    if (running) throw new BackupRunningError();
    const startedAt = now();
    const done = (async () => {
      try {
        const taken = await options.take(origin).catch(async (error: unknown) => {
          lastFailure = { at: now(), message: error instanceof Error ? error.message : String(error) };
          await settled?.(error instanceof Error ? error : new Error(String(error)));
          throw error;
        });
        lastFailure = null;
        await settled?.(taken);
        return taken;
      } finally {
        running = null;
      }
    })();
    running = { startedAt, origin, done };
    return running;
  };

  return {
    dir: options.dir,
    run: (origin) => begin(origin).done,
    start(origin, settled) {
      const started = begin(origin, settled);
      // `settled` heard the failure; nobody else waits for it.
      started.done.catch(() => {});
      return { startedAt: started.startedAt };
    },
    status: () => ({
      running: running && { startedAt: running.startedAt, origin: running.origin },
      lastFailure,
    }),
  };
}

/** The backup service of a server on `database`, writing where `settings` say. */
export function createDatabaseBackups(
  database: Pick<Database, 'kind' | 'pglite'>,
  settings: Pick<BackupSettings, 'dir' | 'databaseUrl'>,
): BackupService {
  return createBackupService({ dir: settings.dir, take: (origin) => takeBackup(database, settings, origin) });
}

/**
 * Everything a server process does for backups: the daily backup (unless BACKUP_KEEP is 0) and, on the
 * embedded database, answering `npm run backup` while it holds the data directory. `service` is the one
 * the management area's endpoints use, so that all of them take turns.
 */
export async function startBackups(options: {
  database: Database;
  settings: BackupSettings;
  service: BackupService;
  holder: string;
  logger?: FastifyBaseLogger;
}): Promise<{ stop(): Promise<void> }> {
  const { database, settings, service, logger } = options;
  let control: { close(): Promise<void> } | undefined;
  if (database.kind === 'pglite') {
    try {
      control = await startBackupControl({
        dataDir: settings.dataDir,
        takeBackup: async () => {
          const taken = await service.run('manual');
          logger?.info({ path: taken.path, bytes: taken.bytes, ms: taken.ms }, 'backup written on request');
          return taken.path;
        },
      });
    } catch (error) {
      logger?.warn({ err: error }, 'npm run backup cannot reach this server; stop it to take a backup');
    }
  }
  const scheduler =
    settings.keep > 0
      ? startBackupScheduler({
          db: database.db,
          holder: options.holder,
          keep: settings.keep,
          dir: settings.dir,
          take: () => service.run('daily'),
          logger,
        })
      : undefined;
  return {
    async stop() {
      await scheduler?.stop();
      await control?.close();
    },
  };
}
