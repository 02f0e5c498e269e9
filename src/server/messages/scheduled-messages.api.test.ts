import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDate } from '../../domain/dates';
import { formatMoney, makeMoney } from '../../domain/money';
import { openPostgres } from '../db/client';
import { bookings, outboxMessages, scheduledMessages } from '../db/schema';
import {
  TEST_NOW,
  UNLIMITED_REQUESTS,
  insertTestBooking,
  insertTestProperty,
  useSignedInContext,
} from '../test/test-app';
import { createTestConfig } from '../test/test-config';
import { listTestDatabaseKinds } from '../test/test-database';
import { waitUntil } from '../../test/wait-until';
import { sendDueScheduledMessages, writeScheduledMessage } from './scheduled-messages';
import { startSmtpSink, type SmtpSink } from './test/smtp-sink';
import { startSinkWorker } from './test/sink-worker';
import type { MessageWorker } from './worker';

// The villa is at UTC+05:30: 09:00 there is 03:30 UTC, 08:00 is 02:30 UTC, 21:00 is 15:30 UTC.
const at = (isoUtc: string) => new Date(isoUtc);

type Suite = ReturnType<typeof useSignedInContext>;

let stayCounter = 0;
/**
 * A confirmed stay the operator entered, each on its own nights (check-in given), on the app's day (TEST_NOW):
 * left to the database's clock, a stay would be entered on the real day, after these stays end from June 2027.
 */
async function confirmedStay(suite: Suite, checkIn: string, values: Record<string, unknown> = {}) {
  stayCounter += 1;
  return insertTestBooking(suite.context.database, suite.propertyId, {
    created_at: TEST_NOW,
    check_in: checkIn,
    check_out: addDaysToDate(checkIn, 2),
    status: 'confirmed',
    guest_name: 'Asha Rao',
    guest_email: `asha-${stayCounter}@example.com`,
    total_amount: 30_000,
    currency: 'INR',
    ...values,
  });
}

async function listWritten(suite: Suite, bookingId: string) {
  return suite.context.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.booking_id, bookingId)));
}

const pass = (suite: Suite, now: Date, holder = 'job') =>
  sendDueScheduledMessages(suite.context.database.db, {
    config: suite.context.config,
    holder,
    now: () => now,
  });

