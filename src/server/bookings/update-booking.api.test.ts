import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, outboxMessages } from '../db/schema';
import {
  insertTestBooking,
  insertTestProperty,
  TEST_NOW,
  UNLIMITED_REQUESTS,
  useSignedInContext,
} from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

const SETTINGS = { server: { publicUrl: 'http://villa.test' }, messages: { messageIdDomain: 'villa.test' } };

describe.each(listTestDatabaseKinds())('changing a booking [%s]', (kind) => {
  const current = useSignedInContext(
    kind,
    { now: () => TEST_NOW, requests: UNLIMITED_REQUESTS, ...SETTINGS },
    { name: 'The Villa', base_price: 1000, currency: 'INR', max_guests: 6 },
  );

  const change = (bookingId: string, payload: unknown, cookie = current.cookie) =>
    current.context.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${bookingId}`,
      headers: { cookie },
      payload: payload as object,
    });
  const addStay = (values: Parameters<typeof insertTestBooking>[2] = {}) =>
    insertTestBooking(current.context.database, current.propertyId, { status: 'confirmed', ...values });
  const readRow = async (bookingId: string) => {
    const [row] = await current.context.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    return row!;
  };
  const listChangedMessages = (bookingId: string) =>
    current.context.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.booking_id, bookingId), eq(outboxMessages.kind, 'booking_changed')));

  /** A guest's request from the public form, confirmed (or not) from the link of their first e-mail. */
  let requests = 0;
  const requestStay = async (checkIn: string, checkOut: string, options = { confirm: true }) => {
    requests += 1;
    const payload = {
      check_in: checkIn,
      check_out: checkOut,
      guests_count: 2,
      guest_name: 'Asha Rao',
      guest_email: `asha-${requests}@example.com`,
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
    if (options.confirm) {
      const opened = await current.context.app.inject({
        method: 'GET',
        url: `/api/requests/${first!.token}`,
      });
      expect(opened.json()).toMatchObject({ guest_confirmed: true });
    }
    return { booking: booking!, token: first!.token! };
  };

  it("moves a stay to free nights and changes its guests, total, guest's details and private note", async () => {
    const stay = await addStay({ check_in: '2027-01-04', check_out: '2027-01-07', total_amount: 3000 });
    const response = await change(stay.id, {
      check_in: '2027-01-10',
      check_out: '2027-01-14',
      guests_count: 4,
      total_amount: 4500.5,
      guest_name: 'Meera Iyer',
      guest_email: 'meera@example.com',
      guest_phone: '+91 98220 55555',
      special_requests: 'A cot',
      operator_note: 'Arrives late; key with the neighbour',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: stay.id,
      check_in: '2027-01-10',
      check_out: '2027-01-14',
      guests_count: 4,
      total_amount: 4500.5,
      guest_name: 'Meera Iyer',
      guest_email: 'meera@example.com',
      guest_phone: '+91 98220 55555',
      special_requests: 'A cot',
      operator_note: 'Arrives late; key with the neighbour',
    });
    // The operator's list shows the note; null clears it, and a field left out stays as it is.
    const list = await current.context.app.inject({
      method: 'GET',
      url: `/api/properties/${current.propertyId}/bookings`,
      headers: { cookie: current.cookie },
    });
    expect(list.json().find((each: { id: string }) => each.id === stay.id)).toMatchObject({
      operator_note: 'Arrives late; key with the neighbour',
    });
    const cleared = await change(stay.id, { operator_note: null, guest_phone: '' });
    expect(cleared.json()).toMatchObject({
      operator_note: null,
      guest_phone: null,
      guest_name: 'Meera Iyer',
    });
  });

  it('refuses a move onto nights another stay holds, naming that stay, and changes nothing', async () => {
    await addStay({ guest_name: 'Priya Shah', check_in: '2027-02-01', check_out: '2027-02-05' });
    const moved = await addStay({ check_in: '2027-02-06', check_out: '2027-02-08', total_amount: 2000 });
    const response = await change(moved.id, {
      check_in: '2027-02-04',
      total_amount: 2500,
      operator_note: 'Asked to come earlier',
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error.message).toBe(
      "Those nights are taken by Priya Shah's stay, Mon, 1 Feb 2027 – Fri, 5 Feb 2027",
    );
    const row = await readRow(moved.id);
    expect(row).toMatchObject({ check_in: '2027-02-06', check_out: '2027-02-08', operator_note: null });
    // Back to back is no overlap: the other stay's check-out day is free to arrive on.
    expect((await change(moved.id, { check_in: '2027-02-05' })).statusCode).toBe(200);
  });

  it('checks one date alone with the other, and refuses bad input with 400', async () => {
    const stay = await addStay({ check_in: '2027-03-01', check_out: '2027-03-04' });
    const cases: [unknown, RegExp][] = [
      [{ check_out: '2027-03-01' }, /Check-out must be after check-in/],
      [{ check_in: '2027-03-04' }, /Check-out must be after check-in/],
      [{ check_in: '2027-03-10', check_out: '2027-03-05' }, /Check-out must be after check-in/],
      [{}, /Send at least one field to change/],
      [{ operator_note: undefined }, /Send at least one field to change/],
      [{ guests_count: 7 }, /sleeps at most 6 guests/],
      [{ guests_count: 0 }, /Guests must be at least 1/],
      [{ total_amount: -1 }, /Total must be at least 0/],
      [{ total_amount: 10.005 }, /at most two decimals/],
      [{ guest_email: 'not an address' }, /valid email/],
      [{ guest_name: '  ' }, /Full name is required/],
      [{ operator_note: 'x'.repeat(2001) }, /Private note must be at most 2000 characters/],
      [{ check_in: '2027-02-30' }, /not a real date/],
      [{ status: 'cancelled' }, /status/],
    ];
    for (const [payload, message] of cases) {
      const response = await change(stay.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.message, JSON.stringify(payload)).toMatch(message);
    }
    expect(await readRow(stay.id)).toMatchObject({ check_in: '2027-03-01', check_out: '2027-03-04' });
  });

  it("keeps a channel stay's dates and total, but lets its guests, details and note change", async () => {
    const stay = await addStay({
      booking_source: 'airbnb',
      check_in: '2027-04-01',
      check_out: '2027-04-03',
      total_amount: 5000,
    });
    for (const payload of [{ check_out: '2027-04-05' }, { total_amount: 6000 }]) {
      const response = await change(stay.id, payload);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toMatch(/come from its channel/);
    }
    const allowed = await change(stay.id, {
      guests_count: 3,
      guest_phone: '+44 20 7946 0000',
      operator_note: 'Airbnb guest, wants towels',
      // The same dates and total as it has are no change.
      check_in: '2027-04-01',
      total_amount: 5000,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json()).toMatchObject({ guests_count: 3, operator_note: 'Airbnb guest, wants towels' });
  });

  it("keeps a cancelled or completed stay's dates, guests and total; its note can still change", async () => {
    for (const status of ['cancelled', 'completed'] as const) {
      const stay = await addStay({ status, check_in: '2026-10-01', check_out: '2026-10-03' });
      for (const payload of [{ check_in: '2026-09-30' }, { guests_count: 3 }, { total_amount: 10 }]) {
        const response = await change(stay.id, payload);
        expect(response.statusCode).toBe(409);
        expect(response.json().error.message).toBe(
          `This booking is ${status}: its dates, guests and total can no longer change`,
        );
      }
      expect((await change(stay.id, { operator_note: 'Left the villa spotless' })).statusCode).toBe(200);
    }
  });

  it("answers 404 for another operator's booking and changes nothing", async () => {
    const other = await current.context.createSignedInOperator();
    const theirs = await insertTestProperty(current.context.database, other.id);
    const stay = await insertTestBooking(current.context.database, theirs.id, { guest_name: 'Not Yours' });
    const response = await change(stay.id, { operator_note: 'peek', guest_name: 'Mine now' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Booking not found');
    expect(await readRow(stay.id)).toMatchObject({ guest_name: 'Not Yours', operator_note: null });
    expect((await change('00000000-0000-4000-8000-000000000000', { guests_count: 2 })).statusCode).toBe(404);
  });

  it('records every change in the activity log, the private note included', async () => {
    const stay = await addStay({ check_in: '2027-05-01', check_out: '2027-05-03' });
    await change(stay.id, { check_out: '2027-05-04', operator_note: 'VIP' });
    const response = await current.context.app.inject({
      method: 'GET',
      url: `/api/audit-events?entity_type=booking&entity_id=${stay.id}`,
      headers: { cookie: current.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    const update = response.json().events.find((event: { action: string }) => event.action === 'update');
    expect(update).toMatchObject({
      actor: 'operator',
      actor_id: current.operator.id,
      before: { check_out: '2027-05-03', operator_note: null },
      after: { check_out: '2027-05-04', operator_note: 'VIP' },
    });
  });

  it("e-mails the guest what changed when a confirmed request's dates, guests or total change, and never the note", async () => {
    const { booking, token } = await requestStay('2027-06-01', '2027-06-03');
    const moved = await change(booking.id, {
      check_in: '2027-06-02',
      check_out: '2027-06-05',
      guests_count: 3,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [message, ...more] = await listChangedMessages(booking.id);
    expect(more).toHaveLength(0);
    expect(message).toMatchObject({ to_address: booking.guest_email });
    expect(message!.subject).toMatch(/^Your booking SV-[0-9A-F]{8} has changed$/);
    expect(message!.text_body).toContain('Check-in: Tue, 1 Jun 2027 → Wed, 2 Jun 2027');
    expect(message!.text_body).toContain('Check-out: Thu, 3 Jun 2027 → Sat, 5 Jun 2027');
    expect(message!.text_body).toContain('Guests: 2 → 3');
    expect(message!.html_body).toContain('Guests: 2 → 3');
    // The booking's total as it stands, not a quote; no 'new' total when the change left it alone.
    expect(message!.text_body).toMatch(/^Total:\s+₹[\d,]+$/m);
    expect(`${message!.text_body}${message!.html_body}`).not.toMatch(/Quoted total|New total/);

    const repriced = await change(booking.id, { total_amount: 2750 });
    expect(repriced.statusCode).toBe(200);
    const repricedMessages = (await listChangedMessages(booking.id)).filter((each) =>
      each.text_body.includes('→ ₹2,750'),
    );
    expect(repricedMessages).toHaveLength(1);
    const [{ text_body: text, html_body: html }] = repricedMessages as [(typeof repricedMessages)[number]];
    const before = /^Total: (₹[\d,]+) → ₹2,750$/m.exec(text)?.[1];
    expect(before).toBeDefined();
    // The new total, the one before it beside it.
    expect(text).toMatch(new RegExp(`^New total:\\s+₹2,750 \\(was ${before}\\)$`, 'm'));
    expect(html).toContain(`₹2,750 (was ${before})`);
    expect(`${text}${html}`).not.toContain('Quoted total');

    // The note and the guest's details are the operator's business: no e-mail, and the note never shows.
    const noted = await change(booking.id, {
      operator_note: 'Owes us a review',
      guest_phone: '+91 90000 00000',
    });
    expect(noted.statusCode).toBe(200);
    const all = await listChangedMessages(booking.id);
    expect(all).toHaveLength(2);
    for (const each of all) expect(`${each.text_body}${each.html_body}`).not.toContain('Owes us a review');
    const page = await current.context.app.inject({ method: 'GET', url: `/api/requests/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('Owes us a review');
    expect(page.json()).not.toHaveProperty('operator_note');
    expect(page.json()).toMatchObject({ check_in: '2027-06-02', check_out: '2027-06-05', guests_count: 3 });
  });

  it("keeps the private note out of the property's calendar export", async () => {
    const stay = await addStay({ check_in: '2027-08-01', check_out: '2027-08-04' });
    expect((await change(stay.id, { operator_note: 'Never in a feed' })).statusCode).toBe(200);
    const rotated = await current.context.app.inject({
      method: 'POST',
      url: `/api/properties/${current.propertyId}/export-url`,
      headers: { cookie: current.cookie },
      payload: {},
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const feed = await current.context.app.inject({
      method: 'GET',
      url: new URL(rotated.json().export_url as string).pathname,
    });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain('DTSTART;VALUE=DATE:20270801');
    expect(feed.body).not.toContain('Never in a feed');
  });

  it('e-mails nobody for a request the guest never confirmed, nor for a booking entered by hand', async () => {
    const { booking } = await requestStay('2027-07-01', '2027-07-03', { confirm: false });
    expect((await change(booking.id, { check_out: '2027-07-04' })).statusCode).toBe(200);
    expect(await listChangedMessages(booking.id)).toHaveLength(0);
    const byHand = await addStay({ check_in: '2027-07-10', check_out: '2027-07-12' });
    expect((await change(byHand.id, { check_out: '2027-07-13' })).statusCode).toBe(200);
    expect(await listChangedMessages(byHand.id)).toHaveLength(0);
  });
});
