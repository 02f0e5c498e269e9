/**
 * npm run restore <file>: restores a backup made by npm run backup (or the daily backup) into an empty
 * target: the data directory DATA_DIR when DATABASE_URL is unset, else the empty database DATABASE_URL.
 * A target that holds data, a running server on the data directory, or a bad file is refused, and then
 * nothing is changed.
 */
import { resolve } from 'node:path';
import { BackupToolError } from '../backups/external-tools';
import {
  describeRestoreError,
  restorePgliteBackup,
  restorePostgresBackup,
  RestoreRefusedError,
} from '../backups/restore';
import { EnvError, readConfigWith } from '../env';

const USAGE = 'Usage: npm run restore <backup file>';

async function main(): Promise<number> {
  const [file, ...rest] = process.argv.slice(2);
  if (!file || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const config = readConfigWith({ OPERATOR_EMAIL: undefined, OPERATOR_PASSWORD: undefined });
  const path = resolve(file);
  const startedAt = performance.now();
  const report = config.database.url
    ? await restorePostgresBackup(path, config.database.url)
    : await restorePgliteBackup(path, config.database.dataDir);
  const rows = report.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `Restored ${path} into ${report.target} in ${Math.round(performance.now() - startedAt)} ms: ${report.tables.length} tables, ${rows} rows.`,
  );
  for (const table of report.tables) console.log(`  ${table.table}: ${table.rows}`);
  console.log('Start the server as usual (npm start); migrations newer than the backup run then.');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (
      error instanceof RestoreRefusedError ||
      error instanceof EnvError ||
      error instanceof BackupToolError
    ) {
      console.error(`Nothing was restored. ${error.message}`);
    } else {
      // Whatever was thrown, in words (PGlite throws objects without a message).
      console.error(`Nothing was restored. ${describeRestoreError(error)}`);
      if (error instanceof Error && error.stack) console.error(error.stack);
    }
    process.exit(1);
  },
);
