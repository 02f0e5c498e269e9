import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelExports } from './db/schema';
import { createTestContext, insertTestBooking, insertTestProperty, type TestContext } from './test/test-app';
import { listTestDatabaseKinds } from './test/test-database';

const RULES = {
  weekday_prices: [null, null, null, null, 14000, 14000, null],
  seasons: [{ name: 'Diwali', start: '2026-11-06', end: '2026-11-12', price: 20000, min_nights: 3 }],
  min_nights: 2,
  cleaning_fee: 2000,
};

/** The bytes of a JSON body with a byte that UTF-8 never holds (0xFF) inside a string. */
const notUtf8 = (json: string, marker = 'MARK') => {
  const [before, after] = json.split(marker) as [string, string];
  return Buffer.concat([Buffer.from(before), Buffer.from([0xff, 0xfe]), Buffer.from(after)]);
};

describe.each(listTestDatabaseKinds())('request bodies [%s]', (kind) => {
  let context: TestContext;
  let cookie: string;
  let propertyId: string;
  let bookingId: string;

  beforeAll(async () => {
    context = await createTestContext(kind, {
      now: () => new Date('2026-10-01T06:00:00Z'),
      requests: { perHour: 1000 },
    });
    const operator = await context.createSignedInOperator();
    cookie = operator.cookie;
    propertyId = (await insertTestProperty(context.database, operator.id, { base_price: 10000 })).id;
    bookingId = (await insertTestBooking(context.database, propertyId)).id;
  });
  afterAll(async () => {
    await context?.close();
  });

  const send = (method: 'PUT' | 'PATCH' | 'POST', url: string, payload: object | string | Buffer) =>
    context.app.inject({
      method,
      url,
      headers: { cookie, 'content-type': 'application/json' },
      payload: typeof payload === 'object' && !Buffer.isBuffer(payload) ? JSON.stringify(payload) : payload,
    });
  const pricingUrl = () => `/api/properties/${propertyId}/pricing`;
  const readProperty = async () =>
    (
      (await context.app.inject({ method: 'GET', url: '/api/properties', headers: { cookie } })).json() as {
        id: string;
      }[]
    ).find((item) => item.id === propertyId);
  const readRules = async () =>
    (await context.app.inject({ method: 'GET', url: pricingUrl(), headers: { cookie } })).json().rules;

  it('refuses a pricing change that holds only unknown fields, naming them, and keeps every rule', async () => {
    expect((await send('PUT', pricingUrl(), RULES)).statusCode).toBe(200);
    const saved = await readRules();
    expect(saved).toMatchObject({ min_nights: 2, cleaning_fee: 2000 });

    const nonsense = await send('PUT', pricingUrl(), { nonsense: true });
    expect(nonsense.statusCode).toBe(400);
    expect(nonsense.json()).toEqual({ error: { message: 'Unknown field: nonsense', field: 'nonsense' } });
    const two = await send('PUT', pricingUrl(), { nonsense: true, other: 1 });
    expect(two.json().error.message).toBe('Unknown fields: nonsense, other');
    // A misspelt rule beside a real one is refused too: its rule would silently fall back to the default.
    const misspelt = await send('PUT', pricingUrl(), { ...RULES, clening_fee: 500 });
    expect(misspelt.statusCode).toBe(400);
    expect(misspelt.json().error.message).toBe('Unknown field: clening_fee');
    // And inside a season: its minimum stay would have been dropped.
    const inSeason = await send('PUT', pricingUrl(), {
      ...RULES,
      seasons: [{ ...RULES.seasons[0], min_night: 3 }],
    });
    expect(inSeason.statusCode).toBe(400);
    expect(inSeason.json().error).toEqual({
      message: 'Unknown field: seasons.0.min_night',
      field: 'seasons/0/min_night',
    });
    expect(await readRules()).toEqual(saved);
  });

  it('refuses an empty pricing body: replacing the rules takes the rules', async () => {
    const before = await readRules();
    const empty = await send('PUT', pricingUrl(), {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toMatch(/^Send the fields to save/);
    expect(await readRules()).toEqual(before);
    // A body with some of the rules still replaces them all, the others taking their documented defaults.
    const some = await send('PUT', pricingUrl(), { min_nights: 3 });
    expect(some.statusCode).toBe(200);
    expect(some.json().rules).toMatchObject({ min_nights: 3, cleaning_fee: 0, seasons: [] });
  });

  it('refuses unknown fields in every other change (PUT, PATCH), naming them, and changes nothing', async () => {
    const property = await readProperty();
    const cases: [method: 'PUT' | 'PATCH' | 'POST', url: string, body: object][] = [
      ['PATCH', `/api/properties/${propertyId}`, { nonsense: true }],
      ['PATCH', `/api/properties/${propertyId}`, { name: 'Renamed', nonsense: true }],
      [
        'PUT',
        `/api/properties/${propertyId}/calendar`,
        { start: '2027-01-01', end: '2027-01-02', is_available: false, nonsense: 1 },
      ],
      ['PATCH', `/api/bookings/${bookingId}/status`, { status: 'confirmed', nonsense: 1 }],
      ['PATCH', `/api/bookings/${bookingId}/payment`, { payment_status: 'paid', nonsense: 1 }],
    ];
    for (const [method, url, body] of cases) {
      const response = await send(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json().error.message, `${method} ${url}`).toBe('Unknown field: nonsense');
    }
    expect(await readProperty()).toEqual(property);
    const calendar = await context.app.inject({
      method: 'GET',
      url: `/api/properties/${propertyId}/calendar?month=2027-01`,
      headers: { cookie },
    });
    expect(calendar.json().calendar).toEqual([]);
    const list = await context.app.inject({
      method: 'GET',
      url: `/api/properties/${propertyId}/bookings`,
      headers: { cookie },
    });
    expect(list.json()).toEqual([
      expect.objectContaining({ id: bookingId, status: 'pending', payment_status: 'unpaid' }),
    ]);
  });

  it('refuses unknown fields in a creation or an action (POST) too: nothing is rotated or created', async () => {
    await context.app.inject({
      method: 'GET',
      url: `/api/properties/${propertyId}/channels`,
      headers: { cookie },
    });
    const exportToken = async () =>
      (
        await context.database.db
          .select()
          .from(channelExports)
          .where(eq(channelExports.property_id, propertyId))
      )[0]?.token;
    const before = await exportToken();
    const properties = async () =>
      (await context.app.inject({ method: 'GET', url: '/api/properties', headers: { cookie } })).json();
    const listed = await properties();
    const cases: [url: string, body: object][] = [
      [`/api/properties/${propertyId}/export-url`, { nonsense: true }],
      [
        '/api/properties',
        { name: 'Hill House', address: '2 Hill Road', city: 'Pune', country: 'India', nonsense: true },
      ],
    ];
    for (const [url, body] of cases) {
      const response = await send('POST', url, body);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.message, url).toBe('Unknown field: nonsense');
    }
    expect(before).toBeDefined();
    expect(await exportToken()).toBe(before);
    expect(await properties()).toEqual(listed);
  });

  it('refuses a body that names fields where the operation takes none, and acts on nothing', async () => {
    const signOut = await context.app.inject({
      method: 'DELETE',
      url: '/api/session',
      headers: { cookie },
      payload: { everywhere: true },
    });
    expect(signOut.statusCode).toBe(400);
    expect(signOut.json().error.message).toBe('Unknown field: everywhere (this operation takes no body)');
    const session = await context.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    expect(session.statusCode).toBe(200);
    // An empty object, as some clients send, is no field at all.
    const withdraw = await context.app.inject({
      method: 'POST',
      url: '/api/requests/not-a-real-token-at-all-000000000/withdraw',
      payload: {},
    });
    expect(withdraw.statusCode).toBe(404);
  });

  it('refuses a JSON body that is not valid UTF-8 on every JSON endpoint, in the API error shape', async () => {
    const request = JSON.stringify({
      check_in: '2026-12-10',
      check_out: '2026-12-12',
      guests_count: 2,
      guest_name: 'AshaMARK',
      guest_email: 'asha@example.com',
    });
    const cases: [method: 'PUT' | 'PATCH' | 'POST', url: string, body: Buffer][] = [
      ['POST', '/api/booking-requests', notUtf8(request)],
      ['PUT', pricingUrl(), notUtf8('{"note":"MARK"}')],
      ['PATCH', `/api/properties/${propertyId}`, notUtf8('{"name":"VillaMARK"}')],
      // Invalid bytes where no field reads them are refused just the same: the body is not JSON text.
      ['POST', '/api/session', notUtf8('{"email":"a@example.com","password":"xMARK"}')],
    ];
    for (const [method, url, body] of cases) {
      const response = await send(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json(), `${method} ${url}`).toEqual({
        error: { message: 'The request body is not valid UTF-8' },
      });
    }
    const list = await context.app.inject({
      method: 'GET',
      url: `/api/properties/${propertyId}/bookings`,
      headers: { cookie },
    });
    expect(list.json()).toHaveLength(1);
    // Valid UTF-8 of any script still goes through, and a byte order mark is allowed.
    const hindi = await send('PATCH', `/api/properties/${propertyId}`, {
      description: 'शांति व्हिला — जहाँ शांति रहती है',
    });
    expect(hindi.statusCode).toBe(200);
    expect(hindi.json().description).toBe('शांति व्हिला — जहाँ शांति रहती है');
  });

  it('keeps the JSON parser’s protections: prototype poisoning, size and emptiness', async () => {
    const url = `/api/properties/${propertyId}`;
    const proto = await send('PATCH', url, '{"name":"x","__proto__":{"is_admin":true}}');
    expect(proto.statusCode).toBe(400);
    expect(proto.json()).toEqual({ error: { message: 'The request body is not valid JSON' } });
    const constructor = await send(
      'PATCH',
      url,
      '{"name":"x","constructor":{"prototype":{"is_admin":true}}}',
    );
    expect(constructor.statusCode).toBe(400);
    const large = await send('PATCH', url, `{"description":"${'x'.repeat(70_000)}"}`);
    expect(large.statusCode).toBe(413);
    expect(large.json().error.message).toMatch(/too large/);
    const empty = await send('PATCH', url, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('The request body is empty; send a JSON object');
    const broken = await send('PATCH', url, '{"name":');
    expect(broken.json().error.message).toBe('The request body is not valid JSON');
  });
});
