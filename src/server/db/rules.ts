import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * The database's rules as they are today: roles, functions, grants, row-level security policies and
 * triggers, in src/server/db/rules/*.sql (applied in name order). Each file states the whole of its kind
 * and can run again without effect, so a change to a rule edits its file, and no migration restates it.
 */
export const RULES_FOLDER = fileURLToPath(new URL('./rules', import.meta.url));
const JOURNAL = fileURLToPath(new URL('../../../drizzle/meta/_journal.json', import.meta.url));

export type DatabaseRules = { sql: string; version: string };

/**
 * The rules' text and its version: a digest of the files and of the last migration, so that the rules
 * run again whenever either changed (a migration that recreates a table drops its grants, policies and
 * triggers).
 */
export function readDatabaseRules(): DatabaseRules {
  const files = readdirSync(RULES_FOLDER)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  const text = files
    .map((name) => `-- ${name}\n${readFileSync(join(RULES_FOLDER, name), 'utf8')}`)
    .join('\n');
  const journal = JSON.parse(readFileSync(JOURNAL, 'utf8')) as { entries: { tag: string }[] };
  const lastMigration = journal.entries.at(-1)?.tag ?? '';
  const version = createHash('sha256').update(text).update(`\n${lastMigration}`).digest('hex').slice(0, 32);
  // The version is kept in the database as a function of its own, written with the rules.
  const recordVersion = `
CREATE OR REPLACE FUNCTION database_rules_version() RETURNS text
  LANGUAGE sql IMMUTABLE
  AS $$ SELECT '${version}'::text $$;
REVOKE ALL ON FUNCTION database_rules_version() FROM PUBLIC;
`;
  return { sql: `${text}\n${recordVersion}`, version };
}

export type RulesConnection =
  { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; client: pg.ClientBase };

const READ_VERSION = `select case when to_regprocedure('public.database_rules_version()') is null then null
  else (select prosrc from pg_proc where oid = to_regprocedure('public.database_rules_version()')) end as source`;

/**
 * Applies the rules in one transaction, after the migrations: unless `force`, only when their version
 * differs from the one the database has (every start would otherwise take every table's strongest lock
 * for a moment, which other servers' requests would wait on). Returns whether they ran. On PostgreSQL the
 * caller holds the migration lock, so two servers never apply them at once.
 */
export async function applyDatabaseRules(
  connection: RulesConnection,
  options: { force?: boolean } = {},
): Promise<boolean> {
  const rules = readDatabaseRules();
  const isCurrent = (rows: { source: string | null }[]) =>
    !options.force && (rows[0]?.source ?? '').includes(`'${rules.version}'`);
  if (connection.kind === 'pglite') {
    return connection.pglite.transaction(async (tx) => {
      if (isCurrent((await tx.query<{ source: string | null }>(READ_VERSION)).rows)) return false;
      await tx.exec(rules.sql);
      return true;
    });
  }
  const { client } = connection;
  await client.query('begin');
  try {
    if (isCurrent((await client.query<{ source: string | null }>(READ_VERSION)).rows)) {
      await client.query('rollback');
      return false;
    }
    await client.query(rules.sql);
    await client.query('commit');
    return true;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}
