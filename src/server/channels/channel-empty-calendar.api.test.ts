import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChannelTestContext, listPropertyBookings, syncChannel } from '../test/channel-test-context';
import { insertTestProperty, type SignedInOperator, type TestContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';
import type { FeedServer } from './test/feed-server';
import { airbnbUid, writeAirbnbFeed, writeBookingComFeed } from './test/fixtures';

const MINUTE = 60_000;

// Booking.com answers 200 with an empty body once no night of a listing is closed: a public test of a
// rental tool records the change (github.com/ricard33/tiloc, core/tests/test_sync.py at 2e5a91b7,
// test_empty_string_answer: "Change on 26/06/2023: Booking returns empty string if calendar is empty").
describe.each(listTestDatabaseKinds())('a channel that answers an empty calendar [%s]', (kind) => {
  let context: TestContext;
  let feeds: FeedServer;
  let operator: SignedInOperator;
  // 10:32 at the villa on 22 November 2026; each step sets the clock, nothing sleeps.
  const start = new Date('2026-11-22T05:02:00Z');
  let clock = start;
  const at = (minutes: number) => (clock = new Date(start.getTime() + minutes * MINUTE));

  beforeAll(async () => {
    ({ context, feeds, operator } = await createChannelTestContext(kind, { now: () => clock }));
  });
  afterAll(async () => {
    await context?.close();
    await feeds?.close();
  });

  const request = (method: 'GET' | 'POST', url: string, payload?: object, cookie = operator.cookie) =>
    context.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
  const sync = (channelId: string) => syncChannel(context, operator.cookie, channelId);
  const unavailable = async (from: string, to: string) =>
    (await request('GET', `/api/availability?from=${from}&to=${to}`, undefined, '')).json()
      .unavailable as string[];
  async function connect(propertyId: string, channel: string, path: string) {
    const response = await request('POST', `/api/properties/${propertyId}/channels`, {
      channel,
      import_url: feeds.url(path),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string };
  }
  const closedRanges = [
    { uid: '1733900000001@booking.com', start: '2026-12-01', end: '2026-12-03' },
    { uid: '1733900000002@booking.com', start: '2026-12-18', end: '2026-12-19' },
  ];
  const closedNights = ['2026-12-01', '2026-12-02', '2026-12-18'];

  it('keeps the nights closed on the first empty answer, says so, and reopens them when it is still empty 10 minutes later', async () => {
    at(0);
    const property = await insertTestProperty(context.database, operator.id, { name: 'The Villa' });
    const exported = (await request('GET', `/api/properties/${property.id}/channels`)).json();
    const exportPath = new URL(exported.export_url as string).pathname;
    const exportedEvents = async () =>
      ((await request('GET', exportPath, undefined, '')).body.match(/BEGIN:VEVENT/g) ?? []).length;

    feeds.set('/booking/villa.ics', { kind: 'calendar', body: writeBookingComFeed(closedRanges) });
    const channel = await connect(property.id, 'booking_com', '/booking/villa.ics');
    expect((await sync(channel.id)).counts.blocked).toBe(2);
    expect(await unavailable('2026-12-01', '2026-12-31')).toEqual(closedNights);
    expect(await exportedEvents()).toBe(2);

    // The last closed night is opened on Booking.com: its calendar is now 0 bytes.
    feeds.set('/booking/villa.ics', { kind: 'calendar', body: '' });
    const first = await sync(channel.id);
    expect(first.outcome).toBe('synced');
    expect(first.error).toBeNull();
    expect(first.counts).toMatchObject({ reopened: 0, blocked: 0 });
    expect(first.connection).toMatchObject({
      last_error: null,
      last_error_code: null,
      blocks_count: 2,
      needs_attention: true,
      empty_calendar_since: start.toISOString(),
      empty_calendar_reopens_at: new Date(start.getTime() + 10 * MINUTE).toISOString(),
      // The next scheduled sync comes when the empty calendar can be confirmed, not 15 minutes on.
      next_sync_at: new Date(start.getTime() + 10 * MINUTE).toISOString(),
    });
    expect(await unavailable('2026-12-01', '2026-12-31')).toEqual(closedNights);
    expect(await exportedEvents()).toBe(2);

    // Still empty, but sooner than 10 minutes after the first empty answer: nothing reopens yet.
    at(9);
    const second = await sync(channel.id);
    expect(second.counts.reopened).toBe(0);
    expect(second.connection).toMatchObject({
      blocks_count: 2,
      empty_calendar_since: start.toISOString(),
    });
    expect(await unavailable('2026-12-01', '2026-12-31')).toEqual(closedNights);

    at(10);
    const confirmed = await sync(channel.id);
    expect(confirmed.outcome).toBe('synced');
    expect(confirmed.counts).toMatchObject({ reopened: 2 });
    expect(confirmed.connection).toMatchObject({
      blocks_count: 0,
      needs_attention: false,
      empty_calendar_since: null,
      empty_calendar_reopens_at: null,
      last_error: null,
    });
    expect(await unavailable('2026-12-01', '2026-12-31')).toEqual([]);
    expect(await exportedEvents()).toBe(0);

    // An empty calendar of a connection that holds nothing is simply empty, every time.
    at(25);
    const again = await sync(channel.id);
    expect(again).toMatchObject({ outcome: 'synced', error: null });
    expect(again.connection).toMatchObject({ empty_calendar_since: null, needs_attention: false });
  });

  it('starts over when a calendar with events comes between two empty answers', async () => {
    at(0);
    const property = await insertTestProperty(context.database, operator.id, { name: 'Marina Apartment' });
    feeds.set('/booking/marina.ics', { kind: 'calendar', body: writeBookingComFeed(closedRanges) });
    const channel = await connect(property.id, 'booking_com', '/booking/marina.ics');
    await sync(channel.id);

    feeds.set('/booking/marina.ics', { kind: 'calendar', body: '\r\n' });
    expect((await sync(channel.id)).connection.empty_calendar_since).toBe(start.toISOString());
    at(5);
    feeds.set('/booking/marina.ics', { kind: 'calendar', body: writeBookingComFeed(closedRanges) });
    const full = await sync(channel.id);
    expect(full.counts).toMatchObject({ reopened: 0, blocked: 0 });
    expect(full.connection).toMatchObject({ empty_calendar_since: null, blocks_count: 2 });

    // Two empty answers 12 minutes apart, but not in a row: the first of this run is at minute 8.
    at(8);
    feeds.set('/booking/marina.ics', { kind: 'calendar', body: '' });
    expect((await sync(channel.id)).connection.empty_calendar_since).toBe(
      new Date(start.getTime() + 8 * MINUTE).toISOString(),
    );
    at(12);
    expect((await sync(channel.id)).connection.blocks_count).toBe(2);
    at(18);
    expect((await sync(channel.id)).counts.reopened).toBe(2);
  });

  it("keeps an Airbnb calendar's stays confirmed until its empty calendar is confirmed", async () => {
    at(0);
    const property = await insertTestProperty(context.database, operator.id, { name: 'Lake House' });
    feeds.set('/airbnb/lake.ics', {
      kind: 'calendar',
      etag: '"full"',
      body: writeAirbnbFeed({
        reservations: [
          { uid: airbnbUid('e1'), check_in: '2026-12-10', check_out: '2026-12-14', code: 'HMEMPTY001' },
        ],
      }),
    });
    const channel = await connect(property.id, 'airbnb', '/airbnb/lake.ics');
    expect((await sync(channel.id)).counts.added).toBe(1);
    const statuses = async () =>
      (await listPropertyBookings(context, operator.cookie, property.id)).map((booking) => booking.status);

    feeds.set('/airbnb/lake.ics', { kind: 'calendar', body: '' });
    const pending = await sync(channel.id);
    expect(pending.counts.cancelled).toBe(0);
    expect(pending.connection).toMatchObject({ stays_count: 1, empty_calendar_since: start.toISOString() });
    expect(await statuses()).toEqual(['confirmed']);

    at(11);
    const confirmed = await sync(channel.id);
    expect(confirmed.counts.cancelled).toBe(1);
    expect(confirmed.connection).toMatchObject({ stays_count: 0, empty_calendar_since: null });
    expect(await statuses()).toEqual(['cancelled']);
  });
});
