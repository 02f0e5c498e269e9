import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashExportToken } from '../channels/queries';
import { channelBlocks, channelConflicts, channelConnections } from '../db/schema';
import {
  createTestContext,
  insertTestBooking,
  insertTestCalendarDay,
  insertTestProperty,
  type TestContext,
} from '../test/test-app';
import type { Timeline } from '../../domain/timeline';
import type { TestDatabase } from '../test/test-database';
import { listTestDatabaseKinds } from '../test/test-database';

const NOW = new Date('2026-12-09T20:00:00Z');
const hoursBefore = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);

async function insertConnection(
  database: TestDatabase,
  propertyId: string,
  values: { channel: 'airbnb' | 'booking_com'; last_synced_at: Date; name?: string },
) {
  const [row] = await database.db
    .insert(channelConnections)
    .values({
      property_id: propertyId,
      import_url: `https://example.com/${values.channel}-${propertyId}.ics`,
      export_token: hashExportToken(`${values.channel}-${propertyId}`.padEnd(32, 'x')),
      created_at: hoursBefore(100),
      ...values,
    })
    .returning();
  return row!;
}

describe.each(listTestDatabaseKinds())('the timeline of every property [%s]', (kind) => {
  let context: TestContext;
  let cookie: string;
  let villaId: string;
  let cottageId: string;
  let airbnbId: string;
  beforeAll(async () => {
    context = await createTestContext(kind, {
      now: () => NOW,
      channels: { staleHours: 6 },
    });
    const { database } = context;
    const operator = await context.createSignedInOperator();
    cookie = operator.cookie;
    villaId = (await insertTestProperty(database, operator.id, { name: 'Villa', currency: 'INR' })).id;
    cottageId = (await insertTestProperty(database, operator.id, { name: 'Cottage', currency: 'AED' })).id;
    const closed = await insertTestProperty(database, operator.id, { name: 'Closed', is_active: false });
    // 'Before' ends on the range's first day and 'After' starts on its last day's morrow: no night shared.
    const stays: [string, Parameters<typeof insertTestBooking>[2]][] = [
      [cottageId, { guest_name: 'Before', check_in: '2026-11-26', check_out: '2026-12-01' }],
      [villaId, { guest_name: 'Across the start', check_in: '2026-11-28', check_out: '2026-12-02' }],
      [
        villaId,
        { guest_name: 'Cancelled', check_in: '2026-12-03', check_out: '2026-12-05', status: 'cancelled' },
      ],
      [villaId, { guest_name: 'Inside', check_in: '2026-12-05', check_out: '2026-12-08', status: 'pending' }],
      [villaId, { guest_name: 'Back to back', check_in: '2026-12-08', check_out: '2026-12-10' }],
      [
        villaId,
        {
          guest_name: 'Across the end',
          check_in: '2026-12-14',
          check_out: '2026-12-20',
          booking_source: 'airbnb',
          amount_known: false,
          total_amount: 0,
        },
      ],
      [villaId, { guest_name: 'After', check_in: '2026-12-20', check_out: '2026-12-23' }],
      [
        cottageId,
        { guest_name: 'Done', check_in: '2026-12-01', check_out: '2026-12-03', status: 'completed' },
      ],
      [closed.id, { guest_name: 'Hidden', check_in: '2026-12-03', check_out: '2026-12-05' }],
    ];
    for (const [propertyId, values] of stays) {
      await insertTestBooking(database, propertyId, { status: 'confirmed', ...values });
    }
    await insertTestCalendarDay(database, villaId, { date: '2026-11-30', is_available: false });
    await insertTestCalendarDay(database, villaId, { date: '2026-12-11', is_available: false });
    await insertTestCalendarDay(database, villaId, { date: '2026-12-12', price: 900 });
    await insertTestCalendarDay(database, villaId, { date: '2026-12-15', is_available: false });

    const airbnb = await insertConnection(database, cottageId, {
      channel: 'airbnb',
      last_synced_at: hoursBefore(1),
    });
    airbnbId = airbnb.id;
    await insertConnection(database, cottageId, {
      channel: 'booking_com',
      name: 'Booking.com main',
      last_synced_at: hoursBefore(10),
    });
    await database.db.insert(channelBlocks).values([
      {
        connection_id: airbnb.id,
        property_id: cottageId,
        channel: 'airbnb',
        uid: 'crossing@airbnb.com',
        start_date: '2026-11-29',
        end_date: '2026-12-02',
      },
      {
        connection_id: airbnb.id,
        property_id: cottageId,
        channel: 'airbnb',
        uid: 'later@airbnb.com',
        start_date: '2026-12-20',
        end_date: '2026-12-22',
      },
    ]);
    await database.db.insert(channelConflicts).values({
      property_id: cottageId,
      connection_id: airbnb.id,
      kind: 'stay_overlaps',
      uid: 'clash@airbnb.com',
      item_kind: 'stay',
      check_in: '2026-12-02',
      check_out: '2026-12-04',
    });

    const stranger = await context.createSignedInOperator();
    const theirs = await insertTestProperty(database, stranger.id, { name: 'Stranger villa' });
    await insertTestBooking(database, theirs.id, {
      guest_name: 'Stranger',
      check_in: '2026-12-03',
      check_out: '2026-12-05',
      status: 'confirmed',
    });
    await insertTestCalendarDay(database, theirs.id, { date: '2026-12-04', is_available: false });
  });
  afterAll(async () => {
    await context?.close();
  });

  const get = (query: string, headers: Record<string, string> = { cookie }) =>
    context.app.inject({ method: 'GET', url: `/api/timeline${query}`, headers });
  const timeline = async (from = '2026-12-01', to = '2026-12-15') => {
    const response = await get(`?from=${from}&to=${to}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Timeline;
  };
  const property = (body: Timeline, name: string) => {
    const found = body.properties.find((item) => item.name === name);
    if (!found) throw new Error(`${name} is not on the timeline`);
    return found;
  };

  it("answers every active property of the operator, in the property list's order, and nobody else's", async () => {
    const body = await timeline();
    expect(body).toMatchObject({ from: '2026-12-01', to: '2026-12-15', today: '2026-12-10' });
    expect(body.properties.map((item) => item.name)).toEqual(['Villa', 'Cottage']);
    expect(property(body, 'Villa')).toMatchObject({ id: villaId, currency: 'INR' });
    expect(property(body, 'Cottage')).toMatchObject({ id: cottageId, currency: 'AED' });
    expect(JSON.stringify(body)).not.toMatch(/Stranger|Hidden/);
  });

  it('lists the stays sharing a night with the range, across its edges, without cancelled ones', async () => {
    const body = await timeline();
    expect(property(body, 'Villa').stays.map((stay) => stay.guest_name)).toEqual([
      'Across the start',
      'Inside',
      'Back to back',
      'Across the end',
    ]);
    const [, inside, , acrossEnd] = property(body, 'Villa').stays;
    expect(inside).toMatchObject({ status: 'pending', booking_source: 'direct', amount_known: true });
    expect(acrossEnd).toMatchObject({ booking_source: 'airbnb', amount_known: false, is_sample: false });
    expect(property(body, 'Cottage').stays).toMatchObject([{ guest_name: 'Done', status: 'completed' }]);
  });

  it('moves with the range: a later range holds the later stays and not the earlier', async () => {
    const body = await timeline('2026-12-10', '2026-12-24');
    expect(property(body, 'Villa').stays.map((stay) => stay.guest_name)).toEqual(['Across the end', 'After']);
  });

  it('names the nights the operator closed in the range, not priced or open ones', async () => {
    const body = await timeline();
    expect(property(body, 'Villa').closed_nights).toEqual(['2026-12-11']);
    expect(property(body, 'Cottage').closed_nights).toEqual([]);
  });

  it('gives the ranges channels hold that share a night with the range: blocks and unsettled stays', async () => {
    const body = await timeline();
    const blocks = [...property(body, 'Cottage').channel_blocks].sort((a, b) =>
      a.start_date.localeCompare(b.start_date),
    );
    expect(blocks).toEqual([
      { connection_id: airbnbId, channel: 'airbnb', start_date: '2026-11-29', end_date: '2026-12-02' },
      { connection_id: airbnbId, channel: 'airbnb', start_date: '2026-12-02', end_date: '2026-12-04' },
    ]);
    expect(property(body, 'Villa').channel_blocks).toEqual([]);
  });

  it('marks an open sync conflict and a channel with no sync for longer than the stale limit', async () => {
    const body = await timeline();
    expect(property(body, 'Cottage')).toMatchObject({
      open_conflicts: 1,
      stale_channels: [{ channel: 'booking_com', name: 'Booking.com main' }],
    });
    expect(property(body, 'Villa')).toMatchObject({ open_conflicts: 0, stale_channels: [] });
  });

  it.each([
    ['', 'from is required'],
    ['?from=2026-12-01', 'to is required'],
    ['?from=2026-12-01&to=2026-12-40', 'to is not a real date'],
    ['?from=2026-12-01&to=2026-12-01', '"to" must be after "from"'],
    ['?from=2026-12-10&to=2026-12-01', '"to" must be after "from"'],
    ['?from=2026-12-01&to=2026-12-07', 'at least 7 days'],
    ['?from=2026-12-01&to=2027-03-12', 'at most 100 days'],
    ['?from=nonsense&to=2026-12-15', 'from must be a date'],
  ])('refuses %s with 400 and says why', async (query, message) => {
    const response = await get(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(message);
  });

  it('takes a week and a hundred days', async () => {
    expect((await get('?from=2026-12-01&to=2026-12-08')).statusCode).toBe(200);
    expect((await get('?from=2026-12-01&to=2027-03-12')).statusCode).toBe(400);
    expect((await get('?from=2026-12-01&to=2027-03-11')).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    expect((await get('?from=2026-12-01&to=2026-12-15', {})).statusCode).toBe(401);
  });
});
