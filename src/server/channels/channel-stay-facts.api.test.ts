import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChannelTestContext, listPropertyBookings, syncChannel } from '../test/channel-test-context';
import { insertTestProperty, type SignedInOperator, type TestContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';
import type { FeedServer } from './test/feed-server';
import { airbnbUid, writeAirbnbFeed, writeGenericFeed } from './test/fixtures';

// What a channel's stay says of itself: the guests its feed gives (or none), the property's currency, and
// in the reports its nights with the amount unknown until a payout is recorded on it.
describe.each(listTestDatabaseKinds())("a channel stay's guests, currency and amount [%s]", (kind) => {
  let context: TestContext;
  let feeds: FeedServer;
  let operator: SignedInOperator;
  let propertyId: string;
  const now = new Date('2026-11-22T06:00:00Z');

  beforeAll(async () => {
    ({ context, feeds, operator } = await createChannelTestContext(kind, { now: () => now }));
    propertyId = (
      await insertTestProperty(context.database, operator.id, { name: 'Lake House', currency: 'AED' })
    ).id;
  });
  afterAll(async () => {
    await context?.close();
    await feeds?.close();
  });

  const request = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    context.app.inject({ method, url, payload, headers: { cookie: operator.cookie } });
  const connect = async (channel: string, path: string) => {
    const response = await request('POST', `/api/properties/${propertyId}/channels`, {
      channel,
      import_url: feeds.url(path),
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: string }).id;
  };
  const event = (uid: string, from: string, to: string, description: string) => [
    `UID:${uid}`,
    `DTSTART;VALUE=DATE:${from.replace(/-/g, '')}`,
    `DTEND;VALUE=DATE:${to.replace(/-/g, '')}`,
    'SUMMARY:Reserved - Asha K',
    `DESCRIPTION:${description}`,
  ];

  it('keeps the guests the feed gives, else none, and the currency of the property', async () => {
    feeds.set('/vrbo/lake.ics', {
      kind: 'calendar',
      body: writeGenericFeed([
        event('vrbo-1@example.com', '2026-12-10', '2026-12-13', 'Guests: 3'),
        event('vrbo-2@example.com', '2026-12-20', '2026-12-22', 'Booked online'),
      ]),
    });
    feeds.set('/airbnb/lake.ics', {
      kind: 'calendar',
      body: writeAirbnbFeed({
        reservations: [
          { uid: airbnbUid('9'), check_in: '2027-01-05', check_out: '2027-01-08', code: 'HMLAKE0001' },
        ],
      }),
    });
    expect(
      (await syncChannel(context, operator.cookie, await connect('vrbo', '/vrbo/lake.ics'))).counts.added,
    ).toBe(2);
    expect(
      (await syncChannel(context, operator.cookie, await connect('airbnb', '/airbnb/lake.ics'))).counts.added,
    ).toBe(1);
    const stays = (await listPropertyBookings(context, operator.cookie, propertyId)).map((booking) => ({
      check_in: booking.check_in,
      guests_count: booking.guests_count,
      currency: booking.currency,
      amount_known: booking.amount_known,
    }));
    expect(stays.sort((a, b) => String(a.check_in).localeCompare(String(b.check_in)))).toEqual([
      { check_in: '2026-12-10', guests_count: 3, currency: 'AED', amount_known: false },
      { check_in: '2026-12-20', guests_count: null, currency: 'AED', amount_known: false },
      { check_in: '2027-01-05', guests_count: null, currency: 'AED', amount_known: false },
    ]);
  });

  it('lets the operator give the count later, and allows no count only on a channel stay', async () => {
    const unknown = (await listPropertyBookings(context, operator.cookie, propertyId)).find(
      (booking) => booking.check_in === '2026-12-20',
    )!;
    const changed = await request('PATCH', `/api/bookings/${String(unknown.id)}`, { guests_count: 2 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().guests_count).toBe(2);
    // A direct stay must say how many come: the database itself refuses none.
    await expect(
      context.database.db.execute(sql`insert into bookings (property_id, guest_name, guest_email, check_in,
        check_out, guests_count, booking_source) values (${propertyId}, 'Walk-in', 'walk@example.com',
        '2027-03-01', '2027-03-02', null, 'direct')`),
    ).rejects.toThrow();
  });

  it('counts the nights of a stay without a price as amount unknown, and its payout as revenue once recorded', async () => {
    const report = async () =>
      (await request('GET', `/api/reports?from=2026-12-01&to=2027-01-01&property=${propertyId}`)).json()
        .currencies[0] as { currency: string; total: Record<string, unknown> };
    const before = await report();
    expect(before.currency).toBe('AED');
    expect(before.total).toMatchObject({ booked_nights: 5, unpriced_nights: 5, revenue: 0, adr: null });

    const stay = (await listPropertyBookings(context, operator.cookie, propertyId)).find(
      (booking) => booking.check_in === '2026-12-10',
    )!;
    const payout = await request('POST', `/api/bookings/${String(stay.id)}/payments`, {
      kind: 'payment',
      amount: 1500,
      method: 'channel',
      received_on: '2026-11-22',
      reference: 'VRBO-PAYOUT-1',
    });
    expect(payout.statusCode, payout.body).toBe(201);
    const after = await report();
    expect(after.total).toMatchObject({ booked_nights: 5, unpriced_nights: 2, revenue: 1500, adr: 500 });
  });
});
