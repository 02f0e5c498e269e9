import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPglite, openPostgres, PGLITE_EXTENSIONS, type Database } from '../db/client';
import { readTestEnv } from '../env';

export type DatabaseKind = 'pglite' | 'postgres';

/** The databases the API tests run on: always PGlite, and PostgreSQL when TEST_DATABASE_URL is set. */
export function listTestDatabaseKinds(): DatabaseKind[] {
  return readTestEnv().databaseUrl ? ['pglite', 'postgres'] : ['pglite'];
}

// PGlite's first start takes seconds; each worker migrates one in-memory template once and clones it.
let template: Promise<PGlite> | undefined;
function getPgliteTemplate(): Promise<PGlite> {
  template ??= (async () => {
    const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    await (await openPglite({ pglite })).migrate();
    return pglite;
  })();
  return template;
}

/** `url` is the PostgreSQL database's address, for a server process started on it; PGlite has none. */
export type TestDatabase = Database & { url?: string; drop(): Promise<void> };

/** A fresh, migrated, empty database of the given kind; `drop()` removes it. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const pglite = (await (await getPgliteTemplate()).clone()) as PGlite;
    const database = await openPglite({ pglite });
    return { ...database, drop: () => database.close() };
  }
  const empty = await createEmptyPostgresDatabase();
  const database = await openPostgres(empty.url);
  await database.migrate();
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
 * A new, empty PostgreSQL database on the server at `serverUrl` (the test server unless given), named
 * from `prefix`; `drop()` removes it, closing what is still connected.
 */
export async function createEmptyPostgresDatabase(
  prefix = 'villa_test',
  serverUrl = readTestEnv().databaseUrl,
): Promise<{ url: string; drop(): Promise<void> }> {
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
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
