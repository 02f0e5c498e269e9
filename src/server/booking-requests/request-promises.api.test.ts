import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { promiseTexts, writeRequestPromises } from '../../content/promises';
import { bookings, outboxMessages, requestLinks } from '../db/schema';
import { TEST_NOW, UNLIMITED_REQUESTS, useSignedInContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

const HOLD_HOURS = 36;

/** What the guest is promised is what the configuration does: the hold time, and how paying goes on. */
describe.each(listTestDatabaseKinds())("a guest's promises [%s]", (kind) => {
  const suite = useSignedInContext(
    kind,
    {
      now: () => TEST_NOW,
      requests: UNLIMITED_REQUESTS,
      server: { publicUrl: 'http://villa.test' },
      messages: { messageIdDomain: 'villa.test', holdHours: HOLD_HOURS },
    },
    { name: 'The Villa', base_price: 9000, currency: 'INR', max_guests: 6 },
  );

  it('tells the form, the answer and the e-mails the configured hold time, and holds the nights that long', async () => {
    const availability = await suite.context.app.inject({ method: 'GET', url: '/api/availability' });
    expect(availability.json().hold_hours).toBe(HOLD_HOURS);
    expect(writeRequestPromises({ holdHours: HOLD_HOURS }).answer).toContain('within 36 hours');
    const email = 'promise@example.com';
    const created = await suite.context.app.inject({
      method: 'POST',
      url: '/api/booking-requests',
      payload: {
        check_in: '2027-01-10',
        check_out: '2027-01-12',
        guests_count: 2,
        guest_name: 'Ira Sen',
        guest_email: email,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().hold_hours).toBe(HOLD_HOURS);
    const [booking] = await suite.context.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.guest_email, email));
    const [link] = await suite.context.database.db
      .select()
      .from(requestLinks)
      .where(eq(requestLinks.booking_id, booking!.id));
    expect(link!.hold_until.getTime() - new Date(booking!.created_at).getTime()).toBeCloseTo(
      HOLD_HOURS * 3_600_000,
      -4,
    );
    const [first] = await suite.context.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.booking_id, booking!.id), eq(outboxMessages.kind, 'request_received')));
    expect(first!.text_body).toContain(promiseTexts.payment);
    await suite.context.app.inject({ method: 'GET', url: `/api/requests/${first!.link_token!}` });
    const confirmed = await suite.context.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${booking!.id}/status`,
      headers: { cookie: suite.cookie },
      payload: { status: 'confirmed' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [confirmation] = await suite.context.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.booking_id, booking!.id), eq(outboxMessages.kind, 'request_confirmed')));
    // A deposit is due at once: the e-mail says so, and its payment section follows.
    expect(confirmation!.text_body).toContain(promiseTexts.confirmedPayment);
  });
});
