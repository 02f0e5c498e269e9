import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, listTestDatabaseKinds, type TestDatabase } from '../test/test-database';
import { readRulesCatalogue } from '../test/read-catalogue';
import type { Executor } from './client';
import {
  applyDatabaseRules,
  readDatabaseRules,
  recordRulesVersion,
  type DatabaseRules,
  type RulesOutcome,
} from './rules';
import { APP_ROLE, GUEST_ROLE } from './with-operator';

/** Tables the application roles may use without row-level security, and why. None today. */
const ROW_SECURITY_EXEMPT: Record<string, string> = {};

/** The business tables: every change to one is in the audit log. */
const AUDITED_TABLES = [
  'properties',
  'bookings',
  'property_calendar',
  'pricing_rules',
  'channel_connections',
  'channel_conflicts',
  'operators',
  'operator_sessions',
  'payments',
  'gateway_refunds',
  'payment_settings',
  'business_profiles',
  'business_contacts',
  'invoices',
  'message_templates',
];

/** Every other table, and why its changes are not audited. */
const NOT_AUDITED_TABLES: Record<string, string> = {
  audit_events: 'the audit log itself',
  channel_blocks: "a copy of a channel's closed nights, rewritten by every sync from the channel's calendar",
  channel_exports: "a property's export token (hashed); rotated_at says when it last changed",
  channel_export_retired_tokens:
    'replaced export tokens (hashed) until their grace ends; each rotation is the rotated_at of its address',
  channel_export_reads: "who read an export address last and when, rewritten by every channel's read",
  property_booking_counts: 'derived from bookings by triggers',
  outbox_messages: 'messages that audited changes cause; the Messages view lists each with its status',
  domain_events:
    'what audited changes did, written beside them for the messages to follow; no one edits them',
  request_links: "a guest request's page and deadlines; the booking's changes they cause are audited",
  request_tokens: "hashes of a guest request's links, written once (removed when the guest's e-mail changes)",
  sign_in_counters: 'bookkeeping of the sign-in rate limit',
  trusted_devices: 'kept by sign-in; the sessions they start are audited',
  job_leases: 'which server runs a background job',
  payment_links: 'Razorpay links handed to guests; the payments they bring are audited in the ledger',
  invoice_series: 'the last number of each series, raised by every audited invoice it numbers',
  scheduled_messages:
    "what became of a booking's scheduled message (skipped, or written: the Messages view lists each written one)",
  guest_check_ins:
    "guests' personal data, which the audit log must not outlive: each reading in full, Form C filing and deletion is an event of its own (record_guest_check_in_event)",
};

/**
 * The rules every table and function must follow, as broken by the catalogue: a table an application role
 * may use without row-level security, a table neither audited nor listed as not audited, an audited table
 * without its trigger, a function that runs as its owner without a fixed search_path or that anyone may call.
 */
