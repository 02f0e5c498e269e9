import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDate, villaToday } from '../../domain/dates';
import { toMinorUnits } from '../../domain/money';
import { NEW_PROPERTY_DEFAULTS } from '../../domain/property';
import { isRowLevelSecurityError } from '../db/errors';
import { withOperator } from '../db/with-operator';
import { createTestContext, insertTestBooking, insertTestProperty, type TestContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';
import { insertProperty } from '../store/properties';

const VALID_PROPERTY = { name: 'Lake House', address: '2 Lake Road', city: 'Lonavala', country: 'India' };

describe.each(listTestDatabaseKinds())('properties [%s]', (kind) => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext(kind);
  });
  afterAll(async () => {
    await context?.close();
  });

  const create = (cookie: string, payload: unknown) =>
    context.app.inject({
      method: 'POST',
      url: '/api/properties',
      payload: payload as object,
      headers: { cookie },
    });
  const listProperties = (cookie: string) =>
    context.app.inject({ method: 'GET', url: '/api/properties', headers: { cookie } });

  it('needs a session for every management call, before looking at the request', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url, payload] of [
      ['GET', '/api/properties'],
      ['POST', '/api/properties', VALID_PROPERTY],
      // An invalid body still gets 401 first: being signed in is checked before anything else.
      ['POST', '/api/properties', { name: '' }],
      ['GET', '/api/stats'],
      ['GET', `/api/properties/${id}/calendar`],
      ['PUT', `/api/properties/${id}/calendar`, { start: 'x' }],
      ['GET', `/api/properties/${id}/bookings`],
      ['POST', `/api/properties/${id}/bookings`, {}],
      ['PATCH', `/api/properties/${id}`, { name: 'X' }],
      ['PATCH', `/api/bookings/${id}/status`, { status: 'confirmed' }],
      ['PATCH', `/api/bookings/${id}/payment`, { payment_status: 'paid' }],
      ['PATCH', '/api/bookings/not-a-uuid/status', {}],
      ['GET', '/api/session'],
    ] as const) {
      const response = await context.app.inject({ method, url, payload: payload as object | undefined });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({ error: { message: 'Please sign in to continue' } });
    }
  });

  it('creates a property with the defaults of a new property, owned by the operator', async () => {
    const operator = await context.createSignedInOperator();
    const response = await create(operator.cookie, VALID_PROPERTY);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      ...VALID_PROPERTY,
      // The values themselves are pinned by the domain's tests.
      ...NEW_PROPERTY_DEFAULTS,
      amenities: [],
      owner_id: operator.id,
      is_active: true,
    });
    expect(response.json().id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('takes numbers as JSON numbers and splits amenities', async () => {
    const operator = await context.createSignedInOperator();
    const response = await create(operator.cookie, {
      ...VALID_PROPERTY,
      bedrooms: 4,
      bathrooms: 3,
      max_guests: 10,
      base_price: 1250.75,
      amenities: 'Pool, Wi-Fi, , Parking ',
      property_type: 'house',
      booking_com_id: ' BKG-1 ',
      airbnb_listing_id: '',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      bedrooms: 4,
      bathrooms: 3,
      max_guests: 10,
      base_price: 1250.75,
      amenities: ['Pool', 'Wi-Fi', 'Parking'],
      property_type: 'house',
      booking_com_id: 'BKG-1',
      airbnb_listing_id: null,
    });
  });

  it("takes India's kinds of rental, and a capacity for events apart from the guests who stay the night", async () => {
    const operator = await context.createSignedInOperator();
    for (const property_type of ['cottage', 'bungalow', 'farmhouse', 'homestay', 'room'] as const) {
      const response = await create(operator.cookie, { ...VALID_PROPERTY, property_type });
      expect(response.statusCode, property_type).toBe(201);
      expect(response.json()).toMatchObject({ property_type, event_capacity: null });
    }
    const villa = await create(operator.cookie, { ...VALID_PROPERTY, max_guests: 10, event_capacity: 250 });
    expect(villa.json()).toMatchObject({ max_guests: 10, event_capacity: 250 });
    const id = villa.json<{ id: string }>().id;
    const cleared = await context.app.inject({
      method: 'PATCH',
      url: `/api/properties/${id}`,
      headers: { cookie: operator.cookie },
      payload: { event_capacity: null },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ max_guests: 10, event_capacity: null });
  });

  it('refuses numbers sent as text, booleans or lists instead of coercing them, and saves nothing', async () => {
    const operator = await context.createSignedInOperator();
    for (const bedrooms of ['4', ' 5 ', '0x10', '1e1', true, [2]]) {
      const response = await create(operator.cookie, { ...VALID_PROPERTY, bedrooms });
      expect(response.statusCode, JSON.stringify(bedrooms)).toBe(400);
      expect(response.json().error.message).toBe('Bedrooms must be a number');
    }
    const list = await listProperties(operator.cookie);
    expect(list.json()).toEqual([]);
  });

  it('answers the validation messages in the order of the fields, and saves nothing', async () => {
    const operator = await context.createSignedInOperator();
    const cases: [object, string][] = [
      [{}, 'Property name is required'],
      [{ name: ' ', address: ' ', city: ' ', country: ' ' }, 'Property name is required'],
      [{ name: 'A' }, 'Address is required'],
      [{ name: 'A', address: 'B' }, 'City is required'],
      [{ name: 'A', address: 'B', city: 'C' }, 'Country is required'],
      [{ ...VALID_PROPERTY, bedrooms: 0 }, 'Bedrooms must be at least 1'],
      [{ ...VALID_PROPERTY, base_price: -5 }, 'Base price must be at least 0'],
      [
        { ...VALID_PROPERTY, property_type: 'castle' },
        'Property type must be one of villa, apartment, house, condo, cottage, bungalow, farmhouse, homestay, room',
      ],
      [{ ...VALID_PROPERTY, event_capacity: 0 }, 'Event guests must be at least 1'],
      [{ ...VALID_PROPERTY, event_capacity: 10_001 }, 'Event guests must be at most 10,000'],
      [{ ...VALID_PROPERTY, max_guests: 'many' }, 'Max guests must be a number'],
      [{ ...VALID_PROPERTY, currency: 'dirhams' }, 'Currency must be a three-letter code such as AED'],
    ];
    for (const [payload, message] of cases) {
      const response = await create(operator.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    const list = await listProperties(operator.cookie);
    expect(list.json()).toEqual([]);
  });

  it('lists only the operator’s own active properties, oldest first', async () => {
    const operator = await context.createSignedInOperator();
    const other = await context.createSignedInOperator();
    const first = await insertTestProperty(context.database, operator.id, { name: 'First' });
    await insertTestProperty(context.database, operator.id, { name: 'Inactive', is_active: false });
    await insertTestProperty(context.database, other.id, { name: 'Not mine' });
    const second = await create(operator.cookie, { ...VALID_PROPERTY, name: 'Second' });
    const response = await listProperties(operator.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((property: { id: string }) => property.id)).toEqual([
      first.id,
      second.json().id,
    ]);
  });

  it("keeps an Indian property's GST state (its invoices' place of supply), and refuses a code that is none", async () => {
    const operator = await context.createSignedInOperator();
    const created = await create(operator.cookie, { ...VALID_PROPERTY, state_code: '27' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ state_code: '27' });
    const wrong = await create(operator.cookie, { ...VALID_PROPERTY, state_code: '99' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('State must be a GST state code such as 27 (Maharashtra)');
    const cleared = await context.app.inject({
      method: 'PATCH',
      url: `/api/properties/${created.json().id}`,
      payload: { state_code: null },
      headers: { cookie: operator.cookie },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ state_code: null });
    expect((await create(operator.cookie, VALID_PROPERTY)).json()).toMatchObject({ state_code: null });
  });

  it('lets row-level security refuse a property written for another owner', async () => {
    const operator = await context.createSignedInOperator();
    const other = await context.createSignedInOperator();
    const attempt = withOperator(context.database.db, operator.id, (tx) =>
      insertProperty(tx, {
        ...VALID_PROPERTY,
        ...NEW_PROPERTY_DEFAULTS,
        // The store holds the base price in minor units, as a decoded request gives it.
        base_price: toMinorUnits(NEW_PROPERTY_DEFAULTS.base_price),
        description: null,
        event_capacity: null,
        amenities: [],
        airbnb_listing_id: null,
        booking_com_id: null,
        state_code: null,
        owner_id: other.id,
      }),
    );
    const error = await attempt.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(isRowLevelSecurityError(error)).toBe(true);
  });

  it('computes the dashboard figures with a live count of active bookings', async () => {
    const operator = await context.createSignedInOperator();
    const today = villaToday();
    const villa = await insertTestProperty(context.database, operator.id, {
      base_price: 1000,
      max_guests: 10,
    });
    const flat = await insertTestProperty(context.database, operator.id, { base_price: 501, max_guests: 4 });
    const closed = await insertTestProperty(context.database, operator.id, {
      base_price: 9999,
      is_active: false,
    });
    // Days from today of check-in and check-out.
    const stays = [
      // Counted: pending and confirmed stays of active properties whose check-out is today or later.
      { property: villa, days: [-2, 0], status: 'confirmed' },
      { property: villa, days: [5, 7], status: 'pending' },
      // Not counted: past, cancelled, completed, inactive property.
      { property: flat, days: [-5, -1], status: 'confirmed' },
      { property: flat, days: [1, 3], status: 'cancelled' },
      { property: flat, days: [-9, -7], status: 'completed' },
      { property: closed, days: [1, 3], status: 'confirmed' },
    ] as const;
    for (const { property, days, status } of stays) {
      await insertTestBooking(context.database, property.id, {
        check_in: addDaysToDate(today, days[0]),
        check_out: addDaysToDate(today, days[1]),
        status,
      });
    }
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/stats',
      headers: { cookie: operator.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      totalProperties: 2,
      averagePrice: 751,
      averagePrices: [{ currency: 'AED', average: 751, properties: 2 }],
      totalCapacity: 14,
      activeBookings: 2,
    });
  });
});
