import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBookingReference } from '../../domain/booking';
import { addDaysToDate } from '../../domain/dates';
import { toMinorUnits } from '../../domain/money';
import { bookings, domainEvents, outboxMessages } from '../db/schema';
import { withOperator } from '../db/with-operator';
import { handleEvent, handlePendingEvents } from './subscriber';
import { appendEvent, claimPendingEvents } from '../store/events';
import {
  createSignedInContext,
  insertTestBooking,
  TEST_NOW,
  type TestContext,
  UNLIMITED_REQUESTS,
} from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';
import { recordPayment } from '../operations/record-payment';

const SETTINGS = { server: { publicUrl: 'http://villa.test' }, messages: { messageIdDomain: 'villa.test' } };
const TODAY = '2026-11-22';

/**
 * Recording a payment writes what happened (`payment_recorded`) in its own transaction, and the guest's
 * receipt follows from that event: at once after the commit, or, when the process stopped in between, on a
 * later pass; once, however many passes handle it; saying the ledger as it stood at that entry.
 */
describe.each(listTestDatabaseKinds())('recording a payment and what follows from it [%s]', (kind) => {
  let context: TestContext;
  let cookie: string;
  let operatorId: string;
  let propertyId: string;

  beforeAll(async () => {
    let operator: { id: string };
    ({ context, cookie, propertyId, operator } = await createSignedInContext(
      kind,
      { now: () => TEST_NOW, requests: UNLIMITED_REQUESTS, ...SETTINGS },
      { name: 'The Villa', base_price: 30_000, currency: 'INR', max_guests: 8 },
    ));
    operatorId = operator.id;
  });
  afterAll(() => context?.close());

  let guests = 0;
  const insertStay = () => {
    guests += 1;
    return insertTestBooking(context.database, propertyId, {
      status: 'confirmed',
      guest_email: `events-${guests}@example.com`,
      check_in: addDaysToDate('2027-01-01', guests * 4),
      check_out: addDaysToDate('2027-01-03', guests * 4),
      total_amount: 90_000,
    });
  };
  const send = (url: string, payload: object) =>
    context.app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const eventsOf = (bookingId: string) =>
    context.database.db.select().from(domainEvents).where(eq(domainEvents.booking_id, bookingId));
  const receiptsOf = (bookingId: string) =>
    context.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.booking_id, bookingId), eq(outboxMessages.kind, 'payment_receipt')));

  it('answers with the event handled and the receipt queued', async () => {
    const stay = await insertStay();
    const response = await send(`/api/bookings/${stay.id}/payments`, {
      kind: 'payment',
      amount: 30_000,
      method: 'upi',
      received_on: TODAY,
      reference: '612345670311',
    });
    expect(response.statusCode, response.body).toBe(201);
    const entryId = response.json<{ entry: { id: string } }>().entry.id;
    const events = await eventsOf(stay.id);
    expect(events.map((event) => [event.kind, event.payload, event.handled_at !== null])).toEqual([
      ['payment_recorded', { entry_id: entryId }, true],
    ]);
    expect(await receiptsOf(stay.id)).toHaveLength(1);
  });

  it('writes no event for an entry the ledger refuses, and answers its code and parameters', async () => {
    const stay = await insertStay();
    const refused = await send(`/api/bookings/${stay.id}/refunds`, {
      kind: 'refund',
      amount: 100,
      method: 'upi',
      received_on: TODAY,
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'entry_does_not_fit_ledger',
      message: 'Nothing has been paid that could be refunded',
      params: {},
    });
    expect(await eventsOf(stay.id)).toEqual([]);

    const first = await insertStay();
    const paid = {
      kind: 'payment',
      amount: 1_000,
      method: 'upi',
      received_on: TODAY,
      reference: 'UTR-EVENTS-1',
    };
    expect((await send(`/api/bookings/${first.id}/payments`, paid)).statusCode).toBe(201);
    const duplicate = await send(`/api/bookings/${stay.id}/payments`, paid);
    expect(duplicate.statusCode, duplicate.body).toBe(409);
    const error = duplicate.json().error;
    expect(error).toMatchObject({
      code: 'duplicate_reference',
      booking_reference: formatBookingReference(first.id),
      params: { booking_reference: formatBookingReference(first.id), reference: 'UTR-EVENTS-1' },
    });
    expect(await eventsOf(stay.id)).toEqual([]);
  });

  it('leaves an event that was not handled after its commit to a later pass, which writes its receipt once', async () => {
    const stay = await insertStay();
    const db = context.database.db;
    // As if the process stopped after the commit: the operation ran, its subscriber did not.
    const record = (amount: number, reference: string) =>
      withOperator(db, operatorId, (tx) =>
        recordPayment(tx, {
          bookingId: stay.id,
          operatorId,
          today: TODAY,
          entry: {
            kind: 'payment',
            amount: toMinorUnits(amount),
            method: 'upi',
            received_on: TODAY,
            reference,
            note: null,
            corrects_id: null,
          },
        }),
      );
    const first = await record(20_000, 'UTR-LATER-1');
    await record(30_000, 'UTR-LATER-2');
    expect(await receiptsOf(stay.id)).toEqual([]);
    expect((await eventsOf(stay.id)).filter((event) => event.handled_at === null)).toHaveLength(2);

    // Two passes at once (two processes): each event is claimed by one of them.
    const handled = await Promise.all([
      handlePendingEvents(db, context.config, { now: () => TEST_NOW }),
      handlePendingEvents(db, context.config, { now: () => TEST_NOW }),
    ]);
    expect(handled[0] + handled[1]).toBe(2);
    expect(await handlePendingEvents(db, context.config, { now: () => TEST_NOW })).toBe(0);
    const receipts = await receiptsOf(stay.id);
    expect(receipts).toHaveLength(2);
    expect((await eventsOf(stay.id)).every((event) => event.handled_at !== null)).toBe(true);
    // The first receipt says what was paid by then (₹20,000), not the ₹50,000 paid when it was written.
    const ofFirst = receipts.find((receipt) => receipt.message_id.includes(first.entry.id))!;
    expect(ofFirst.text_body).toContain('20,000');
    expect(ofFirst.text_body).not.toContain('50,000');
  });
  it("writes an event's messages once when its hold ran out under a slow pass and another pass took it", async () => {
    const db = context.database.db;
    const requested = await context.app.inject({
      method: 'POST',
      url: '/api/booking-requests',
      payload: {
        check_in: '2027-02-20',
        check_out: '2027-02-22',
        guests_count: 2,
        guest_name: 'Asha Rao',
        guest_email: 'slow-pass@example.com',
      },
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const [stay] = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.guest_email, 'slow-pass@example.com'));
    const messagesOf = () => db.select().from(outboxMessages).where(eq(outboxMessages.booking_id, stay!.id));
    const before = (await messagesOf()).length;
    // A confirmation's e-mail has a Message-ID of its own each time it is written: only the event guards it.
    await withOperator(db, operatorId, (tx) =>
      appendEvent(tx, {
        kind: 'booking_status_changed',
        booking_id: stay!.id,
        payload: { from: 'pending', to: 'confirmed', host_message: null },
      }),
    );
    // The slow pass claims it with a hold that has already run out; the next pass claims it again.
    const [slow] = (await claimPendingEvents(db, { leaseMs: 0, limit: 50 })).filter(
      (event) => event.booking_id === stay!.id,
    );
    expect(slow).toBeDefined();
    expect(await handlePendingEvents(db, context.config, { now: () => TEST_NOW })).toBe(1);
    expect(await handleEvent(db, context.config, slow!, { now: () => TEST_NOW })).toBe(false);
    const written = (await messagesOf()).slice(before);
    expect(written.map((message) => message.kind)).toEqual(['request_confirmed']);
  });
});
