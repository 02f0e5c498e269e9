import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * The database's rules as they are today: roles, functions, grants, row-level security policies and
 * triggers, in the files of src/server/db/rules listed below, applied in this order. Each file states the
 * whole of its kind and can run again without effect, so a change to a rule edits its file, and no
 * migration restates it. A test requires the folder to hold exactly these files.
 */
export const RULES_FOLDER = fileURLToPath(new URL('./rules', import.meta.url));
export const RULES_FILES = ['00-roles.sql', '10-functions.sql', '20-tables.sql', '30-triggers.sql'];

/**
 * Raised by one with every change to the rules' files (a test compares RULES_DIGEST with the files, so a
 * change without it fails). With the last migration's index it orders the rules, so that an older build
 * started on the database (a rollback, an old server during a rolling deploy) leaves newer rules in place.
 */
export const RULES_REVISION = 24;
export const RULES_DIGEST = '16df135700180fa51491243ffcacfc83';

const JOURNAL = fileURLToPath(new URL('../../../drizzle/meta/_journal.json', import.meta.url));

/** `migration` is the last migration's index in drizzle's journal; `digest` that of the rules' text. */
export type RulesVersion = { migration: number; revision: number; digest: string };
export type DatabaseRules = { sql: string; version: RulesVersion };

/** The digest of the rules' text, as RULES_DIGEST must state it. */
function digestRulesText(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

/**
 * The rules' text and its version. The last migration is part of it because a migration that recreates a
 * table drops its grants, policies and triggers, so the rules run again after each new migration.
 */
export function readDatabaseRules(): DatabaseRules {
  const text = RULES_FILES.map(
    (name) => `-- ${name}\n${readFileSync(join(RULES_FOLDER, name), 'utf8')}`,
  ).join('\n');
  const journal = JSON.parse(readFileSync(JOURNAL, 'utf8')) as { entries: { idx: number }[] };
  const version: RulesVersion = {
    migration: journal.entries.at(-1)?.idx ?? -1,
    revision: RULES_REVISION,
    digest: digestRulesText(text),
  };
  return { sql: `${text}\n${recordRulesVersion(version)}`, version };
}

/** The version is kept in the database as a function of its own, written with the rules. */
export function recordRulesVersion(version: RulesVersion): string {
  const json = JSON.stringify(version).replaceAll("'", "''");
  return `
CREATE OR REPLACE FUNCTION public.database_rules_version() RETURNS text
  LANGUAGE sql IMMUTABLE
  AS $$ SELECT '${json}'::text $$;
REVOKE ALL ON FUNCTION public.database_rules_version() FROM PUBLIC;
`;
}

/** -1, 0 or 1 as `a` is older than, the same as, or newer than `b` (the digest does not order). */
export function compareRulesVersions(a: RulesVersion, b: RulesVersion): number {
  return Math.sign(a.migration - b.migration) || Math.sign(a.revision - b.revision);
}

/** The stored version; null when there is none or it was written before versions were ordered. */
function parseRulesVersion(text: string | null | undefined): RulesVersion | null {
  try {
    const value = JSON.parse(text ?? '') as Partial<RulesVersion> | null;
    return typeof value?.migration === 'number' &&
      typeof value.revision === 'number' &&
      typeof value.digest === 'string'
      ? { migration: value.migration, revision: value.revision, digest: value.digest }
      : null;
  } catch {
    return null;
  }
}

export type RulesConnection =
  { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; client: pg.ClientBase };

const HAS_VERSION = `select to_regprocedure('public.database_rules_version()') is not null as present`;
const READ_VERSION = `select public.database_rules_version() as version`;

/**
 * What applying found: `applied`; `current` (the database has this version); or `newer-in-database`, when
 * the database's rules are newer than this build's and were left in place.
 */
export type RulesOutcome = {
  result: 'applied' | 'current' | 'newer-in-database';
  database: RulesVersion | null;
  build: RulesVersion;
};

/** Whether to apply `build` over `stored`: when it is newer, or the same with other text (a file edited). */
function decide(stored: RulesVersion | null, build: RulesVersion): RulesOutcome['result'] {
  if (!stored) return 'applied';
  const order = compareRulesVersions(build, stored);
  if (order < 0) return 'newer-in-database';
  return order > 0 || build.digest !== stored.digest ? 'applied' : 'current';
}

/**
 * Applies the rules in one transaction, after the migrations: unless `force`, only when this build's version
 * is newer than the one the database has (every start would otherwise take every table's strongest lock
 * for a moment, which other servers' requests would wait on), and never over newer ones. On PostgreSQL
 * the caller holds the migration lock, so two servers never apply them at once. `rules` is for tests.
 */
export async function applyDatabaseRules(
  connection: RulesConnection,
  options: { force?: boolean; rules?: DatabaseRules } = {},
): Promise<RulesOutcome> {
  const rules = options.rules ?? readDatabaseRules();
  type Query = <T>(text: string) => Promise<T[]>;
  const run = async (query: Query, exec: (text: string) => Promise<unknown>): Promise<RulesOutcome> => {
    const [presence] = await query<{ present: boolean }>(HAS_VERSION);
    const stored = presence?.present
      ? parseRulesVersion((await query<{ version: string | null }>(READ_VERSION))[0]?.version)
      : null;
    const result = options.force ? 'applied' : decide(stored, rules.version);
    if (result === 'applied') await exec(rules.sql);
    return { result, database: stored, build: rules.version };
  };
  if (connection.kind === 'pglite') {
    return connection.pglite.transaction((tx) =>
      run(
        async <T>(text: string) => (await tx.query<T>(text)).rows,
        (text) => tx.exec(text),
      ),
    );
  }
  const { client } = connection;
  await client.query('begin');
  try {
    const outcome = await run(
      async <T>(text: string) => (await client.query(text)).rows as T[],
      (text) => client.query(text),
    );
    await client.query(outcome.result === 'applied' ? 'commit' : 'rollback');
    return outcome;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}
