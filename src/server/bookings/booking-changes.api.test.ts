import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  insertTestBooking,
  insertTestCalendarDay,
  insertTestProperty,
  type TestContext,
} from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

const NOW = new Date('2026-11-22T06:00:00Z');
let clock = NOW;

describe.each(listTestDatabaseKinds())("the operator's booking changes [%s]", (kind) => {
  let context: TestContext;
  let operator: Awaited<ReturnType<TestContext['createSignedInOperator']>>;
  let propertyId: string;
  beforeAll(async () => {
    context = await createTestContext(kind, { now: () => clock });
    operator = await context.createSignedInOperator();
    propertyId = (await insertTestProperty(context.database, operator.id, { base_price: 500, max_guests: 6 }))
      .id;
  });
  afterAll(async () => {
    await context?.close();
  });

  const patch = (url: string, payload: object, cookie = operator.cookie) =>
    context.app.inject({ method: 'PATCH', url, payload, headers: { cookie } });

  const addBooking = (payload: object) =>
    context.app.inject({
      method: 'POST',
      url: `/api/properties/${propertyId}/bookings`,
      headers: { cookie: operator.cookie },
      payload,
    });
  it('confirms, then completes a booking; refuses transitions that make no sense', async () => {
    const booking = await insertTestBooking(context.database, propertyId, {
      check_in: '2026-11-19',
      check_out: '2026-11-22',
    });
    const confirmed = await patch(`/api/bookings/${booking.id}/status`, { status: 'confirmed' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().status).toBe('confirmed');
    const back = await patch(`/api/bookings/${booking.id}/status`, { status: 'pending' });
    expect(back.statusCode).toBe(409);
    expect(back.json().error.message).toBe('A confirmed booking cannot become pending');
    expect((await patch(`/api/bookings/${booking.id}/status`, { status: 'completed' })).json().status).toBe(
      'completed',
    );
    const cancel = await patch(`/api/bookings/${booking.id}/status`, { status: 'cancelled' });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error.message).toBe('A completed booking cannot become cancelled');
  });

  it('completes a stay only from its check-out day in the villa, and its nights stay booked', async () => {
    const arriving = await insertTestBooking(context.database, propertyId, {
      check_in: '2026-12-20',
      check_out: '2026-12-24',
      status: 'confirmed',
    });
    const early = await patch(`/api/bookings/${arriving.id}/status`, { status: 'completed' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(
      'This stay can be marked completed from its check-out day (Thu, 24 Dec 2026); until then its nights stay booked',
    );
    const quote = await context.app.inject({
      url: '/api/availability?from=2026-12-18&to=2026-12-26',
    });
    expect(quote.json().unavailable).toEqual(['2026-12-20', '2026-12-21', '2026-12-22', '2026-12-23']);
    // 00:30 on 23 Nov in the villa (still 22 Nov in UTC): a stay leaving on the 23rd may be completed.
    clock = new Date('2026-11-22T19:00:00Z');
    try {
      const leaving = await insertTestBooking(context.database, propertyId, {
        check_in: '2026-11-22',
        check_out: '2026-11-23',
        status: 'confirmed',
      });
      const done = await patch(`/api/bookings/${leaving.id}/status`, { status: 'completed' });
      expect(done.statusCode).toBe(200);
      expect(done.json().status).toBe('completed');
    } finally {
      clock = NOW;
    }
  });

  it('cancelling frees the nights for another booking', async () => {
    const booking = await insertTestBooking(context.database, propertyId, {
      check_in: '2026-12-10',
      check_out: '2026-12-12',
    });
    expect((await patch(`/api/bookings/${booking.id}/status`, { status: 'cancelled' })).statusCode).toBe(200);
    await expect(
      insertTestBooking(context.database, propertyId, { check_in: '2026-12-10', check_out: '2026-12-12' }),
    ).resolves.toBeDefined();
  });

  it('marks a booking paid', async () => {
    const booking = await insertTestBooking(context.database, propertyId, {
      check_in: '2026-12-15',
      check_out: '2026-12-16',
    });
    const response = await patch(`/api/bookings/${booking.id}/payment`, { payment_status: 'paid' });
    expect(response.statusCode).toBe(200);
    expect(response.json().payment_status).toBe('paid');
    const bad = await patch(`/api/bookings/${booking.id}/payment`, { payment_status: 'free' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Payment must be one of unpaid, partial, paid, refunded, channel');
    // The status follows the ledger now: other statuses are recorded as amounts, never set by hand.
    const byHand = await patch(`/api/bookings/${booking.id}/payment`, { payment_status: 'unpaid' });
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json().error.message).toMatch(/record a payment \(or a refund\) with its amount/);
  });

  it("cannot change another operator's booking, nor an unknown one", async () => {
    const other = await context.createSignedInOperator();
    const theirs = await insertTestProperty(context.database, other.id);
    const booking = await insertTestBooking(context.database, theirs.id);
    const response = await patch(`/api/bookings/${booking.id}/status`, { status: 'confirmed' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Booking not found');
    expect((await patch(`/api/bookings/${booking.id}/payment`, { payment_status: 'paid' })).statusCode).toBe(
      404,
    );
    expect((await patch('/api/bookings/123/status', { status: 'confirmed' })).statusCode).toBe(400);
    expect((await patch(`/api/bookings/${booking.id}/status`, { status: 'confirmed' }, '')).statusCode).toBe(
      401,
    );
  });

  it('adds a booking by hand, priced from the calendar unless a total is given', async () => {
    await insertTestCalendarDay(context.database, propertyId, { date: '2027-01-02', price: 800 });
    const response = await addBooking({
      check_in: '2027-01-01',
      check_out: '2027-01-04',
      guests_count: 2,
      guest_name: 'Walk-in Guest',
      guest_email: 'walkin@example.com',
      booking_source: 'airbnb',
      external_booking_id: 'HMABC123',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      status: 'confirmed',
      booking_source: 'airbnb',
      external_booking_id: 'HMABC123',
      total_amount: 1800,
      // Airbnb collects the guest's money: never 'unpaid' here.
      payment_status: 'channel',
    });
    const overlap = await addBooking({
      check_in: '2027-01-03',
      check_out: '2027-01-05',
      guests_count: 2,
      guest_name: 'Second',
      guest_email: 'second@example.com',
      total_amount: 100,
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().error.message).toBe('Those dates are no longer available');
  });

  it('refuses a manual booking with bad input', async () => {
    const base = {
      check_in: '2027-02-01',
      check_out: '2027-02-03',
      guests_count: 2,
      guest_name: 'A',
      guest_email: 'a@example.com',
    };
    for (const [payload, message] of [
      [{ ...base, check_out: '2027-01-30' }, 'Check-out must be after check-in'],
      [{ ...base, guests_count: 7 }, 'This property sleeps at most 6 guests'],
      [
        { ...base, booking_source: 'expedia' },
        expect.stringMatching(/^Source must be one of direct, airbnb, booking_com/),
      ],
      [{ ...base, status: 'completed' }, 'A new booking is pending or confirmed'],
      [{ ...base, total_amount: -1 }, 'Total must be at least 0'],
      [{ ...base, total_amount: '' }, 'Total must be a number'],
      [{ ...base, guests_count: '2' }, 'Guests must be a number'],
      [{ ...base, guest_name: 'A\u0000B' }, 'Full name contains characters that are not allowed'],
    ] as const) {
      const response = await addBooking(payload);
      expect(response.statusCode, String(message)).toBe(400);
      expect(response.json().error.message).toEqual(message);
    }
  });

  it('marks a range unavailable or priced, and the public quote follows at once', async () => {
    const put = (payload: object) =>
      context.app.inject({
        method: 'PUT',
        url: `/api/properties/${propertyId}/calendar`,
        headers: { cookie: operator.cookie },
        payload,
      });
    expect((await put({ start: '2027-03-01', end: '2027-03-03', is_available: false })).json()).toEqual({
      updated: 3,
    });
    expect((await put({ start: '2027-03-10', end: '2027-03-10', price: 999 })).statusCode).toBe(200);
    const quote = await context.app.inject({
      method: 'GET',
      url: '/api/quote?check_in=2027-03-09&check_out=2027-03-11',
    });
    expect(quote.json()).toMatchObject({ total: 1499, available: true });
    const blocked = await context.app.inject({
      method: 'GET',
      url: '/api/quote?check_in=2027-02-28&check_out=2027-03-02',
    });
    expect(blocked.json()).toMatchObject({ available: false, unavailable_nights: ['2027-03-01'] });
    // Back to the defaults: the rows go, and the nights are bookable at the base price again.
    await put({ start: '2027-03-01', end: '2027-03-03', is_available: true });
    await put({ start: '2027-03-10', end: '2027-03-10', price: null });
    const calendar = await context.app.inject({
      method: 'GET',
      url: `/api/properties/${propertyId}/calendar?month=2027-03`,
      headers: { cookie: operator.cookie },
    });
    expect(calendar.json().calendar).toEqual([]);
    for (const [payload, message] of [
      [
        { start: '2027-03-05', end: '2027-03-01', is_available: false },
        'The end date must not be before the start date',
      ],
      [{ start: '2027-01-01', end: '2028-06-01', is_available: false }, 'Change at most 366 days at a time'],
      [{ start: '2027-03-01', end: '2027-03-02' }, 'Send is_available, price or both'],
      [{ start: '2027-03-01', end: '2027-03-02', price: -5 }, 'Nightly price must be at least 0'],
      [{ start: '2027-03-01', end: '2027-03-02', price: '5' }, 'Nightly price must be a number'],
      // Past year 9999 once gave a 500: dates are bounded.
      [
        { start: '2027-03-01', end: '9999-12-31', is_available: false },
        'End date must be between 2000-01-01 and 2100-12-31',
      ],
    ] as const) {
      const response = await put(payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
  });

  it('edits a property, and deactivating it removes it from lists but keeps its bookings', async () => {
    const property = await insertTestProperty(context.database, operator.id, { name: 'Old name' });
    const booking = await insertTestBooking(context.database, property.id);
    const renamed = await patch(`/api/properties/${property.id}`, { name: ' New name ', base_price: 150 });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'New name', base_price: 150, city: 'Pune' });
    expect((await patch(`/api/properties/${property.id}`, { name: '' })).json().error.message).toBe(
      'Property name is required',
    );
    expect((await patch(`/api/properties/${property.id}`, {})).json().error.message).toBe(
      'Send at least one field to change',
    );
    expect((await patch(`/api/properties/${property.id}`, { is_active: false })).json().is_active).toBe(
      false,
    );
    const list = await context.app.inject({
      method: 'GET',
      url: '/api/properties',
      headers: { cookie: operator.cookie },
    });
    expect(list.json().map((item: { id: string }) => item.id)).not.toContain(property.id);
    const bookings = await context.app.inject({
      method: 'GET',
      url: `/api/properties/${property.id}/bookings`,
      headers: { cookie: operator.cookie },
    });
    expect(bookings.json().map((item: { id: string }) => item.id)).toEqual([booking.id]);
  });
});
