import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings, outboxMessages, requestLinks } from '../db/schema';
import {
  createSignedInContext,
  insertTestBooking,
  TEST_NOW as NOW,
  type TestContext,
  UNLIMITED_REQUESTS,
} from '../test/test-app';
import { createTestConfig } from '../test/test-config';
import type { ConfigOverrides } from '../env';
import { listTestDatabaseKinds } from '../test/test-database';
import { createLogger } from '../logger';
import { startSmtpSink, type SmtpSink } from './test/smtp-sink';
import { startSinkWorker } from './test/sink-worker';
import { createMailTransport } from './transport';
import { startMessageWorker, type MessageWorker } from './worker';
import { waitUntil } from '../../test/wait-until';

const SETTINGS = { server: { publicUrl: 'http://villa.test' }, messages: { messageIdDomain: 'villa.test' } };
/** A worker's configuration: the test's links, and retries at once (up to 3 attempts) unless told. */
const workerConfig = (mail: ConfigOverrides['mail'] = {}) =>
  createTestConfig(
    SETTINGS,
    { mail: { delivery: { retryBaseMs: 1, maxRetryMs: 1, maxAttempts: 3 } } },
    { mail },
  );

let stayCounter = 0;
/** A fresh stay each time, so requests of different tests never overlap. */
function nextRequest(values: Record<string, unknown> = {}) {
  stayCounter += 1;
  const day = (n: number) => `2027-0${1 + Math.floor(n / 28)}-${String((n % 28) + 1).padStart(2, '0')}`;
  return {
    check_in: day(stayCounter * 2),
    check_out: day(stayCounter * 2 + 1),
    guests_count: 2,
    guest_name: 'Asha Rao',
    guest_email: `asha-${stayCounter}@example.com`,
    guest_phone: '+91 98220 12345',
    ...values,
  };
}

const linkIn = (text: string, prefix: string) => {
  const match = new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}[^\\s"<]+`).exec(text);
  if (!match) throw new Error(`No link starting ${prefix} in:\n${text}`);
  return match[0].replace(/&amp;/g, '&');
};