async function findRuleViolations(db: Executor): Promise<string[]> {
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const violations: string[] = [];
  const tables = await rows<{ name: string; row_security: boolean; granted_to: string[] | null }>(sql`
    select c.relname as name, c.relrowsecurity as row_security,
      (select array_agg(r.rolname::text order by r.rolname) from pg_roles r
        where r.rolname in (${APP_ROLE}, ${GUEST_ROLE})
          and (has_table_privilege(r.oid, c.oid, 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
            or has_any_column_privilege(r.oid, c.oid, 'SELECT, INSERT, UPDATE, REFERENCES'))) as granted_to
    from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
    order by 1`);
  const audited = new Set(
    (
      await rows<{ name: string }>(sql`
        select c.relname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where c.relnamespace = 'public'::regnamespace and not t.tgisinternal and t.tgenabled <> 'D'
          and t.tgfoid = 'audit_row_change()'::regprocedure
          and t.tgtype & 1 = 1 and t.tgtype & (4 | 8 | 16) = (4 | 8 | 16)`)
    ).map((row) => row.name),
  );
  for (const table of tables) {
    if (table.granted_to && !table.row_security && !(table.name in ROW_SECURITY_EXEMPT)) {
      violations.push(`${table.name}: granted to ${table.granted_to.join(', ')} without row-level security`);
    }
    if (AUDITED_TABLES.includes(table.name)) {
      if (!audited.has(table.name)) violations.push(`${table.name}: no audit trigger for each row's changes`);
    } else if (!(table.name in NOT_AUDITED_TABLES)) {
      violations.push(`${table.name}: neither audited nor listed with the reason it is not`);
    }
  }
  const definers = await rows<{ name: string; settings: string[] | null; public_may_call: boolean }>(sql`
    select p.oid::regprocedure::text as name, p.proconfig as settings,
      has_function_privilege('public', p.oid, 'EXECUTE') as public_may_call
    from pg_proc p
    where p.pronamespace = 'public'::regnamespace and p.prosecdef
    order by 1`);
  for (const fn of definers) {
    if (!fn.settings?.some((setting) => setting.startsWith('search_path='))) {
      violations.push(`${fn.name}: runs as its owner without a fixed search_path`);
    }
    if (fn.public_may_call) violations.push(`${fn.name}: runs as its owner and anyone may call it`);
  }
  return violations;
}

class Rollback extends Error {}

