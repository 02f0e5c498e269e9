import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statfsSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { extract } from 'tar-stream';
import { DataDirInUseError, lockDataDir, PGLITE_EXTENSIONS } from '../db/client';
import { detectBackupFormat, formatBytes, type BackupFormat } from './backup-files';
import { BackupToolError, describeConnection, runTool } from './external-tools';

/** A restore that was not attempted (or was undone): nothing in the target changed. */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

export type TableCount = { table: string; rows: number };
export type RestoreReport = { target: string; tables: TableCount[] };

const FORMAT_NAMES: Record<BackupFormat, string> = {
  pglite: 'a backup of the embedded database (restore it with DATABASE_URL unset)',
  postgres: 'a PostgreSQL backup (restore it with DATABASE_URL set to an empty database)',
};

/** Refuses a path that is not a backup file of the expected format, in words the operator can act on. */
export function checkBackupFile(path: string, expected: BackupFormat): void {
  if (!existsSync(path)) throw new RestoreRefusedError(`There is no file ${path}.`);
  if (!statSync(path).isFile()) throw new RestoreRefusedError(`${path} is not a file.`);
  const format = detectBackupFormat(path);
  if (!format) throw new RestoreRefusedError(`${path} is not a backup made by npm run backup.`);
  if (format !== expected) throw new RestoreRefusedError(`${path} is ${FORMAT_NAMES[format]}.`);
}

/** Every table of the public schema with its number of rows (what a restore reports). */
async function countTables(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<TableCount[]> {
  const tables = (await query(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  )) as { rows: { name: string }[] };
  const counts: TableCount[] = [];
  for (const { name } of tables.rows) {
    const result = (await query(
      `select count(*)::int as rows from public."${name.replace(/"/g, '""')}"`,
    )) as {
      rows: { rows: number }[];
    };
    counts.push({ table: name, rows: result.rows[0]?.rows ?? 0 });
  }
  return counts;
}

/**
 * The most an embedded-database backup expands to. This product makes one by building its whole tar in a
 * single typed array in memory (PGlite's dumpDataDir), and Node.js 20 holds at most 4 GiB in one, so
 * none of its backups is larger; an archive that expands further was made to fill the disk.
 */
export const MAX_BACKUP_EXPANDED_BYTES = 4 * 1024 ** 3;
/**
 * The largest file of a backup: PostgreSQL keeps a table in files of at most its segment size (1 GB, as
 * PGlite is built) and the write-ahead log in 16 MB ones, so a larger file is not part of a database.
 */
export const MAX_BACKUP_FILE_BYTES = 1024 ** 3;
/** Files and folders of a backup: a database of this application holds a few thousand. */
export const MAX_BACKUP_ENTRIES = 100_000;
/** Room left on the disk after unpacking, for the database to start on it (its write-ahead log). */
export const RESTORE_DISK_HEADROOM_BYTES = 256 * 1024 ** 2;

export type RestoreLimits = {
  /** At most this many bytes once decompressed (the tar as a whole). */
  maxExpandedBytes: number;
  /** Why that limit, for the refusal: "larger than any backup …" or "more than the free space …". */
  limitReason: string;
  maxEntries: number;
};

function readFreeBytes(dir: string): number {
  const disk = statfsSync(dir);
  return Number(disk.bavail) * Number(disk.bsize);
}

/**
 * The limits of a restore into `dataDir`: what a backup of this product can hold, or the space free on
 * the disk (less room for the database to start), whichever is smaller.
 */
export function describeRestoreLimits(dataDir: string, free = readFreeBytes(dataDir)): RestoreLimits {
  const room = Math.max(0, free - RESTORE_DISK_HEADROOM_BYTES);
  if (room < MAX_BACKUP_EXPANDED_BYTES) {
    return {
      maxExpandedBytes: room,
      limitReason: `more than the ${formatBytes(free)} free on the disk of ${dataDir}, less ${formatBytes(RESTORE_DISK_HEADROOM_BYTES)} for the database to start. Free some space, or restore into a data directory on another disk`,
      maxEntries: MAX_BACKUP_ENTRIES,
    };
  }
  return {
    maxExpandedBytes: MAX_BACKUP_EXPANDED_BYTES,
    limitReason: `larger than any backup this product makes: it is damaged or not a backup of this application`,
    maxEntries: MAX_BACKUP_ENTRIES,
  };
}

/**
 * A name of the archive as a path inside `into`, or undefined for the folder itself. PGlite writes names
 * from the folder's root ("/base/1/112"); a name that climbs out of it ("../x") is refused.
 */
function resolveEntryPath(archive: string, name: string, into: string): string | undefined {
  const parts = name.split('/').filter((part) => part !== '' && part !== '.');
  if (name.includes('\0') || parts.includes('..')) {
    throw new RestoreRefusedError(
      `${archive} holds "${name}", which is not a path inside a database folder.`,
    );
  }
  return parts.length === 0 ? undefined : join(into, ...parts);
}

/**
 * Unpacks an embedded-database backup (tar.gz) into `into`, streaming: never more than a chunk in memory,
 * and stopped as soon as the decompressed bytes pass the limit (counted as they come, whatever the tar
 * headers claim), or a file or the number of entries does. Only files and folders are written (what
 * PGlite's backups hold), each for the owner only.
 */
export async function unpackPgliteArchive(path: string, into: string, limits: RestoreLimits): Promise<void> {
  const tooLarge = () =>
    new RestoreRefusedError(
      `${path} expands to more than ${formatBytes(limits.maxExpandedBytes)}, ${limits.limitReason}.`,
    );
  let expanded = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      expanded += chunk.length;
      if (expanded > limits.maxExpandedBytes) callback(tooLarge());
      else callback(null, chunk);
    },
  });
  const entries = extract();
  // Larger chunks than zlib's 16 KB inflate several times faster; memory stays a few chunks.
  const feeding = pipeline(createReadStream(path), createGunzip({ chunkSize: 256 * 1024 }), count, entries);
  // Its failure is read below; until then it must not count as unhandled.
  feeding.catch(() => {});
  try {
    let entryCount = 0;
    for await (const entry of entries) {
      const { header } = entry;
      entryCount += 1;
      if (entryCount > limits.maxEntries) {
        throw new RestoreRefusedError(
          `${path} holds more than ${limits.maxEntries.toLocaleString('en-US')} files, more than any backup this product makes.`,
        );
      }
      const target = resolveEntryPath(path, header.name, into);
      // A file larger than any file of a database, or than the whole limit, is refused from its header,
      // before a byte of it is unpacked.
      if (header.size > MAX_BACKUP_FILE_BYTES) {
        throw new RestoreRefusedError(
          `${path} holds a file of ${formatBytes(header.size)} ("${header.name}"), larger than any file of a database (at most ${formatBytes(MAX_BACKUP_FILE_BYTES)} each): it is damaged or not a backup of this application.`,
        );
      }
      if (header.size > limits.maxExpandedBytes) throw tooLarge();
      if (header.type === 'directory') {
        if (target) mkdirSync(target, { recursive: true, mode: 0o700 });
        entry.resume();
      } else if (header.type === 'file' && target) {
        mkdirSync(join(target, '..'), { recursive: true, mode: 0o700 });
        await pipeline(entry, createWriteStream(target, { mode: 0o600 }));
      } else {
        throw new RestoreRefusedError(
          `${path} holds "${header.name}" (${header.type}), which no backup of this application holds.`,
        );
      }
    }
    await feeding;
  } catch (error) {
    entries.destroy();
    // The counting stream's refusal comes first: the reader only sees the stream it ended.
    const fed = await feeding.then(
      () => undefined,
      (failure: unknown) => failure,
    );
    for (const failure of [error, fed]) if (failure instanceof RestoreRefusedError) throw failure;
    throw new RestoreRefusedError(
      `${path} could not be unpacked: it is damaged or not a backup of this application's embedded database (${describeRestoreError(fed ?? error)}).`,
    );
  }
}

