import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { INDIAN_GST } from '../../domain/pricing';
import { auditEvents, bookings, outboxMessages } from '../db/schema';
import { insertTestBooking, TEST_NOW, UNLIMITED_REQUESTS, useSignedInContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

const SETTINGS = { server: { publicUrl: 'http://villa.test' }, messages: { messageIdDomain: 'villa.test' } };

// 2027-01-11 is a Monday: Monday–Thursday at the base price, Friday at its own.
const RULES = {
  weekday_prices: [null, null, null, null, 12_000, null, null],
  min_nights: 2,
  guests_included: 2,
  extra_guest_fee: 1000,
  cleaning_fee: 1500,
  taxes: [INDIAN_GST],
};

describe.each(listTestDatabaseKinds())('a change of dates or guests priced like a new stay [%s]', (kind) => {
  const current = useSignedInContext(
    kind,
    { now: () => TEST_NOW, requests: UNLIMITED_REQUESTS, ...SETTINGS },
    { name: 'The Villa', base_price: 10_000, currency: 'INR', max_guests: 6 },
  );

  const setRules = async () => {
    const response = await current.context.app.inject({
      method: 'PUT',
      url: `/api/properties/${current.propertyId}/pricing`,
      headers: { cookie: current.cookie },
      payload: RULES,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  // Every test's stays are priced by these rules (a test run alone too).
  beforeAll(setRules);
  const change = (bookingId: string, payload: object) =>
    current.context.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${bookingId}`,
      headers: { cookie: current.cookie },
      payload,
    });
  const quoteChange = (
    bookingId: string,
    stay: { check_in: string; check_out: string; guests_count: number },
  ) =>
    current.context.app.inject({
      method: 'GET',
      url: `/api/bookings/${bookingId}/quote?${new URLSearchParams({ ...stay, guests_count: String(stay.guests_count) })}`,
      headers: { cookie: current.cookie },
    });
  const readRow = async (bookingId: string) => {
    const [row] = await current.context.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    return row!;
  };
  const listChangedMessages = (bookingId: string) =>
    current.context.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.booking_id, bookingId), eq(outboxMessages.kind, 'booking_changed')));

  /**
   * A guest's request from the public form, three nights from a Monday for two guests (₹37,170), confirmed
   * from their first e-mail's link. Each test asks in a month of its own.
   */
  let requests = 0;
  const requestStay = async (monday: string, language: 'en' | 'hi' = 'en') => {
    requests += 1;
    const payload = {
      check_in: monday,
      check_out: `${monday.slice(0, 8)}${String(Number(monday.slice(8)) + 3).padStart(2, '0')}`,
      guests_count: 2,
      guest_name: 'Asha Rao',
      guest_email: `asha-${requests}@example.com`,
      language,
    };
    const response = await current.context.app.inject({
      method: 'POST',
      url: '/api/booking-requests',
      payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    const [booking] = await current.context.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.guest_email, payload.guest_email));
    const [first] = await current.context.database.db
      .select({ token: outboxMessages.link_token })
      .from(outboxMessages)
      .where(eq(outboxMessages.booking_id, booking!.id));
    const opened = await current.context.app.inject({ method: 'GET', url: `/api/requests/${first!.token}` });
    expect(opened.json()).toMatchObject({ guest_confirmed: true });
    return booking!;
  };

  it('quotes the changed stay beside its price, by the rules of the booking form', async () => {
    const booking = await requestStay('2027-01-11');
    // Three base nights (30,000), cleaning (1,500), GST at 18 % on nights above ₹7,500.
    expect(booking.total_amount / 100).toBe(37_170);
    const response = await quoteChange(booking.id, {
      check_in: '2027-01-11',
      check_out: '2027-01-16',
      guests_count: 3,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      currency: 'INR',
      current: {
        check_in: '2027-01-11',
        check_out: '2027-01-14',
        guests_count: 2,
        total: 37_170,
        quote: {
          total: 37_170,
          lines: [
            { label: '3 nights × 10,000 (Base price)', amount: 30_000 },
            { label: 'Cleaning fee', amount: 1500 },
          ],
        },
      },
      quote: {
        nights_count: 5,
        guests: 3,
        lines: [
          { label: '4 nights × 10,000 (Base price)', amount: 40_000 },
          { label: '1 night × 12,000 (Friday price)', amount: 12_000 },
          { label: '1 extra guest × 5 nights', amount: 5000 },
          { label: 'Cleaning fee', amount: 1500 },
        ],
        subtotal: 58_500,
        taxes: [{ name: 'GST', rate: 18, amount: 10_530 }],
        total: 69_030,
      },
    });
    // Nothing is saved by asking.
    expect((await readRow(booking.id)).check_out).toBe('2027-01-14');
  });

  it("refuses a changed stay the rules refuse with the rule's code, and one the property cannot sleep", async () => {
    const booking = await requestStay('2027-02-08');
    const short = await quoteChange(booking.id, {
      check_in: '2027-02-08',
      check_out: '2027-02-09',
      guests_count: 2,
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatchObject({ code: 'min_nights', message: 'Minimum stay is 2 nights' });
    const crowded = await quoteChange(booking.id, {
      check_in: '2027-02-08',
      check_out: '2027-02-11',
      guests_count: 9,
    });
    expect(crowded.statusCode).toBe(400);
    expect(crowded.json().error).toMatchObject({ code: 'too_many_guests', field: 'guests_count' });
    const backwards = await quoteChange(booking.id, {
      check_in: '2027-02-11',
      check_out: '2027-02-08',
      guests_count: 2,
    });
    expect(backwards.statusCode).toBe(400);
  });

  it('keeps the new quote: its total and breakdown, and the guest is e-mailed the new breakdown', async () => {
    const booking = await requestStay('2027-03-08');
    const stay = { check_in: '2027-03-08', check_out: '2027-03-13', guests_count: 3 };
    // 2027-03-12 is a Friday: the same five nights' price as January's quote.
    const quoted = (await quoteChange(booking.id, stay)).json().quote;
    const response = await change(booking.id, {
      ...stay,
      pricing: { keep: 'new', quoted_total: quoted.total },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ ...stay, total_amount: quoted.total });
    const row = await readRow(booking.id);
    expect(row.quote).toMatchObject({ check_in: '2027-03-08', check_out: '2027-03-13', total: 69_030 });
    expect(row.kept_price_reason).toBeNull();
    const [message] = await listChangedMessages(booking.id);
    expect(message!.text_body).toContain('4 nights × 10,000 (Base price)');
    expect(message!.text_body).toContain('1 extra guest × 5 nights');
    expect(message!.text_body).toContain('GST 18%');
    expect(message!.text_body).toContain('Subtotal');
    expect(message!.text_body).toMatch(/New total:\s+₹69,030 \(was ₹37,170\)/);
  });

  it("writes the guest's breakdown in their language", async () => {
    const booking = await requestStay('2027-04-12', 'hi');
    const stay = { check_in: '2027-04-12', check_out: '2027-04-15', guests_count: 3 };
    const quoted = (await quoteChange(booking.id, stay)).json().quote;
    const response = await change(booking.id, {
      ...stay,
      pricing: { keep: 'new', quoted_total: quoted.total },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [message] = await listChangedMessages(booking.id);
    expect(message!.text_body).toContain('उप-योग');
    expect(message!.text_body).toContain('नई कुल राशि');
    expect(message!.text_body).toContain('3 रातें × 10,000 (मूल कीमत)');
    expect(message!.text_body).toContain('1 अतिरिक्त मेहमान × 3 रातें');
    expect(message!.text_body).not.toContain('Base price');
    expect(message!.text_body).not.toContain('extra guest');
  });

  it('refuses a quote that is no longer the price, with the new one, and saves nothing', async () => {
    const booking = await requestStay('2027-05-10');
    const stay = { check_in: '2027-05-10', check_out: '2027-05-14', guests_count: 2 };
    const quoted = (await quoteChange(booking.id, stay)).json().quote;
    const stale = await change(booking.id, {
      ...stay,
      pricing: { keep: 'new', quoted_total: quoted.total - 1000 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'quote_changed', quote: { total: quoted.total } });
    const row = await readRow(booking.id);
    expect(row.check_out).toBe('2027-05-13');
    expect(row.total_amount / 100).toBe(37_170);
    expect(await listChangedMessages(booking.id)).toHaveLength(0);
  });

  it('keeps the old total with a reason, kept in the audit log; without a reason it is refused', async () => {
    const booking = await requestStay('2027-06-07');
    const stay = { check_in: '2027-06-07', check_out: '2027-06-11' };
    const missing = await change(booking.id, { ...stay, pricing: { keep: 'old', reason: '  ' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ code: 'reason_required', field: 'pricing.reason' });
    expect((await readRow(booking.id)).check_out).toBe('2027-06-10');

    const kept = await change(booking.id, {
      ...stay,
      pricing: { keep: 'old', reason: 'Extra night given for the delayed check-in' },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ ...stay, total_amount: 37_170 });
    const row = await readRow(booking.id);
    expect(row.kept_price_reason).toBe('Extra night given for the delayed check-in');
    const [event] = await current.context.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity_type, 'booking'), eq(auditEvents.entity_id, booking.id)))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(event!.after).toMatchObject({
      check_out: '2027-06-11',
      kept_price_reason: 'Extra night given for the delayed check-in',
    });
    // The guest is told of the new dates; the total did not change.
    const [message] = await listChangedMessages(booking.id);
    expect(message!.text_body).not.toContain('New total');
  });

  it('refuses a pricing choice with a typed total, or without a change of dates or guests', async () => {
    const booking = await requestStay('2027-07-12');
    const both = await change(booking.id, {
      check_in: '2027-07-12',
      check_out: '2027-07-16',
      total_amount: 40_000,
      pricing: { keep: 'old', reason: 'Agreed by phone' },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.code).toBe('pricing_with_total');
    const nothing = await change(booking.id, { operator_note: 'x', pricing: { keep: 'old', reason: 'Why' } });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().error.code).toBe('nothing_to_reprice');
  });

  it("keeps a channel stay's price: no quote is offered, a change of guests keeps its total", async () => {
    const stay = await insertTestBooking(current.context.database, current.propertyId, {
      status: 'confirmed',
      booking_source: 'airbnb',
      check_in: '2027-08-09',
      check_out: '2027-08-12',
      total_amount: 28_000,
    });
    const quote = await quoteChange(stay.id, {
      check_in: '2027-08-09',
      check_out: '2027-08-12',
      guests_count: 4,
    });
    expect(quote.statusCode).toBe(409);
    expect(quote.json().error.code).toBe('channel_price');
    const priced = await change(stay.id, { guests_count: 4, pricing: { keep: 'new', quoted_total: 28_000 } });
    expect(priced.statusCode).toBe(409);
    expect(priced.json().error.code).toBe('channel_price');
    const guests = await change(stay.id, { guests_count: 4 });
    expect(guests.statusCode, guests.body).toBe(200);
    expect(guests.json()).toMatchObject({ guests_count: 4, total_amount: 28_000 });
  });
});
