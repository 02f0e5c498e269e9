import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { PricingRulesSchema } from '../../domain/pricing';
import { upsertOperator } from '../auth/queries';
import { hashExportToken } from '../channels/queries';
import { openPglite, openPostgres, type Database, type Executor } from '../db/client';
import {
  channelBlocks,
  channelConflicts,
  channelConnections,
  channelExports,
  jobLeases,
  operatorSessions,
  pricingRules,
  properties,
} from '../db/schema';
import { seedDemoData } from '../db/seed';
import { createEmptyPostgresDatabase, createTestDatabase, type DatabaseKind } from './test-database';
import { TEST_PASSWORD_HASH_COST } from './test-config';

/**
 * Databases for backup tests, which need what the other API tests hide: PostgreSQL databases by URL (for
 * pg_dump and pg_restore) and embedded databases in a data directory (to restore into).
 */

export type BackupSubject = {
  kind: DatabaseKind;
  database: Database;
  /** Where backups go, and the URL pg_dump needs. */
  settings: { dir: string; databaseUrl?: string };
  /** Closes and removes the database: what a lost disk or a dropped database does. */
  destroy(): Promise<void>;
};

/** A migrated database of `kind` to back up, with a scratch folder for its backups. */
export async function createBackupSubject(kind: DatabaseKind): Promise<BackupSubject> {
  const dir = mkdtempSync(join(tmpdir(), 'villa-backups-'));
  if (kind === 'pglite') {
    const database = await createTestDatabase('pglite');
    return { kind, database, settings: { dir }, destroy: () => database.drop() };
  }
  const empty = await createEmptyPostgresDatabase('villa_backup');
  const database = await openPostgres(empty.url);
  await database.migrate();
  return {
    kind,
    database,
    settings: { dir, databaseUrl: empty.url },
    async destroy() {
      await database.close();
      await empty.drop();
    },
  };
}

/** An empty restore target of `kind`: a data directory, or a database. */
export async function createRestoreTarget(kind: DatabaseKind): Promise<{
  dataDir: string;
  databaseUrl?: string;
  open(): Promise<Database>;
  drop(): Promise<void>;
}> {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'villa-restore-')), 'data');
  if (kind === 'pglite') {
    return {
      dataDir,
      open: () => openPglite({ dataDir }),
      drop: async () => rmSync(join(dataDir, '..'), { recursive: true, force: true }),
    };
  }
  const empty = await createEmptyPostgresDatabase('villa_backup');
  return { dataDir, databaseUrl: empty.url, open: () => openPostgres(empty.url), drop: () => empty.drop() };
}

/** Sample data in every table this application had when backups were written (demo data and more). */
export async function fillTables(db: Executor): Promise<void> {
  const operator = await upsertOperator(db, {
    email: 'owner@example.com',
    password: 'a long enough password',
    hashCost: TEST_PASSWORD_HASH_COST,
  });
  await seedDemoData(db, { ownerId: operator.id, today: '2026-11-23' });
  await db.insert(operatorSessions).values({
    id: randomBytes(32).toString('hex'),
    operator_id: operator.id,
    expires_at: new Date('2026-12-01T00:00:00Z'),
  });
  const [property] = await db.select({ id: properties.id }).from(properties).limit(1);
  if (!property) throw new Error('The demo data has no property');
  await db
    .insert(pricingRules)
    .values({ property_id: property.id, rules: PricingRulesSchema.parse({}) })
    .onConflictDoNothing();
  await db
    .insert(channelExports)
    .values({ property_id: property.id, token: hashExportToken(randomBytes(24).toString('base64url')) });
  const [connection] = await db
    .insert(channelConnections)
    .values({
      property_id: property.id,
      channel: 'airbnb',
      name: 'Airbnb — "quotes", ünïcode & \\ backslashes',
      import_url: 'https://www.airbnb.example/calendar/ical/1.ics',
      export_token: hashExportToken(randomBytes(24).toString('base64url')),
      last_result: { imported: 3, note: 'json survives' },
    })
    .returning({ id: channelConnections.id });
  if (!connection) throw new Error('No connection was created');
  await db.insert(channelBlocks).values({
    connection_id: connection.id,
    property_id: property.id,
    channel: 'airbnb',
    uid: 'block-1@airbnb',
    start_date: '2027-01-10',
    end_date: '2027-01-12',
  });
  await db.insert(channelConflicts).values({
    connection_id: connection.id,
    property_id: property.id,
    kind: 'stay_overlaps',
    uid: 'stay-1@airbnb',
    item_kind: 'stay',
    check_in: '2027-02-01',
    check_out: '2027-02-04',
    booking_ids: [],
  });
  await db.insert(jobLeases).values({ key: 'test:lease', holder: 'someone', expires_at: sql`now()` });
}

/**
 * Every row of every table (public schema and the migration journal) as text, table by table, in a
 * stable order: two databases with equal snapshots hold the same data.
 */
export async function readAllRows(db: Executor): Promise<Record<string, string[]>> {
  // Both drivers answer `execute` with `{ rows }`.
  const query = async <T>(statement: SQL) => ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
  const tables = await query<{ schema: string; name: string }>(sql`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`);
  const snapshot: Record<string, string[]> = {};
  for (const table of tables) {
    const identifier = sql.raw(`"${table.schema}"."${table.name}"`);
    const rows = await query<{ row: string }>(
      sql`select to_jsonb(t)::text as row from ${identifier} t order by 1`,
    );
    snapshot[`${table.schema}.${table.name}`] = rows.map((row) => row.row);
  }
  return snapshot;
}