/** Runs `work` in a transaction that is rolled back, so that a test may break the rules for a moment. */
async function inRolledBackTransaction<T>(database: TestDatabase, work: (tx: Executor) => Promise<T>) {
  let result: T | undefined;
  await database.db
    .transaction(async (tx) => {
      result = await work(tx);
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return result as T;
}

describe.each(listTestDatabaseKinds())('database rules as code [%s]', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  /** Applies the rules on the test database's own connection. */
  async function applyRules(options: { force?: boolean; rules?: DatabaseRules } = {}): Promise<RulesOutcome> {
    if (database.pglite) return applyDatabaseRules({ kind: 'pglite', pglite: database.pglite }, options);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return await applyDatabaseRules({ kind: 'postgres', client }, options);
    } finally {
      await client.end();
    }
  }

  it('keeps to the rules: row-level security, audit triggers, functions that run as their owner', async () => {
    expect(await findRuleViolations(database.db)).toEqual([]);
    // Every table is listed once: as audited or with the reason it is not.
    expect(AUDITED_TABLES.filter((name) => name in NOT_AUDITED_TABLES)).toEqual([]);
  });

  it('finds a table, trigger or function that breaks them', async () => {
    const violations = await inRolledBackTransaction(database, async (tx) => {
      await tx.execute(sql.raw(`create table stray_notes (id integer primary key, note text)`));
      await tx.execute(sql.raw(`grant select on stray_notes to ${APP_ROLE}`));
      await tx.execute(sql.raw(`create table stray_guest_notes (id integer primary key, note text)`));
      await tx.execute(sql.raw(`grant select (note) on stray_guest_notes to ${GUEST_ROLE}`));
      await tx.execute(sql.raw(`drop trigger channel_conflicts_audit on channel_conflicts`));
      await tx.execute(
        sql.raw(
          `create function stray_definer() returns integer language sql security definer as 'select 1'`,
        ),
      );
      return findRuleViolations(tx);
    });
    expect(violations).toEqual([
      "channel_conflicts: no audit trigger for each row's changes",
      `stray_guest_notes: granted to ${GUEST_ROLE} without row-level security`,
      'stray_guest_notes: neither audited nor listed with the reason it is not',
      `stray_notes: granted to ${APP_ROLE} without row-level security`,
      'stray_notes: neither audited nor listed with the reason it is not',
      'stray_definer(): runs as its owner without a fixed search_path',
      'stray_definer(): runs as its owner and anyone may call it',
    ]);
    expect(await findRuleViolations(database.db)).toEqual([]);
  });

  it('applies the rules once after the migrations, and again only when they change', async () => {
    expect((await applyRules()).result).toBe('current');
    // Kept as public.database_rules_version(), whatever the search_path.
    const { rows } = (await database.db.execute(
      sql`select public.database_rules_version() as version`,
    )) as unknown as { rows: { version: string }[] };
    expect(JSON.parse(rows[0]!.version)).toEqual(readDatabaseRules().version);
  });

  it('leaves newer rules in place when an older build starts on the database, and applies newer ones over older', async () => {
    const build = readDatabaseRules();
    const readVersion = async () =>
      (
        (await database.db.execute(sql`select public.database_rules_version() as version`)) as unknown as {
          rows: { version: string }[];
        }
      ).rows[0]!.version;
    const hasMarker = async () =>
      (
        (await database.db.execute(
          sql`select to_regprocedure('public.newer_rules_marker()') is not null as present`,
        )) as unknown as { rows: { present: boolean }[] }
      ).rows[0]!.present;
    // A newer build's rules: this build's with one more function, at the next revision.
    const newerVersion = { ...build.version, revision: build.version.revision + 1, digest: 'newer' };
    const newer: DatabaseRules = {
      version: newerVersion,
      sql: `${build.sql}
        create function public.newer_rules_marker() returns integer language sql as 'select 1';
        ${recordRulesVersion(newerVersion)}`,
    };
    try {
      expect((await applyRules({ rules: newer })).result).toBe('applied');
      const stored = await readVersion();
      // This (older) build starts: it says so, and neither its rules nor its version replace the newer ones.
      expect(await applyRules()).toEqual({
        result: 'newer-in-database',
        database: newerVersion,
        build: build.version,
      });
      expect(await readVersion()).toBe(stored);
      expect(await hasMarker()).toBe(true);
      // The same holds for a build at the newer revision but an older migration.
      const olderMigration = {
        ...build,
        version: { ...newerVersion, migration: newerVersion.migration - 1 },
      };
      expect((await applyRules({ rules: olderMigration })).result).toBe('newer-in-database');
    } finally {
      await database.db.execute(sql`drop function if exists public.newer_rules_marker()`);
      await applyRules({ force: true });
    }
    expect(JSON.parse(await readVersion())).toEqual(build.version);
  });

  it('applies over a version written before versions were ordered (a bare digest)', async () => {
    await database.db.execute(
      sql.raw(`create or replace function public.database_rules_version() returns text language sql immutable
        as $$ select '0123456789abcdef'::text $$`),
    );
    expect((await applyRules()).result).toBe('applied');
    expect((await applyRules()).result).toBe('current');
  });

  it('states the whole of what it governs: applying the rules again restores them and changes nothing else', async () => {
    const before = await readRulesCatalogue(database.db);
    expect((await applyRules({ force: true })).result).toBe('applied');
    expect(await readRulesCatalogue(database.db)).toEqual(before);

    // Rules changed by hand (a policy and a trigger dropped, others added, a function rewritten, a grant
    // widened) are put back as the files state them.
    for (const statement of [
      'drop policy bookings_owner on bookings',
      'drop trigger bookings_audit on bookings',
      `create policy stray_read on properties for select to ${GUEST_ROLE} using (true)`,
      `grant delete on bookings to ${APP_ROLE}`,
      `grant select (guest_email) on bookings to ${GUEST_ROLE}`,
      `grant execute on function remove_sample_bookings() to ${GUEST_ROLE}`,
      `create or replace function find_site_property(p_configured uuid)
         returns table (out_id uuid, out_is_active boolean) language sql stable security definer
         set search_path = public, pg_temp as $$ select p.id, true from properties p limit 1 $$`,
      `create trigger stray_audit after insert on channel_blocks
         for each row execute function audit_row_change('block', 'system', '', '')`,
    ]) {
      await database.db.execute(sql.raw(statement));
    }
    expect(await readRulesCatalogue(database.db)).not.toEqual(before);
    await applyRules({ force: true });
    expect(await readRulesCatalogue(database.db)).toEqual(before);
  });
});
