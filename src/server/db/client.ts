import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { watchTransactions } from './outside-calls';
import { applyDatabaseRules, type RulesOutcome } from './rules';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything that runs queries: the database or a transaction. */
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded database's engine (backups snapshot it in this process); unset on PostgreSQL. */
  pglite?: PGlite;
  /**
   * Runs the migrations not run yet, then the database rules (src/server/db/rules) when this build's are
   * newer than the database's; says what became of the rules.
   */
  migrate(): Promise<RulesOutcome>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle', import.meta.url));

// An arbitrary constant: the key of the advisory lock that keeps two servers from migrating at once.
const MIGRATION_LOCK_KEY = 727_001;

/**
 * The embedded database: PGlite with the extensions the migrations use (btree_gist for the no-overlap
 * rule, pg_trgm for searching guests), kept in `dataDir` (or in memory when omitted).
 */
export const PGLITE_EXTENSIONS = { btree_gist, pg_trgm };

export async function openPglite(options: { dataDir?: string; pglite?: PGlite } = {}): Promise<Database> {
  let client = options.pglite;
  let releaseLock = () => {};
  if (!client) {
    if (options.dataDir) {
      // Owner only, as PostgreSQL insists for its own data directory: it holds password hashes and guests'
      // details (an existing directory is narrowed too; the backups are made owner-only likewise).
      mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
      try {
        chmodSync(options.dataDir, 0o700);
      } catch {
        // A directory someone else owns (shared deliberately): left as it is.
      }
      releaseLock = lockDataDir(options.dataDir);
    }
    client = await PGlite.create(options.dataDir ? join(options.dataDir, 'pglite') : undefined, {
      extensions: PGLITE_EXTENSIONS,
    });
  }
  const pglite = client;
  const db = drizzlePglite(pglite, { schema });
  return {
    db: watchTransactions(db as unknown as Db),
    kind: 'pglite',
    pglite,
    async migrate() {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
      const rules = await applyDatabaseRules({ kind: 'pglite', pglite });
      // PGlite runs no autovacuum: without fresh statistics the planner cannot tell a selective index
      // from a scan, and without a vacuum a count cannot be read from an index alone. Doing both at
      // every start keeps them current enough. Only our own tables: the system catalogs do not grow
      // with the business, and vacuuming them too took twice as long, on every restart.
      const { rows } = await pglite.query<{ name: string }>(
        `select format('%I.%I', schemaname, relname) as name from pg_stat_user_tables`,
      );
      if (rows.length > 0) await pglite.query(`vacuum (analyze) ${rows.map((row) => row.name).join(', ')}`);
      return rules;
    },
    async ping() {
      if (pglite.closed) throw new Error('The embedded database is closed');
      await pglite.query('select 1');
    },
    async close() {
      if (!pglite.closed) await pglite.close();
      releaseLock();
    },
  };
}

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

/**
 * PGlite is single-user: two processes on one data directory would corrupt it. A lock file holds the
 * owner's pid; a lock left by a process that no longer runs (killed, say) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, 'server.lock');
  let holder: number | undefined;
  try {
    holder = Number(readFileSync(path, 'utf8').trim()) || undefined;
  } catch {
    holder = undefined;
  }
  if (holder && holder !== process.pid && isRunning(holder)) {
    throw new DataDirInUseError(
      `The data directory ${dataDir} is in use by another process (pid ${holder}). Stop it first, or use another DATA_DIR.`,
    );
  }
  writeFileSync(path, String(process.pid));
  return () => rmSync(path, { force: true });
}

/** The pid of the live process holding the data directory, if any. */
export function findDataDirHolder(dataDir: string): number | undefined {
  let holder: number | undefined;
  try {
    holder = Number(readFileSync(join(dataDir, 'server.lock'), 'utf8').trim()) || undefined;
  } catch {
    return undefined;
  }
  return holder && holder !== process.pid && isRunning(holder) ? holder : undefined;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A PostgreSQL server reached through `databaseUrl`. */
export async function openPostgres(databaseUrl: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema });
  let closed = false;
  return {
    db: watchTransactions(db as unknown as Db),
    kind: 'postgres',
    async migrate() {
      const connection = await pool.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migratePg(drizzlePg(connection, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
          return await applyDatabaseRules({ kind: 'postgres', client: connection });
        } finally {
          await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        connection.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite({ dataDir: options.dataDir });
}

/** The rows of a raw `db.execute`, which PGlite answers as `{ rows }` and postgres.js as the array itself. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}
