import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../db/schema';
import {
  createSignedInContext,
  createTestContext,
  insertTestBookings,
  insertTestCalendarDay,
  TEST_NOW as NOW,
  type TestContext,
  UNLIMITED_REQUESTS,
} from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';
import { BOOKINGS_CLOSED_MESSAGE } from '../../domain/booking-request';

const request = (values: Record<string, unknown> = {}) => ({
  check_in: '2026-12-10',
  check_out: '2026-12-13',
  guests_count: 4,
  guest_name: 'Asha Rao',
  guest_email: 'asha@example.com',
  guest_phone: '+91 98220 12345',
  special_requests: 'A quiet room, please',
  ...values,
});

describe.each(listTestDatabaseKinds())('guest booking requests [%s]', (kind) => {
  let context: TestContext;
  let propertyId: string;
  beforeAll(async () => {
    ({ context, propertyId } = await createSignedInContext(
      kind,
      { now: () => NOW, requests: UNLIMITED_REQUESTS },
      { name: 'The Villa', base_price: 1000, currency: 'AED', max_guests: 8 },
    ));
    await insertTestCalendarDay(context.database, propertyId, { date: '2026-12-11', price: 1500.5 });
    await insertTestCalendarDay(context.database, propertyId, { date: '2026-12-20', is_available: false });
    await insertTestBookings(context.database, propertyId, [
      { check_in: '2026-12-24', check_out: '2026-12-27', status: 'confirmed', guest_name: 'Secret Guest' },
      { check_in: '2026-12-28', check_out: '2026-12-30', status: 'cancelled' },
    ]);
  });
  afterAll(async () => {
    await context?.close();
  });

  const post = (payload: object, headers: Record<string, string> = {}) =>
    context.app.inject({ method: 'POST', url: '/api/booking-requests', payload, headers });

  it('shows unavailable nights and price overrides without any guest data', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/availability?from=2026-12-01&to=2027-01-01',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.property).toEqual({
      id: propertyId,
      name: 'The Villa',
      max_guests: 8,
      base_price: 1000,
      currency: 'AED',
    });
    expect(body.today).toBe('2026-11-22');
    expect(body.unavailable).toEqual(['2026-12-20', '2026-12-24', '2026-12-25', '2026-12-26']);
    expect(body.prices).toEqual([{ date: '2026-12-11', price: 1500.5 }]);
    expect(response.body).not.toContain('Secret Guest');
    expect(response.body).not.toContain('@example.com');
  });

  it('covers the whole booking horizon by default, and never the past', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/availability?from=2026-01-01' });
    expect(response.json()).toMatchObject({ from: '2026-11-22', to: '2028-06-15' });
  });

  it('refuses a malformed availability range', async () => {
    for (const [query, message, code] of [
      ['from=2026-12-10&to=2026-12-01', '"to" must be after "from"', 'availability_range_empty'],
      ['from=2026-12-01&to=2028-12-01', 'Ask for at most 571 days at a time', 'availability_range_too_long'],
      ['from=tomorrow', 'from must be a date (yyyy-MM-dd)'],
      ['from=2026-02-30', 'from is not a real date'],
      ['to=9999-12-31', 'to must be between 2000-01-01 and 2100-12-31'],
    ]) {
      const response = await context.app.inject({ method: 'GET', url: `/api/availability?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message).toBe(message);
      if (code) expect(response.json().error.code).toBe(code);
    }
  });

  it('quotes each night from its calendar row or the base price', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/quote?check_in=2026-12-10&check_out=2026-12-13&guests=2',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      check_in: '2026-12-10',
      check_out: '2026-12-13',
      nights: [
        { date: '2026-12-10', price: 1000, label: 'Base price' },
        { date: '2026-12-11', price: 1500.5, label: 'Price set for this day' },
        { date: '2026-12-12', price: 1000, label: 'Base price' },
      ],
      nights_count: 3,
      guests: 2,
      lines: [
        {
          label: '2 nights × 1,000 (Base price)',
          amount: 2000,
          charge: { kind: 'nights', nights: 2, price: 1000, reason: { kind: 'base' }, before_tax: false },
        },
        {
          label: '1 night × 1,500.5 (Price set for this day)',
          amount: 1500.5,
          charge: { kind: 'nights', nights: 1, price: 1500.5, reason: { kind: 'day' }, before_tax: false },
        },
      ],
      subtotal: 3500.5,
      taxes: [],
      total: 3500.5,
      currency: 'AED',
      prices_include_tax: false,
      available: true,
      unavailable_nights: [],
    });
    const blocked = await context.app.inject({
      method: 'GET',
      url: '/api/quote?check_in=2026-12-19&check_out=2026-12-22',
    });
    expect(blocked.json()).toMatchObject({ available: false, unavailable_nights: ['2026-12-20'] });
  });

  it('turns a request into a pending, unpaid, direct booking priced by the server', async () => {
    // Nothing the guest sends sets a price: a price in the body is refused by name.
    const priced = await post(request({ check_in: '2027-01-05', check_out: '2027-01-07', total_amount: 1 }));
    expect(priced.statusCode).toBe(400);
    expect(priced.json().error.message).toBe('Unknown field: total_amount');
    const response = await post(request({ check_in: '2027-01-05', check_out: '2027-01-07' }));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.reference).toMatch(/^SV-[0-9A-F]{8}$/);
    // The guest's own page for the request, straight away (its link also goes by e-mail).
    expect(body.request_path).toMatch(/^\/request\/[\w-]{32}$/);
    const page = await context.app.inject({
      method: 'GET',
      url: `/api${body.request_path.replace('/request/', '/requests/')}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ reference: body.reference, status: 'pending', can_withdraw: true });
    expect(body.booking).toEqual({
      check_in: '2027-01-05',
      check_out: '2027-01-07',
      guests_count: 4,
      total_amount: 2000,
      currency: 'AED',
      status: 'pending',
    });
    const [row] = await context.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.check_in, '2027-01-05'));
    expect(row).toMatchObject({
      booking_source: 'direct',
      status: 'pending',
      payment_status: 'unpaid',
      guest_name: 'Asha Rao',
      guest_email: 'asha@example.com',
      guest_phone: '+91 98220 12345',
      special_requests: 'A quiet room, please',
      // The column holds minor units (fils).
      total_amount: 2000_00,
    });
  });

  it('records the language the guest asked in, English when left out, and refuses any other', async () => {
    const asked = async (language: unknown, check_in: string, check_out: string) => {
      const response = await post(request({ check_in, check_out, language }));
      return { response, page: response.statusCode === 201 ? response.json().request_path : null };
    };
    const marathi = await asked('mr', '2027-06-01', '2027-06-03');
    expect(marathi.response.statusCode).toBe(201);
    const english = await asked(undefined, '2027-06-05', '2027-06-07');
    expect(english.response.statusCode).toBe(201);
    const unknown = await asked('fr', '2027-06-09', '2027-06-11');
    expect(unknown.response.statusCode).toBe(400);
    expect(unknown.response.json().error).toMatchObject({ field: 'language' });
    const stored = await context.database.db
      .select({ check_in: bookings.check_in, guest_language: bookings.guest_language })
      .from(bookings)
      .where(eq(bookings.guest_email, 'asha@example.com'));
    expect(stored).toEqual(
      expect.arrayContaining([
        { check_in: '2027-06-01', guest_language: 'mr' },
        { check_in: '2027-06-05', guest_language: 'en' },
      ]),
    );
    expect(stored.some((row) => row.check_in === '2027-06-09')).toBe(false);
    // The request page's answer carries it, so the page can speak it.
    for (const [outcome, language] of [
      [marathi, 'mr'],
      [english, 'en'],
    ] as const) {
      const page = await context.app.inject({
        method: 'GET',
        url: `/api${String(outcome.page).replace('/request/', '/requests/')}`,
      });
      expect(page.json()).toMatchObject({ language });
    }
  });

  it('books at the price the guest was shown, and refuses with the new quote when it changed since', async () => {
    const stay = { check_in: '2027-04-06', check_out: '2027-04-08', guests_count: 2 };
    const shown = await context.app.inject({
      url: '/api/quote?check_in=2027-04-06&check_out=2027-04-08&guests=2',
    });
    expect(shown.json().total).toBe(2000);
    // The operator prices one of those nights differently meanwhile.
    await insertTestCalendarDay(context.database, propertyId, { date: '2027-04-07', price: 1800 });
    const refused = await post(request({ ...stay, quoted_total: 2000 }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      message:
        'The price of these dates has changed since you saw it: the total is now AED 2,800. Please check the new price and send your request again.',
      code: 'price_changed',
      quote: { check_in: '2027-04-06', check_out: '2027-04-08', total: 2800, available: true },
    });
    // Nothing the guest sends sets a price: a lower total is refused just the same.
    expect((await post(request({ ...stay, quoted_total: 1 }))).statusCode).toBe(409);
    const none = await context.database.db.select().from(bookings).where(eq(bookings.check_in, '2027-04-06'));
    expect(none).toEqual([]);
    const booked = await post(request({ ...stay, quoted_total: 2800 }));
    expect(booked.statusCode).toBe(201);
    expect(booked.json().booking.total_amount).toBe(2800);
  });

  it('creates one booking for a repeated request with the same Idempotency-Key', async () => {
    const key = randomUUID();
    const payload = request({ check_in: '2027-02-01', check_out: '2027-02-03' });
    const [first, second] = await Promise.all([
      post(payload, { 'idempotency-key': key }),
      post(payload, { 'idempotency-key': key }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(first.json().reference).toBe(second.json().reference);
    // Only the first answer holds the page's link: a repeat is not a way to read it.
    const [created, repeated] = first.statusCode === 201 ? [first, second] : [second, first];
    expect(created.json().request_path).toMatch(/^\/request\//);
    expect(repeated.json().request_path).toBeNull();
    // A guest whose first answer was lost is still told to confirm from the e-mail, and by when.
    expect(created.json().confirm_by).toEqual(expect.any(String));
    expect(repeated.json().confirm_by).toBe(created.json().confirm_by);
    const rows = await context.database.db.select().from(bookings).where(eq(bookings.check_in, '2027-02-01'));
    expect(rows).toHaveLength(1);
    const other = await post(request({ check_in: '2027-03-01', check_out: '2027-03-03' }), {
      'idempotency-key': key,
    });
    expect(other.statusCode).toBe(422);
    expect((await post(payload, { 'idempotency-key': 'not-a-uuid' })).json().error.message).toBe(
      'Idempotency-Key must be a UUID',
    );
  });

  it.each([
    [{ check_in: '2026-12-19', check_out: '2026-12-21' }, 409, 'Those dates are no longer available'],
    [{ check_in: '2026-12-25', check_out: '2026-12-26' }, 409, 'Those dates are no longer available'],
    [{ check_in: '2026-12-13', check_out: '2026-12-10' }, 400, 'Check-out must be after check-in'],
    [{ check_in: '2026-12-13', check_out: '2026-12-13' }, 400, 'Check-out must be after check-in'],
    [{ check_in: '2026-11-21', check_out: '2026-11-23' }, 400, 'Check-in cannot be in the past'],
    [
      { check_in: '2027-03-01', check_out: '2027-04-15' },
      400,
      'Stays can be at most 30 nights; for longer stays please contact us',
    ],
    [{ check_in: '2028-09-01', check_out: '2028-09-03' }, 400, 'Bookings open up to 540 days ahead'],
    [{ guests_count: 9 }, 400, 'This property sleeps at most 8 guests'],
    [{ guests_count: 0 }, 400, 'Guests must be at least 1'],
    [{ guest_email: 'asha@' }, 400, 'Enter a valid email address'],
    [{ guest_name: '  ' }, 400, 'Full name is required'],
    [{ guest_phone: 'call me' }, 400, 'Enter a valid phone number'],
    [{ check_in: '2026-13-01' }, 400, 'Check-in is not a real date'],
    [{ check_in: '10/12/2026' }, 400, 'Check-in must be a date (yyyy-MM-dd)'],
    [{ check_in: undefined }, 400, 'Check-in is required'],
    [{ special_requests: 'x'.repeat(1001) }, 400, 'Special requests must be at most 1000 characters'],
  ])('refuses %o with %i: %s, and books nothing', async (values, status, message) => {
    const before = await context.database.db.select().from(bookings);
    const response = await post(request(values));
    expect(response.statusCode).toBe(status);
    expect(response.json().error.message).toBe(message);
    expect(await context.database.db.select().from(bookings)).toHaveLength(before.length);
  });

  it('lets a cancelled stay’s nights be requested again', async () => {
    const response = await post(request({ check_in: '2026-12-28', check_out: '2026-12-30' }));
    expect(response.statusCode).toBe(201);
  });

  it('answers a filled honeypot like a success and keeps nothing', async () => {
    const before = await context.database.db.select().from(bookings);
    const response = await post(
      request({ check_in: '2027-05-01', check_out: '2027-05-03', website: 'http://spam.example' }),
    );
    expect(response.statusCode).toBe(201);
    expect(await context.database.db.select().from(bookings)).toHaveLength(before.length);
  });

  it('leaves exactly one booking when 50 requests for overlapping nights arrive at once', async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        post(
          request({
            check_in: '2027-06-10',
            check_out: index % 2 === 0 ? '2027-06-14' : '2027-06-12',
            guest_name: `Guest ${index}`,
          }),
        ),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    for (const response of responses.filter((item) => item.statusCode === 409)) {
      expect(response.json().error.message).toBe('Those dates are no longer available');
    }
    const rows = await context.database.db.select().from(bookings).where(eq(bookings.check_in, '2027-06-10'));
    expect(rows).toHaveLength(1);
  });
});

describe.each(listTestDatabaseKinds())('booking request limits [%s]', (kind) => {
  it('rate limits requests per network, not per address, with a clear 429', async () => {
    const { context } = await createSignedInContext(kind, { now: () => NOW, requests: { perHour: 2 } });
    const statuses: number[] = [];
    // Three addresses of one network, then one of another: a new address in the same network is no way
    // round the limit.
    const addresses = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '198.51.100.9'];
    for (const [index, remoteAddress] of addresses.entries()) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/booking-requests',
        remoteAddress,
        payload: request({
          check_in: `2027-01-0${index + 1}`,
          check_out: `2027-01-0${index + 2}`,
          guests_count: 1,
          guest_email: `guest${index}@example.com`,
        }),
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429)
        expect(response.json().error.message).toMatch(/^Too many booking requests from your network/);
    }
    expect(statuses).toEqual([201, 201, 429, 201]);
    await context.close();
  });

  it('says booking is not open when there is no active property', async () => {
    const context = await createTestContext(kind, { now: () => NOW });
    const response = await context.app.inject({ method: 'GET', url: '/api/availability' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe(BOOKINGS_CLOSED_MESSAGE);
    await context.close();
  });
});
