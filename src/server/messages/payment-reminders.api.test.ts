import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDaysToDate } from '../../domain/dates';
import { formatMoney, makeMoney, scaleMinor, toMajor } from '../../domain/money';
import { bookings, outboxMessages, requestLinks } from '../db/schema';
import {
  TEST_NOW,
  UNLIMITED_REQUESTS,
  insertTestBooking,
  insertTestProperty,
  useSignedInContext,
} from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';
import { remindBooking, sendDuePaymentReminders } from './payment-reminders';

const UPI = { vpa: 'shantivilla@okaxis', payeeName: 'Shanti Villa Retreat' };
// The operator confirms on the app's day (TEST_NOW, 2026-11-22) and the job runs on 2027-02-13 at the villa;
// with the default 14 days, a stay from 2027-03-01 owes its balance on 2027-02-15, two days ahead: within
// the 3 days' notice.
const JOB_NOW = new Date('2027-02-13T06:00:00Z');
const TODAY = '2027-02-13';
const CHECK_IN = '2027-03-01';

type Suite = ReturnType<typeof useSignedInContext>;

/** A guest's request from the public form, confirmed by the guest and then by the operator. */
async function confirmedRequest(suite: Suite, email: string, checkIn = CHECK_IN, nights = 1) {
  const { context, cookie } = suite;
  const created = await context.app.inject({
    method: 'POST',
    url: '/api/booking-requests',
    payload: {
      check_in: checkIn,
      check_out: addDaysToDate(checkIn, nights),
      guests_count: 2,
      guest_name: 'Asha Rao',
      guest_email: email,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const [booking] = await context.database.db.select().from(bookings).where(eq(bookings.guest_email, email));
  const [first] = await context.database.db
    .select({ token: outboxMessages.link_token })
    .from(outboxMessages)
    .where(eq(outboxMessages.booking_id, booking!.id));
  await context.app.inject({ method: 'GET', url: `/api/requests/${first!.token!}` });
  const confirmed = await context.app.inject({
    method: 'PATCH',
    url: `/api/bookings/${booking!.id}/status`,
    headers: { cookie },
    payload: { status: 'confirmed' },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return booking!;
}

async function listReminders(suite: Suite, bookingId: string) {
  return suite.context.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.booking_id, bookingId), eq(outboxMessages.kind, 'payment_reminder')));
}

const runJob = (suite: Suite, holder: string) =>
  sendDuePaymentReminders(suite.context.database.db, {
    config: suite.context.config,
    holder,
    now: () => JOB_NOW,
  });

describe.each(listTestDatabaseKinds())('payment reminders [%s]', (kind) => {
  const suite = useSignedInContext(
    kind,
    {
      now: () => TEST_NOW,
      requests: UNLIMITED_REQUESTS,
      server: { publicUrl: 'http://villa.test' },
      messages: { messageIdDomain: 'villa.test' },
      payments: { upi: UPI, reminderDays: 3 },
    },
    { name: 'The Villa', base_price: 12_345.5, currency: 'INR', max_guests: 8 },
  );

  it('reminds the guest once of the balance, with its amount, day and UPI link, however often the job runs', async () => {
    const booking = await confirmedRequest(suite, 'asha-balance@example.com');
    const total = makeMoney(booking.total_amount, 'INR');
    const deposit = makeMoney(scaleMinor(total.minor, 30, 100), 'INR');
    const paid = await suite.context.app.inject({
      method: 'POST',
      url: `/api/bookings/${booking.id}/payments`,
      headers: { cookie: suite.cookie },
      payload: {
        amount: toMajor(deposit),
        method: 'upi',
        received_on: '2026-11-22',
        reference: '123456789012',
      },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    // Writers side by side, past the job's lease, write one; so do the job's passes after them.
    const written = await Promise.all(
      ['a', 'b', 'c'].map(() =>
        remindBooking(suite.context.database.db, suite.context.config, {
          bookingId: booking.id,
          today: TODAY,
        }),
      ),
    );
    expect(written.filter(Boolean)).toHaveLength(1);
    await Promise.all([runJob(suite, 'one'), runJob(suite, 'two')]);
    await runJob(suite, 'three');
    const reminders = await listReminders(suite, booking.id);
    expect(reminders).toHaveLength(1);
    const [reminder] = reminders;
    const balance = makeMoney(total.minor - deposit.minor, 'INR');
    const am = `${Math.floor(balance.minor / 100)}.${String(balance.minor % 100).padStart(2, '0')}`;
    expect(reminder!.to_address).toBe('asha-balance@example.com');
    expect(reminder!.subject).toContain(formatMoney(balance));
    expect(reminder!.subject).toContain('15 Feb 2027');
    expect(reminder!.text_body).toContain(
      `upi://pay?pa=shantivilla@okaxis&pn=Shanti%20Villa%20Retreat&am=${am}&cu=INR`,
    );
    expect(reminder!.text_body).toContain(formatMoney(balance));
    expect(reminder!.html_body).toContain('cid:');
    expect(reminder!.message_id).toBe(`<payment-reminder.${booking.id}.2027-02-15@villa.test>`);
  });

  it('waits for the morning at the villa', async () => {
    const booking = await confirmedRequest(suite, 'asha-morning@example.com', '2027-03-02');
    // 02:30 at the villa on the day of the notice: nothing yet.
    const night = new Date('2027-02-12T21:00:00Z');
    await sendDuePaymentReminders(suite.context.database.db, {
      config: suite.context.config,
      holder: 'night',
      now: () => night,
    });
    expect(await listReminders(suite, booking.id)).toEqual([]);
    await runJob(suite, 'morning');
    expect(await listReminders(suite, booking.id)).toHaveLength(1);
  });

  it('does not remind before the notice, nor of a paid, cancelled, channel or operator-entered stay', async () => {
    const { context, cookie } = suite;
    const early = await confirmedRequest(suite, 'asha-early@example.com', '2027-03-20');
    const paid = await confirmedRequest(suite, 'asha-paid@example.com', '2027-02-27');
    const marked = await context.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${paid.id}/payment`,
      headers: { cookie },
      payload: { payment_status: 'paid' },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const cancelled = await confirmedRequest(suite, 'asha-cancelled@example.com', '2027-02-28');
    const cancel = await context.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${cancelled.id}/status`,
      headers: { cookie },
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const flat = await insertTestProperty(context.database, suite.operator.id, { currency: 'INR' });
    const channel = await insertTestBooking(context.database, flat.id, {
      status: 'confirmed',
      booking_source: 'airbnb',
      check_in: '2027-03-02',
      check_out: '2027-03-03',
      guest_email: 'airbnb-guest@example.com',
    });
    // Even with a request's link, a stay the channel collects is never chased.
    await context.database.db
      .insert(requestLinks)
      .values({ booking_id: channel.id, hold_until: TEST_NOW, confirm_by: TEST_NOW });
    const entered = await insertTestBooking(context.database, suite.propertyId, {
      status: 'confirmed',
      check_in: '2027-02-28',
      check_out: '2027-03-01',
    });
    await runJob(suite, 'one');
    for (const booking of [early, paid, cancelled, channel, entered]) {
      expect(await listReminders(suite, booking.id)).toEqual([]);
    }
  });
});
