import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messageTexts } from '../../content/messages';
import { messageTextsHi } from '../../content/hi/messages';
import { messageTextsMr } from '../../content/mr/messages';
import { formatBookingReference } from '../../domain/booking';
import { addDaysToDate, formatCalendarDate } from '../../domain/dates';
import type { Language } from '../../domain/language';
import { formatMoney, makeMoney, scaleMinor, toMajor } from '../../domain/money';
import type { RecordedEntry } from '../../domain/payment';
import { bookings, outboxMessages } from '../db/schema';
import { buildReceiptMessageId } from '../messages/record-messages';
import { startSmtpSink, type SmtpSink } from '../messages/test/smtp-sink';
import { startSinkWorker } from '../messages/test/sink-worker';
import type { MessageWorker } from '../messages/worker';
import {
  createSignedInContext,
  insertTestBooking,
  TEST_NOW,
  type TestContext,
  UNLIMITED_REQUESTS,
} from '../test/test-app';
import { createTestConfig } from '../test/test-config';
import { listTestDatabaseKinds } from '../test/test-database';

const SETTINGS = { server: { publicUrl: 'http://villa.test' }, messages: { messageIdDomain: 'villa.test' } };
const WEBHOOK_SECRET = 'stand-in webhook secret';
// TEST_NOW is 2026-11-22 at the villa.
const TODAY = '2026-11-22';

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/**
 * Money recorded on a stay sends its guest a receipt, in their language, with what is left to pay and by
 * when: by hand, by Mark paid and by Razorpay's webhook; never for a channel's stay, a stay without an
 * address, or a correcting entry.
 */
