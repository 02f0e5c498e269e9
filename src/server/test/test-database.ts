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
  const serverUrl = readTestEnv().databaseUrl;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `villa_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  await database.migrate();
  return {
    ...database,
    url: url.toString(),
    async drop() {
      await database.close();
      const cleaner = new pg.Client({ connectionString: serverUrl });
      await cleaner.connect();
      await cleaner.query(`drop database if exists ${name} with (force)`);
      await cleaner.end();
    },
  };
}
