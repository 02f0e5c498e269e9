import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  insertTestBooking,
  insertTestCalendarDay,
  insertTestProperty,
  type TestContext,
} from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';
import { hashExportToken } from '../channels/queries';
import { channelBlocks, channelConnections, payments } from '../db/schema';
import { toMinorUnits } from '../../domain/money';

/**
 * A fixture worked out by hand. Villa (INR), January and February 2027:
 * - a direct stay Jan 30 → Feb 2 (3 nights) for 3,000.01: 1,000.01 + 1,000.00 in January, 1,000.00 in
 *   February (the first night takes the remaining cent);
 * - an Airbnb stay Jan 5 → 7, completed, 500;
 * - a cancelled stay (999) and a pending request: never counted;
 * - Jan 15 and 16 closed; Jan 30 closed but sold, so not closed.
 * February also has Feb 10 and 11 closed by an Airbnb block, and an Airbnb stay Feb 20 → 22 imported
 * without a price (its nights count, its revenue is unknown).
 * Cottage (AED): a Booking.com stay Jan 1 → 2 for 100.
 */
describe.each(listTestDatabaseKinds())('the report [%s]', (kind) => {
  let context: TestContext;
  let cookie: string;
  let villaId: string;
  let cottageId: string;
  let unpricedStayId: string;
  beforeAll(async () => {
    context = await createTestContext(kind);
    const operator = await context.createSignedInOperator();
    cookie = operator.cookie;
    const villa = await insertTestProperty(context.database, operator.id, { name: 'Villa', currency: 'INR' });
    const cottage = await insertTestProperty(context.database, operator.id, {
      name: 'Cottage',
      currency: 'AED',
    });
    villaId = villa.id;
    cottageId = cottage.id;
    const stay = async (propertyId: string, values: Parameters<typeof insertTestBooking>[2]) =>
      (await insertTestBooking(context.database, propertyId, { status: 'confirmed', ...values })).id;
    await stay(villaId, {
      check_in: '2027-01-30',
      check_out: '2027-02-02',
      total_amount: 3000.01,
      currency: 'INR',
    });
    await stay(villaId, {
      check_in: '2027-01-05',
      check_out: '2027-01-07',
      total_amount: 500,
      currency: 'INR',
      status: 'completed',
      booking_source: 'airbnb',
    });
    await stay(villaId, {
      check_in: '2027-01-10',
      check_out: '2027-01-12',
      total_amount: 999,
      currency: 'INR',
      status: 'cancelled',
    });
    await stay(villaId, {
      check_in: '2027-01-20',
      check_out: '2027-01-21',
      total_amount: 700,
      currency: 'INR',
      status: 'pending',
    });
    for (const date of ['2027-01-15', '2027-01-16', '2027-01-30'])
      await insertTestCalendarDay(context.database, villaId, { date, is_available: false });
    const [connection] = await context.database.db
      .insert(channelConnections)
      .values({
        property_id: villaId,
        channel: 'airbnb',
        import_url: 'https://example.com/a.ics',
        export_token: hashExportToken('report-test'),
      })
      .returning();
    await context.database.db.insert(channelBlocks).values({
      connection_id: connection!.id,
      property_id: villaId,
      channel: 'airbnb',
      uid: 'block-1@airbnb.com',
      start_date: '2027-02-10',
      end_date: '2027-02-12',
    });
    unpricedStayId = await stay(villaId, {
      check_in: '2027-02-20',
      check_out: '2027-02-22',
      total_amount: 0,
      amount_known: false,
      currency: 'INR',
      booking_source: 'airbnb',
      channel_connection_id: connection!.id,
    });
    await stay(cottageId, {
      check_in: '2027-01-01',
      check_out: '2027-01-02',
      total_amount: 100,
      currency: 'AED',
      booking_source: 'booking_com',
    });
    // Another operator's stay in the same period must not count.
    const stranger = await context.createSignedInOperator();
    const theirs = await insertTestProperty(context.database, stranger.id, { currency: 'INR' });
    await stay(theirs.id, {
      check_in: '2027-01-03',
      check_out: '2027-01-09',
      total_amount: 6000,
      currency: 'INR',
    });
  });
  afterAll(async () => {
    await context?.close();
  });

  const report = (query: string) =>
    context.app.inject({ method: 'GET', url: `/api/reports?${query}`, headers: { cookie } });

  it('agrees with the hand computation, month by month and in total, currencies apart', async () => {
    const response = await report('from=2027-01-01&to=2027-03-01');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.currencies.map((entry: { currency: string }) => entry.currency)).toEqual(['AED', 'INR']);
    const inr = body.currencies[1];
    expect(inr.months).toEqual([
      {
        month: '2027-01',
        nights: 31,
        closed_nights: 2,
        available_nights: 29,
        booked_nights: 4,
        unpriced_nights: 0,
        occupancy: 0.1379,
        revenue: 2500.01,
        adr: 625,
        revpar: 86.21,
        received: 0,
        sources: [
          { source: 'direct', nights: 2, revenue: 2000.01 },
          { source: 'airbnb', nights: 2, revenue: 500 },
        ],
      },
      {
        month: '2027-02',
        nights: 28,
        closed_nights: 2,
        available_nights: 26,
        booked_nights: 3,
        unpriced_nights: 2,
        occupancy: 0.1154,
        revenue: 1000,
        adr: 1000,
        revpar: 38.46,
        received: 0,
        sources: [
          { source: 'direct', nights: 1, revenue: 1000 },
          { source: 'airbnb', nights: 2, revenue: 0 },
        ],
      },
    ]);
    expect(inr.total).toMatchObject({
      nights: 59,
      closed_nights: 4,
      available_nights: 55,
      booked_nights: 7,
      unpriced_nights: 2,
      occupancy: 0.1273,
      revenue: 3500.01,
      adr: 700,
      revpar: 63.64,
      received: 0,
    });
    const aed = body.currencies[0];
    expect(aed.months[0]).toMatchObject({
      nights: 31,
      booked_nights: 1,
      revenue: 100,
      occupancy: 0.0323,
      adr: 100,
    });
    expect(aed.months[1]).toMatchObject({
      nights: 28,
      booked_nights: 0,
      revenue: 0,
      occupancy: 0,
      adr: null,
      revpar: 0,
      received: 0,
    });
  });

  it('reports one property, and a period that starts inside a stay counts only its nights within', async () => {
    const cottage = (await report(`from=2027-01-01&to=2027-02-01&property=${cottageId}`)).json();
    expect(cottage.currencies.map((entry: { currency: string }) => entry.currency)).toEqual(['AED']);
    const villa = (await report(`from=2027-01-31&to=2027-02-02&property=${villaId}`)).json();
    expect(villa.currencies[0].total).toMatchObject({ nights: 2, booked_nights: 2, revenue: 2000 });
  });

  it('refuses bad periods and unknown properties', async () => {
    for (const [query, status, message] of [
      ['from=2027-02-01&to=2027-01-01', 400, '"to" must be after "from"'],
      ['from=2027-01-01&to=2031-01-01', 400, 'A report covers at most 1098 days'],
      ['from=2027-01-01', 400, 'to is required'],
      ['from=2027-01-01&to=2027-02-01&property=nope', 400, 'property must be a property id (a UUID)'],
      [
        'from=2027-01-01&to=2027-02-01&property=00000000-0000-4000-8000-000000000000',
        404,
        'Property not found',
      ],
    ] as const) {
      const response = await report(query);
      expect(response.statusCode, query).toBe(status);
      expect(response.json().error.message, query).toBe(message);
    }
    expect(
      (await context.app.inject({ method: 'GET', url: '/api/reports?from=2027-01-01&to=2027-02-01' }))
        .statusCode,
    ).toBe(401);
  });

  // Last: it records a payout on February's Airbnb stay.
  it("counts a priceless channel stay's nights as amount unknown, then its payout as revenue once recorded", async () => {
    const before = (await report('from=2027-02-01&to=2027-03-01')).json().currencies[1].total;
    expect(before).toMatchObject({ booked_nights: 3, unpriced_nights: 2, revenue: 1000, adr: 1000 });
    const payout = (kind: 'payment' | 'refund', amount: number) => ({
      booking_id: unpricedStayId,
      kind,
      amount: toMinorUnits(amount),
      currency: 'INR',
      method: 'channel' as const,
      received_on: '2027-03-02',
    });
    await context.database.db.insert(payments).values([payout('payment', 9000), payout('refund', 1000)]);
    const after = (await report('from=2027-02-01&to=2027-03-01')).json().currencies[1];
    expect(after.total).toMatchObject({ booked_nights: 3, unpriced_nights: 0, revenue: 9000, adr: 3000 });
    expect(after.months[0].sources).toEqual([
      { source: 'direct', nights: 1, revenue: 1000 },
      { source: 'airbnb', nights: 2, revenue: 8000 },
    ]);
  });
});