describe.each(listTestDatabaseKinds())("the guest's receipt of a payment [%s]", (kind) => {
  let context: TestContext;
  let cookie: string;
  let propertyId: string;
  let sink: SmtpSink;
  let worker: MessageWorker;

  beforeAll(async () => {
    ({ context, cookie, propertyId } = await createSignedInContext(
      kind,
      {
        now: () => TEST_NOW,
        requests: UNLIMITED_REQUESTS,
        ...SETTINGS,
        payments: {
          razorpay: {
            keyId: 'rzp_test_StandIn1234',
            keySecret: 'stand-in key secret',
            webhookSecret: WEBHOOK_SECRET,
            // Never called: a webhook is all these tests send.
            apiUrl: 'http://127.0.0.1:9',
            timeoutMs: 1_000,
          },
        },
      },
      { name: 'The Villa', base_price: 30_000, currency: 'INR', max_guests: 8 },
    ));
    sink = await startSmtpSink();
    worker = startSinkWorker(context.database.db, sink, {
      config: createTestConfig(SETTINGS, { mail: { delivery: { retryBaseMs: 1, maxRetryMs: 1 } } }),
    });
  });
  afterAll(async () => {
    await worker?.stop();
    await sink?.close();
    await context?.close();
  });
  beforeEach(() => {
    sink.received.length = 0;
  });

  const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    context.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  let stays = 0;
  /** A three-night stay from the public form in the guest's language, confirmed by them and the operator. */
  async function requestConfirmedStay(language: Language) {
    stays += 1;
    const email = `receipt-${stays}@example.com`;
    const checkIn = addDaysToDate('2027-03-01', stays * 4);
    const created = await context.app.inject({
      method: 'POST',
      url: '/api/booking-requests',
      payload: {
        check_in: checkIn,
        check_out: addDaysToDate(checkIn, 3),
        guests_count: 2,
        guest_name: 'Asha Rao',
        guest_email: email,
        language,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const db = context.database.db;
    const [booking] = await db.select().from(bookings).where(eq(bookings.guest_email, email));
    const [first] = await db
      .select({ token: outboxMessages.link_token })
      .from(outboxMessages)
      .where(eq(outboxMessages.booking_id, booking!.id));
    await context.app.inject({ method: 'GET', url: `/api/requests/${first!.token!}` });
    const confirmed = await send('PATCH', `/api/bookings/${booking!.id}/status`, { status: 'confirmed' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // What the request and its confirmation wrote is sent and set aside.
    await worker.deliverDue();
    sink.received.length = 0;
    return { booking: booking!, totalMinor: booking!.total_amount as number, email };
  }

  const listReceipts = (bookingId: string) =>
    context.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.booking_id, bookingId), eq(outboxMessages.kind, 'payment_receipt')));
  /** The one receipt of a booking, as its guest receives it. */
  const receiveReceipt = async (bookingId: string) => {
    const receipts = await listReceipts(bookingId);
    expect(receipts).toHaveLength(1);
    await worker.deliverDue();
    const [mail] = (await sink.waitFor(1)).filter((item) => item.subject === receipts[0]!.subject);
    expect(mail, 'the receipt was delivered').toBeDefined();
    return { stored: receipts[0]!, mail: mail! };
  };
  const recordPayment = async (bookingId: string, values: Record<string, unknown>) => {
    const response = await send('POST', `/api/bookings/${bookingId}/payments`, {
      method: 'upi',
      received_on: TODAY,
      ...values,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<RecordedEntry>();
  };
  const deliverWebhook = async (bookingId: string, paymentId: string, minor: number) => {
    const body = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      payload: {
        payment: {
          entity: {
            id: paymentId,
            amount: minor,
            currency: 'INR',
            status: 'captured',
            notes: { booking_id: bookingId },
          },
        },
      },
    });
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/webhooks/razorpay',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex'),
      },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ status: string }>().status;
  };

  it('sends a receipt of a payment recorded by hand: its amount, reference, and what is left by when', async () => {
    const { booking, totalMinor, email } = await requestConfirmedStay('en');
    const depositMinor = scaleMinor(totalMinor, 30, 100);
    const recorded = await recordPayment(booking.id, {
      amount: toMajor(depositMinor),
      reference: 'UTR 612345678901',
    });
    const { stored, mail } = await receiveReceipt(booking.id);
    const reference = formatBookingReference(booking.id);
    const deposit = formatMoney(makeMoney(depositMinor, 'INR'));
    const left = formatMoney(makeMoney(totalMinor - depositMinor, 'INR'));
    expect(stored.message_id).toBe(buildReceiptMessageId(context.config, recorded.entry.id));
    expect(mail.to).toBe(email);
    expect(mail.subject).toBe(`Payment received: ${deposit} for your stay ${reference}`);
    expect(mail.text).toContain(`Received:`);
    expect(mail.text).toMatch(new RegExp(`Received: +${deposit.replace(/[$.]/g, '\\$&')}`));
    expect(mail.text).toMatch(/Paid by: +UPI/);
    expect(mail.text).toMatch(/Payment reference: +UTR 612345678901/);
    expect(mail.text).toMatch(new RegExp(`Left to pay: +${left.replace(/[$.]/g, '\\$&')}`));
    const dueOn = formatCalendarDate(addDaysToDate(booking.check_in, -14), 'en');
    expect(mail.text).toContain(`${left} is left to pay, by ${dueOn}.`);
    // The guest's page, where what is left can be paid.
    expect(mail.text).toContain('View your request: http://villa.test/request/');
    expect(mail.html).toContain(`${left} is left to pay, by ${dueOn}.`);
  });

  it('sends a receipt in Marathi when the operator marks a Marathi guest’s stay paid: paid in full', async () => {
    const { booking, totalMinor } = await requestConfirmedStay('mr');
    const marked = await send('PATCH', `/api/bookings/${booking.id}/payment`, { payment_status: 'paid' });
    expect(marked.statusCode, marked.body).toBe(200);
    const { mail } = await receiveReceipt(booking.id);
    const reference = formatBookingReference(booking.id);
    const paid = formatMoney(makeMoney(totalMinor, 'INR'));
    expect(mail.subject).toBe(
      fill(messageTextsMr.kinds.payment_receipt.subject, { amount: paid, reference }),
    );
    expect(mail.text).toContain(messageTextsMr.receipt.paidInFull);
    expect(mail.text).toContain(messageTextsMr.labels.leftToPay);
    expect(mail.html).toContain('lang="mr"');
    // Recorded as 'other' with no reference: neither is named.
    expect(mail.text).not.toContain(messageTextsMr.labels.paidBy);
    expect(mail.text).not.toContain(messageTextsMr.labels.receiptReference);
    expect(mail.text).not.toContain(messageTexts.receipt.paidInFull);
  });

  it("sends one receipt in Hindi for a Razorpay payment, however often the webhook comes, beside the operator's notice", async () => {
    const { booking, totalMinor } = await requestConfirmedStay('hi');
    const depositMinor = scaleMinor(totalMinor, 30, 100);
    const paymentId = `pay_Receipt${stays}`;
    expect(await deliverWebhook(booking.id, paymentId, depositMinor)).toBe('recorded');
    expect(await deliverWebhook(booking.id, paymentId, depositMinor)).toBe('duplicate');
    const notices = await context.database.db
      .select()
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.booking_id, booking.id), eq(outboxMessages.kind, 'payment_received_operator')),
      );
    expect(notices).toHaveLength(1);
    const { mail } = await receiveReceipt(booking.id);
    const reference = formatBookingReference(booking.id);
    const deposit = formatMoney(makeMoney(depositMinor, 'INR'));
    expect(mail.subject).toBe(
      fill(messageTextsHi.kinds.payment_receipt.subject, { amount: deposit, reference }),
    );
    expect(mail.html).toContain('lang="hi"');
    expect(mail.text).toContain(paymentId);
    expect(mail.text).toContain(messageTextsHi.receipt.methods.razorpay);
    const left = formatMoney(makeMoney(totalMinor - depositMinor, 'INR'));
    const dueOn = formatCalendarDate(addDaysToDate(booking.check_in, -14), 'hi');
    expect(mail.text).toContain(
      fill(messageTextsHi.receipt.leftToPay, {
        balance: left,
        when: fill(messageTextsHi.receipt.byDate, { date: dueOn }),
      }),
    );
    expect(mail.text).not.toContain('is left to pay');
  });

  it('words a security deposit held as a deposit, and says the stay is still to be paid', async () => {
    const settings = await send('PUT', `/api/properties/${propertyId}/payment-settings`, {
      security_deposit: 10_000,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const { booking, totalMinor } = await requestConfirmedStay('en');
    await recordPayment(booking.id, { kind: 'security_deposit_held', amount: 10_000, method: 'cash' });
    const { mail } = await receiveReceipt(booking.id);
    const held = formatMoney(makeMoney(10_000_00, 'INR'));
    expect(mail.subject).toBe(
      `Security deposit received: ${held} for your stay ${formatBookingReference(booking.id)}`,
    );
    expect(mail.text).toMatch(new RegExp(`Security deposit held: +${held}`));
    expect(mail.text).toMatch(/Paid by: +Cash/);
    expect(mail.text).toContain(`${formatMoney(makeMoney(totalMinor, 'INR'))} is left to pay`);
    expect(mail.text).not.toContain('Paid so far');
  });

  it("sends none for a channel's stay, a stay without an address or a correcting entry; one the operator entered gets one", async () => {
    const channel = await insertTestBooking(context.database, propertyId, {
      status: 'confirmed',
      booking_source: 'airbnb',
      check_in: '2027-06-01',
      check_out: '2027-06-03',
      guest_email: 'airbnb-guest@example.com',
      total_amount: 40_000,
    });
    const withoutAddress = await insertTestBooking(context.database, propertyId, {
      status: 'confirmed',
      check_in: '2027-06-05',
      check_out: '2027-06-07',
      guest_email: '',
      total_amount: 40_000,
    });
    const entered = await insertTestBooking(context.database, propertyId, {
      status: 'confirmed',
      check_in: '2027-06-09',
      check_out: '2027-06-11',
      guest_email: 'walk-in@example.com',
      total_amount: 40_000,
      guest_language: 'hi',
    });
    await recordPayment(channel.id, { amount: 10_000, method: 'channel' });
    await recordPayment(withoutAddress.id, { amount: 10_000, method: 'cash' });
    const mistake = await recordPayment(entered.id, { amount: 10_000, method: 'cash' });
    await recordPayment(entered.id, { amount: 10_000, method: 'cash', corrects_id: mistake.entry.id });
    expect(await listReceipts(channel.id)).toEqual([]);
    expect(await listReceipts(withoutAddress.id)).toEqual([]);
    // The payment's receipt, none for its correction; the stay has no request page to link to.
    const { mail } = await receiveReceipt(entered.id);
    expect(mail.text).toContain(messageTextsHi.stayNote);
    expect(mail.text).not.toContain('/request/');
    expect(mail.text).not.toContain(messageTextsHi.kinds.payment_receipt.next);
  });
});