/**
 * Restores an embedded-database backup into `dataDir`, which must hold no database and must not be in
 * use. The backup is unpacked (streaming, within `limits`) and opened in a staging folder first and moved
 * into place only once it opened as one of our databases, so a bad file leaves the data directory as it
 * was.
 */
export async function restorePgliteBackup(
  path: string,
  dataDir: string,
  options: { limits?: RestoreLimits } = {},
): Promise<RestoreReport> {
  checkBackupFile(path, 'pglite');
  const target = join(dataDir, 'pglite');
  if (existsSync(target) && readdirSync(target).length > 0) {
    throw new RestoreRefusedError(
      `${dataDir} already holds a database (${target}). Restore into an empty data directory, or move that folder away first.`,
    );
  }
  const created = !existsSync(dataDir);
  mkdirSync(dataDir, { recursive: true });
  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirInUseError) throw new RestoreRefusedError(error.message);
    throw error;
  }
  const staging = mkdtempSync(join(dataDir, '.restoring-'));
  try {
    await unpackPgliteArchive(path, staging, options.limits ?? describeRestoreLimits(dataDir));
    if (!existsSync(join(staging, 'PG_VERSION'))) {
      throw new RestoreRefusedError(
        `${path} is not a backup of this application's embedded database (it holds no database folder).`,
      );
    }
    let tables: TableCount[];
    try {
      const pglite = await PGlite.create(staging, { extensions: PGLITE_EXTENSIONS });
      try {
        // A database of this application has our migration journal; anything else is refused.
        await pglite.query('select count(*) from drizzle.__drizzle_migrations');
        tables = await countTables((text) => pglite.query(text));
      } finally {
        await pglite.close();
      }
    } catch (error) {
      throw new RestoreRefusedError(
        `${path} could not be restored: it is damaged or not a backup of this application's embedded database (${describeRestoreError(error)}).`,
      );
    }
    rmSync(target, { recursive: true, force: true });
    renameSync(staging, target);
    return { target, tables };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    release();
    if (created && readdirSync(dataDir).length === 0) rmSync(dataDir, { recursive: true, force: true });
  }
}

