import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, channelBlocks, propertyCalendar } from '../db/schema';
import { createChannelTestContext, listPropertyBookings, syncChannel } from '../test/channel-test-context';
import {
  insertTestBooking,
  insertTestProperty,
  type SignedInOperator,
  type TestContext,
} from '../test/test-app';
import { createTestConfig } from '../test/test-config';
import { listTestDatabaseKinds } from '../test/test-database';
import { EMPTY_COUNTS } from './sync';
import { startFeedServer, type FeedServer } from './test/feed-server';
import { airbnbUid, writeAirbnbFeed, writeBookingComFeed, writeGenericFeed } from './test/fixtures';

describe.each(listTestDatabaseKinds())('syncing channel calendars [%s]', (kind) => {
  let context: TestContext;
  let feeds: FeedServer;
  let operator: SignedInOperator;
  let villaId: string;
  // Noon at the villa on 22 November 2026; some steps move the clock on.
  let clock = new Date('2026-11-22T06:30:00Z');

  beforeAll(async () => {
    ({ context, feeds, operator } = await createChannelTestContext(kind, { now: () => clock }));
    // The oldest active property: the one the public booking form books.
    villaId = (
      await insertTestProperty(context.database, operator.id, { name: 'The Villa', currency: 'INR' })
    ).id;
  });
  afterAll(async () => {
    await context?.close();
    await feeds?.close();
  });

  const request = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
    url: string,
    payload?: object,
    cookie = operator.cookie,
  ) => context.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

  async function connect(propertyId: string, channel: string, path: string, name?: string) {
    const response = await request('POST', `/api/properties/${propertyId}/channels`, {
      channel,
      import_url: feeds.url(path),
      name,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; export_url: string };
  }
  /** Serves an Airbnb calendar at `path` (with an ETag, to answer 304 while unchanged) and connects to it. */
  async function connectAirbnbFeed(
    propertyId: string,
    path: string,
    feed: Parameters<typeof writeAirbnbFeed>[0],
    etag?: string,
  ) {
    feeds.set(path, { kind: 'calendar', body: writeAirbnbFeed(feed), etag });
    return connect(propertyId, 'airbnb', path);
  }
  /** Connects to an Airbnb calendar of one stay (uid airbnbUid(name)) at /airbnb/<name>.ics, ETag "<name>". */
  const connectOneStayFeed = (
    propertyId: string,
    name: string,
    stay: { check_in: string; check_out: string; code: string },
  ) =>
    connectAirbnbFeed(
      propertyId,
      `/airbnb/${name}.ics`,
      { reservations: [{ uid: airbnbUid(name), ...stay }] },
      `"${name}"`,
    );
  const sync = (channelId: string) => syncChannel(context, operator.cookie, channelId);
  const listBookings = (propertyId: string) => listPropertyBookings(context, operator.cookie, propertyId);
  const unavailable = async (from: string, to: string) =>
    (await request('GET', `/api/availability?from=${from}&to=${to}`, undefined, '')).json()
      .unavailable as string[];

  describe('an Airbnb calendar through new, changed and cancelled stays', () => {
    let channelId: string;
    const r1 = airbnbUid('r1');
    const r2 = airbnbUid('r2');
    const r3 = airbnbUid('r3');
    const b1 = airbnbUid('b1');
    const rolling = airbnbUid('rolling');
    const firstFeed = () =>
      writeAirbnbFeed({
        reservations: [
          { uid: r1, check_in: '2026-12-10', check_out: '2026-12-14', code: 'HMAAAA1111', phone: '0042' },
          { uid: r2, check_in: '2026-11-23', check_out: '2026-11-26', code: 'HMBBBB2222' },
        ],
        blocks: [
          { uid: b1, start: '2026-12-20', end: '2026-12-22' },
          { uid: rolling, start: '2027-11-22', end: '2028-11-21' },
        ],
      });

    it('imports reservations as confirmed bookings and closed nights as blocks, closing them everywhere', async () => {
      feeds.set('/airbnb/villa.ics', { kind: 'calendar', etag: '"v1"', body: firstFeed() });
      channelId = (await connect(villaId, 'airbnb', '/airbnb/villa.ics')).id;
      const result = await sync(channelId);
      expect(result.outcome).toBe('synced');
      expect(result.counts).toEqual({
        added: 2,
        moved: 0,
        cancelled: 0,
        blocked: 2,
        blocks_moved: 0,
        reopened: 0,
        conflicts: 0,
      });
      expect(result.connection).toMatchObject({
        stays_count: 2,
        blocks_count: 2,
        last_error: null,
        stale: false,
      });

      const imported = (await listBookings(villaId)).find(
        (booking) => booking.external_booking_id === 'HMAAAA1111',
      );
      expect(imported).toMatchObject({
        booking_source: 'airbnb',
        status: 'confirmed',
        check_in: '2026-12-10',
        check_out: '2026-12-14',
        guest_name: 'Airbnb guest',
        guest_email: '',
        guest_phone: '…0042',
        // The feed carries no price: the amount is unknown, not 0.
        amount_known: false,
        channel_connection_id: channelId,
      });
      // Closed nights and the rolling far-future window never become bookings.
      expect(await listBookings(villaId)).toHaveLength(2);

      expect(await unavailable('2026-12-01', '2026-12-31')).toEqual([
        '2026-12-10',
        '2026-12-11',
        '2026-12-12',
        '2026-12-13',
        '2026-12-20',
        '2026-12-21',
      ]);
      const quote = (
        await request('GET', '/api/quote?check_in=2026-12-19&check_out=2026-12-22', undefined, '')
      ).json();
      expect(quote).toMatchObject({ available: false, unavailable_nights: ['2026-12-20', '2026-12-21'] });
      const guestRequest = await request(
        'POST',
        '/api/booking-requests',
        {
          check_in: '2026-12-20',
          check_out: '2026-12-22',
          guests_count: 2,
          guest_name: 'Asha',
          guest_email: 'asha@example.com',
        },
        '',
      );
      expect(guestRequest.statusCode).toBe(409);

      const calendar = (await request('GET', `/api/properties/${villaId}/calendar?month=2026-12`)).json();
      expect(calendar.calendar).toEqual([
        {
          date: '2026-12-20',
          is_available: false,
          price: null,
          closed_by: [{ connection_id: channelId, channel: 'airbnb' }],
        },
        {
          date: '2026-12-21',
          is_available: false,
          price: null,
          closed_by: [{ connection_id: channelId, channel: 'airbnb' }],
        },
      ]);
      expect(calendar.bookings.map((booking: { booking_source: string }) => booking.booking_source)).toEqual([
        'airbnb',
      ]);
    });

    it('changes nothing when the same feed comes again, whether the channel says so or not', async () => {
      const before = await context.database.db
        .select()
        .from(bookings)
        .where(eq(bookings.property_id, villaId));
      const notModified = await sync(channelId);
      expect(notModified.outcome).toBe('not_modified');
      expect(notModified.counts).toMatchObject({ added: 0, moved: 0, cancelled: 0, blocked: 0, reopened: 0 });
      expect(feeds.conditionalHits('/airbnb/villa.ics')).toBe(1);
      // A new ETag on the same calendar: read, recognised, nothing done.
      feeds.set('/airbnb/villa.ics', { kind: 'calendar', body: firstFeed(), etag: '"v2"' });
      const again = await sync(channelId);
      expect(again.outcome).toBe('synced');
      expect(again.counts).toEqual(EMPTY_COUNTS);
      const after = await context.database.db
        .select()
        .from(bookings)
        .where(eq(bookings.property_id, villaId));
      expect(after).toEqual(before);
    });

    it('moves a stay whose dates changed, follows moved closed nights, imports a new stay', async () => {
      feeds.set('/airbnb/villa.ics', {
        kind: 'calendar',
        body: writeAirbnbFeed({
          reservations: [
            { uid: r1, check_in: '2026-12-11', check_out: '2026-12-15', code: 'HMAAAA1111', phone: '0042' },
            { uid: r2, check_in: '2026-11-23', check_out: '2026-11-26', code: 'HMBBBB2222' },
            { uid: r3, check_in: '2027-01-05', check_out: '2027-01-08', code: 'HMCCCC3333' },
          ],
          blocks: [
            { uid: b1, start: '2026-12-24', end: '2026-12-26' },
            // The rolling window moved on by a day: one range moved, no noise.
            { uid: rolling, start: '2027-11-23', end: '2028-11-22' },
          ],
        }),
      });
      const result = await sync(channelId);
      expect(result.counts).toEqual({
        added: 1,
        moved: 1,
        cancelled: 0,
        blocked: 0,
        blocks_moved: 2,
        reopened: 0,
        conflicts: 0,
      });
      const moved = (await listBookings(villaId)).find(
        (booking) => booking.external_booking_id === 'HMAAAA1111',
      );
      expect(moved).toMatchObject({ check_in: '2026-12-11', check_out: '2026-12-15', status: 'confirmed' });
      expect(await unavailable('2026-12-01', '2026-12-31')).toEqual([
        '2026-12-11',
        '2026-12-12',
        '2026-12-13',
        '2026-12-14',
        '2026-12-24',
        '2026-12-25',
      ]);
      const blocks = await context.database.db
        .select()
        .from(channelBlocks)
        .where(eq(channelBlocks.connection_id, channelId));
      expect(blocks).toHaveLength(2);
    });

    it('cancels a stay that left the feed and reopens nights whose block left it', async () => {
      feeds.set('/airbnb/villa.ics', {
        kind: 'calendar',
        body: writeAirbnbFeed({
          reservations: [
            { uid: r2, check_in: '2026-11-23', check_out: '2026-11-26', code: 'HMBBBB2222' },
            { uid: r3, check_in: '2027-01-05', check_out: '2027-01-08', code: 'HMCCCC3333' },
          ],
          blocks: [{ uid: rolling, start: '2027-11-23', end: '2028-11-22' }],
        }),
      });
      const result = await sync(channelId);
      expect(result.counts).toMatchObject({ cancelled: 1, reopened: 1, added: 0, moved: 0 });
      const cancelled = (await listBookings(villaId)).find(
        (booking) => booking.external_booking_id === 'HMAAAA1111',
      );
      expect(cancelled?.status).toBe('cancelled');
      expect(await unavailable('2026-12-01', '2026-12-31')).toEqual([]);
    });

    it('never touches a past stay that the channel stopped exporting', async () => {
      clock = new Date('2026-11-28T06:30:00Z');
      try {
        feeds.set('/airbnb/villa.ics', {
          kind: 'calendar',
          body: writeAirbnbFeed({
            reservations: [{ uid: r3, check_in: '2027-01-05', check_out: '2027-01-08', code: 'HMCCCC3333' }],
            blocks: [{ uid: rolling, start: '2027-11-29', end: '2028-11-28' }],
          }),
        });
        const result = await sync(channelId);
        expect(result.counts).toMatchObject({ cancelled: 0, blocks_moved: 1 });
        const past = (await listBookings(villaId)).find(
          (booking) => booking.external_booking_id === 'HMBBBB2222',
        );
        expect(past).toMatchObject({ status: 'confirmed', check_in: '2026-11-23', check_out: '2026-11-26' });
      } finally {
        clock = new Date('2026-11-22T06:30:00Z');
      }
    });
  });

  it('keeps Booking.com’s closed ranges as closed nights only', async () => {
    const property = await insertTestProperty(context.database, operator.id, { name: 'Marina Apartment' });
    feeds.set('/booking/marina.ics', {
      kind: 'calendar',
      body: writeBookingComFeed([
        { uid: '1733900000001@booking.com', start: '2026-12-01', end: '2026-12-05' },
        { uid: '1733900000002@booking.com', start: '2026-12-18', end: '2026-12-20' },
      ]),
    });
    const channel = await connect(property.id, 'booking_com', '/booking/marina.ics', 'Booking.com listing');
    const result = await sync(channel.id);
    expect(result.counts).toMatchObject({ added: 0, blocked: 2 });
    expect(result.connection).toMatchObject({ stays_count: 0, blocks_count: 2, name: 'Booking.com listing' });
    expect(await listBookings(property.id)).toEqual([]);
    const calendar = (await request('GET', `/api/properties/${property.id}/calendar?month=2026-12`)).json();
    expect(calendar.calendar.map((row: { date: string }) => row.date)).toEqual([
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-18',
      '2026-12-19',
    ]);
  });

  it('reads a TZID date-time stay from another channel with the guest’s name', async () => {
    const property = await insertTestProperty(context.database, operator.id, { name: 'Lake House' });
    feeds.set('/vrbo/lake.ics', {
      kind: 'calendar',
      body: writeGenericFeed(
        [
          [
            'UID:vrbo-77@example.com',
            'DTSTART;TZID=America/New_York:20261210T160000',
            'DTEND;TZID=America/New_York:20261214T100000',
            'SUMMARY:Reserved - Jane D',
          ],
        ],
        { timezone: true, lineEnding: '\n' },
      ),
    });
    const channel = await connect(property.id, 'vrbo', '/vrbo/lake.ics');
    expect((await sync(channel.id)).counts.added).toBe(1);
    expect(await listBookings(property.id)).toEqual([
      expect.objectContaining({
        booking_source: 'vrbo',
        guest_name: 'Jane D',
        check_in: '2026-12-10',
        check_out: '2026-12-14',
      }),
    ]);
  });

  describe('overlaps with stays booked here', () => {
    let propertyId: string;
    let channelId: string;
    let direct: { id: string };
    let pending: { id: string };
    const incoming = airbnbUid('overlap');
    const feed = writeAirbnbFeed({
      reservations: [{ uid: incoming, check_in: '2026-12-11', check_out: '2026-12-14', code: 'HMOVER0001' }],
      blocks: [{ uid: airbnbUid('over-request'), start: '2026-12-21', end: '2026-12-22' }],
    });

    it('drops nothing: an overlapping stay and a request under closed nights become conflicts with both stays', async () => {
      propertyId = (await insertTestProperty(context.database, operator.id, { name: 'Hill Cottage' })).id;
      direct = await insertTestBooking(context.database, propertyId, {
        check_in: '2026-12-10',
        check_out: '2026-12-13',
        status: 'confirmed',
        guest_name: 'Direct Guest',
      });
      pending = await insertTestBooking(context.database, propertyId, {
        check_in: '2026-12-20',
        check_out: '2026-12-23',
        status: 'pending',
        guest_name: 'Requesting Guest',
      });
      feeds.set('/airbnb/hill.ics', { kind: 'calendar', body: feed });
      channelId = (await connect(propertyId, 'airbnb', '/airbnb/hill.ics')).id;
      const result = await sync(channelId);
      expect(result.counts).toMatchObject({ added: 0, blocked: 1, conflicts: 2 });
      expect(result.conflicts).toEqual([
        expect.objectContaining({
          kind: 'stay_overlaps',
          status: 'open',
          channel: 'airbnb',
          property_name: 'Hill Cottage',
          theirs: expect.objectContaining({
            kind: 'stay',
            check_in: '2026-12-11',
            check_out: '2026-12-14',
            external_booking_id: 'HMOVER0001',
          }),
          ours: [expect.objectContaining({ id: direct.id, guest_name: 'Direct Guest', status: 'confirmed' })],
          actions: ['accept_theirs', 'keep_ours'],
        }),
        expect.objectContaining({
          kind: 'block_overlaps_request',
          theirs: expect.objectContaining({ kind: 'block', check_in: '2026-12-21' }),
          ours: [expect.objectContaining({ id: pending.id, status: 'pending' })],
          maybe_echo: false,
        }),
      ]);
      expect(result.conflicts[0].message).toMatch(
        /Airbnb has a stay from 2026-12-11 to 2026-12-14 \(HMOVER0001\) that overlaps a booking here/,
      );
      // Ours is untouched.
      const [ours] = await context.database.db.select().from(bookings).where(eq(bookings.id, direct.id));
      expect(ours).toMatchObject({ status: 'confirmed', check_in: '2026-12-10', check_out: '2026-12-13' });
      // The dashboard sees it, across properties.
      const attention = (await request('GET', '/api/channels/attention')).json();
      expect(attention.open_conflicts).toBeGreaterThanOrEqual(2);
      expect(attention.connections).toContainEqual(
        expect.objectContaining({ id: channelId, property_name: 'Hill Cottage', needs_attention: true }),
      );
    });

    it('keeps ours when asked, and a later sync leaves that decision alone', async () => {
      const [conflict] = (await request('GET', `/api/sync-conflicts?property_id=${propertyId}`)).json();
      const kept = await request('POST', `/api/sync-conflicts/${conflict.id}/resolve`, {
        action: 'keep_ours',
      });
      expect(kept.statusCode).toBe(200);
      expect(kept.json()).toMatchObject({ status: 'dismissed', actions: ['accept_theirs'] });
      const again = await sync(channelId);
      expect(again.outcome).toBe('synced');
      const dismissed = (
        await request('GET', `/api/sync-conflicts?property_id=${propertyId}&status=dismissed`)
      ).json();
      expect(dismissed.map((item: { id: string }) => item.id)).toEqual([conflict.id]);
    });

    it('declines the overlapped request when the channel’s nights are accepted', async () => {
      const [conflict] = (await request('GET', `/api/sync-conflicts?property_id=${propertyId}`)).json();
      expect(conflict.kind).toBe('block_overlaps_request');
      const accepted = await request('POST', `/api/sync-conflicts/${conflict.id}/resolve`, {
        action: 'accept_theirs',
      });
      expect(accepted.json()).toMatchObject({ status: 'accepted', actions: [] });
      const [request_] = await context.database.db.select().from(bookings).where(eq(bookings.id, pending.id));
      expect(request_?.status).toBe('cancelled');
      const twice = await request('POST', `/api/sync-conflicts/${conflict.id}/resolve`, {
        action: 'keep_ours',
      });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error).toMatchObject({ code: 'conflict_settled', params: { status: 'accepted' } });
    });

    it('cancels ours and imports theirs when the operator changes their mind', async () => {
      const [conflict] = (
        await request('GET', `/api/sync-conflicts?property_id=${propertyId}&status=dismissed`)
      ).json();
      const accepted = await request('POST', `/api/sync-conflicts/${conflict.id}/resolve`, {
        action: 'accept_theirs',
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const all = await listBookings(propertyId);
      expect(all.find((booking) => booking.id === direct.id)?.status).toBe('cancelled');
      expect(all.filter((booking) => booking.external_booking_id === 'HMOVER0001')).toEqual([
        expect.objectContaining({
          status: 'confirmed',
          check_in: '2026-12-11',
          channel_connection_id: channelId,
        }),
      ]);
      const after = await sync(channelId);
      expect(after.counts).toMatchObject({ added: 0, conflicts: 0 });
      expect(
        (await listBookings(propertyId)).filter((booking) => booking.external_booking_id === 'HMOVER0001'),
      ).toHaveLength(1);
    });
  });

  it('reports a stay cancelled here that the channel still lists, and restores it when asked', async () => {
    const property = await insertTestProperty(context.database, operator.id, { name: 'Olive Grove' });
    const channel = await connectOneStayFeed(property.id, 'olive', {
      check_in: '2026-12-03',
      check_out: '2026-12-06',
      code: 'HMOLIV0001',
    });
    await sync(channel.id);
    const [stay] = await listBookings(property.id);
    expect(
      (await request('PATCH', `/api/bookings/${stay!.id}/status`, { status: 'cancelled' })).statusCode,
    ).toBe(200);
    // The channel says nothing changed; the sync still sees what changed here.
    const result = await sync(channel.id);
    expect(result.outcome).toBe('not_modified');
    expect(result.conflicts).toEqual([
      expect.objectContaining({
        kind: 'cancelled_here',
        ours: [expect.objectContaining({ id: stay!.id, status: 'cancelled' })],
      }),
    ]);
    expect(result.conflicts[0].message).toMatch(
      /still lists a stay from 2026-12-03 to 2026-12-06 \(HMOLIV0001\) that is cancelled here/,
    );
    const restored = await request('POST', `/api/sync-conflicts/${result.conflicts[0].id}/resolve`, {
      action: 'accept_theirs',
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await listBookings(property.id))[0]).toMatchObject({
      status: 'confirmed',
      check_in: '2026-12-03',
    });
    expect((await sync(channel.id)).counts.conflicts).toBe(0);
  });

  it('imports a refused stay once the booking it overlapped is cancelled here, though the feed did not change', async () => {
    const property = await insertTestProperty(context.database, operator.id, { name: 'Palm Court' });
    const ours = await insertTestBooking(context.database, property.id, {
      check_in: '2026-12-10',
      check_out: '2026-12-12',
      status: 'confirmed',
    });
    const channel = await connectOneStayFeed(property.id, 'palm', {
      check_in: '2026-12-11',
      check_out: '2026-12-13',
      code: 'HMPALM0001',
    });
    const first = await sync(channel.id);
    expect(first.counts).toMatchObject({ added: 0, conflicts: 1 });
    expect(
      (await request('PATCH', `/api/bookings/${ours.id}/status`, { status: 'cancelled' })).statusCode,
    ).toBe(200);
    const second = await sync(channel.id);
    expect(second).toMatchObject({
      outcome: 'not_modified',
      counts: expect.objectContaining({ added: 1, conflicts: 0 }),
    });
    const settled = (
      await request('GET', `/api/sync-conflicts?channel_id=${channel.id}&status=obsolete`)
    ).json();
    expect(settled).toHaveLength(1);
  });

  it('never overwrites the operator’s calendar edits or their own bookings, and takes over a hand-typed stay by its code', async () => {
    const property = await insertTestProperty(context.database, operator.id, {
      name: 'Garden Villa',
      base_price: 300,
    });
    const put = (body: object) => request('PUT', `/api/properties/${property.id}/calendar`, body);
    expect((await put({ start: '2026-12-05', end: '2026-12-05', is_available: false })).statusCode).toBe(200);
    expect((await put({ start: '2026-12-06', end: '2026-12-06', price: 500 })).statusCode).toBe(200);
    const handTyped = await insertTestBooking(context.database, property.id, {
      check_in: '2026-12-15',
      check_out: '2026-12-17',
      status: 'confirmed',
      booking_source: 'airbnb',
      total_amount: 900,
    });
    const handTypedWithCode = await insertTestBooking(context.database, property.id, {
      check_in: '2026-12-20',
      check_out: '2026-12-23',
      status: 'confirmed',
      booking_source: 'airbnb',
      external_booking_id: 'hmhand0001',
      total_amount: 1200,
    });
    const channel = await connectAirbnbFeed(property.id, '/airbnb/garden.ics', {
      reservations: [
        { uid: airbnbUid('hand'), check_in: '2026-12-20', check_out: '2026-12-24', code: 'HMHAND0001' },
      ],
      blocks: [{ uid: airbnbUid('garden-block'), start: '2026-12-06', end: '2026-12-08' }],
    });
    const result = await sync(channel.id);
    expect(result.counts).toMatchObject({ added: 0, moved: 1, conflicts: 0 });
    const rows = await context.database.db
      .select()
      .from(propertyCalendar)
      .where(eq(propertyCalendar.property_id, property.id));
    // The column holds minor units (paise).
    expect(rows.map((row) => [row.date, row.is_available, row.price]).sort()).toEqual([
      ['2026-12-05', false, null],
      ['2026-12-06', true, 500_00],
    ]);
    const calendar = (await request('GET', `/api/properties/${property.id}/calendar?month=2026-12`)).json();
    expect(calendar.calendar.slice(0, 3)).toEqual([
      { date: '2026-12-05', is_available: false, price: null },
      {
        date: '2026-12-06',
        is_available: false,
        price: 500,
        closed_by: [{ connection_id: channel.id, channel: 'airbnb' }],
      },
      {
        date: '2026-12-07',
        is_available: false,
        price: null,
        closed_by: [{ connection_id: channel.id, channel: 'airbnb' }],
      },
    ]);
    const all = await listBookings(property.id);
    // Not from this connection: never touched, though the feed does not list it.
    expect(all.find((booking) => booking.id === handTyped.id)).toMatchObject({
      status: 'confirmed',
      channel_connection_id: null,
    });
    // Typed in with the reservation code: taken over and moved, keeping what the operator entered.
    expect(all.find((booking) => booking.id === handTypedWithCode.id)).toMatchObject({
      status: 'confirmed',
      check_out: '2026-12-24',
      channel_connection_id: channel.id,
      total_amount: 1200,
      amount_known: true,
    });
    expect(all).toHaveLength(2);

    // The channel's block goes: the operator's price shows again, the operator's closed day stays closed.
    feeds.set('/airbnb/garden.ics', {
      kind: 'calendar',
      body: writeAirbnbFeed({
        reservations: [
          { uid: airbnbUid('hand'), check_in: '2026-12-20', check_out: '2026-12-24', code: 'HMHAND0001' },
        ],
      }),
    });
    expect((await sync(channel.id)).counts.reopened).toBe(1);
    const reopened = (await request('GET', `/api/properties/${property.id}/calendar?month=2026-12`)).json();
    expect(reopened.calendar).toEqual([
      { date: '2026-12-05', is_available: false, price: null },
      { date: '2026-12-06', is_available: true, price: 500 },
    ]);
  });

  describe('feeds that fail', () => {
    let propertyId: string;
    let channelId: string;

    beforeAll(async () => {
      propertyId = (await insertTestProperty(context.database, operator.id, { name: 'Desert Lodge' })).id;
      feeds.set('/failing.ics', {
        kind: 'calendar',
        body: writeAirbnbFeed({
          reservations: [
            { uid: airbnbUid('keep'), check_in: '2026-12-01', check_out: '2026-12-04', code: 'HMKEEP0001' },
          ],
        }),
      });
      channelId = (await connect(propertyId, 'airbnb', '/failing.ics')).id;
      expect((await sync(channelId)).counts.added).toBe(1);
    });

    it.each([
      ['times out', { kind: 'hang' } as const, 'timeout', /did not answer within 2 seconds/],
      ['answers 500', { kind: 'status', status: 500 } as const, 'http_error', /answered 500/],
      ['returns HTML', { kind: 'html' } as const, 'not_a_calendar', /web page, not a calendar/],
      ['is 50 MB', { kind: 'huge', bytes: 50 * 1024 * 1024 } as const, 'too_large', /larger than 10 MB/],
    ])('says so when the feed %s, and keeps what it imported before', async (_name, route, code, message) => {
      feeds.set('/failing.ics', route);
      const result = await sync(channelId);
      expect(result.outcome).toBe('failed');
      expect(result.error.code).toBe(code);
      expect(result.error.message).toMatch(message);
      expect(result.connection).toMatchObject({
        last_error_code: code,
        needs_attention: true,
        stays_count: 1,
      });
      expect(result.connection.last_synced_at).not.toBeNull();
      expect((await listBookings(propertyId)).map((booking) => booking.status)).toEqual(['confirmed']);
    });

    it('warns when a connection has not synced for longer than the stale limit', async () => {
      const fresh = (await request('GET', `/api/properties/${propertyId}/channels`)).json();
      expect(fresh.connections[0]).toMatchObject({ stale: false });
      clock = new Date(clock.getTime() + 7 * 3_600_000);
      try {
        const later = (await request('GET', `/api/properties/${propertyId}/channels`)).json();
        expect(later).toMatchObject({ sync_minutes: 15, stale_hours: 6 });
        expect(later.connections[0]).toMatchObject({ stale: true, needs_attention: true });
      } finally {
        clock = new Date('2026-11-22T06:30:00Z');
      }
    });

    it('refuses a redirect to 127.0.0.1 when private addresses are not allowed', async () => {
      const trusted = await startFeedServer({ host: '127.0.0.2' });
      const guarded = await (
        await import('../app')
      ).buildApp(
        createTestConfig({ channels: { allowPrivateUrls: false, trustedAddresses: ['127.0.0.2'] } }),
        { database: context.database, now: () => clock },
      );
      try {
        trusted.set('/outside.ics', { kind: 'redirect', location: feeds.url('/inside.ics') });
        feeds.set('/inside.ics', { kind: 'calendar', body: writeAirbnbFeed({}) });
        const created = await guarded.inject({
          method: 'POST',
          url: `/api/properties/${propertyId}/channels`,
          payload: { channel: 'other', import_url: trusted.url('/outside.ics') },
          headers: { cookie: operator.cookie },
        });
        expect(created.statusCode, created.body).toBe(201);
        const result = (
          await guarded.inject({
            method: 'POST',
            url: `/api/channels/${created.json().id}/sync`,
            headers: { cookie: operator.cookie },
          })
        ).json();
        expect(result).toMatchObject({ outcome: 'failed', error: { code: 'private_address' } });
        expect(feeds.requests('/inside.ics')).toBe(0);
        // An address that names a private host outright is refused when it is saved.
        const literal = await guarded.inject({
          method: 'POST',
          url: `/api/properties/${propertyId}/channels`,
          payload: { channel: 'airbnb', import_url: 'http://169.254.169.254/latest/meta-data' },
          headers: { cookie: operator.cookie },
        });
        expect(literal.statusCode).toBe(400);
        expect(literal.json().error.message).toMatch(/private or local network address/);
        expect(literal.json().error).toMatchObject({
          code: 'private_feed_address',
          params: { host: '169.254.169.254' },
        });
      } finally {
        await guarded.close();
        await trusted.close();
      }
    });
  });

  describe('managing connections', () => {
    it('validates what it is given and refuses others’ properties', async () => {
      const bad = async (payload: object) => {
        const response = await request('POST', `/api/properties/${villaId}/channels`, payload);
        expect(response.statusCode).toBe(400);
        return response.json().error.message as string;
      };
      expect(await bad({ channel: 'airbnb', import_url: 'ftp://example.com/cal.ics' })).toMatch(
        /http:\/\/ or https:\/\//,
      );
      expect(await bad({ channel: 'airbnb', import_url: 'not a url' })).toMatch(/export address/);
      expect(await bad({ channel: 'expedia', import_url: 'https://example.com/cal.ics' })).toMatch(
        /Channel must be/,
      );
      expect(
        await bad({ channel: 'airbnb', import_url: 'https://example.com/cal.ics', name: 'x'.repeat(81) }),
      ).toMatch(/at most 80/);
      expect((await request('GET', `/api/properties/${villaId}/channels`, undefined, '')).statusCode).toBe(
        401,
      );

      const stranger = await context.createSignedInOperator();
      const [channel] = (await request('GET', `/api/properties/${villaId}/channels`)).json().connections;
      expect(
        (await request('GET', `/api/properties/${villaId}/channels`, undefined, stranger.cookie)).statusCode,
      ).toBe(404);
      expect(
        (await request('POST', `/api/channels/${channel.id}/sync`, undefined, stranger.cookie)).statusCode,
      ).toBe(404);
      expect(
        (await request('PATCH', `/api/channels/${channel.id}`, { name: 'Mine' }, stranger.cookie)).statusCode,
      ).toBe(404);
      expect(
        (await request('DELETE', `/api/channels/${channel.id}`, undefined, stranger.cookie)).statusCode,
      ).toBe(404);
      expect((await request('GET', '/api/sync-conflicts', undefined, stranger.cookie)).json()).toEqual([]);
      expect((await request('PATCH', `/api/channels/${channel.id}`, {})).statusCode).toBe(400);
    });

    it('accepts a webcal address, renames and re-points a connection', async () => {
      const property = await insertTestProperty(context.database, operator.id, { name: 'Beach Hut' });
      const created = await request('POST', `/api/properties/${property.id}/channels`, {
        channel: 'other',
        import_url: 'webcal://calendar.example.com/feed.ics',
      });
      expect(created.json()).toMatchObject({
        import_url: 'https://calendar.example.com/feed.ics',
        name: null,
        last_synced_at: null,
      });
      const updated = await request('PATCH', `/api/channels/${created.json().id}`, {
        name: 'Family calendar',
        import_url: feeds.url('/beach.ics'),
      });
      expect(updated.json()).toMatchObject({ name: 'Family calendar', import_url: feeds.url('/beach.ics') });
    });

    it('removing a connection keeps its stays and reopens its closed nights', async () => {
      const property = await insertTestProperty(context.database, operator.id, { name: 'River Barn' });
      const channel = await connectAirbnbFeed(property.id, '/airbnb/river.ics', {
        reservations: [
          { uid: airbnbUid('river'), check_in: '2026-12-02', check_out: '2026-12-05', code: 'HMRIVR0001' },
        ],
        blocks: [{ uid: airbnbUid('river-block'), start: '2026-12-08', end: '2026-12-09' }],
      });
      await sync(channel.id);
      const removed = await request('DELETE', `/api/channels/${channel.id}`);
      expect(removed.json()).toEqual({ deleted: true, kept_stays: 1 });
      expect(await listBookings(property.id)).toEqual([
        expect.objectContaining({
          status: 'confirmed',
          external_booking_id: 'HMRIVR0001',
          channel_connection_id: null,
        }),
      ]);
      expect(
        await context.database.db
          .select()
          .from(channelBlocks)
          .where(eq(channelBlocks.property_id, property.id)),
      ).toEqual([]);
      // Connected again: the kept stay is recognised, not imported twice or flagged against itself.
      const again = await connect(property.id, 'airbnb', '/airbnb/river.ics');
      expect((await sync(again.id)).counts).toMatchObject({ added: 0, conflicts: 0, blocked: 1 });
      expect(await listBookings(property.id)).toHaveLength(1);
      const linked = await context.database.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.property_id, property.id), eq(bookings.channel_connection_id, again.id)));
      expect(linked).toHaveLength(1);
    });
  });
});
