import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  insertTestBooking,
  insertTestCalendarDay,
  insertTestProperty,
  type TestContext,
} from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';
import { startFeedServer, type FeedServer } from './test/feed-server';
import { airbnbUid, writeAirbnbFeed } from './test/fixtures';

type ReadEvent = { uid: string; summary: string; start: string; end: string; isDate: boolean; stamp: string };

/** Reads an export back with an independent parser. */
function readCalendar(text: string): ReadEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      isDate: event.startDate.isDate && event.endDate.isDate,
      stamp: String(component.getFirstPropertyValue('dtstamp')),
    };
  });
}

describe.each(listTestDatabaseKinds())('exporting a property calendar [%s]', (kind) => {
  let context: TestContext;
  let feeds: FeedServer;
  let operator: Awaited<ReturnType<TestContext['createSignedInOperator']>>;
  let propertyId: string;
  let channel: { id: string; export_url: string };
  let propertyUrl: string;
  const now = new Date('2026-11-22T06:30:00Z');

  beforeAll(async () => {
    feeds = await startFeedServer();
    context = await createTestContext(kind, {
      now: () => now,
      channels: { allowPrivateUrls: true, syncMinutes: 15, staleHours: 6 },
      server: { publicUrl: 'https://villa.example.com' },
    });
    operator = await context.createSignedInOperator();
    propertyId = (await insertTestProperty(context.database, operator.id, { name: 'Export Villa' })).id;
    await insertTestBooking(context.database, propertyId, {
      check_in: '2026-12-01',
      check_out: '2026-12-04',
      status: 'confirmed',
      guest_name: 'Secret Guest',
      guest_email: 'secret.guest@example.com',
      guest_phone: '+91 98765 43210',
      special_requests: 'Late arrival',
    });
    await insertTestBooking(context.database, propertyId, {
      check_in: '2026-12-06',
      check_out: '2026-12-08',
      status: 'pending',
    });
    await insertTestBooking(context.database, propertyId, {
      check_in: '2026-12-09',
      check_out: '2026-12-10',
      status: 'cancelled',
    });
    // Long past: not exported.
    await insertTestBooking(context.database, propertyId, {
      check_in: '2026-09-01',
      check_out: '2026-09-03',
      status: 'confirmed',
    });
    await insertTestCalendarDay(context.database, propertyId, { date: '2026-12-15', is_available: false });
    await insertTestCalendarDay(context.database, propertyId, { date: '2026-12-16', is_available: false });
    await insertTestCalendarDay(context.database, propertyId, { date: '2026-12-17', price: 900 });
    feeds.set('/airbnb.ics', {
      kind: 'calendar',
      body: writeAirbnbFeed({
        reservations: [
          { uid: airbnbUid('x1'), check_in: '2026-12-20', check_out: '2026-12-23', code: 'HMEXPT0001' },
        ],
        // Touches the operator's closed days: one 'Not available' range in the whole export.
        blocks: [{ uid: airbnbUid('x2'), start: '2026-12-17', end: '2026-12-19' }],
      }),
    });
    channel = (
      await context.app.inject({
        method: 'POST',
        url: `/api/properties/${propertyId}/channels`,
        payload: { channel: 'airbnb', import_url: feeds.url('/airbnb.ics') },
        headers: { cookie: operator.cookie },
      })
    ).json();
    await context.app.inject({
      method: 'POST',
      url: `/api/channels/${channel.id}/sync`,
      headers: { cookie: operator.cookie },
    });
    propertyUrl = (
      await context.app.inject({
        method: 'GET',
        url: `/api/properties/${propertyId}/channels`,
        headers: { cookie: operator.cookie },
      })
    ).json().export_url;
  });
  afterAll(async () => {
    await context?.close();
    await feeds?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    context.app.inject({ method: 'GET', url: new URL(url).pathname, headers });

  it("gives the site's own address, whatever Host the request names", async () => {
    const rotated = await context.app.inject({
      method: 'POST',
      url: `/api/properties/${propertyId}/export-url`,
      payload: { channel_id: channel.id },
      headers: { cookie: operator.cookie, host: 'evil.example' },
    });
    expect(rotated.statusCode).toBe(200);
    channel = { ...channel, export_url: rotated.json().export_url };
    expect(new URL(channel.export_url).host).toBe('villa.example.com');
    // Made earlier, the addresses are masked now, on the same host.
    const listed = await context.app.inject({
      method: 'GET',
      url: `/api/properties/${propertyId}/channels`,
      headers: { cookie: operator.cookie, host: 'evil.example' },
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().export_url).toBe('https://villa.example.com/ical/••••••.ics');
    expect(
      listed.json().connections.map((connection: { export_url: string }) => connection.export_url),
    ).toEqual(['https://villa.example.com/ical/••••••.ics']);
  });

  it('serves every held stay and closed range as all-day events, with no guest data', async () => {
    expect(propertyUrl).toMatch(/^https:\/\/villa\.example\.com\/ical\/[A-Za-z0-9_-]{32}\.ics$/);
    const response = await get(propertyUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(response.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(response.body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const secret of [
      'Secret Guest',
      'secret.guest',
      '98765',
      'Late arrival',
      'HMEXPT0001',
      'Airbnb guest',
    ]) {
      expect(response.body).not.toContain(secret);
    }
    const events = readCalendar(response.body);
    expect(events.map((event) => [event.summary, event.start, event.end])).toEqual([
      ['Reserved', '2026-12-01', '2026-12-04'],
      ['Reserved', '2026-12-06', '2026-12-08'],
      ['Not available', '2026-12-15', '2026-12-19'],
      ['Reserved', '2026-12-20', '2026-12-23'],
    ]);
    expect(events.every((event) => event.isDate && /Z$/.test(event.stamp))).toBe(true);
    expect(new Set(events.map((event) => event.uid)).size).toBe(4);
  });

  it('answers the same bytes and a 304 while nothing changes', async () => {
    const first = await get(propertyUrl);
    const second = await get(propertyUrl);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    const conditional = await get(propertyUrl, { 'if-none-match': String(first.headers.etag) });
    expect(conditional.statusCode).toBe(304);
    expect(conditional.body).toBe('');
  });

  it('leaves out of a connection’s own export what came from that connection, and notes when it was read', async () => {
    const response = await get(channel.export_url);
    expect(response.statusCode).toBe(200);
    expect(readCalendar(response.body).map((event) => [event.summary, event.start, event.end])).toEqual([
      ['Reserved', '2026-12-01', '2026-12-04'],
      ['Reserved', '2026-12-06', '2026-12-08'],
      ['Not available', '2026-12-15', '2026-12-17'],
    ]);
    const listed = (
      await context.app.inject({
        method: 'GET',
        url: `/api/properties/${propertyId}/channels`,
        headers: { cookie: operator.cookie },
      })
    ).json();
    expect(listed.connections[0].exported_at).not.toBeNull();
  });

  it('answers an unknown calendar address 404 in the API error shape, as every other refusal', async () => {
    for (const url of [
      '/ical/not-a-real-token-at-all-0000.ics',
      '/ical/short.ics',
      '/ical/%20',
      '/ical/0',
      '/ical/a/b.ics',
    ]) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.json(), url).toEqual({
        error: {
          message:
            'This calendar address is not valid: it may have been replaced. Copy the current one from the management area.',
        },
      });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
    // Longer than the router takes in one path segment (found by the OpenAPI fuzz): too long, as any address.
    const tooLong = await context.app.inject({ method: 'GET', url: `/ical/${'a'.repeat(250)}.ics` });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({ error: { message: 'The address is too long' } });
  });

  it('answers 404 for an unknown token; a rotated one still answers in its grace', async () => {
    expect(
      (await context.app.inject({ method: 'GET', url: '/ical/not-a-real-token-at-all-0000.ics' })).statusCode,
    ).toBe(404);
    expect((await context.app.inject({ method: 'GET', url: '/ical/short.ics' })).statusCode).toBe(404);
    const rotate = (body?: object) =>
      context.app.inject({
        method: 'POST',
        url: `/api/properties/${propertyId}/export-url`,
        payload: body ?? {},
        headers: { cookie: operator.cookie },
      });
    const rotated = await rotate();
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().export_url).not.toBe(propertyUrl);
    // Until it expires (export-address-grace.api.test.ts).
    expect((await get(propertyUrl)).statusCode).toBe(200);
    expect((await get(rotated.json().export_url)).statusCode).toBe(200);
    const rotatedChannel = await rotate({ channel_id: channel.id });
    expect(rotatedChannel.json().channel_id).toBe(channel.id);
    expect((await get(channel.export_url)).statusCode).toBe(200);
    expect((await get(rotatedChannel.json().export_url)).statusCode).toBe(200);
    const stranger = await context.createSignedInOperator();
    const refused = await context.app.inject({
      method: 'POST',
      url: `/api/properties/${propertyId}/export-url`,
      payload: {},
      headers: { cookie: stranger.cookie },
    });
    expect(refused.statusCode).toBe(404);
  });

  it('changes its ETag when what it shows changes, and only then', async () => {
    const url = (
      await context.app.inject({
        method: 'POST',
        url: `/api/properties/${propertyId}/export-url`,
        payload: {},
        headers: { cookie: operator.cookie },
      })
    ).json().export_url as string;
    const before = await get(url);
    await insertTestCalendarDay(context.database, propertyId, { date: '2027-01-10', is_available: false });
    const closed = await get(url);
    expect(closed.headers.etag).not.toBe(before.headers.etag);
    expect((await get(url, { 'if-none-match': String(before.headers.etag) })).statusCode).toBe(200);

    const rename = (name: string) =>
      context.app.inject({
        method: 'PATCH',
        url: `/api/properties/${propertyId}`,
        payload: { name },
        headers: { cookie: operator.cookie },
      });
    expect((await rename('Export Villa Renamed')).statusCode).toBe(200);
    const renamed = await get(url);
    expect(renamed.headers.etag).not.toBe(closed.headers.etag);
    expect(renamed.body).toContain('Export Villa Renamed');
    // Back to the same rows and name: the same text, so the same ETag, and a 304 for it.
    expect((await rename('Export Villa')).statusCode).toBe(200);
    const again = await get(url, { 'if-none-match': String(closed.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect((await get(url)).body).toBe(closed.body);
  });

  it('is described in the OpenAPI document with the channel operations', async () => {
    const document = (await context.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operations = Object.values(
      document.paths as Record<string, Record<string, { operationId?: string }>>,
    ).flatMap((path) => Object.values(path).map((operation) => operation.operationId));
    for (const id of [
      'listChannels',
      'createChannel',
      'updateChannel',
      'deleteChannel',
      'syncChannel',
      'rotateExportUrl',
      'listSyncConflicts',
      'resolveSyncConflict',
    ]) {
      expect(operations).toContain(id);
    }
  });
});