// Errors of the database's file layer (Emscripten) carry only a number; these are the ones a restore meets.
const FILE_SYSTEM_ERRORS: Record<number, string> = {
  2: 'permission denied',
  22: 'a file too large',
  29: 'an input/output error',
  44: 'a file missing',
  48: 'out of memory',
  51: 'no space left on the disk',
};

/**
 * Words for any failure, for the operator: an Error's message, a file-layer error number, or the thrown
 * value itself; never "undefined" (PGlite throws objects without a message).
 */
export function describeRestoreError(error: unknown): string {
  if (error instanceof Error && error.message.trim()) return error.message.trim();
  if (typeof error === 'object' && error !== null) {
    const { errno, message, name } = error as { errno?: unknown; message?: unknown; name?: unknown };
    if (typeof message === 'string' && message.trim()) return message.trim();
    if (typeof errno === 'number')
      return `${FILE_SYSTEM_ERRORS[errno] ?? 'a file system error'} (errno ${errno})`;
    if (typeof name === 'string' && name) return name;
  }
  if (typeof error === 'string' && error.trim()) return error.trim();
  return `an unexpected failure (${Object.prototype.toString.call(error)})`;
}

const EMPTY_DATABASE_CHECK = `
  select
    (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%') as relations,
    (select count(*)::int from pg_namespace n
      where n.nspname not in ('public', 'pg_catalog', 'information_schema')
        and n.nspname not like 'pg\\_%') as schemas`;

/** The roles a dump grants rights to or writes policies for; they live outside the database. */
function listGrantedRoles(schemaSql: string): string[] {
  const roles = new Set<string>();
  for (const line of schemaSql.split('\n')) {
    if (!/^(GRANT|CREATE POLICY)\b/.test(line)) continue;
    for (const match of line.matchAll(/\bTO ("?)([A-Za-z_][A-Za-z0-9_$]*)\1/g)) {
      const role = match[2];
      if (role && role.toLowerCase() !== 'public') roles.add(role);
    }
  }
  return [...roles];
}

/**
 * Restores a pg_dump backup into `databaseUrl`, which must be an empty database. pg_restore runs as one
 * transaction and stops at the first error, so a restore that fails midway changes nothing either.
 * Ownership is not restored: the restoring user owns everything, as the migrations would have made it.
 */
export async function restorePostgresBackup(path: string, databaseUrl: string): Promise<RestoreReport> {
  checkBackupFile(path, 'postgres');
  try {
    await runTool('pg_restore', ['--list', path]);
  } catch (error) {
    if (error instanceof BackupToolError && !/failed/.test(error.message)) throw error;
    throw new RestoreRefusedError(
      `${path} is damaged or not a pg_dump backup (${describeRestoreError(error)}).`,
    );
  }
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const check = await client.query<{ relations: number; schemas: number }>(EMPTY_DATABASE_CHECK);
    const found = check.rows[0];
    if (!found || found.relations > 0 || found.schemas > 0) {
      throw new RestoreRefusedError(
        `The database ${client.database ?? ''} is not empty (${found?.relations ?? '?'} tables, sequences or indexes). Restore into a new, empty database (createdb …).`,
      );
    }
    // Roles belong to the server, not the database: create the ones the backup refers to, as the
    // migrations do, so that its grants and row-level security policies can be restored.
    const schemaSql = await runTool('pg_restore', ['--schema-only', '--no-owner', '--file=-', path]);
    for (const role of listGrantedRoles(schemaSql)) {
      const exists = await client.query('select 1 from pg_roles where rolname = $1', [role]);
      if (exists.rowCount === 0) await client.query(`create role "${role}" nologin`);
      await client.query(`grant "${role}" to current_user`).catch(() => {});
    }
    const connection = describeConnection(databaseUrl);
    try {
      await runTool(
        'pg_restore',
        [
          '--no-owner',
          '--no-comments',
          '--single-transaction',
          '--exit-on-error',
          '--no-password',
          `--dbname=${connection.dbname}`,
          path,
        ],
        connection.env,
      );
    } catch (error) {
      throw new RestoreRefusedError(`The restore failed and was undone: ${describeRestoreError(error)}`);
    }
    return {
      target: client.database ?? databaseUrl,
      tables: await countTables((text) => client.query(text)),
    };
  } finally {
    await client.end();
  }
}