describe.each(listTestDatabaseKinds())('messages and their delivery [%s]', (kind) => {
  let context: TestContext;
  let sink: SmtpSink;
  let worker: MessageWorker;
  let operator: { id: string; email: string; cookie: string };
  let propertyId: string;

  beforeAll(async () => {
    ({ context, operator, propertyId } = await createSignedInContext(
      kind,
      { now: () => NOW, requests: UNLIMITED_REQUESTS, ...SETTINGS },
      { name: 'The Villa', base_price: 1000, currency: 'INR', max_guests: 8 },
    ));
    sink = await startSmtpSink();
    worker = startWorker('test-worker');
  });
  /** A worker that sends to the test's SMTP server, retrying at once (up to 3 attempts). */
  function startWorker(holder: string, logger?: Parameters<typeof startMessageWorker>[0]['logger']) {
    return startSinkWorker(context.database.db, sink, { holder, config: workerConfig(), logger });
  }
  afterAll(async () => {
    await worker?.stop();
    await sink?.close();
    await context?.close();
  });
  beforeEach(() => {
    sink.received.length = 0;
    sink.refuse(false);
    sink.rejectRecipient(undefined);
  });

  /**
   * A guest's request, confirmed as the guest does it: by opening the link of their first e-mail (read here
   * from the outbox before it is sent). Its two messages then wait: the guest's and the operator's.
   */
  const requestStay = async (values: Record<string, unknown> = {}, options = { confirm: true }) => {
    const payload = nextRequest(values);
    const response = await context.app.inject({ method: 'POST', url: '/api/booking-requests', payload });
    expect(response.statusCode, response.body).toBe(201);
    const [booking] = await context.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.guest_email, payload.guest_email));
    if (options.confirm) {
      const [first] = await context.database.db
        .select({ token: outboxMessages.link_token })
        .from(outboxMessages)
        .where(eq(outboxMessages.booking_id, booking!.id));
      const opened = await context.app.inject({ method: 'GET', url: `/api/requests/${first!.token}` });
      expect(opened.json()).toMatchObject({ guest_confirmed: true });
    }
    return {
      payload,
      booking: booking!,
      reference: response.json().reference as string,
      requestPath: response.json().request_path as string,
    };
  };
  const changeStatus = (bookingId: string, status: string, message?: string) =>
    context.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${bookingId}/status`,
      headers: { cookie: operator.cookie },
      payload: { status, ...(message === undefined ? {} : { message }) },
    });
  const openRequestPage = (url: string) =>
    context.app.inject({ method: 'GET', url: `/api/requests/${url.split('/request/')[1]}` });

  it('asks the guest to confirm a new request; its link confirms it, and only then is the operator told', async () => {
    const { payload, reference, requestPath } = await requestStay(
      { special_requests: 'A quiet room' },
      { confirm: false },
    );
    expect(await worker.deliverDue()).toBe(1);
    const [guest] = await sink.waitFor(1);
    expect(guest!.to).toBe(payload.guest_email);
    expect(guest!.subject).toBe(`Please confirm your request ${reference}`);
    expect(guest!.text).toContain('Please confirm it with the link below by');
    expect(guest!.text).toContain('If you did not make this request, ignore this e-mail');
    expect(guest!.text).toMatch(/a request that is not confirmed lapses quietly/);
    expect(guest!.text).toContain('The Villa');
    expect(guest!.text).toContain('₹1,000');
    // The breakdown the guest was quoted on the site, line by line.
    expect(guest!.text).toMatch(/\d+ nights? × 1,000 \(Base price\):\s+₹[\d,]+/);
    expect(guest!.text).toMatch(/Check-in:\s+\w{3}, \d+ \w{3} 2027/);
    expect(guest!.html).toContain('Where Peace Lives');
    expect(guest!.html).toContain('Confirm my request');
    expect(guest!.html).not.toMatch(/<img/i);
    expect(guest!.messageId).toMatch(/@villa\.test>$/);
    // The link: in the text and the HTML, unguessable, not the reference, not the form's page link.
    const confirmUrl = linkIn(guest!.text, 'http://villa.test/request/');
    expect(guest!.html).toContain(confirmUrl);
    expect(confirmUrl).not.toContain(reference);
    expect(confirmUrl.split('/request/')[1]).toMatch(/^[\w-]{32}$/);
    expect(confirmUrl).not.toContain(requestPath);

    // The form's own link shows the request but does not confirm it.
    const before = await context.app.inject({
      method: 'GET',
      url: `/api${requestPath.replace('/request/', '/requests/')}`,
    });
    expect(before.json()).toMatchObject({ reference, status: 'pending', guest_confirmed: false });
    expect(await worker.deliverDue()).toBe(0);

    const page = await openRequestPage(confirmUrl);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      reference,
      status: 'pending',
      property_name: 'The Villa',
      can_withdraw: true,
      guest_confirmed: true,
    });
    expect(page.body).not.toContain(payload.guest_email);

    expect(await worker.deliverDue()).toBe(1);
    const owner = (await sink.waitFor(2)).find((mail) => mail.to === operator.email)!;
    expect(owner.subject).toBe(`New booking request ${reference} from "Asha Rao"`);
    // "Reply" writes to the guest; the guest's own e-mail has no Reply-To of theirs.
    expect(owner.raw.replyTo?.value.map((address) => address.address)).toEqual([payload.guest_email]);
    expect(guest!.raw.replyTo).toBeUndefined();
    expect(owner.text).toContain(payload.guest_email);
    expect(owner.text).toContain('+91 98220 12345');
    expect(owner.text).toContain('A quiet room');
    const manageUrl = linkIn(owner.text, 'http://villa.test/villa-management?');
    expect(new URL(manageUrl).searchParams.get('property')).toBe(propertyId);
    expect(new URL(manageUrl).searchParams.get('view')).toBe('bookings');
    // Opening the link again confirms nothing more, and nothing is sent twice.
    expect((await openRequestPage(confirmUrl)).json()).toMatchObject({ guest_confirmed: true });
    expect(await worker.deliverDue()).toBe(0);
  });

  it('lets an unconfirmed request lapse quietly once its time to confirm runs out', async () => {
    const { booking, payload } = await requestStay({}, { confirm: false });
    expect(await worker.deliverDue()).toBe(1);
    const [ack] = await sink.waitFor(1);
    const confirmUrl = linkIn(ack!.text, 'http://villa.test/request/');
    const [link] = await context.database.db
      .select()
      .from(requestLinks)
      .where(eq(requestLinks.booking_id, booking.id));
    expect(Math.round((link!.confirm_by.getTime() - link!.created_at.getTime()) / 60_000)).toBe(30);
    await context.database.db
      .update(requestLinks)
      .set({ confirm_by: sql`now() - interval '1 second'` })
      .where(eq(requestLinks.booking_id, booking.id));
    // Too late: the link confirms nothing, and (the lapse job not having come by yet) releases the request
    // there and then, so the page never asks the guest to confirm what can no longer be confirmed.
    expect((await openRequestPage(confirmUrl)).json()).toMatchObject({
      status: 'cancelled',
      closed_reason: 'unconfirmed',
      guest_confirmed: false,
    });
    expect(await worker.lapseExpiredRequests()).toBe(0);
    const [row] = await context.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.status).toBe('cancelled');
    expect((await openRequestPage(confirmUrl)).json()).toMatchObject({
      status: 'cancelled',
      closed_reason: 'unconfirmed',
      guest_confirmed: false,
      can_withdraw: false,
    });
    // Quietly: neither the guest (the address may not be theirs) nor the operator hears of it.
    expect(await worker.deliverDue()).toBe(0);
    expect(sink.received.map((mail) => mail.to)).toEqual([payload.guest_email]);

    // Never opened at all: the lapse job releases it, as quietly.
    const unopened = await requestStay({}, { confirm: false });
    await worker.deliverDue();
    await context.database.db
      .update(requestLinks)
      .set({ confirm_by: sql`now() - interval '1 second'` })
      .where(eq(requestLinks.booking_id, unopened.booking.id));
    expect(await worker.lapseExpiredRequests()).toBe(1);
    const [lapsed] = await context.database.db
      .select()
      .from(requestLinks)
      .where(eq(requestLinks.booking_id, unopened.booking.id));
    expect(lapsed!.closed_reason).toBe('unconfirmed');
    expect(await worker.deliverDue()).toBe(0);
  });

  it('withdraws a request its guest never confirmed quietly: the address may not be theirs', async () => {
    const { booking, requestPath } = await requestStay({}, { confirm: false });
    expect(await worker.deliverDue()).toBe(1);
    const withdrawn = await context.app.inject({
      method: 'POST',
      url: `/api${requestPath.replace('/request/', '/requests/')}/withdraw`,
    });
    expect(withdrawn.json()).toMatchObject({ status: 'cancelled', closed_reason: 'withdrawn' });
    expect(await worker.deliverDue()).toBe(0);
    const written = await context.database.db
      .select({ kind: outboxMessages.kind })
      .from(outboxMessages)
      .where(eq(outboxMessages.booking_id, booking.id));
    expect(written).toEqual([{ kind: 'request_received' }]);
  });

  it('keeps no usable link in the database: tokens as hashes, and none in a sent message', async () => {
    const { booking } = await requestStay({}, { confirm: false });
    const [waiting] = await context.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.booking_id, booking.id));
    const token = waiting!.link_token!;
    expect(waiting!.text_body).not.toContain(token);
    expect(waiting!.text_body).toContain('http://villa.test/request/{request-token}');
    expect(await worker.deliverDue()).toBe(1);
    const [mail] = await sink.waitFor(1);
    expect(linkIn(mail!.text, 'http://villa.test/request/')).toBe(`http://villa.test/request/${token}`);
    const [sent] = await context.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.id, waiting!.id));
    expect(sent!.link_token).toBeNull();
    // Nowhere in the database: every table's every text, as a backup would hold it.
    const dump = await context.database.db.execute(
      sql`select string_agg(t::text, ' ') as text from (select * from request_tokens) t`,
    );
    const everything =
      JSON.stringify(dump) +
      JSON.stringify(sent) +
      JSON.stringify(await context.database.db.select().from(requestLinks));
    expect(everything).not.toContain(token);
    expect(everything).toContain(createHash('sha256').update(token).digest('hex'));
    const shown = await context.app.inject({
      method: 'GET',
      url: `/api/messages/${waiting!.id}`,
      headers: { cookie: operator.cookie },
    });
    expect(shown.json().text_body).toContain('http://villa.test/request/••••••');
    expect(shown.body).not.toContain(token);
    // The link still opens the request (and confirms it: the operator's notice goes out).
    expect((await openRequestPage(`http://villa.test/request/${token}`)).statusCode).toBe(200);
    expect(await worker.deliverDue()).toBe(1);
  });

  it("shows what a guest typed as quoted, inert text: the operator's subject and every line", async () => {
    // An RFC 2047 encoded-word as a name: mail programs would show it decoded, as words of the guest's choosing.
    const name = `=?utf-8?b?${Buffer.from('Pay now: http://evil.example').toString('base64')}?=`;
    // Line breaks of every kind, each starting a line that looks like the message's own.
    const requests = [
      'A quiet room',
      'Quoted total:     AED 0',
      'Open the booking: http://evil.example/pay',
      '',
      '--',
    ].join('\n');
    const { reference, payload } = await requestStay({
      guest_name: name,
      special_requests: `${requests}\r\nReference:        SV-00000000\u2028Answer by: never`,
    });
    expect(await worker.deliverDue()).toBe(2);
    const mails = await sink.waitFor(2);
    const owner = mails.find((mail) => mail.to === operator.email)!;
    // Decoded as a mail program decodes it: the name in quotes, its encoded-word left undecoded.
    expect(owner.subject).toBe(
      `New booking request ${reference} from "= ?utf-8?b?UGF5IG5vdzogaHR0cDovL2V2aWwuZXhhbXBsZQ== ?="`,
    );
    expect(owner.subject).not.toContain('Pay now');
    expect(owner.text).not.toContain('Pay now');
    expect(owner.html).not.toContain('Pay now');
    const lines = owner.text.split('\n');
    // Every line the guest wrote is quoted under its label; none starts a line of its own.
    expect(owner.text).toContain(
      [
        'Special requests:',
        '  > A quiet room',
        '  > Quoted total:     AED 0',
        '  > Open the booking: http://evil.example/pay',
        '  >',
        '  > --',
        '  > Reference:        SV-00000000',
        '  > Answer by: never',
      ].join('\n'),
    );
    expect(
      lines.filter((line) => /^(Quoted total|Open the booking|Reference|Answer by):/.test(line)),
    ).toEqual([
      expect.stringMatching(/^Reference:\s+SV-[0-9A-F]{8}$/),
      expect.stringMatching(/^Quoted total:\s+₹[\d,]+$/),
      expect.stringMatching(/^Answer by:\s+\w{3}, /),
      expect.stringMatching(/^Open the booking: http:\/\/villa\.test\/villa-management\?/),
    ]);
    expect(lines.filter((line) => line === '--')).toHaveLength(1);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Guest: +"= \?utf-8\?b\?UGF5IG5vdzogaHR0cDovL2V2aWwuZXhhbXBsZQ== \?="$/),
      ]),
    );
    expect(lines).toEqual(
      expect.arrayContaining([expect.stringMatching(new RegExp(`^E-mail: +"${payload.guest_email}"$`))]),
    );
    // The HTML shows the same quoted text, escaped.
    expect(owner.html).toContain('&gt; Quoted total:     AED 0');
  });

  it('tells the guest the operator confirmed, and the page shows it', async () => {
    const { booking, reference } = await requestStay();
    await worker.deliverDue();
    const received = await sink.waitFor(2);
    const guestMail = received.find((mail) => mail.to === booking.guest_email);
    const pageUrl = linkIn(guestMail!.text, 'http://villa.test/request/');
    sink.received.length = 0;
    const words = 'We have put you in the garden suite.\n\nArrive after 14:00, please.';
    expect((await changeStatus(booking.id, 'confirmed', 'x'.repeat(1001))).statusCode).toBe(400);
    expect((await changeStatus(booking.id, 'confirmed', words)).statusCode).toBe(200);
    expect(await worker.deliverDue()).toBe(1);
    const [mail] = await sink.waitFor(1);
    expect(mail!.to).toBe(booking.guest_email);
    expect(mail!.subject).toBe(`Your stay is confirmed: ${reference}`);
    // The operator's own words go with the confirmation, in the text and the HTML alike.
    expect(mail!.text).toContain(
      'A note from us:\n\nWe have put you in the garden suite.\n\nArrive after 14:00, please.',
    );
    expect(mail!.html).toContain('Arrive after 14:00, please.');
    expect((await openRequestPage(pageUrl)).json()).toMatchObject({
      status: 'confirmed',
      can_withdraw: false,
    });
  });

  it('tells the guest of a declined request and of a cancelled booking', async () => {
    const declined = await requestStay();
    const cancelled = await requestStay();
    await worker.deliverDue();
    sink.received.length = 0;
    await changeStatus(declined.booking.id, 'cancelled', 'Those nights are a private event, sorry.');
    await changeStatus(cancelled.booking.id, 'confirmed');
    await changeStatus(cancelled.booking.id, 'cancelled');
    expect(await worker.deliverDue()).toBe(3);
    const subjects = sink.received.map((mail) => mail.subject);
    expect(subjects).toContain(`Your request ${declined.reference} could not be accepted`);
    const refusal = sink.received.find((mail) => mail.subject.includes(declined.reference));
    expect(refusal!.text).toContain('Those nights are a private event, sorry.');
    expect(subjects).toContain(`Your booking ${cancelled.reference} is cancelled`);
  });

  it('writes no message for a booking the operator entered', async () => {
    const booking = await insertTestBooking(context.database, propertyId, {
      check_in: '2027-06-01',
      check_out: '2027-06-03',
    });
    expect((await changeStatus(booking.id, 'confirmed')).statusCode).toBe(200);
    const rows = await context.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.booking_id, booking.id));
    expect(rows).toEqual([]);
  });

  it('writes no message when every request from one e-mail is declined at once (likely spam)', async () => {
    const first = await requestStay({ guest_email: 'flood@example.com' });
    const second = await requestStay({ guest_email: 'FLOOD@example.com' });
    await worker.deliverDue();
    sink.received.length = 0;
    const before = await context.database.db.select({ id: outboxMessages.id }).from(outboxMessages);
    const response = await context.app.inject({
      method: 'POST',
      url: `/api/bookings/${first.booking.id}/decline-similar`,
      headers: { cookie: operator.cookie },
      payload: { by: 'email' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().booking_ids.sort()).toEqual([first.booking.id, second.booking.id].sort());
    const after = await context.database.db.select({ id: outboxMessages.id }).from(outboxMessages);
    expect(after).toHaveLength(before.length);
    expect(await worker.deliverDue()).toBe(0);
    expect(sink.received).toEqual([]);
  });

  it('lets the guest withdraw a pending request: both are told, the nights open again', async () => {
    const { booking, payload, reference } = await requestStay();
    await worker.deliverDue();
    const guestMail = sink.received.find((mail) => mail.to === payload.guest_email);
    const pageUrl = linkIn(guestMail!.text, 'http://villa.test/request/');
    sink.received.length = 0;
    const token = pageUrl.split('/request/')[1];
    const withdraw = () => context.app.inject({ method: 'POST', url: `/api/requests/${token}/withdraw` });
    const first = await withdraw();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'cancelled',
      closed_reason: 'withdrawn',
      can_withdraw: false,
    });
    // A second click changes nothing and sends nothing more.
    expect((await withdraw()).statusCode).toBe(200);
    expect(await worker.deliverDue()).toBe(2);
    expect(sink.received.map((mail) => [mail.to, mail.subject]).sort()).toEqual(
      [
        [operator.email, `"Asha Rao" withdrew request ${reference}`],
        [payload.guest_email, `You withdrew your request ${reference}`],
      ].sort(),
    );
    // The nights are free for the next guest.
    const again = await context.app.inject({
      method: 'POST',
      url: '/api/booking-requests',
      payload: { ...payload, guest_email: 'next@example.com' },
    });
    expect(again.statusCode).toBe(201);
    const [row] = await context.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.status).toBe('cancelled');
  });

  it('refuses to withdraw a confirmed request, and answers an unknown token with the same 404', async () => {
    const { booking, requestPath } = await requestStay();
    await changeStatus(booking.id, 'confirmed');
    const refused = await context.app.inject({
      method: 'POST',
      url: `/api${requestPath.replace('/request/', '/requests/')}/withdraw`,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/confirmed/);
    expect(refused.json().error).toMatchObject({
      code: 'request_not_withdrawable',
      params: { status: 'confirmed' },
    });
    // The plain HTML form is refused alike, and says so on the page it goes back to.
    const form = await context.app.inject({
      method: 'POST',
      url: `${requestPath}/withdraw`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'confirm=yes',
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe(`${requestPath}?withdraw=refused#withdrawal`);
    const unknown = await context.app.inject({
      method: 'GET',
      url: '/api/requests/not-a-real-token-at-all-000000000',
    });
    const unknownWithdraw = await context.app.inject({ method: 'POST', url: '/api/requests/nope/withdraw' });
    expect(unknown.statusCode).toBe(404);
    expect(unknownWithdraw.statusCode).toBe(404);
    expect(unknown.json()).toEqual(unknownWithdraw.json());
    expect(unknown.json().error.code).toBe('request_not_found');
    const tooLong = await context.app.inject({ method: 'GET', url: `/api/requests/${'x'.repeat(150)}` });
    expect(tooLong.statusCode).toBe(400);
  });

  it('lapses an unanswered request after its hold: cancelled, reason recorded, guest told', async () => {
    const { booking, reference } = await requestStay();
    const confirmedLater = await requestStay();
    await worker.deliverDue();
    sink.received.length = 0;
    const [link] = await context.database.db
      .select()
      .from(requestLinks)
      .where(eq(requestLinks.booking_id, booking.id));
    // The hold is 48 hours from the request.
    const holdMs = link!.hold_until.getTime() - link!.created_at.getTime();
    expect(Math.round(holdMs / 3_600_000)).toBe(48);
    await context.database.db
      .update(requestLinks)
      .set({ hold_until: sql`now() - interval '1 minute'` })
      .where(sql`${requestLinks.booking_id} in (${booking.id}, ${confirmedLater.booking.id})`);
    await changeStatus(confirmedLater.booking.id, 'confirmed');
    expect(await worker.lapseExpiredRequests()).toBe(1);
    expect(await worker.lapseExpiredRequests()).toBe(0);
    const [row] = await context.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.status).toBe('cancelled');
    const [closed] = await context.database.db
      .select()
      .from(requestLinks)
      .where(eq(requestLinks.booking_id, booking.id));
    expect(closed!.closed_reason).toBe('lapsed');
    const [other] = await context.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, confirmedLater.booking.id));
    expect(other!.status).toBe('confirmed');
    await worker.deliverDue();
    expect(sink.received.map((mail) => mail.subject)).toContain(`Your request ${reference} has lapsed`);
  });

  it('keeps the change when the mail server refuses, retries, then delivers once', async () => {
    sink.refuse(true);
    const { booking, reference } = await requestStay();
    expect(await worker.deliverDue()).toBe(0);
    const pending = await context.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.booking_id, booking.id));
    expect(pending).toHaveLength(2);
    for (const message of pending) {
      expect(message.status).toBe('pending');
      expect(message.attempts).toBe(1);
      expect(message.last_error).toMatch(/451|busy/i);
    }
    sink.refuse(false);
    // Both retries are due (1 ms after the failure), so one pass sends both.
    await waitUntil(async () => {
      const due = await context.database.db
        .select({ id: outboxMessages.id })
        .from(outboxMessages)
        .where(
          and(eq(outboxMessages.booking_id, booking.id), sql`${outboxMessages.next_attempt_at} <= now()`),
        );
      return due.length === 2;
    });
    expect(await worker.deliverDue()).toBe(2);
    expect(await worker.deliverDue()).toBe(0);
    const ids = sink.received.map((mail) => mail.messageId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(sink.received.filter((mail) => mail.subject.includes(reference))).toHaveLength(2);
    const sent = await context.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.booking_id, booking.id));
    expect(sent.every((message) => message.status === 'sent' && message.attempts === 2)).toBe(true);
  });

  it("sends a message whose sender died mid-send once that sender's claim runs out, and only then", async () => {
    const CLAIM_MS = 500;
    // A sender cut off mid-send: its SMTP conversation never ends (as if its process had been killed).
    let cutOff: (error: Error) => void = () => {};
    const dead = startMessageWorker({
      db: context.database.db,
      transport: {
        kind: 'smtp',
        send: () => new Promise((_resolve, reject) => (cutOff = reject)),
        close: () => {},
      },
      holder: 'dead-worker',
      config: createTestConfig(SETTINGS, { mail: { delivery: { claimMs: CLAIM_MS, batchSize: 1 } } }),
    });
    const { booking, reference } = await requestStay();
    const deadPass = dead.deliverDue();
    await waitUntil(async () => {
      const claimed = await context.database.db
        .select({ id: outboxMessages.id })
        .from(outboxMessages)
        .where(and(eq(outboxMessages.booking_id, booking.id), eq(outboxMessages.locked_by, 'dead-worker')));
      return claimed.length > 0;
    });
    const other = startWorker('other-worker');
    try {
      // While the claim holds, the other sender leaves the claimed message alone (and sends the other one).
      await other.deliverDue();
      const claimed = sink.received.filter((mail) => mail.subject.includes(reference));
      expect(claimed).toHaveLength(1);
      // Once the claim runs out, the other sender takes the message.
      expect(await waitUntil(() => other.deliverDue(), { timeout: CLAIM_MS + 10_000 })).toBe(1);
      expect(sink.received.filter((mail) => mail.subject.includes(reference))).toHaveLength(2);
      // The dead sender's late outcome changes nothing: the claim is no longer its own.
      cutOff(new Error('connection reset'));
      await deadPass;
      const messages = await context.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.booking_id, booking.id));
      expect(messages.map((message) => message.status)).toEqual(['sent', 'sent']);
    } finally {
      await other.stop();
      await dead.stop();
    }
  });

  it('survives a mail server that is down, and marks a message failed after the limit; the operator sends it again', async () => {
    const down = createMailTransport({
      smtpUrl: 'smtp://127.0.0.1:1?tls=off',
      from: 'Villa <stay@villa.test>',
      outboxDir: '/nonexistent',
      timeoutMs: 1_000,
    });
    const downWorker = startMessageWorker({
      db: context.database.db,
      transport: down,
      holder: 'down-worker',
      config: workerConfig({ delivery: { maxAttempts: 2 } }),
    });
    const { booking } = await requestStay();
    // The second attempt is due 1 ms after the first; a pass before then sends nothing.
    await waitUntil(async () => {
      await downWorker.deliverDue();
      const messages = await context.database.db
        .select({ status: outboxMessages.status })
        .from(outboxMessages)
        .where(eq(outboxMessages.booking_id, booking.id));
      return messages.every((message) => message.status === 'failed');
    });
    await downWorker.stop();
    const failed = await context.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.booking_id, booking.id));
    expect(failed.map((message) => [message.status, message.attempts])).toEqual([
      ['failed', 2],
      ['failed', 2],
    ]);
    expect(failed[0]!.last_error).toMatch(/ECONNREFUSED|connect/i);

    const list = await context.app.inject({
      method: 'GET',
      url: '/api/messages?status=failed',
      headers: { cookie: operator.cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .map((message: { id: string }) => message.id)
        .sort(),
    ).toEqual(failed.map((message) => message.id).sort());
    const one = await context.app.inject({
      method: 'GET',
      url: `/api/messages/${failed[0]!.id}`,
      headers: { cookie: operator.cookie },
    });
    expect(one.json()).toMatchObject({ status: 'failed', message_id: failed[0]!.message_id });
    expect(one.json().html_body).toContain('<html');

    const resend = await context.app.inject({
      method: 'POST',
      url: `/api/messages/${failed[0]!.id}/resend`,
      headers: { cookie: operator.cookie },
    });
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json()).toMatchObject({ status: 'pending', attempts: 0 });
    const again = await context.app.inject({
      method: 'POST',
      url: `/api/messages/${failed[0]!.id}/resend`,
      headers: { cookie: operator.cookie },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'message_not_failed', params: { status: 'pending' } });
    expect(await worker.deliverDue()).toBe(1);
    expect(sink.received[0]!.messageId).toBe(failed[0]!.message_id);
  });

  it("keeps the guest's address out of the log when the mail server names it in a refusal", async () => {
    let logText = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logText += chunk.toString();
        done();
      },
    });
    const loggedWorker = startWorker('logged-worker', createLogger({ level: 'info', stream }));
    try {
      const { booking, payload } = await requestStay({ guest_email: 'unknown.guest@example.org' });
      sink.rejectRecipient(payload.guest_email);
      await loggedWorker.deliverDue();
      const [refused] = await context.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.to_address, payload.guest_email));
      expect(refused!.booking_id).toBe(booking.id);
      // The operator's Messages view keeps the whole reason; the log says why without the address.
      expect(refused!.last_error).toContain('unknown.guest@example.org');
      expect(logText).toContain('Recipient address rejected');
      expect(logText).not.toContain('unknown.guest@example.org');
    } finally {
      await loggedWorker.stop();
    }
  });

  it("writes the outbox readable by its owner only: each message holds a guest's details and page link", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'villa-outbox-'));
    try {
      const outboxDir = join(dir, 'outbox');
      const outbox = createMailTransport({ from: 'Villa <stay@villa.test>', outboxDir, timeoutMs: 2_000 });
      await outbox.send({
        id: '00000000-0000-4000-8000-000000000001',
        to: 'guest@example.com',
        subject: 'Your request',
        text: 'Hello',
        html: '<p>Hello</p>',
        messageId: '<one@villa.test>',
      });
      outbox.close();
      expect(statSync(outboxDir).mode & 0o777).toBe(0o700);
      const files = readdirSync(outboxDir);
      expect(files).toHaveLength(1);
      expect(statSync(join(outboxDir, files[0]!)).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("shows an operator only their own properties' messages", async () => {
    const stranger = await context.createSignedInOperator();
    const list = await context.app.inject({
      method: 'GET',
      url: '/api/messages',
      headers: { cookie: stranger.cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([]);
    const [message] = await context.database.db.select().from(outboxMessages).limit(1);
    const one = await context.app.inject({
      method: 'GET',
      url: `/api/messages/${message!.id}`,
      headers: { cookie: stranger.cookie },
    });
    expect(one.statusCode).toBe(404);
    const bad = await context.app.inject({
      method: 'GET',
      url: '/api/messages/nope',
      headers: { cookie: stranger.cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect((await context.app.inject({ method: 'GET', url: '/api/messages' })).statusCode).toBe(401);
  });
});
