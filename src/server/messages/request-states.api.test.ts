import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, outboxMessages, requestLinks } from '../db/schema';
import {
  createSignedInContext,
  insertTestBooking,
  TEST_NOW,
  type TestContext,
  UNLIMITED_REQUESTS,
} from '../test/test-app';
import { createTestConfig } from '../test/test-config';
import { listTestDatabaseKinds } from '../test/test-database';
import { startMessageWorker } from './worker';
import { createMailTransport } from './transport';

describe.each(listTestDatabaseKinds())(
  'when a pending request lapses, as the operator sees it [%s]',
  (kind) => {
    let context: TestContext;
    let operator: { id: string; cookie: string };
    let propertyId: string;

    beforeAll(async () => {
      ({ context, operator, propertyId } = await createSignedInContext(
        kind,
        { now: () => TEST_NOW, requests: UNLIMITED_REQUESTS },
        { name: 'The Villa', max_guests: 8 },
      ));
    });
    afterAll(async () => {
      await context?.close();
    });

    const get = (url: string) =>
      context.app.inject({ method: 'GET', url, headers: { cookie: operator.cookie } });
    const requestStay = async (checkIn: string, checkOut: string, email: string, confirm = true) => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/booking-requests',
        payload: {
          check_in: checkIn,
          check_out: checkOut,
          guests_count: 2,
          guest_name: 'Asha Rao',
          guest_email: email,
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      const [row] = await context.database.db.select().from(bookings).where(eq(bookings.guest_email, email));
      if (confirm) {
        // As the guest does: the link of their first e-mail (read from the outbox before it is sent).
        const [message] = await context.database.db
          .select({ token: outboxMessages.link_token })
          .from(outboxMessages)
          .where(eq(outboxMessages.booking_id, row!.id));
        await context.app.inject({ method: 'GET', url: `/api/requests/${message!.token}` });
      }
      const [link] = await context.database.db
        .select()
        .from(requestLinks)
        .where(eq(requestLinks.booking_id, row!.id));
      return {
        id: row!.id,
        holdUntil: link!.hold_until.toISOString(),
        confirmBy: link!.confirm_by.toISOString(),
      };
    };

    it('gives an unconfirmed request its time to confirm as lapses_at, and its hold once the guest confirms', async () => {
      const email = 'kiran@example.com';
      const unconfirmed = await requestStay('2027-01-14', '2027-01-16', email, false);
      const listed = async () =>
        (await get(`/api/properties/${propertyId}/bookings?q=kiran`)).json()[0] as {
          lapses_at: string;
          guest_confirmed: boolean | null;
        };
      expect(await listed()).toMatchObject({ lapses_at: unconfirmed.confirmBy, guest_confirmed: false });
      const [message] = await context.database.db
        .select({ token: outboxMessages.link_token })
        .from(outboxMessages)
        .where(eq(outboxMessages.booking_id, unconfirmed.id));
      await context.app.inject({ method: 'GET', url: `/api/requests/${message!.token}` });
      expect(await listed()).toMatchObject({ lapses_at: unconfirmed.holdUntil, guest_confirmed: true });
    });

    it('gives a guest request its hold as lapses_at on the bookings list and the dashboard, and no other booking one', async () => {
      const guest = await requestStay('2027-01-10', '2027-01-12', 'asha@example.com');
      const manual = await insertTestBooking(context.database, propertyId, {
        check_in: '2027-02-01',
        check_out: '2027-02-03',
        status: 'pending',
        guest_name: 'Phoned In',
      });
      const channel = await insertTestBooking(context.database, propertyId, {
        check_in: '2027-03-01',
        check_out: '2027-03-03',
        status: 'pending',
        booking_source: 'airbnb',
        guest_name: 'Airbnb guest',
      });

      const list = (await get(`/api/properties/${propertyId}/bookings`)).json() as Array<{
        id: string;
        lapses_at: string | null;
      }>;
      const lapsesAt = (id: string) => list.find((booking) => booking.id === id)?.lapses_at;
      expect(lapsesAt(guest.id)).toBe(guest.holdUntil);
      expect(lapsesAt(manual.id)).toBeNull();
      expect(lapsesAt(channel.id)).toBeNull();
      const confirmed = (id: string) =>
        (list as Array<{ id: string; guest_confirmed?: boolean | null }>).find((booking) => booking.id === id)
          ?.guest_confirmed;
      expect([confirmed(guest.id), confirmed(manual.id), confirmed(channel.id)]).toEqual([true, null, null]);

      const dashboard = (await get('/api/dashboard')).json() as {
        pending: Array<{ id: string; lapses_at: string | null }>;
      };
      expect(dashboard.pending.map((stay) => [stay.id, stay.lapses_at])).toEqual(
        expect.arrayContaining([
          [guest.id, guest.holdUntil],
          [manual.id, null],
          [channel.id, null],
        ]),
      );
    });

    it('drops lapses_at once the request is decided, and keeps it through a payment change', async () => {
      const { id, holdUntil } = await requestStay('2027-01-20', '2027-01-22', 'ravi@example.com');
      const paid = await context.app.inject({
        method: 'PATCH',
        url: `/api/bookings/${id}/payment`,
        headers: { cookie: operator.cookie },
        payload: { payment_status: 'paid' },
      });
      expect(paid.json()).toMatchObject({ status: 'pending', payment_status: 'paid', lapses_at: holdUntil });
      const confirmed = await context.app.inject({
        method: 'PATCH',
        url: `/api/bookings/${id}/status`,
        headers: { cookie: operator.cookie },
        payload: { status: 'confirmed' },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toMatchObject({ status: 'confirmed', lapses_at: null });
    });

    it('shows the same time the lapse job acts on: past it, the job lapses the request and the time is gone', async () => {
      const { id } = await requestStay('2027-01-25', '2027-01-27', 'mira@example.com');
      await context.database.db
        .update(requestLinks)
        .set({ hold_until: sql`now() - interval '1 minute'` })
        .where(eq(requestLinks.booking_id, id));
      const due = (await get(`/api/properties/${propertyId}/bookings?q=mira`)).json()[0];
      expect(Date.parse(due.lapses_at)).toBeLessThan(Date.now());
      const worker = startMessageWorker({
        db: context.database.db,
        transport: createMailTransport({ from: 'Villa <stay@villa.test>', outboxDir: '/nonexistent' }),
        holder: 'lapse-times-test',
        config: createTestConfig({
          server: { publicUrl: 'http://villa.test' },
          messages: { messageIdDomain: 'villa.test' },
        }),
      });
      try {
        expect(await worker.lapseExpiredRequests()).toBe(1);
      } finally {
        await worker.stop();
      }
      const after = (await get(`/api/properties/${propertyId}/bookings?q=mira`)).json()[0];
      expect(after).toMatchObject({ status: 'cancelled', lapses_at: null });
    });
  },
);
