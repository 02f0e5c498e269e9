import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertOperator } from '../auth/queries';
import { findPgError } from '../db/errors';
import { channelBlocks, channelConnections, channelExports } from '../db/schema';
import { withGuest, withOperator } from '../db/with-operator';
import { insertTestProperty } from '../test/test-app';
import { createTestDatabase, listTestDatabaseKinds, type TestDatabase } from '../test/test-database';
import { resolveExportToken } from './export-queries';
import { hashExportToken } from './queries';
import { TEST_PASSWORD_HASH_COST } from '../test/test-config';

/** Drizzle wraps the driver's error; the refusal is PostgreSQL's insufficient_privilege (42501). */
async function expectDenied(work: Promise<unknown>) {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(findPgError(error)?.code).toBe('42501');
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

describe.each(listTestDatabaseKinds())('database rules of the channel tables [%s]', (kind) => {
  let database: TestDatabase;
  let ownerId: string;
  let strangerId: string;
  let propertyId: string;
  const exportToken = randomBytes(24).toString('base64url');
  const connectionToken = randomBytes(24).toString('base64url');

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ownerId = (
      await upsertOperator(database.db, {
        email: `owner-${Date.now()}@example.com`,
        password: 'long-enough-1',
        hashCost: TEST_PASSWORD_HASH_COST,
      })
    ).id;
    strangerId = (
      await upsertOperator(database.db, {
        email: `stranger-${Date.now()}@example.com`,
        password: 'long-enough-1',
        hashCost: TEST_PASSWORD_HASH_COST,
      })
    ).id;
    propertyId = (await insertTestProperty(database, ownerId)).id;
    await database.db
      .insert(channelExports)
      .values({ property_id: propertyId, token: hashExportToken(exportToken) });
    const [connection] = await database.db
      .insert(channelConnections)
      .values({
        property_id: propertyId,
        channel: 'airbnb',
        import_url: 'https://www.airbnb.com/calendar/ical/1.ics',
        export_token: hashExportToken(connectionToken),
      })
      .returning();
    await database.db.insert(channelBlocks).values({
      connection_id: connection!.id,
      property_id: propertyId,
      channel: 'airbnb',
      uid: 'block@airbnb.com',
      start_date: '2026-12-01',
      end_date: '2026-12-03',
      summary: 'Airbnb (Not available)',
    });
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('shows an operator only the connections, blocks and exports of their own properties', async () => {
    const mine = await withOperator(database.db, ownerId, (tx) => tx.select().from(channelConnections));
    const theirs = await withOperator(database.db, strangerId, async (tx) => [
      ...(await tx.select().from(channelConnections)),
      ...(await tx.select().from(channelBlocks)),
      ...(await tx.select().from(channelExports)),
    ]);
    expect(mine).toHaveLength(1);
    expect(theirs).toEqual([]);
    await expect(
      withOperator(database.db, strangerId, (tx) =>
        tx.insert(channelConnections).values({
          property_id: propertyId,
          channel: 'other',
          import_url: 'https://example.com/a.ics',
          export_token: hashExportToken('x'.repeat(32)),
        }),
      ),
    ).rejects.toThrow();
  });

  it('lets the public role read closed nights but no token, URL or summary', async () => {
    const nights = await withGuest(database.db, (tx) =>
      tx.execute(sql`select property_id, channel, start_date, end_date from channel_blocks`),
    );
    expect(rowsOf(nights)).toHaveLength(1);
    for (const query of [
      sql`select export_token from channel_connections`,
      sql`select import_url from channel_connections`,
      sql`select token from channel_exports`,
      sql`select summary from channel_blocks`,
      sql`select guest_name from bookings`,
    ]) {
      await expectDenied(withGuest(database.db, (tx) => tx.execute(query)));
    }
  });

  it('resolves an export token for the public role only through the lookup function', async () => {
    expect(
      await withGuest(database.db, (tx) =>
        resolveExportToken(tx, { token: exportToken, reader: 'other', userAgent: null }),
      ),
    ).toEqual({
      propertyId,
      connectionId: null,
    });
    const byConnection = await withGuest(database.db, (tx) =>
      resolveExportToken(tx, { token: connectionToken, reader: 'other', userAgent: null }),
    );
    expect(byConnection?.propertyId).toBe(propertyId);
    expect(byConnection?.connectionId).toEqual(expect.any(String));
    expect(
      await withGuest(database.db, (tx) =>
        resolveExportToken(tx, { token: 'no-such-token', reader: 'other', userAgent: null }),
      ),
    ).toBeUndefined();
    // The operator's role has no business calling it.
    await expectDenied(
      withOperator(database.db, ownerId, (tx) =>
        resolveExportToken(tx, { token: exportToken, reader: 'other', userAgent: null }),
      ),
    );
  });
});
