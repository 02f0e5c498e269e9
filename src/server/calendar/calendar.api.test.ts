import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  insertTestBooking,
  insertTestCalendarDay,
  insertTestProperty,
  type TestContext,
} from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

describe.each(listTestDatabaseKinds())("a property's calendar [%s]", (kind) => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext(kind, { now: () => new Date('2026-11-22T12:00:00Z') });
  });
  afterAll(async () => {
    await context?.close();
  });

  const getCalendar = (cookie: string, propertyId: string, query = '') =>
    context.app.inject({
      method: 'GET',
      url: `/api/properties/${propertyId}/calendar${query}`,
      headers: { cookie },
    });

  it('returns the month’s calendar rows and every booking that shares a night with it', async () => {
    const operator = await context.createSignedInOperator();
    const property = await insertTestProperty(context.database, operator.id, {
      base_price: 200,
      currency: 'INR',
    });
    const crossing = await insertTestBooking(context.database, property.id, {
      check_in: '2026-11-28',
      check_out: '2026-12-03',
    });
    const inside = await insertTestBooking(context.database, property.id, {
      check_in: '2026-12-10',
      check_out: '2026-12-12',
      guest_name: 'Inside',
    });
    const endingOnFirst = await insertTestBooking(context.database, property.id, {
      check_in: '2026-11-25',
      check_out: '2026-11-28',
    });
    await insertTestBooking(context.database, property.id, {
      check_in: '2027-01-01',
      check_out: '2027-01-05',
    });
    await insertTestCalendarDay(context.database, property.id, { date: '2026-12-01', is_available: false });
    await insertTestCalendarDay(context.database, property.id, { date: '2026-12-24', price: 450 });
    await insertTestCalendarDay(context.database, property.id, { date: '2027-01-01', is_available: false });

    const response = await getCalendar(operator.cookie, property.id, '?month=2026-12');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      month: '2026-12',
      start: '2026-12-01',
      end: '2027-01-01',
      base_price: 200,
      currency: 'INR',
    });
    expect(body.calendar).toEqual([
      { date: '2026-12-01', is_available: false, price: null },
      { date: '2026-12-24', is_available: true, price: 450 },
    ]);
    expect(body.bookings.map((booking: { id: string }) => booking.id)).toEqual([crossing.id, inside.id]);
    expect(body.bookings[1]).toEqual({
      id: inside.id,
      check_in: '2026-12-10',
      check_out: '2026-12-12',
      guest_name: 'Inside',
      booking_source: 'direct',
      status: 'pending',
    });

    const november = await getCalendar(operator.cookie, property.id, '?month=2026-11');
    expect(november.json().bookings.map((booking: { id: string }) => booking.id)).toEqual([
      endingOnFirst.id,
      crossing.id,
    ]);
  });

  it("defaults to the current month of the server's clock", async () => {
    const operator = await context.createSignedInOperator();
    const property = await insertTestProperty(context.database, operator.id);
    const response = await getCalendar(operator.cookie, property.id);
    expect(response.json()).toMatchObject({ month: '2026-11', start: '2026-11-01', end: '2026-12-01' });
  });

  it('refuses a malformed month or id, and hides another operator’s property', async () => {
    const operator = await context.createSignedInOperator();
    const other = await context.createSignedInOperator();
    const property = await insertTestProperty(context.database, operator.id);
    const theirs = await insertTestProperty(context.database, other.id);

    const badMonth = await getCalendar(operator.cookie, property.id, '?month=2026-13');
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json().error.message).toBe('Month must be given as yyyy-MM, for example 2026-11');

    const badId = await getCalendar(operator.cookie, 'not-a-uuid');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.message).toBe('Property id must be a UUID');

    const notMine = await getCalendar(operator.cookie, theirs.id);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().error.message).toBe('Property not found');

    const unknown = await getCalendar(operator.cookie, '6f1c1d2e-0b7a-4c1e-9d55-3a2b1c0d9e8f');
    expect(unknown.statusCode).toBe(404);
  });
});
