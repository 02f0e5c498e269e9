/**
 * npm run backup: writes a restorable backup of the whole database into the backup folder (BACKUP_DIR,
 * else DATA_DIR/backups) and prints the file's path as its last line, for scripts:
 *   cp "$(npm run --silent backup | tail -n 1)" /mnt/offsite/
 * On the embedded database a running server takes the snapshot (it alone may open the data directory);
 * with no server running, this command opens the database itself. On PostgreSQL it runs pg_dump.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { formatBytes } from '../backups/backup-files';
import { readBackupSettings, takeBackup, type TakenBackup } from '../backups/backups';
import { ControlSocketError, requestBackupFromServer } from '../backups/control-socket';
import { BackupToolError } from '../backups/external-tools';
import { DataDirInUseError, findDataDirHolder, openPglite } from '../db/client';
import { EnvError, readConfigWith } from '../env';
import { runCommand } from './run-command';

async function backUpEmbedded(
  settings: ReturnType<typeof readBackupSettings>,
): Promise<TakenBackup & { how: string }> {
  const holder = findDataDirHolder(settings.dataDir);
  if (holder) {
    const startedAt = performance.now();
    const path = await requestBackupFromServer(settings.dataDir);
    const ms = Math.round(performance.now() - startedAt);
    return { path, bytes: statSync(path).size, ms, how: `taken by the running server, pid ${holder}` };
  }
  if (!existsSync(join(settings.dataDir, 'pglite', 'PG_VERSION'))) {
    throw new EnvError(`There is no database in ${settings.dataDir} to back up (is DATA_DIR right?).`);
  }
  const database = await openPglite({ dataDir: settings.dataDir });
  try {
    return { ...(await takeBackup(database, settings, 'manual')), how: 'no server was running' };
  } finally {
    await database.close();
  }
}

async function main(): Promise<number> {
  const config = readConfigWith({ OPERATOR_EMAIL: undefined, OPERATOR_PASSWORD: undefined });
  const settings = readBackupSettings(config);
  const taken = config.database.url
    ? { ...(await takeBackup({ kind: 'postgres' }, settings, 'manual')), how: 'pg_dump' }
    : await backUpEmbedded(settings);
  const what = config.database.url
    ? 'the PostgreSQL database'
    : `the embedded database in ${settings.dataDir}`;
  console.log(`Backed up ${what} (${taken.how}): ${formatBytes(taken.bytes)} in ${taken.ms} ms.`);
  console.log('Restore it with: npm run restore <file>   (into an empty data directory or database)');
  console.log(taken.path);
  return 0;
}

runCommand(main, {
  errors: [EnvError, DataDirInUseError, ControlSocketError, BackupToolError],
  lead: 'The backup failed. ',
});
