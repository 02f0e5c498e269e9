import { chmodSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { writeFileAtomically } from './backup-files';
import { describeConnection, runTool } from './external-tools';

/**
 * A consistent snapshot of the embedded database, written to `path`. It runs inside this process, which
 * owns the data directory. PGlite runs one transaction (or lone statement) at a time: inside a transaction
 * of our own, no other is half done, and dumpDataDir holds the statement lock while it reads the files.
 * The checkpoint first writes every committed change into the data files, so a restored copy starts
 * without replaying the write-ahead log.
 */
export async function writePgliteBackup(pglite: PGlite, path: string): Promise<void> {
  const archive = await pglite.transaction(async (tx) => {
    await tx.exec('checkpoint');
    return pglite.dumpDataDir('gzip');
  });
  const bytes = Buffer.from(await archive.arrayBuffer());
  // Written asynchronously, after the transaction: the server's other requests go on meanwhile.
  await writeFileAtomically(path, (partial) => writeFile(partial, bytes, { mode: 0o600 }));
}

/**
 * `pg_dump` of the whole database in its custom format (compressed; pg_restore can check it and restore
 * it in one transaction). pg_dump reads everything in one snapshot, so the running servers may go on.
 */
export async function writePostgresBackup(databaseUrl: string, path: string): Promise<void> {
  const connection = describeConnection(databaseUrl);
  await writeFileAtomically(path, async (partial) => {
    await runTool(
      'pg_dump',
      ['--format=custom', '--no-password', `--file=${partial}`, `--dbname=${connection.dbname}`],
      connection.env,
    );
    // Guests' details and password hashes: readable by this user only.
    chmodSync(partial, 0o600);
  });
}
