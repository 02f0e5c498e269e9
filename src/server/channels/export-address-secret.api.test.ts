import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { upsertOperator } from '../auth/queries';
import { channelConnections, channelExportRetiredTokens, channelExports } from '../db/schema';
import {
  createSignedInContext,
  insertOlderTestProperty,
  uniqueEmail,
  type TestContext,
} from '../test/test-app';
import { createTestConfig } from '../test/test-config';
import { createTestDatabaseBefore, listTestDatabaseKinds } from '../test/test-database';
import { hashExportToken } from './queries';
import { TEST_PASSWORD_HASH_COST } from '../test/test-config';

const PUBLIC_URL = 'https://villa.example.com';
const MASKED_URL = `${PUBLIC_URL}/ical/••••••.ics`;
const FULL_URL = /^https:\/\/villa\.example\.com\/ical\/([A-Za-z0-9_-]{32})\.ics$/;

/** The token a full export URL carries. */
function readToken(url: string): string {
  const token = FULL_URL.exec(url)?.[1];
  if (!token) throw new Error(`Not a full export URL: ${url}`);
  return token;
}

describe.each(listTestDatabaseKinds())('the secret of a calendar export URL [%s]', (kind) => {
  let context: TestContext;
  let cookie: string;
  let propertyId: string;
  beforeAll(async () => {
    ({ context, cookie, propertyId } = await createSignedInContext(kind, {
      server: { publicUrl: PUBLIC_URL },
    }));
  });
  afterAll(async () => {
    await context?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    context.app.inject({ method, url, payload, headers: { cookie } });
  const listChannels = async () => {
    const response = await call('GET', `/api/properties/${propertyId}/channels`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      export_url: string;
      export_url_masked: boolean;
      connections: { id: string; export_url: string; export_url_masked: boolean }[];
    };
  };
  const fetchCalendar = (url: string) => context.app.inject({ method: 'GET', url: new URL(url).pathname });

  it("shows the property's address in full only in the answer that made it, and keeps only its hash", async () => {
    const first = await listChannels();
    expect(first).toMatchObject({ export_url: expect.stringMatching(FULL_URL), export_url_masked: false });
    const token = readToken(first.export_url);
    const [stored] = await context.database.db
      .select({ token: channelExports.token })
      .from(channelExports)
      .where(eq(channelExports.property_id, propertyId));
    expect(stored!.token).toBe(hashExportToken(token));

    const later = await listChannels();
    expect(later).toMatchObject({ export_url: MASKED_URL, export_url_masked: true });
    expect((await fetchCalendar(first.export_url)).statusCode).toBe(200);
    expect((await fetchCalendar(MASKED_URL.replace('••••••', encodeURIComponent('••••••')))).statusCode).toBe(
      404,
    );

    const rotated = await call('POST', `/api/properties/${propertyId}/export-url`, {});
    expect(rotated.statusCode).toBe(200);
    const rotatedUrl = rotated.json().export_url as string;
    expect(rotatedUrl).toMatch(FULL_URL);
    expect((await listChannels()).export_url).toBe(MASKED_URL);
    expect((await fetchCalendar(rotatedUrl)).statusCode).toBe(200);
    // The replaced address answers through its grace (export-address-grace.api.test.ts), by its hash.
    expect((await fetchCalendar(first.export_url)).statusCode).toBe(200);
    const [retired] = await context.database.db
      .select({ token: channelExportRetiredTokens.token })
      .from(channelExportRetiredTokens)
      .where(eq(channelExportRetiredTokens.property_id, propertyId));
    expect(retired!.token).toBe(hashExportToken(token));
  });

  it("shows a connection's address in full when it is connected or rotated, and masked everywhere else", async () => {
    const created = await call('POST', `/api/properties/${propertyId}/channels`, {
      channel: 'airbnb',
      import_url: 'https://www.airbnb.com/calendar/ical/1.ics?s=abc',
    });
    expect(created.statusCode, created.body).toBe(201);
    const connection = created.json() as { id: string; export_url: string; export_url_masked: boolean };
    expect(connection.export_url_masked).toBe(false);
    const token = readToken(connection.export_url);
    const [stored] = await context.database.db
      .select({ export_token: channelConnections.export_token })
      .from(channelConnections)
      .where(eq(channelConnections.id, connection.id));
    expect(stored!.export_token).toBe(hashExportToken(token));
    expect((await fetchCalendar(connection.export_url)).statusCode).toBe(200);

    const answers = [
      (await listChannels()).connections.find((item) => item.id === connection.id),
      (await call('PATCH', `/api/channels/${connection.id}`, { name: 'Whole villa' })).json(),
    ];
    for (const answer of answers)
      expect(answer).toMatchObject({ export_url: MASKED_URL, export_url_masked: true });

    const rotated = await call('POST', `/api/properties/${propertyId}/export-url`, {
      channel_id: connection.id,
    });
    expect(rotated.json()).toMatchObject({
      channel_id: connection.id,
      export_url: expect.stringMatching(FULL_URL),
    });
    expect((await fetchCalendar(rotated.json().export_url)).statusCode).toBe(200);
    expect((await fetchCalendar(connection.export_url)).statusCode).toBe(200);
  });

  it('refuses to store an export token in clear, in the database itself', async () => {
    await expect(
      context.database.db
        .update(channelExports)
        .set({ token: randomBytes(24).toString('base64url') })
        .where(eq(channelExports.property_id, propertyId)),
    ).rejects.toThrow();
  });
});

describe.each(listTestDatabaseKinds())('export URLs made before their secrets were hashed [%s]', (kind) => {
  it('keep answering after the upgrade, which keeps only their hashes', async () => {
    const database = await createTestDatabaseBefore(kind, 'hide_secrets');
    const app = await buildApp(createTestConfig(), { database });
    try {
      const owner = await upsertOperator(database.db, {
        email: uniqueEmail(),
        password: 'long enough 1',
        hashCost: TEST_PASSWORD_HASH_COST,
      });
      const propertyId = await insertOlderTestProperty(database, owner.id);
      // Made the old way: the token itself in the row.
      const propertyToken = randomBytes(24).toString('base64url');
      const connectionToken = randomBytes(24).toString('base64url');
      // Written in SQL, as that version's columns: the schema in code has columns added later.
      await database.db.execute(
        sql`insert into channel_exports (property_id, token) values (${propertyId}, ${propertyToken})`,
      );
      const [connection] = rowsOf<{ id: string }>(
        await database.db.execute(
          sql`insert into channel_connections (property_id, channel, import_url, export_token)
              values (${propertyId}, 'vrbo', 'https://www.vrbo.com/icalendar/abc.ics', ${connectionToken}) returning id`,
        ),
      );
      await app.ready();
      const fetchToken = (token: string) => app.inject({ method: 'GET', url: `/ical/${token}.ics` });
      // A server migrates before it serves: the addresses are asked for once the upgrade has run (today's
      // lookup also records who read them, in a table that version did not have).
      await database.migrate();

      expect((await fetchToken(propertyToken)).statusCode).toBe(200);
      expect((await fetchToken(connectionToken)).statusCode).toBe(200);
      const [exported] = await database.db.select().from(channelExports);
      const [connected] = await database.db
        .select()
        .from(channelConnections)
        .where(eq(channelConnections.id, connection!.id));
      expect(exported!.token).toBe(hashExportToken(propertyToken));
      expect(connected!.export_token).toBe(hashExportToken(connectionToken));
      // The connection's export was read: noted as before, by the lookup that found it by its hash.
      expect(connected!.exported_at).not.toBeNull();
    } finally {
      await app.close();
      await database.drop();
    }
  });
});

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}
