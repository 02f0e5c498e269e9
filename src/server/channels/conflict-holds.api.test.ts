import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDatesBetween } from '../../domain/dates';
import { createTestContext, insertTestBooking, insertTestProperty, type TestContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';
import { startFeedServer, type FeedServer } from './test/feed-server';
import { airbnbUid, writeAirbnbFeed, writeBookingComFeed } from './test/fixtures';

/**
 * A channel's stay that overlaps a booking here is not imported but becomes a conflict; until the
 * operator settles it, none of its nights may be sold again, here or on another channel.
 */
describe.each(listTestDatabaseKinds())('a stay in conflict holds its nights [%s]', (kind) => {
  let context: TestContext;
  let feeds: FeedServer;
  let operator: Awaited<ReturnType<TestContext['createSignedInOperator']>>;
  let villaId: string;
  let airbnb: { id: string; export_url: string };
  let bookingCom: { id: string; export_url: string };
  let conflictId: string;
  const stay = airbnbUid('overlap-hold');

  beforeAll(async () => {
    feeds = await startFeedServer();
    context = await createTestContext(kind, {
      now: () => new Date('2026-11-22T06:30:00Z'),
      channels: { allowPrivateUrls: true, syncMinutes: 15, staleHours: 6, fetchTimeoutMs: 2_000 },
    });
    operator = await context.createSignedInOperator();
    // The oldest active property: the one the public form books.
    villaId = (
      await insertTestProperty(context.database, operator.id, { name: 'The Villa', currency: 'INR' })
    ).id;
    await insertTestBooking(context.database, villaId, {
      check_in: '2026-12-14',
      check_out: '2026-12-17',
      status: 'confirmed',
      guest_name: 'Direct Guest',
    });
    feeds.set('/airbnb.ics', {
      kind: 'calendar',
      body: writeAirbnbFeed({
        reservations: [{ uid: stay, check_in: '2026-12-16', check_out: '2026-12-19', code: 'HMHOLD0001' }],
      }),
    });
    feeds.set('/booking.ics', { kind: 'calendar', body: writeBookingComFeed([]) });
    airbnb = await connect('airbnb', '/airbnb.ics');
    bookingCom = await connect('booking_com', '/booking.ics');
  });
  afterAll(async () => {
    await context?.close();
    await feeds?.close();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object, cookie = operator.cookie) =>
    context.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
  async function connect(channel: string, path: string) {
    const response = await call('POST', `/api/properties/${villaId}/channels`, {
      channel,
      import_url: feeds.url(path),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; export_url: string };
  }
  const sync = async (channelId: string) => (await call('POST', `/api/channels/${channelId}/sync`)).json();
  const unavailable = async () =>
    (await call('GET', '/api/availability?from=2026-12-13&to=2026-12-21', undefined, '')).json()
      .unavailable as string[];
  /** The export's closed or reserved ranges as "start..end", read the way a channel reads them. */
  async function exported(url: string) {
    const text = (await call('GET', new URL(url).pathname, undefined, '')).body;
    const events = text.split('BEGIN:VEVENT').slice(1);
    return events.map((event) => {
      const start = /DTSTART;VALUE=DATE:(\d{8})/.exec(event)?.[1];
      const end = /DTEND;VALUE=DATE:(\d{8})/.exec(event)?.[1];
      const summary = /SUMMARY:([^\r\n]*)/.exec(event)?.[1];
      return `${summary} ${start}..${end}`;
    });
  }

  it('closes every night of the incoming stay for the public form and on the other channels', async () => {
    const result = await sync(airbnb.id);
    expect(result.counts).toMatchObject({ added: 0, conflicts: 1 });
    expect(result.conflicts).toEqual([
      expect.objectContaining({ kind: 'stay_overlaps', status: 'open', holds_nights: true, note: null }),
    ]);
    conflictId = result.conflicts[0].id;

    // 14–16 are the direct stay's; 17 and 18 only Airbnb's, and on sale nowhere meanwhile.
    expect(await unavailable()).toEqual(listDatesBetween('2026-12-14', '2026-12-19'));
    const request = await call(
      'POST',
      '/api/booking-requests',
      {
        check_in: '2026-12-17',
        check_out: '2026-12-19',
        guests_count: 2,
        guest_name: 'Late Guest',
        guest_email: 'late@example.com',
      },
      '',
    );
    expect(request.statusCode).toBe(409);
    expect(request.json().error.message).toBe('Those dates are no longer available');
    const quote = (
      await call('GET', '/api/quote?check_in=2026-12-18&check_out=2026-12-19', undefined, '')
    ).json();
    expect(quote).toMatchObject({ available: false, unavailable_nights: ['2026-12-18'] });

    expect(await exported(bookingCom.export_url)).toEqual([
      'Reserved 20261214..20261217',
      'Not available 20261216..20261219',
    ]);
    // Never echoed back to the channel it came from.
    expect(await exported(airbnb.export_url)).toEqual(['Reserved 20261214..20261217']);
  });

  it('opens the nights again when the operator keeps ours, recording who and why', async () => {
    const kept = await call('POST', `/api/sync-conflicts/${conflictId}/resolve`, {
      action: 'keep_ours',
      note: 'The guest cancelled on Airbnb',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({
      status: 'dismissed',
      holds_nights: false,
      note: 'The guest cancelled on Airbnb',
    });
    expect(await unavailable()).toEqual(['2026-12-14', '2026-12-15', '2026-12-16']);
    expect(await exported(bookingCom.export_url)).toEqual(['Reserved 20261214..20261217']);

    const audit = (
      await call('GET', `/api/audit-events?entity_type=channel_conflict&entity_id=${conflictId}`)
    ).json();
    expect(audit.events[0]).toMatchObject({
      actor: 'operator',
      actor_id: operator.id,
      action: 'update',
      property_id: villaId,
      before: { status: 'open', resolution_note: null },
      after: { status: 'dismissed', resolution_note: 'The guest cancelled on Airbnb' },
    });
    expect(audit.events.at(-1)).toMatchObject({ actor: 'channel_sync', action: 'insert' });
  });

  it('shows a dismissed stay again, holding its nights, when the channel changes its dates', async () => {
    expect((await sync(airbnb.id)).conflicts).toEqual([]);
    feeds.set('/airbnb.ics', {
      kind: 'calendar',
      body: writeAirbnbFeed({
        reservations: [{ uid: stay, check_in: '2026-12-16', check_out: '2026-12-20', code: 'HMHOLD0001' }],
      }),
    });
    const result = await sync(airbnb.id);
    expect(result.conflicts).toEqual([
      expect.objectContaining({
        id: conflictId,
        status: 'open',
        holds_nights: true,
        note: null,
        theirs: expect.objectContaining({ check_in: '2026-12-16', check_out: '2026-12-20' }),
      }),
    ]);
    expect(await unavailable()).toEqual(listDatesBetween('2026-12-14', '2026-12-20'));
  });

  it("gives a channel's stay the nights of a request its guest has not confirmed: no conflict, the request gives way", async () => {
    const requested = await call(
      'POST',
      '/api/booking-requests',
      {
        check_in: '2027-01-03',
        check_out: '2027-01-06',
        guests_count: 2,
        guest_name: 'Unknown Sender',
        guest_email: 'unknown@example.com',
      },
      '',
    );
    expect(requested.statusCode, requested.body).toBe(201);
    feeds.set('/airbnb.ics', {
      kind: 'calendar',
      body: writeAirbnbFeed({
        reservations: [
          { uid: stay, check_in: '2026-12-16', check_out: '2026-12-20', code: 'HMHOLD0001' },
          {
            uid: airbnbUid('after-request'),
            check_in: '2027-01-05',
            check_out: '2027-01-09',
            code: 'HMHOLD0002',
          },
        ],
      }),
    });
    const result = await sync(airbnb.id);
    expect(result.counts).toMatchObject({ added: 1, conflicts: 1 });
    expect(result.conflicts.map((conflict: { id: string }) => conflict.id)).toEqual([conflictId]);
    const page = await call(
      'GET',
      `/api${requested.json().request_path.replace('/request/', '/requests/')}`,
      undefined,
      '',
    );
    expect(page.json()).toMatchObject({ status: 'cancelled', guest_confirmed: false, can_withdraw: false });
    const january = (
      await call('GET', '/api/availability?from=2027-01-01&to=2027-01-12', undefined, '')
    ).json();
    expect(january.unavailable).toEqual(['2027-01-05', '2027-01-06', '2027-01-07', '2027-01-08']);
  });
});
