import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { DataDirInUseError, lockDataDir, PGLITE_EXTENSIONS } from '../db/client';
import { detectBackupFormat, type BackupFormat } from './backup-files';
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
 * Restores an embedded-database backup into `dataDir`, which must hold no database and must not be in
 * use. The backup is unpacked and opened in a staging folder first and moved into place only once it
 * opened as one of our databases, so a bad file leaves the data directory as it was.
 */
export async function restorePgliteBackup(path: string, dataDir: string): Promise<RestoreReport> {
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
    let tables: TableCount[];
    try {
      const pglite = await PGlite.create(staging, {
        extensions: PGLITE_EXTENSIONS,
        loadDataDir: new Blob([readFileSync(path)]),
      });
      try {
        // A database of this application has our migration journal; anything else is refused.
        await pglite.query('select count(*) from drizzle.__drizzle_migrations');
        tables = await countTables((text) => pglite.query(text));
      } finally {
        await pglite.close();
      }
    } catch (error) {
      throw new RestoreRefusedError(
        `${path} could not be restored: it is damaged or not a backup of this application's embedded database (${(error as Error).message}).`,
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
      `${path} is damaged or not a pg_dump backup (${(error as Error).message}).`,
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
      throw new RestoreRefusedError(`The restore failed and was undone: ${(error as Error).message}`);
    }
    return {
      target: client.database ?? databaseUrl,
      tables: await countTables((text) => client.query(text)),
    };
  } finally {
    await client.end();
  }
}
