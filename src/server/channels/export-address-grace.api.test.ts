import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelList, ExportAddressReads } from '../../domain/channel';
import { channelExportReads } from '../db/schema';
import { createSignedInContext, type TestContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';
import { hashExportToken } from './queries';
import { EXPORT_NOT_FOUND } from './routes';

const PUBLIC_URL = 'https://villa.example.com';
const DAY = 86_400_000;
const AIRBNB = 'Airbnb Calendar Importer/1.0';
const BOOKING = 'Booking.com iCal sync (+https://www.booking.com)';
const GOOGLE = 'Google-Calendar-Importer';

describe.each(listTestDatabaseKinds())('a rotated export address and who reads it [%s]', (kind) => {
  let context: TestContext;
  let cookie: string;
  let propertyId: string;
  // The server's clock, moved by the tests: a replaced address's grace is judged by it.
  let now = new Date('2026-11-22T06:00:00Z');
  beforeAll(async () => {
    ({ context, cookie, propertyId } = await createSignedInContext(kind, {
      now: () => now,
      server: { publicUrl: PUBLIC_URL },
    }));
  });
  afterAll(async () => {
    await context?.close();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    context.app.inject({ method, url, payload, headers: { cookie } });
  const listChannels = async () => {
    const response = await call('GET', `/api/properties/${propertyId}/channels`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ChannelList;
  };
  const rotate = async (body: object = {}) => {
    const response = await call('POST', `/api/properties/${propertyId}/export-url`, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { export_url: string; previous_valid_until: string };
  };
  const read = (url: string, userAgent?: string) =>
    context.app.inject({
      method: 'GET',
      url: new URL(url).pathname,
      headers: userAgent ? { 'user-agent': userAgent } : {},
    });
  const readers = (reads: ExportAddressReads['reads']) => reads.map((item) => item.reader);

  it("keeps the property's old address answering for 7 days after a rotation, then refuses it", async () => {
    const first = (await listChannels()).export_url;
    expect((await read(first, AIRBNB)).statusCode).toBe(200);
    expect(readers((await listChannels()).export_reads.reads)).toEqual(['airbnb']);

    const rotatedAt = now;
    const rotated = await rotate();
    expect(rotated.export_url).not.toBe(first);
    expect(rotated.previous_valid_until).toBe(new Date(rotatedAt.getTime() + 7 * DAY).toISOString());

    now = new Date(rotatedAt.getTime() + 60_000);
    expect((await read(first, BOOKING)).statusCode).toBe(200);
    expect((await read(rotated.export_url, GOOGLE)).statusCode).toBe(200);
    const during = await listChannels();
    expect(during.export_grace_days).toBe(7);
    // The new address has been read by Google only; the old one, since it was replaced, by Booking.com
    // (Airbnb's read was before the rotation: it may have the new address already).
    expect(readers(during.export_reads.reads)).toEqual(['google']);
    expect(during.export_reads.previous).toEqual([
      {
        retired_at: rotatedAt.toISOString(),
        expires_at: rotated.previous_valid_until,
        reads: [{ reader: 'booking_com', user_agent: BOOKING, last_read_at: now.toISOString() }],
      },
    ]);

    now = new Date(rotatedAt.getTime() + 7 * DAY - 60_000);
    expect((await read(first, BOOKING)).statusCode).toBe(200);
    now = new Date(rotatedAt.getTime() + 7 * DAY);
    const refused = await read(first, BOOKING);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: { message: EXPORT_NOT_FOUND } });
    expect((await read(rotated.export_url, GOOGLE)).statusCode).toBe(200);
    expect((await listChannels()).export_reads.previous).toEqual([]);
  });

  it("does the same for a connection's own address, and records each reader's last visit", async () => {
    const created = await call('POST', `/api/properties/${propertyId}/channels`, {
      channel: 'vrbo',
      import_url: 'https://www.vrbo.com/icalendar/abc.ics',
    });
    expect(created.statusCode, created.body).toBe(201);
    const connection = created.json() as { id: string; export_url: string };
    const vrbo = `HomeAway-Vrbo-iCal-Fetcher/2.1 ${'x'.repeat(400)}`;
    expect((await read(connection.export_url, vrbo)).statusCode).toBe(200);
    expect((await read(connection.export_url)).statusCode).toBe(200);

    const rotatedAt = now;
    const rotated = await rotate({ channel_id: connection.id });
    now = new Date(rotatedAt.getTime() + 3 * DAY);
    expect((await read(connection.export_url, vrbo)).statusCode).toBe(200);
    const shown = (await listChannels()).connections.find((item) => item.id === connection.id)!;
    // Still noted for the sync's echo check (by the database's clock, as the stays it is compared with).
    expect(shown.exported_at).not.toBeNull();
    expect(shown.export_reads.reads).toEqual([]);
    expect(shown.export_reads.previous).toMatchObject([
      {
        expires_at: rotated.previous_valid_until,
        reads: [{ reader: 'vrbo', last_read_at: now.toISOString() }],
      },
    ]);
    // One row per address and reader, its user agent cut to 300 characters; a request without one is 'other'.
    const stored = await context.database.db
      .select()
      .from(channelExportReads)
      .where(eq(channelExportReads.connection_id, connection.id));
    const oldHash = hashExportToken(new URL(connection.export_url).pathname.slice(6, -4));
    expect(stored.map((row) => [row.token === oldHash, row.reader]).sort()).toEqual([
      [true, 'other'],
      [true, 'vrbo'],
    ]);
    expect(stored.find((row) => row.reader === 'vrbo')!.user_agent).toHaveLength(300);

    now = new Date(rotatedAt.getTime() + 8 * DAY);
    expect((await read(connection.export_url, vrbo)).statusCode).toBe(404);
    expect((await read(rotated.export_url, vrbo)).statusCode).toBe(200);
    const later = (await listChannels()).connections.find((item) => item.id === connection.id)!;
    expect(later.export_reads).toMatchObject({ reads: [{ reader: 'vrbo' }], previous: [] });
  });

  it('forgets replaced addresses once their grace is over, at the next rotation', async () => {
    const before = await rotate();
    now = new Date(now.getTime() + 10 * DAY);
    await rotate();
    const rows = await context.database.db.execute(
      // Read as the owner: only the address replaced now is kept, the one expired is gone.
      sql`select expires_at from channel_export_retired_tokens
        where property_id = ${propertyId} and connection_id is null`,
    );
    const kept = (rows as unknown as { rows: { expires_at: unknown }[] }).rows;
    expect(kept).toHaveLength(1);
    expect((await read(before.export_url)).statusCode).toBe(200);
  });
});
