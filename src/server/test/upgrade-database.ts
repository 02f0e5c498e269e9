import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER, PGLITE_EXTENSIONS, type Db } from '../db/client';
import * as schema from '../db/schema';
import { createEmptyPostgresDatabase, type DatabaseKind } from './test-database';

type Journal = { entries: { tag: string }[] };

/**
 * A database migrated up to (and including) the migration tagged `lastTag`, as a server of that version
 * left it: tests put data in the old shape, then `upgrade()` runs the migrations that came after.
 */
export async function openDatabaseBefore(
  kind: DatabaseKind,
  lastTag: string,
): Promise<{ db: Db; upgrade(): Promise<void>; close(): Promise<void> }> {
  const folder = mkdtempSync(join(tmpdir(), 'villa-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as Journal;
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`No migration tagged ${lastTag}`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
  const cleanUp = () => rmSync(folder, { recursive: true, force: true });

  if (kind === 'pglite') {
    const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const db = drizzlePglite(pglite, { schema });
    await migratePglite(db, { migrationsFolder: folder });
    return {
      db: db as unknown as Db,
      upgrade: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      async close() {
        await pglite.close();
        cleanUp();
      },
    };
  }
  const empty = await createEmptyPostgresDatabase('villa_upgrade');
  const pool = new pg.Pool({ connectionString: empty.url, max: 2 });
  const db = drizzlePg(pool, { schema });
  await migratePg(db, { migrationsFolder: folder });
  return {
    db: db as unknown as Db,
    upgrade: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    async close() {
      await pool.end();
      await empty.drop();
      cleanUp();
    },
  };
}
