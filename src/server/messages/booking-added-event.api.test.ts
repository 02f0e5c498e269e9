import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDaysToDate } from '../../domain/dates';
import { domainEvents, outboxMessages } from '../db/schema';
import { withOperator } from '../db/with-operator';
import { addBooking } from '../operations/add-booking';
import { createManualBookingSchema } from '../../domain/booking';
import { handlePendingEvents } from './subscriber';
import { TEST_NOW, UNLIMITED_REQUESTS, useSignedInContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

const SETTINGS = { server: { publicUrl: 'http://villa.test' }, messages: { messageIdDomain: 'villa.test' } };
const TODAY = '2026-11-22';

/**
 * A booking the operator adds by hand writes `booking_added` in its own transaction, for the subscribers to
 * come (turnovers); the messages' subscriber marks it handled and writes nothing: no one is e-mailed.
 */
describe.each(listTestDatabaseKinds())('adding a booking and what follows from it [%s]', (kind) => {
  const current = useSignedInContext(
    kind,
    { now: () => TEST_NOW, requests: UNLIMITED_REQUESTS, ...SETTINGS },
    { name: 'The Villa', base_price: 30_000, currency: 'INR', max_guests: 8 },
  );

  let stays = 0;
  /** A fresh two-night stay each time, so the stays of different tests never overlap. */
  const nextStay = (values: Record<string, unknown> = {}) => {
    stays += 1;
    return {
      check_in: addDaysToDate('2027-01-01', stays * 4),
      check_out: addDaysToDate('2027-01-03', stays * 4),
      guests_count: 2,
      guest_name: 'Meera Iyer',
      guest_email: `added-${stays}@example.com`,
      ...values,
    };
  };
  const add = (values: Record<string, unknown>) =>
    current.context.app.inject({
      method: 'POST',
      url: `/api/properties/${current.propertyId}/bookings`,
      headers: { cookie: current.cookie },
      payload: nextStay(values),
    });
  const eventsOf = (bookingId: string) =>
    current.context.database.db.select().from(domainEvents).where(eq(domainEvents.booking_id, bookingId));
  const messagesOf = (bookingId: string) =>
    current.context.database.db.select().from(outboxMessages).where(eq(outboxMessages.booking_id, bookingId));
  const countOutbox = async () => (await current.context.database.db.select().from(outboxMessages)).length;

  it('writes one booking_added event naming the booking, handled after the answer, and no message', async () => {
    const outboxBefore = await countOutbox();
    // Unpaid and priced by the rules; paid with a total (its payment recorded): neither is told anyone.
    for (const values of [{}, { total_amount: 45_000, payment_status: 'paid' }]) {
      const response = await add(values);
      expect(response.statusCode, response.body).toBe(201);
      const bookingId = response.json<{ id: string }>().id;
      const events = await eventsOf(bookingId);
      expect(events.map((event) => [event.kind, event.booking_id, event.payload])).toEqual([
        ['booking_added', bookingId, {}],
      ]);
      expect(events[0]!.handled_at).not.toBeNull();
      expect(events[0]!.last_error).toBeNull();
      expect(await messagesOf(bookingId)).toEqual([]);
    }
    expect(await countOutbox()).toBe(outboxBefore);
  });

  it('writes no event for a booking it refuses', async () => {
    const before = await current.context.database.db.select().from(domainEvents);
    const refused = await add({ guests_count: 9 });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'too_many_guests' });
    expect(await current.context.database.db.select().from(domainEvents)).toHaveLength(before.length);
  });

  it('leaves an event not handled after its commit to a later pass, which marks it handled and writes nothing', async () => {
    const db = current.context.database.db;
    const outboxBefore = await countOutbox();
    // As if the process stopped after the commit: the operation ran, its subscriber did not.
    const booking = createManualBookingSchema(() => TODAY).parse(nextStay({ total_amount: 20_000 }));
    const added = await withOperator(db, current.operator.id, (tx) =>
      addBooking(tx, {
        propertyId: current.propertyId,
        booking,
        operatorId: current.operator.id,
        today: TODAY,
      }),
    );
    const [pending] = await eventsOf(added.id);
    expect(pending).toMatchObject({ kind: 'booking_added', booking_id: added.id, handled_at: null });

    expect(await handlePendingEvents(db, current.context.config, { now: () => TEST_NOW })).toBe(0);
    const [handled] = await eventsOf(added.id);
    expect(handled!.handled_at).not.toBeNull();
    expect(await messagesOf(added.id)).toEqual([]);
    expect(await countOutbox()).toBe(outboxBefore);
  });
});
