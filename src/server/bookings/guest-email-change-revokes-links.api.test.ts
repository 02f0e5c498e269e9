import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, outboxMessages } from '../db/schema';
import { TEST_NOW, UNLIMITED_REQUESTS, useSignedInContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

const SETTINGS = { server: { publicUrl: 'http://villa.test' }, messages: { messageIdDomain: 'villa.test' } };

// A guest who typed someone else's address sent that person the links to their request's page (the stay,
// the documents issued for it, withdrawing it). Once the operator corrects the address, those links must
// stop working; the guest gets a link of their own with the next message to the corrected address.
describe.each(listTestDatabaseKinds())("changing a guest's e-mail [%s]", (kind) => {
  const current = useSignedInContext(
    kind,
    { now: () => TEST_NOW, requests: UNLIMITED_REQUESTS, ...SETTINGS },
    { name: 'The Villa', base_price: 1000, currency: 'INR', max_guests: 6 },
  );
  const change = (bookingId: string, payload: object) =>
    current.context.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${bookingId}`,
      headers: { cookie: current.cookie },
      payload,
    });
  const openPage = (token: string) =>
    current.context.app.inject({ method: 'GET', url: `/api/requests/${token}` });
  const listLinks = async (bookingId: string, kindOf: (typeof outboxMessages.$inferSelect)['kind']) =>
    (
      await current.context.database.db
        .select({ token: outboxMessages.link_token })
        .from(outboxMessages)
        .where(and(eq(outboxMessages.booking_id, bookingId), eq(outboxMessages.kind, kindOf)))
    ).map((row) => row.token!);

  let requests = 0;
  const requestStay = async (checkIn: string, checkOut: string) => {
    requests += 1;
    const guestEmail = `someone-else-${requests}@example.com`;
    const response = await current.context.app.inject({
      method: 'POST',
      url: '/api/booking-requests',
      payload: {
        check_in: checkIn,
        check_out: checkOut,
        guests_count: 2,
        guest_name: 'Asha Rao',
        guest_email: guestEmail,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const [booking] = await current.context.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.guest_email, guestEmail));
    const [confirmLink] = await listLinks(booking!.id, 'request_received');
    // Opened from the mistaken inbox: it confirms the request and shows its page.
    expect((await openPage(confirmLink!)).statusCode).toBe(200);
    return { booking: booking!, confirmLink: confirmLink! };
  };

  it('stops the links sent to the old address, and the next message gives the new one a working link', async () => {
    const { booking, confirmLink } = await requestStay('2027-02-01', '2027-02-04');

    const corrected = await change(booking.id, { guest_email: 'asha.rao@example.com' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const old = await openPage(confirmLink);
    expect(old.statusCode, old.body).toBe(404);

    const moved = await change(booking.id, { check_in: '2027-02-02', check_out: '2027-02-05' });
    expect(moved.statusCode, moved.body).toBe(200);
    const [newLink] = await listLinks(booking.id, 'booking_changed');
    const page = await openPage(newLink!);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ check_in: '2027-02-02', check_out: '2027-02-05' });
  });

  it('keeps the links when only the case of the address changes, or another field', async () => {
    const { booking, confirmLink } = await requestStay('2027-03-01', '2027-03-04');
    const recased = await change(booking.id, {
      guest_email: booking.guest_email.toUpperCase(),
      operator_note: 'Called to check the address',
    });
    expect(recased.statusCode, recased.body).toBe(200);
    expect((await openPage(confirmLink)).statusCode).toBe(200);
  });
});
