import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bookings, outboxMessages } from '../db/schema';
import { createTestContext, insertTestBooking, insertTestProperty, type TestContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';
import { PENDING_LIMIT_MESSAGES } from '../../domain/booking-request';

// 06:00 UTC is 11:30 in India: "today" for the villa is 2026-11-22.
const NOW = new Date('2026-11-22T06:00:00Z');

let stayCounter = 0;
/** A request for its own nights (no overlaps), from a given guest. */
function freshRequest(values: Record<string, unknown> = {}, nights = 2) {
  stayCounter += 1;
  const start = new Date(Date.UTC(2027, 0, 1) + stayCounter * 3 * 86_400_000);
  const end = new Date(start.getTime() + nights * 86_400_000);
  return {
    check_in: start.toISOString().slice(0, 10),
    check_out: end.toISOString().slice(0, 10),
    guests_count: 2,
    guest_name: 'Asha Rao',
    guest_email: `guest-${stayCounter}@example.com`,
    ...values,
  };
}

describe.each(listTestDatabaseKinds())('pending guest request limits [%s]', (kind) => {
  let context: TestContext;
  let operator: Awaited<ReturnType<TestContext['createSignedInOperator']>>;
  let propertyId: string;
  beforeEach(async () => {
    context = await createTestContext(kind, { now: () => NOW, requests: { perHour: 10_000 } });
    operator = await context.createSignedInOperator();
    propertyId = (await insertTestProperty(context.database, operator.id, { max_guests: 8 })).id;
  });
  afterEach(async () => {
    await context?.close();
  });

  const post = (payload: object, remoteAddress: string) =>
    context.app.inject({ method: 'POST', url: '/api/booking-requests', payload, remoteAddress });
  /** The guest opens the link in their first e-mail (read from the outbox before it is sent). */
  async function confirmFromEmail(guestEmail: string) {
    const [row] = await context.database.db
      .select({ token: outboxMessages.link_token })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.kind, 'request_received'), eq(outboxMessages.to_address, guestEmail)));
    const opened = await context.app.inject({ method: 'GET', url: `/api/requests/${row!.token}` });
    expect(opened.json()).toMatchObject({ guest_confirmed: true });
  }

  it('holds at most 2 pending requests per IPv4 /24, whatever the address in it', async () => {
    expect((await post(freshRequest(), '198.51.100.1')).statusCode).toBe(201);
    expect((await post(freshRequest(), '198.51.100.200')).statusCode).toBe(201);
    const third = await post(freshRequest(), '198.51.100.77');
    expect(third.statusCode).toBe(429);
    expect(third.json().error.message).toBe(PENDING_LIMIT_MESSAGES.network(2));
    // Another network is not affected.
    expect((await post(freshRequest(), '198.51.101.1')).statusCode).toBe(201);
    const rows = await context.database.db.select().from(bookings);
    expect(rows).toHaveLength(3);
    expect(rows.map((row) => row.request_network).sort()).toEqual([
      '198.51.100.0/24',
      '198.51.100.0/24',
      '198.51.101.0/24',
    ]);
  });

  it('holds at most 2 pending requests per IPv6 /64', async () => {
    expect((await post(freshRequest(), '2001:db8:7:7::1')).statusCode).toBe(201);
    expect((await post(freshRequest(), '2001:db8:7:7:ffff:1:2:3')).statusCode).toBe(201);
    expect((await post(freshRequest(), '2001:db8:7:7:9::9')).statusCode).toBe(429);
    expect((await post(freshRequest(), '2001:db8:7:8::1')).statusCode).toBe(201);
  });

  it('holds at most 2 pending requests per guest e-mail, in any case', async () => {
    expect((await post(freshRequest({ guest_email: 'same@example.com' }), '192.0.2.1')).statusCode).toBe(201);
    expect((await post(freshRequest({ guest_email: 'Same@Example.com' }), '192.0.3.1')).statusCode).toBe(201);
    const third = await post(freshRequest({ guest_email: 'same@example.com' }), '192.0.4.1');
    expect(third.statusCode).toBe(429);
    expect(third.json().error.message).toBe(PENDING_LIMIT_MESSAGES.email(2));
  });

  it('caps the nights all unanswered confirmed requests hold, so most of the calendar stays open', async () => {
    // Two guests from two networks ask for 30 nights each and confirm: the default cap of 60 is reached.
    const stay = (check_in: string, check_out: string) => ({ ...freshRequest(), check_in, check_out });
    const first = stay('2027-08-01', '2027-08-31');
    expect((await post(first, '10.1.1.1')).statusCode).toBe(201);
    await confirmFromEmail(first.guest_email);
    const second = stay('2027-09-01', '2027-10-01');
    expect((await post(second, '10.2.2.2')).statusCode).toBe(201);
    await confirmFromEmail(second.guest_email);
    const third = await post(stay('2027-11-01', '2027-11-02'), '10.3.3.3');
    expect(third.statusCode).toBe(429);
    expect(third.json().error.message).toBe(PENDING_LIMIT_MESSAGES.nights);
  });

  it('lets no stranger close the calendar: ten networks of unconfirmed 30-night requests leave free nights bookable and close nothing on the export', async () => {
    // One request per network here, so that ten networks' requests fit in the booking horizon (at two
    // each, 600 nights would not) and free nights remain to be asked for.
    await context.close();
    context = await createTestContext(kind, {
      now: () => NOW,
      requests: { perHour: 10_000, pending: { perNetwork: 1 } },
    });
    operator = await context.createSignedInOperator();
    propertyId = (await insertTestProperty(context.database, operator.id, { max_guests: 8 })).id;
    const exportUrl = (
      await context.app.inject({
        method: 'GET',
        url: `/api/properties/${propertyId}/channels`,
        headers: { cookie: operator.cookie },
      })
    ).json().export_url as string;
    const exported = async () =>
      (await context.app.inject({ method: 'GET', url: new URL(exportUrl).pathname })).body;
    const before = await exported();
    // Ten networks, each sending the request it may, 30 nights each, never confirmed: 300 nights, five times
    // the 60 nights that all unanswered requests may hold together.
    let start = Date.UTC(2027, 0, 5);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    for (let network = 1; network <= 10; network += 1) {
      const check_in = day(start);
      start += 30 * 86_400_000;
      const response = await post(
        { ...freshRequest(), check_in, check_out: day(start) },
        `203.0.${network}.7`,
      );
      expect(response.statusCode, response.body).toBe(201);
    }
    // A guest from another network asks for free nights: the nights cap does not stand in their way.
    const guest = await post(
      { ...freshRequest(), check_in: '2028-01-10', check_out: '2028-01-17' },
      '192.0.2.50',
    );
    expect(guest.statusCode, guest.body).toBe(201);
    // No night of them is closed on the calendar the channels read.
    const after = await exported();
    expect(after).not.toContain('BEGIN:VEVENT');
    expect(after.replace(/DTSTAMP:\S+/g, '')).toBe(before.replace(/DTSTAMP:\S+/g, ''));
  });

  it('frees the places when the operator answers, and a confirmed stay no longer counts', async () => {
    const first = await post(freshRequest(), '172.16.0.1');
    await post(freshRequest(), '172.16.0.2');
    expect((await post(freshRequest(), '172.16.0.3')).statusCode).toBe(429);
    const [row] = await context.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.check_in, first.json().booking.check_in));
    await context.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${row!.id}/status`,
      payload: { status: 'confirmed' },
      headers: { cookie: operator.cookie },
    });
    expect((await post(freshRequest(), '172.16.0.4')).statusCode).toBe(201);
  });

  it('cannot be exceeded by 20 requests from one network arriving at once', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => post(freshRequest(), `100.64.9.${index + 1}`)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(2);
    expect(statuses.filter((status) => status === 429)).toHaveLength(18);
    expect(await context.database.db.select().from(bookings)).toHaveLength(2);
  });

  it('lets the operator decline every pending request from one network or one e-mail at once', async () => {
    for (let index = 0; index < 2; index += 1) await post(freshRequest(), `203.0.113.${index + 1}`);
    await post(freshRequest({ guest_email: 'flood@example.com' }), '198.18.0.1');
    await post(freshRequest({ guest_email: 'FLOOD@example.com' }), '198.18.1.1');
    const keep = await post(freshRequest(), '198.18.2.1');
    expect(keep.statusCode).toBe(201);
    const rows = await context.database.db.select().from(bookings);
    const fromNetwork = rows.find((row) => row.request_network === '203.0.113.0/24')!;
    const fromEmail = rows.find((row) => row.guest_email === 'flood@example.com')!;
    const decline = (bookingId: string, by: string) =>
      context.app.inject({
        method: 'POST',
        url: `/api/bookings/${bookingId}/decline-similar`,
        payload: { by },
        headers: { cookie: operator.cookie },
      });

    const byNetwork = await decline(fromNetwork.id, 'network');
    expect(byNetwork.statusCode).toBe(200);
    expect(byNetwork.json().declined).toBe(2);
    const byEmail = await decline(fromEmail.id, 'email');
    expect(byEmail.json().declined).toBe(2);
    const after = await context.database.db.select().from(bookings);
    expect(after.filter((row) => row.status === 'pending')).toHaveLength(1);
    expect(after.filter((row) => row.status === 'cancelled')).toHaveLength(4);

    expect((await decline(fromEmail.id, 'everyone')).statusCode).toBe(400);
    // A stay entered by hand came from no request: it has no network to decline by.
    const byHand = await insertTestBooking(context.database, propertyId, {
      check_in: '2027-06-01',
      check_out: '2027-06-03',
    });
    const noNetwork = await decline(byHand.id, 'network');
    expect(noNetwork.statusCode).toBe(400);
    expect(noNetwork.json().error).toMatchObject({
      message: 'This booking did not come from the booking form, so it has no network',
      code: 'no_request_network',
    });
    // Another operator cannot decline this operator's requests.
    const stranger = await context.createSignedInOperator();
    const foreign = await context.app.inject({
      method: 'POST',
      url: `/api/bookings/${fromEmail.id}/decline-similar`,
      payload: { by: 'email' },
      headers: { cookie: stranger.cookie },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('records the requesting network on a request, and the operator sees it', async () => {
    await post(freshRequest(), '192.0.2.55');
    const list = await context.app.inject({
      method: 'GET',
      url: `/api/properties/${propertyId}/bookings`,
      headers: { cookie: operator.cookie },
    });
    expect(list.json()[0]).toMatchObject({ request_network: '192.0.2.0/24', is_sample: false });
    expect(list.json()[0]).not.toHaveProperty('request_fingerprint');
  });
});
