import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER, openPglite, openPostgres, PGLITE_EXTENSIONS, type Database } from '../db/client';
import { readTestEnv } from './test-env';

export type DatabaseKind = 'pglite' | 'postgres';

/** The databases the API tests run on: always PGlite, and PostgreSQL when TEST_DATABASE_URL is set. */
export function listTestDatabaseKinds(): DatabaseKind[] {
  return readTestEnv().databaseUrl ? ['pglite', 'postgres'] : ['pglite'];
}

// PGlite's first start takes seconds; each worker migrates one in-memory database once and keeps its data
// directory as a tarball, which each test database starts from. (PGlite's clone() would dump the same data
// directory again for every database: about a fifth of its time.)
let template: Promise<File | Blob> | undefined;
function getPgliteTemplate(): Promise<File | Blob> {
  template ??= (async () => {
    const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    await (await openPglite({ pglite })).migrate();
    const dataDir = await pglite.dumpDataDir('none');
    await pglite.close();
    return dataDir;
  })();
  return template;
}

/** `url` is the PostgreSQL database's address, for a server process started on it; PGlite has none. */
export type TestDatabase = Database & { url?: string; drop(): Promise<void> };

/** A fresh, migrated, empty database of the given kind; `drop()` removes it. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const pglite = await PGlite.create({
      loadDataDir: await getPgliteTemplate(),
      extensions: PGLITE_EXTENSIONS,
    });
    const database = await openPglite({ pglite });
    return { ...database, drop: () => database.close() };
  }
  const template = await getPostgresTemplate();
  return openEmptyPostgresDatabase(await createEmptyPostgresDatabase('villa_test', undefined, template));
}

// Migrating a PostgreSQL database takes a second or more on a loaded machine, copying one a fraction of it:
// each worker migrates a template database once and copies it (CREATE DATABASE ... TEMPLATE) for each test.
// Its name holds the worker's pid, so that one left behind when the worker ends is dropped by a later run.
const TEMPLATE_PREFIX = 'villa_template';
let postgresTemplate: Promise<string> | undefined;
function getPostgresTemplate(): Promise<string> {
  postgresTemplate ??= (async () => {
    await dropAbandonedTemplates();
    const empty = await createEmptyPostgresDatabase(`${TEMPLATE_PREFIX}_${process.pid}`);
    const database = await openPostgres(empty.url);
    try {
      await database.migrate();
    } finally {
      // A database is copied only while no one is connected to it.
      await database.close();
    }
    return new URL(empty.url).pathname.slice(1);
  })();
  return postgresTemplate;
}

/** Drops the template databases of workers that are no longer running. */
async function dropAbandonedTemplates() {
  const admin = new pg.Client({ connectionString: readTestEnv().databaseUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like '${TEMPLATE_PREFIX}\\_%'`,
    );
    for (const { datname } of rows) {
      const pid = Number(new RegExp(`^${TEMPLATE_PREFIX}_(\\d+)_[0-9a-f]+$`).exec(datname)?.[1]);
      if (pid && !isProcessRunning(pid)) await admin.query(`drop database if exists ${datname} with (force)`);
    }
  } finally {
    await admin.end();
  }
}

function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Opens a database createEmptyPostgresDatabase made; `drop()` closes it, then removes it. */
async function openEmptyPostgresDatabase(empty: {
  url: string;
  drop(): Promise<void>;
}): Promise<TestDatabase> {
  const database = await openPostgres(empty.url);
  return {
    ...database,
    url: empty.url,
    async drop() {
      await database.close();
      await empty.drop();
    },
  };
}

/**
 * A fresh database as an older version of the site left it: migrated up to, not including, the migration
 * whose tag ends with `_${name}` (whatever number it is given). Its `migrate()` runs the rest, as the next
 * start would. For tests of a migration that rewrites data written before it.
 */
export async function createTestDatabaseBefore(kind: DatabaseKind, name: string): Promise<TestDatabase> {
  const folder = copyMigrationsBefore(name);
  try {
    if (kind === 'pglite') {
      const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
      await migratePglite(drizzlePglite(pglite), { migrationsFolder: folder });
      const database = await openPglite({ pglite });
      return { ...database, drop: () => database.close() };
    }
    const empty = await createEmptyPostgresDatabase();
    const client = new pg.Client({ connectionString: empty.url });
    await client.connect();
    try {
      await migratePg(drizzlePg(client), { migrationsFolder: folder });
    } finally {
      await client.end();
    }
    return await openEmptyPostgresDatabase(empty);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A copy of the migrations folder whose journal stops before the migration named `name`. */
function copyMigrationsBefore(name: string): string {
  type Journal = { entries: { tag: string }[] };
  const journal = JSON.parse(
    readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  const index = journal.entries.findIndex((entry) => entry.tag.endsWith(`_${name}`));
  if (index < 0) throw new Error(`No migration named ${name} in ${MIGRATIONS_FOLDER}`);
  const folder = mkdtempSync(join(tmpdir(), 'villa-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  writeFileSync(
    join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }),
  );
  return folder;
}

/**
 * A new PostgreSQL database on the server at `serverUrl` (the test server unless given), named from
 * `prefix`: empty, or a copy of the database named `template`; `drop()` removes it, closing what is still
 * connected.
 */
export async function createEmptyPostgresDatabase(
  prefix = 'villa_test',
  serverUrl = readTestEnv().databaseUrl,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleaner = new pg.Client({ connectionString: serverUrl });
      await cleaner.connect();
      await cleaner.query(`drop database if exists ${name} with (force)`);
      await cleaner.end();
    },
  };
}
