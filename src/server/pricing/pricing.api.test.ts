import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PricingRulesSchema } from '../../domain/pricing';
import { bookings, pricingRules } from '../db/schema';
import { createTestContext, insertTestProperty, type TestContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

describe.each(listTestDatabaseKinds())('pricing rules [%s]', (kind) => {
  let context: TestContext;
  let cookie: string;
  let propertyId: string;
  beforeAll(async () => {
    // 06:00 UTC on 1 October 2026: the villa's today is 2026-10-01.
    context = await createTestContext(kind, { now: () => new Date('2026-10-01T06:00:00Z') });
    const operator = await context.createSignedInOperator();
    cookie = operator.cookie;
    propertyId = (
      await insertTestProperty(context.database, operator.id, {
        base_price: 10000,
        currency: 'INR',
        max_guests: 12,
      })
    ).id;
  });
  afterAll(async () => {
    await context?.close();
  });

  const pricing = (method: 'GET' | 'PUT', payload?: object, id = propertyId) =>
    context.app.inject({ method, url: `/api/properties/${id}/pricing`, headers: { cookie }, payload });

  const rules = {
    weekday_prices: [null, null, null, null, 14000, 14000, null],
    seasons: [{ name: 'Diwali', start: '2026-11-06', end: '2026-11-12', price: 20000, min_nights: 3 }],
    guests_included: 10,
    extra_guest_fee: 500,
    cleaning_fee: 2000,
    taxes: [
      {
        name: 'GST',
        bands: [
          { up_to: 7500, rate: 5 },
          { up_to: null, rate: 18 },
        ],
      },
    ],
  };

  it('answers the defaults before any rules are saved, then the saved rules', async () => {
    const before = await pricing('GET');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      rules: { min_nights: 1, max_nights: 30, seasons: [], taxes: [], prices_include_tax: false },
      base_price: 10000,
      currency: 'INR',
      today: '2026-10-01',
    });
    const saved = await pricing('PUT', rules);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().rules).toMatchObject({
      cleaning_fee: 2000,
      seasons: [{ name: 'Diwali', repeats_yearly: false }],
    });
    expect((await pricing('GET')).json().rules.taxes).toEqual(rules.taxes);
  });

  it('prices a manual booking by the rules, and the booking keeps its price when the rules change', async () => {
    await pricing('PUT', rules);
    const created = await context.app.inject({
      method: 'POST',
      url: `/api/properties/${propertyId}/bookings`,
      headers: { cookie },
      // Fri 2 – Sun 4 October: 14,000 + 14,000, cleaning 2,000, GST 18% = 35,400.
      payload: {
        check_in: '2026-10-02',
        check_out: '2026-10-04',
        guests_count: 2,
        guest_name: 'Asha',
        guest_email: 'asha@example.com',
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().total_amount).toBe(35400);
    await pricing('PUT', {
      ...rules,
      cleaning_fee: 9999,
      weekday_prices: [null, null, null, null, null, null, null],
    });
    const list = await context.app.inject({
      method: 'GET',
      url: `/api/properties/${propertyId}/bookings`,
      headers: { cookie },
    });
    expect(list.json().find((booking: { id: string }) => booking.id === created.json().id).total_amount).toBe(
      35400,
    );
  });

  it('gives guests the same breakdown, names the rule that refuses a stay, and keeps the quote with the request', async () => {
    await pricing('PUT', rules);
    const availability = await context.app.inject({ method: 'GET', url: '/api/availability' });
    expect(availability.json().rules).toMatchObject({ seasons: [{ name: 'Diwali', min_nights: 3 }] });

    const tooShort = await context.app.inject({
      method: 'GET',
      url: '/api/quote?check_in=2026-11-07&check_out=2026-11-09&guests=2',
    });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().error.message).toBe('Minimum stay in Diwali is 3 nights');

    // Fri 9 – Sun 11 October, 12 guests: 2 × 14,000 + 2 extra guests × 2 nights × 500 + cleaning 2,000,
    // every night above ₹7,500 so GST is 18 %: 32,000 + 5,760 = 37,760.
    const quote = await context.app.inject({
      method: 'GET',
      url: '/api/quote?check_in=2026-10-09&check_out=2026-10-11&guests=12',
    });
    expect(quote.statusCode).toBe(200);
    const body = quote.json();
    expect(body.lines).toEqual([
      {
        label: '1 night × 14,000 (Friday price)',
        amount: 14000,
        charge: {
          kind: 'nights',
          nights: 1,
          price: 14000,
          reason: { kind: 'weekday', weekday: 'Friday' },
          before_tax: false,
        },
      },
      {
        label: '1 night × 14,000 (Saturday price)',
        amount: 14000,
        charge: {
          kind: 'nights',
          nights: 1,
          price: 14000,
          reason: { kind: 'weekday', weekday: 'Saturday' },
          before_tax: false,
        },
      },
      {
        label: '2 extra guests × 2 nights',
        amount: 2000,
        charge: { kind: 'extra_guests', guests: 2, nights: 2, before_tax: false },
      },
      { label: 'Cleaning fee', amount: 2000, charge: { kind: 'cleaning_fee', before_tax: false } },
    ]);
    expect(body.taxes).toEqual([{ name: 'GST', rate: 18, amount: 5760 }]);
    expect(body).toMatchObject({ subtotal: 32000, total: 37760, available: true });

    const requested = await context.app.inject({
      method: 'POST',
      url: '/api/booking-requests',
      payload: {
        check_in: '2026-10-09',
        check_out: '2026-10-11',
        guests_count: 12,
        guest_name: 'Meera',
        guest_email: 'meera@example.com',
      },
    });
    expect(requested.statusCode).toBe(201);
    expect(requested.json().booking.total_amount).toBe(37760);
    await pricing('PUT', { ...rules, cleaning_fee: 0 });
    const [stored] = await context.database.db
      .select({ total: bookings.total_amount, quote: bookings.quote })
      .from(bookings)
      .where(eq(bookings.guest_email, 'meera@example.com'));
    // The column holds minor units (paise); the quote kept with it, the API's major units.
    expect(stored?.total).toBe(37760_00);
    expect(stored?.quote).toMatchObject({
      total: 37760,
      lines: body.lines,
      taxes: [{ name: 'GST', rate: 18 }],
    });

    const refused = await context.app.inject({
      method: 'POST',
      url: '/api/booking-requests',
      payload: {
        check_in: '2026-11-08',
        check_out: '2026-11-09',
        guests_count: 2,
        guest_name: 'Ravi',
        guest_email: 'ravi@example.com',
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Minimum stay in Diwali is 3 nights');
  });

  it('refuses a stay whose total under the rules is above the cap on a typed total, before writing anything', async () => {
    const countBookings = async () => (await context.database.db.select().from(bookings)).length;
    const before = await countBookings();
    const stay = { check_in: '2026-10-05', check_out: '2026-10-16', guests_count: 2 };
    const booking = { ...stay, guest_name: 'Dev', guest_email: 'dev@example.com' };
    // 11 nights at 10,000,000: 110,000,000 is above the cap, though the database could hold it.
    const dear = { weekday_prices: Array(7).fill(10_000_000) };
    // 11 extra guests at 10,000,000 for 30 nights, taxed at 100% five times: beyond what the database holds.
    const dearest = {
      weekday_prices: Array(7).fill(10_000_000),
      guests_included: 1,
      extra_guest_fee: 10_000_000,
      taxes: Array.from({ length: 5 }, (_, index) => ({
        name: `T${index}`,
        bands: [{ up_to: null, rate: 100 }],
      })),
    };
    for (const [pricingChange, guests, checkOut] of [
      [dear, 2, '2026-10-16'],
      [dearest, 12, '2026-11-04'],
    ] as const) {
      expect((await pricing('PUT', pricingChange)).statusCode).toBe(200);
      const attempt = { ...booking, check_out: checkOut, guests_count: guests };
      for (const response of [
        await context.app.inject({
          method: 'GET',
          url: `/api/quote?check_in=${stay.check_in}&check_out=${checkOut}&guests=${guests}`,
        }),
        await context.app.inject({ method: 'POST', url: '/api/booking-requests', payload: attempt }),
        await context.app.inject({
          method: 'POST',
          url: `/api/properties/${propertyId}/bookings`,
          headers: { cookie },
          payload: attempt,
        }),
      ]) {
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().error.message).toMatch(
          /^The stay's total under the pricing rules, ₹[\d,.]+, is more than a booking's total may be \(₹10,00,00,000\): check the prices, fees and taxes$/,
        );
      }
    }
    expect(await countBookings()).toBe(before);
    // A typed total is capped the same.
    const typed = await context.app.inject({
      method: 'POST',
      url: `/api/properties/${propertyId}/bookings`,
      headers: { cookie },
      payload: { ...booking, total_amount: 100_000_000.01 },
    });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().error.message).toBe('Total must be at most 100,000,000');
    await pricing('PUT', rules);
  });

  it('refuses rules that make no sense with a clear 400, and changes nothing', async () => {
    await pricing('PUT', rules);
    for (const [change, message] of [
      [{ cleaning_fee: -5 }, 'Cleaning fee must be at least 0'],
      [{ min_nights: 7, max_nights: 3 }, 'The minimum stay must not be above the maximum stay'],
      [
        {
          seasons: [
            { name: 'A', start: '2026-12-01', end: '2026-12-10', price: 1 },
            { name: 'B', start: '2026-12-01', end: '2026-12-10', percent: 5 },
          ],
        },
        'Season "B" covers exactly the same nights as another: change one',
      ],
      [{ extra_guest_fee: '500' }, 'Extra guest fee must be a number'],
      [{ taxes: [{ name: 'GST', bands: [] }] }, 'A tax needs at least one rate'],
      [
        { seasons: [{ name: 'Quiet', start: '2026-12-01', end: '2026-12-10', percent: -89.995 }] },
        'Season change can have at most two decimals',
      ],
      [
        { taxes: [{ name: 'GST', bands: [{ up_to: null, rate: 18.125 }] }] },
        'Tax rate can have at most two decimals',
      ],
    ] as const) {
      const response = await pricing('PUT', { ...rules, ...change });
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    expect((await pricing('GET')).json().rules.cleaning_fee).toBe(2000);
  });

  it('reads a change in % and tax rates stored with more than two decimals rounded to two', async () => {
    await pricing('PUT', rules);
    await context.database.db
      .update(pricingRules)
      .set({
        rules: {
          ...PricingRulesSchema.parse(rules),
          seasons: [{ ...PricingRulesSchema.parse(rules).seasons[0]!, price: null, percent: -89.995 }],
          taxes: [{ name: 'GST', bands: [{ up_to: null, rate: 18.005 }] }],
        },
      })
      .where(eq(pricingRules.property_id, propertyId));
    const read = await pricing('GET');
    expect(read.statusCode).toBe(200);
    expect(read.json().rules).toMatchObject({
      seasons: [{ name: 'Diwali', percent: -90 }],
      taxes: [{ bands: [{ rate: 18.01 }] }],
    });
    await pricing('PUT', rules);
  });

  it('refuses stay limits a guest request could never reach, and reads ones stored before as the limits', async () => {
    await pricing('PUT', rules);
    for (const [change, message] of [
      [{ max_nights: 365 }, 'Maximum stay must be at most 30 nights (the longest stay a guest can request)'],
      [
        { max_advance_days: 1095 },
        'Booking horizon must be at most 540 days (the furthest ahead a guest can request)',
      ],
    ] as const) {
      const response = await pricing('PUT', { ...rules, ...change });
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error).toMatchObject({ message });
    }
    expect((await pricing('GET')).json().rules).toMatchObject({ max_nights: 30, max_advance_days: 540 });
    // Rules saved before the limits were enforced (up to 365 nights and 1,095 days) still read.
    await context.database.db
      .update(pricingRules)
      .set({ rules: { ...PricingRulesSchema.parse(rules), max_nights: 365, max_advance_days: 1095 } })
      .where(eq(pricingRules.property_id, propertyId));
    const read = await pricing('GET');
    expect(read.statusCode).toBe(200);
    expect(read.json().rules).toMatchObject({ max_nights: 30, max_advance_days: 540, cleaning_fee: 2000 });
  });

  it("hides another operator's property and needs a session", async () => {
    const stranger = await context.createSignedInOperator();
    const theirs = await insertTestProperty(context.database, stranger.id);
    expect((await pricing('GET', undefined, theirs.id)).statusCode).toBe(404);
    expect((await pricing('PUT', rules, theirs.id)).statusCode).toBe(404);
    const anonymous = await context.app.inject({
      method: 'GET',
      url: `/api/properties/${propertyId}/pricing`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