describe.each(listTestDatabaseKinds())('scheduled guest messages [%s]', (kind) => {
  const suite = useSignedInContext(
    kind,
    {
      now: () => TEST_NOW,
      requests: UNLIMITED_REQUESTS,
      server: { publicUrl: 'http://villa.test' },
      messages: { messageIdDomain: 'villa.test' },
    },
    {
      name: 'The Fort Villa',
      address: 'Behind Rajmachi Fort',
      city: 'Lonavala',
      currency: 'INR',
      max_guests: 8,
    },
  );

  it('sends the before-arrival message 3 days ahead at 09:00 villa time, once, with the stay filled in', async () => {
    const booking = await confirmedStay(suite, '2027-03-10');
    // 08:59 at the villa on the day: not yet.
    expect(await pass(suite, at('2027-03-07T03:29:00Z'))).toBe(0);
    expect(await listWritten(suite, booking.id)).toEqual([]);
    expect(await pass(suite, at('2027-03-07T03:30:00Z'))).toBe(1);
    expect(await pass(suite, at('2027-03-07T04:30:00Z'))).toBe(0);
    const [message, ...others] = await listWritten(suite, booking.id);
    expect(others).toEqual([]);
    expect(message).toMatchObject({ kind: 'before_arrival', to_address: booking.guest_email });
    expect(message!.subject).toBe('Your arrival at The Fort Villa on Wed, 10 Mar 2027');
    expect(message!.text_body).toContain('Dear Asha Rao');
    expect(message!.text_body).toContain('Behind Rajmachi Fort, Lonavala, India');
    expect(message!.text_body).toContain('https://www.google.com/maps/search/?api=1&query=Behind%20Rajmachi');
    expect(message!.text_body).toContain(
      `Balance due before arrival: ${formatMoney(makeMoney(3_000_000, 'INR'))}`,
    );
    // A stay the operator entered gets its guest's page too, for online check-in (the token is put in as
    // the message is sent).
    expect(message!.text_body).toMatch(
      /Check in online before you travel[^\n]*\n?[^\n]*\/request\/\S+#check-in/,
    );
    expect(message!.link_token).not.toBeNull();
    expect(message!.html_body).toContain('href="https://www.google.com/maps/search/');
    expect(message!.message_id).toBe(`<before-arrival.${booking.id}@villa.test>`);
  });

  it('keeps quiet hours: a stay booked late is served at once by day, and in the morning by night', async () => {
    const byDay = await confirmedStay(suite, '2027-04-02');
    const byNight = await confirmedStay(suite, '2027-04-12');
    // 11:30 on 1 April at the villa: due since 30 March, so written at once.
    expect(await pass(suite, at('2027-04-01T06:00:00Z'))).toBeGreaterThanOrEqual(1);
    expect(await listWritten(suite, byDay.id)).toHaveLength(1);
    // 21:30, then 07:59 at the villa on the next morning: nothing for the stay due on 9 April.
    expect(await pass(suite, at('2027-04-10T16:00:00Z'))).toBe(0);
    expect(await pass(suite, at('2027-04-11T02:29:00Z'))).toBe(0);
    expect(await listWritten(suite, byNight.id)).toEqual([]);
    // 08:00: the first sending hour.
    expect(await pass(suite, at('2027-04-11T02:30:00Z'))).toBe(1);
    expect(await listWritten(suite, byNight.id)).toHaveLength(1);
  });

  it('never writes to a cancelled, pending, sample or address-less stay, nor thanks a stay entered after it ended', async () => {
    const cancelled = await confirmedStay(suite, '2027-05-05', { status: 'cancelled' });
    const pending = await confirmedStay(suite, '2027-05-08', { status: 'pending' });
    const sample = await confirmedStay(suite, '2027-05-11', { is_sample: true });
    const noEmail = await confirmedStay(suite, '2027-05-14', { guest_email: ' ' });
    // Entered on 2027-05-20, after its check-out on 2027-05-19: history, not a guest to thank.
    const history = await confirmedStay(suite, '2027-05-17', {
      status: 'completed',
      created_at: at('2027-05-20T06:00:00Z'),
    });
    for (const day of ['2027-05-04', '2027-05-10', '2027-05-16', '2027-05-20', '2027-05-21']) {
      await pass(suite, at(`${day}T06:00:00Z`));
    }
    for (const booking of [cancelled, pending, sample, noEmail, history]) {
      expect(await listWritten(suite, booking.id)).toEqual([]);
    }
    const schedule = await suite.context.app.inject({
      method: 'GET',
      url: `/api/bookings/${cancelled.id}/scheduled-messages`,
      headers: { cookie: suite.cookie },
    });
    expect(schedule.json().messages[0]).toMatchObject({ state: 'none', note: 'The stay is cancelled.' });
  });

  it('thanks the guest the day after check-out, and not weeks later', async () => {
    const stay = await confirmedStay(suite, '2027-06-01');
    const old = await confirmedStay(suite, '2027-06-05');
    // Their arrival messages are not what this is about.
    for (const booking of [stay, old]) {
      await suite.context.database.db.insert(scheduledMessages).values({
        booking_id: booking.id,
        property_id: suite.propertyId,
        kind: 'before_arrival',
        status: 'skipped',
      });
    }
    // The first stay leaves on 3 June: thanked on 4 June from 09:00.
    expect(await pass(suite, at('2027-06-04T03:00:00Z'))).toBe(0);
    await pass(suite, at('2027-06-04T03:30:00Z'));
    const thanks = (await listWritten(suite, stay.id)).filter((message) => message.kind === 'after_stay');
    expect(thanks).toHaveLength(1);
    expect(thanks[0]!.subject).toBe('Thank you for staying at The Fort Villa');
    // No review link set: its line is left out.
    expect(thanks[0]!.text_body).not.toContain('a few words about your stay');
    // The second stay left on 7 June; 10 days later its thanks would be late: none.
    await pass(suite, at('2027-06-18T06:00:00Z'));
    expect(await listWritten(suite, old.id)).toEqual([]);
  });

  it('writes one message when passes and writers run side by side, in two processes too', async () => {
    const booking = await confirmedStay(suite, '2027-07-10');
    const now = at('2027-07-08T06:00:00Z');
    const written = await Promise.all(
      ['a', 'b', 'c'].map(() =>
        writeScheduledMessage(suite.context.database.db, suite.context.config, {
          bookingId: booking.id,
          kind: 'before_arrival',
          now,
        }),
      ),
    );
    expect(written.filter(Boolean)).toHaveLength(1);
    const second = await confirmedStay(suite, '2027-07-20');
    const secondNow = at('2027-07-18T06:00:00Z');
    // A second process: its own connections to the same database (PostgreSQL; PGlite is one process).
    const other = suite.context.database.url ? await openPostgres(suite.context.database.url) : undefined;
    try {
      const runs = await Promise.all([
        pass(suite, secondNow, 'one'),
        sendDueScheduledMessages(other?.db ?? suite.context.database.db, {
          config: suite.context.config,
          holder: 'two',
          now: () => secondNow,
        }),
        writeScheduledMessage(other?.db ?? suite.context.database.db, suite.context.config, {
          bookingId: second.id,
          kind: 'before_arrival',
          now: secondNow,
        }),
      ]);
      expect(Number(runs[0]) + Number(runs[1]) + Number(runs[2])).toBeGreaterThanOrEqual(1);
    } finally {
      await other?.close();
    }
    expect(await listWritten(suite, booking.id)).toHaveLength(1);
    expect(await listWritten(suite, second.id)).toHaveLength(1);
  });

  it('lets the operator skip and restore a message, shown on the booking in villa time', async () => {
    const booking = await confirmedStay(suite, '2027-08-10', { guest_phone: '98220 12345' });
    const url = `/api/bookings/${booking.id}/scheduled-messages`;
    const headers = { cookie: suite.cookie };
    const before = await suite.context.app.inject({ method: 'GET', url, headers });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().messages).toEqual([
      expect.objectContaining({
        kind: 'before_arrival',
        state: 'scheduled',
        send_at: '2027-08-07T03:30:00.000Z',
        can_skip: true,
      }),
      expect.objectContaining({
        kind: 'after_stay',
        state: 'scheduled',
        send_at: '2027-08-13T03:30:00.000Z',
      }),
    ]);
    const whatsapp = new URL(before.json().whatsapp_url as string);
    expect(whatsapp.origin + whatsapp.pathname).toBe('https://wa.me/919822012345');
    expect(whatsapp.searchParams.get('text')).toContain('Dear Asha Rao');
    const skipped = await suite.context.app.inject({
      method: 'POST',
      url: `${url}/before_arrival/skip`,
      headers,
    });
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json().messages[0]).toMatchObject({ state: 'skipped', can_restore: true });
    await pass(suite, at('2027-08-07T06:00:00Z'));
    expect(await listWritten(suite, booking.id)).toEqual([]);
    const restored = await suite.context.app.inject({
      method: 'POST',
      url: `${url}/before_arrival/restore`,
      headers,
    });
    expect(restored.json().messages[0]).toMatchObject({ state: 'scheduled' });
    await pass(suite, at('2027-08-07T06:00:00Z'));
    expect(await listWritten(suite, booking.id)).toHaveLength(1);
    const late = await suite.context.app.inject({
      method: 'POST',
      url: `${url}/before_arrival/skip`,
      headers,
    });
    expect(late.statusCode).toBe(409);
    const sent = await suite.context.app.inject({ method: 'GET', url, headers });
    expect(sent.json().messages[0]).toMatchObject({ state: 'sent' });
    const unknownKind = await suite.context.app.inject({
      method: 'POST',
      url: `${url}/welcome/skip`,
      headers,
    });
    expect(unknownKind.statusCode).toBe(400);
  });

  it('saves a template, refusing unknown placeholders by name, and stops a message switched off', async () => {
    const url = `/api/properties/${suite.propertyId}/message-templates`;
    const headers = { cookie: suite.cookie };
    const listed = await suite.context.app.inject({ method: 'GET', url, headers });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().templates).toEqual([
      expect.objectContaining({ kind: 'before_arrival', days: 3, enabled: true, saved: false }),
      expect.objectContaining({ kind: 'after_stay', days: 1, enabled: true, saved: false }),
    ]);
    expect(listed.json().placeholders.map((each: { name: string }) => each.name)).toContain('checkInLink');
    const bad = await suite.context.app.inject({
      method: 'PUT',
      url: `${url}/after_stay`,
      headers,
      payload: { subject: 'Thanks', body: 'Hello {guest}, {stars}', enabled: true, days: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('{guest}');
    expect(bad.json().error.message).toContain('{stars}');
    const badDays = await suite.context.app.inject({
      method: 'PUT',
      url: `${url}/after_stay`,
      headers,
      payload: { subject: 'Thanks', body: 'Hello', enabled: true, days: 31 },
    });
    expect(badDays.statusCode).toBe(400);
    const badLink = await suite.context.app.inject({
      method: 'PUT',
      url: `${url}/after_stay`,
      headers,
      payload: {
        subject: 'Thanks',
        body: 'Hello',
        enabled: true,
        days: 1,
        review_url: 'javascript:alert(1)',
      },
    });
    expect(badLink.statusCode).toBe(400);
    const saved = await suite.context.app.inject({
      method: 'PUT',
      url: `${url}/after_stay`,
      headers,
      payload: {
        subject: 'Thank you, {guestName}',
        body: 'It was a joy to host you.\nReview us: {reviewLink}',
        enabled: false,
        days: 2,
        review_url: 'https://g.page/r/villa/review',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ enabled: false, days: 2, saved: true });
    const stay = await confirmedStay(suite, '2027-09-01');
    await pass(suite, at('2027-09-05T06:00:00Z'));
    expect((await listWritten(suite, stay.id)).filter((message) => message.kind === 'after_stay')).toEqual(
      [],
    );
    // Another operator's property is not found.
    const stranger = await suite.context.createSignedInOperator();
    const theirs = await suite.context.app.inject({
      method: 'GET',
      url,
      headers: { cookie: stranger.cookie },
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('previews unsaved text on a real booking, naming unknown placeholders, and sends the operator a test', async () => {
    const booking = await confirmedStay(suite, '2027-10-10', {
      guest_name: 'Meera Iyer',
      total_amount: 12_500,
    });
    const url = `/api/properties/${suite.propertyId}/message-templates/before_arrival`;
    const headers = { cookie: suite.cookie };
    const preview = await suite.context.app.inject({
      method: 'POST',
      url: `${url}/preview`,
      headers,
      payload: {
        booking_id: booking.id,
        subject: 'See you soon, {guestName}',
        body: 'Owing: {balanceDue}\nArriving {checkInDate} from {checkInTime}, {nights} nights, {guests} guests. {oops}',
      },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      booking_id: booking.id,
      subject: 'See you soon, Meera Iyer',
      unknown_placeholders: ['{oops}'],
    });
    expect(preview.json().text).toContain(`Owing: ${formatMoney(makeMoney(1_250_000, 'INR'))}`);
    expect(preview.json().text).toContain('Arriving Sun, 10 Oct 2027 from 14:00, 2 nights, 2 guests. {oops}');
    // Nothing was written by the preview.
    expect(await listWritten(suite, booking.id)).toEqual([]);
    const otherProperty = await insertTestProperty(suite.context.database, suite.operator.id, {
      name: 'Other',
    });
    const foreign = await suite.context.app.inject({
      method: 'POST',
      url: `/api/properties/${otherProperty.id}/message-templates/before_arrival/preview`,
      headers,
      payload: { booking_id: booking.id },
    });
    expect(foreign.statusCode).toBe(404);
    const test = await suite.context.app.inject({
      method: 'POST',
      url: `${url}/test`,
      headers,
      payload: { booking_id: booking.id },
    });
    expect(test.statusCode, test.body).toBe(202);
    const [sentTest] = await suite.context.database.db
      .select()
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.kind, 'template_test_operator'), eq(outboxMessages.booking_id, booking.id)),
      );
    expect(sentTest).toMatchObject({ to_address: suite.operator.email });
    expect(sentTest!.subject).toBe('[Test] Your arrival at The Fort Villa on Sun, 10 Oct 2027');
  });

  it("refuses control characters in a template's subject and text, naming the field", async () => {
    const url = `/api/properties/${suite.propertyId}/message-templates/before_arrival`;
    const headers = { cookie: suite.cookie };
    for (const [field, payload] of [
      ['subject', { subject: 'See you soon\u0085Bcc: someone@example.com', body: 'Hello' }],
      ['subject', { subject: 'See you\u0007 soon', body: 'Hello' }],
      ['body', { subject: 'See you soon', body: 'Hello\u001b[31m {guestName}' }],
    ] as const) {
      const response = await suite.context.app.inject({
        method: 'PUT',
        url,
        headers,
        payload: { ...payload, enabled: true, days: 3 },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toMatchObject({
        field,
        message: expect.stringContaining('characters that are not allowed'),
      });
    }
    // Line breaks and tabs stay in the text.
    const fine = await suite.context.app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { subject: 'See you soon', body: 'Hello\r\n\n\tDear {guestName}', enabled: true, days: 3 },
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it("refuses a template's days unless they are a whole number, never reading blank or true as a day", async () => {
    const url = `/api/properties/${suite.propertyId}/message-templates/after_stay`;
    const headers = { cookie: suite.cookie };
    for (const days of ['', null, true, [5], ' ', '0x10', '1e1']) {
      const response = await suite.context.app.inject({
        method: 'PUT',
        url,
        headers,
        payload: { subject: 'Thanks', body: 'Hello', enabled: true, days },
      });
      expect(response.statusCode, JSON.stringify(days)).toBe(400);
      expect(response.json().error.field).toBe('days');
    }
  });

  it("gives a stay the operator entered a working link to its guest's page, where the guest checks in", async () => {
    // Three days before 2026-11-25 is the test's today (2026-11-22), after 09:00 at the villa.
    const booking = await confirmedStay(suite, '2026-11-25', { guests_count: 1 });
    expect(await pass(suite, TEST_NOW)).toBeGreaterThanOrEqual(1);
    const [message] = await listWritten(suite, booking.id);
    const token = message!.link_token!;
    expect(token).toBeTruthy();
    const page = await suite.context.app.inject({ method: 'GET', url: `/api/requests/${token}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ status: 'confirmed', check_in: '2026-11-25', guests_count: 1 });
    const open = await suite.context.app.inject({ method: 'GET', url: `/api/requests/${token}/check-in` });
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json()).toMatchObject({ state: 'open', guests_count: 1 });
    const checkedIn = await suite.context.app.inject({
      method: 'POST',
      url: `/api/requests/${token}/check-in`,
      payload: {
        guests: [
          {
            full_name: 'Asha Rao',
            nationality: 'IN',
            address: '12 MG Road, Pune 411001',
            id_type: 'aadhaar',
            id_number: '7305',
            expected_arrival_time: '14:00',
          },
        ],
      },
    });
    expect(checkedIn.statusCode, checkedIn.body).toBe(201);
  });
});

describe.each(listTestDatabaseKinds())('scheduled messages through SMTP [%s]', (kind) => {
  const suite = useSignedInContext(
    kind,
    {
      now: () => TEST_NOW,
      requests: UNLIMITED_REQUESTS,
      server: { publicUrl: 'http://villa.test' },
      messages: { messageIdDomain: 'villa.test' },
    },
    { name: 'The Villa', base_price: 10_000, currency: 'INR', max_guests: 8 },
  );
  let sink: SmtpSink;
  let worker: MessageWorker;
  beforeAll(async () => {
    sink = await startSmtpSink();
    worker = startSinkWorker(suite.context.database.db, sink, {
      config: createTestConfig({ mail: { delivery: { retryBaseMs: 1, maxRetryMs: 1, maxAttempts: 3 } } }),
    });
  });
  afterAll(async () => {
    await worker?.stop();
    await sink?.close();
  });

  it("delivers a request's before-arrival message with a working link to the guest's page for check-in", async () => {
    const email = 'kabir-arrival@example.com';
    const created = await suite.context.app.inject({
      method: 'POST',
      url: '/api/booking-requests',
      payload: {
        check_in: '2027-02-20',
        check_out: '2027-02-23',
        guests_count: 2,
        guest_name: 'Kabir Shah',
        guest_email: email,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const [booking] = await suite.context.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.guest_email, email));
    const [first] = await suite.context.database.db
      .select({ token: outboxMessages.link_token })
      .from(outboxMessages)
      .where(eq(outboxMessages.booking_id, booking!.id));
    await suite.context.app.inject({ method: 'GET', url: `/api/requests/${first!.token!}` });
    const confirmed = await suite.context.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${booking!.id}/status`,
      headers: { cookie: suite.cookie },
      payload: { status: 'confirmed' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await worker.deliverDue();
    sink.received.length = 0;
    expect(
      await sendDueScheduledMessages(suite.context.database.db, {
        config: suite.context.config,
        holder: 'job',
        now: () => at('2027-02-17T03:30:00Z'),
      }),
    ).toBe(1);
    await waitUntil(async () => (await worker.deliverDue()) >= 0 && sink.received.length >= 1);
    const [mail] = sink.received;
    expect(mail).toMatchObject({ to: email, subject: 'Your arrival at The Villa on Sat, 20 Feb 2027' });
    const link = /http:\/\/villa\.test\/request\/([^\s#]+)#check-in/.exec(mail!.text);
    expect(link, mail!.text).not.toBeNull();
    const page = await suite.context.app.inject({ method: 'GET', url: `/api/requests/${link![1]}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ status: 'confirmed', guest_name: 'Kabir Shah' });
    // Sent, the stored copy keeps no working link.
    const [stored] = await suite.context.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.booking_id, booking!.id), eq(outboxMessages.kind, 'before_arrival')));
    expect(stored).toMatchObject({ status: 'sent', link_token: null });
  });
});
