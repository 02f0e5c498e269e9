import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDate } from '../../domain/dates';
import type { PaymentLedger, RecordedEntry } from '../../domain/payment';
import { outboxMessages } from '../db/schema';
import { createSignedInContext, insertTestBooking, TEST_NOW } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

// TEST_NOW is 2026-11-22 at the villa.
const TODAY = '2026-11-22';
const WEBHOOK_SECRET = 'stand-in webhook secret';

/** Razorpay's payment.captured for a payment whose notes name the booking (no link, no call out). */
function captured(input: { paymentId: string; bookingId: string; amount: number }) {
  const body = JSON.stringify({
    entity: 'event',
    event: 'payment.captured',
    payload: {
      payment: {
        entity: {
          id: input.paymentId,
          amount: input.amount,
          currency: 'INR',
          status: 'captured',
          notes: { booking_id: input.bookingId },
        },
      },
    },
  });
  return { body, signature: createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex') };
}

/**
 * One Razorpay payment is one entry, whether the operator records it by hand (its pay_… as reference) or
 * Razorpay's webhook reports it, in either order; money the webhook brings that nothing is owed for is
 * recorded (it arrived) and flagged.
 */
describe.each(listTestDatabaseKinds())("Razorpay's payments in the ledger [%s]", (kind) => {
  let current: Awaited<ReturnType<typeof createSignedInContext>>;
  beforeAll(async () => {
    current = await createSignedInContext(
      kind,
      {
        now: () => TEST_NOW,
        payments: {
          razorpay: {
            keyId: 'rzp_test_StandIn1234',
            keySecret: 'stand-in key secret',
            webhookSecret: WEBHOOK_SECRET,
            // Never called: these tests make no link and no refund.
            apiUrl: 'http://127.0.0.1:9',
            timeoutMs: 1_000,
          },
        },
      },
      { currency: 'INR' },
    );
  });
  afterAll(async () => {
    await current?.context.close();
  });

  const send = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    current.context.app.inject({
      method,
      url,
      headers: { cookie: current.cookie },
      ...(payload ? { payload } : {}),
    });
  const deliver = async (event: ReturnType<typeof captured>) => {
    const response = await current.context.app.inject({
      method: 'POST',
      url: '/api/webhooks/razorpay',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': event.signature },
      payload: event.body,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ status: string }>().status;
  };
  let stays = 0;
  const addStay = (values: Parameters<typeof insertTestBooking>[2] = {}) => {
    stays += 1;
    const checkIn = addDaysToDate('2027-03-01', stays * 3);
    return insertTestBooking(current.context.database, current.propertyId, {
      currency: 'INR',
      total_amount: 10_000,
      status: 'confirmed',
      check_in: checkIn,
      check_out: addDaysToDate(checkIn, 2),
      created_at: new Date('2026-11-20T05:00:00Z'),
      ...values,
    });
  };
  const payByHand = (bookingId: string, values: object) =>
    send('POST', `/api/bookings/${bookingId}/payments`, {
      amount: 3000,
      method: 'razorpay',
      received_on: TODAY,
      ...values,
    });
  const ledgerOf = async (bookingId: string) =>
    (await send('GET', `/api/bookings/${bookingId}/payments`)).json<PaymentLedger>();
  const noticesOf = (bookingId: string) =>
    current.context.database.db.select().from(outboxMessages).where(eq(outboxMessages.booking_id, bookingId));

  it('takes a payment recorded by hand with its pay_… as the one the webhook reports (₹3,000, not ₹6,000)', async () => {
    const stay = await addStay();
    const hand = await payByHand(stay.id, { reference: 'pay_HandFirst00001' });
    expect(hand.statusCode, hand.body).toBe(201);
    expect(hand.json<RecordedEntry>().entry).toMatchObject({
      reference: 'pay_HandFirst00001',
      gateway_payment_id: 'pay_HandFirst00001',
      created_by: current.operator.id,
    });
    expect(
      await deliver(captured({ paymentId: 'pay_HandFirst00001', bookingId: stay.id, amount: 300_000 })),
    ).toBe('duplicate');
    const ledger = await ledgerOf(stay.id);
    expect(ledger.entries).toHaveLength(1);
    expect(ledger.summary).toMatchObject({ paid: 3000, balance: 7000 });
    // A reference that is no Razorpay payment id stays a reference.
    const other = await payByHand(stay.id, { reference: 'order_Something1' });
    expect(other.json<RecordedEntry>().entry).toMatchObject({ gateway_payment_id: null });
  });

  it('refuses by hand, naming where, a Razorpay payment the webhook recorded first', async () => {
    const stay = await addStay();
    expect(
      await deliver(captured({ paymentId: 'pay_HookFirst00001', bookingId: stay.id, amount: 300_000 })),
    ).toBe('recorded');
    const recorded = (await ledgerOf(stay.id)).entries[0]!;
    for (const bookingId of [stay.id, (await addStay()).id]) {
      const hand = await payByHand(bookingId, { reference: 'pay_HookFirst00001' });
      expect(hand.statusCode).toBe(409);
      expect(hand.json().error).toMatchObject({
        code: 'gateway_payment_recorded',
        gateway_payment_id: 'pay_HookFirst00001',
        booking_id: stay.id,
        entry_id: recorded.id,
      });
      expect(hand.json().error.message).toMatch(
        /^Razorpay payment pay_HookFirst00001 is already recorded, on booking /,
      );
    }
    expect((await ledgerOf(stay.id)).summary).toMatchObject({ paid: 3000 });
  });

  it('records a payment above the balance and flags it: on its entry, as to return, and to the operator', async () => {
    const stay = await addStay();
    expect(
      (await payByHand(stay.id, { amount: 8000, method: 'upi', reference: 'UTR 61001' })).statusCode,
    ).toBe(201);
    expect(
      await deliver(captured({ paymentId: 'pay_TooMuch000001', bookingId: stay.id, amount: 500_000 })),
    ).toBe('recorded');
    const { entries, summary } = await ledgerOf(stay.id);
    expect(entries.at(-1)).toMatchObject({
      amount: 5000,
      note: "Flagged: ₹3,000 of this is to return (it is above the stay's balance)",
    });
    expect(summary).toMatchObject({
      paid: 13_000,
      balance: 0,
      to_return: 3000,
      to_return_reason: 'overpaid',
    });
    const audit = await send('GET', `/api/audit-events?entity_type=payment&entity_id=${entries.at(-1)!.id}`);
    expect(audit.json().events[0]).toMatchObject({
      actor: 'system',
      after: expect.objectContaining({ note: expect.stringMatching(/^Flagged: ₹3,000/) }),
    });
    // The operator's notice (the guest's receipt goes beside it).
    const notice = (await noticesOf(stay.id)).find((message) => message.kind === 'payment_received_operator');
    expect(notice).toMatchObject({ kind: 'payment_received_operator' });
    expect(notice!.text_body).toContain('To return');
    expect(notice!.text_body).toContain(
      "This needs you: ₹3,000 of it is more than the stay owes (it is above the stay's balance).",
    );
  });

  it("records money arriving on a cancelled stay or a channel's, flagged, and a channel's stays 'channel'", async () => {
    const cancelled = await addStay({ status: 'cancelled' });
    expect(
      await deliver(captured({ paymentId: 'pay_Cancelled00001', bookingId: cancelled.id, amount: 700_000 })),
    ).toBe('recorded');
    expect(await ledgerOf(cancelled.id)).toMatchObject({
      entries: [
        expect.objectContaining({ note: 'Flagged: ₹7,000 of this is to return (the stay is cancelled)' }),
      ],
      summary: { balance: 0, to_return: 7000, to_return_reason: 'cancelled' },
    });
    const channel = await addStay({ booking_source: 'airbnb' });
    expect(
      await deliver(captured({ paymentId: 'pay_Channel000001', bookingId: channel.id, amount: 200_000 })),
    ).toBe('recorded');
    expect((await ledgerOf(channel.id)).summary).toMatchObject({
      payment_status: 'channel',
      to_return: 2000,
      to_return_reason: 'channel_collects',
    });
    // What was owed is not flagged.
    const owed = await addStay();
    expect(
      await deliver(captured({ paymentId: 'pay_Owed000000001', bookingId: owed.id, amount: 300_000 })),
    ).toBe('recorded');
    expect((await ledgerOf(owed.id)).entries[0]).toMatchObject({ note: null });
    expect((await noticesOf(owed.id))[0]!.text_body).toContain('Nothing needs doing');
  });
});
