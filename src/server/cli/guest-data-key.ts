/**
 * The key of guests' ID, passport and visa numbers, from the command line:
 *   npm run guest-data-key -- status      the keys given, and which key ids the stored numbers name
 *   npm run guest-data-key -- reencrypt   every number under the current key (GUEST_DATA_KEY or the key
 *                                         file), read with it and GUEST_DATA_KEYS_OLD; then the old keys
 *                                         can be dropped
 * On the embedded database, stop the server first (one process at a time opens the data directory).
 */
import { findGivenGuestDataKeys, GuestDataKeyError, readGuestDataKeys } from '../check-in/guest-data-key';
import { listStoredKeyIds } from '../check-in/queries';
import { reencryptGuestData } from '../check-in/reencrypt-guest-data';
import { DataDirInUseError, openDatabase } from '../db/client';
import { EnvError, readConfigWith } from '../env';
import { runCommand } from './run-command';

const USAGE = 'Usage: npm run guest-data-key -- status | reencrypt';

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  if (!command || !['status', 'reencrypt'].includes(command) || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const config = readConfigWith({ OPERATOR_EMAIL: undefined, OPERATOR_PASSWORD: undefined });
  const settings = config.guestData;
  const database = await openDatabase({ databaseUrl: config.database.url, dataDir: config.database.dataDir });
  try {
    await database.migrate();
    const stored = await listStoredKeyIds(database.db);
    if (command === 'status') {
      const given = findGivenGuestDataKeys(settings);
      console.log(
        given.current
          ? `Current key: ${given.current.id} (from ${given.source})`
          : `Current key: none (GUEST_DATA_KEY is unset and there is no key file ${settings.keyFile})`,
      );
      for (const key of given.old) console.log(`Old key:     ${key.id} (GUEST_DATA_KEYS_OLD)`);
      if (stored.length === 0) console.log('The database holds no guest numbers.');
      for (const { id, values } of stored) {
        const state =
          id === given.current?.id
            ? 'current key'
            : given.old.some((key) => key.id === id)
              ? 'old key: run reencrypt'
              : 'MISSING: give this key (GUEST_DATA_KEY or GUEST_DATA_KEYS_OLD)';
        console.log(`Numbers under ${id}: ${values} (${state})`);
      }
      return 0;
    }
    const keys = readGuestDataKeys(settings, stored);
    const startedAt = performance.now();
    const report = await reencryptGuestData(database.db, keys);
    const ms = Math.round(performance.now() - startedAt);
    console.log(
      `Re-encrypted ${report.values} numbers of ${report.guests} guests under key ${report.keyId} in ${ms} ms.`,
    );
    if (report.unreadable > 0) {
      console.log(
        `${report.unreadable} numbers read with none of the keys (altered or damaged) and were left as they are.`,
      );
      return 1;
    }
    console.log(
      'Every number is under the current key: GUEST_DATA_KEYS_OLD can be removed (keep a copy of the old keys until the backups made before now are gone).',
    );
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(main, { errors: [EnvError, DataDirInUseError, GuestDataKeyError] });
