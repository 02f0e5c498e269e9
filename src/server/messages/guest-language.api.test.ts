import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillText } from '../../content/fill-text';
import { messageTexts } from '../../content/messages';
import { messageTextsHi } from '../../content/hi/messages';
import { messageTextsMr } from '../../content/mr/messages';
import { formatCalendarDate } from '../../domain/dates';
import type { MessageKind } from '../../domain/message';
import { bookings, outboxMessages, requestLinks } from '../db/schema';
import {
  createSignedInContext,
  TEST_NOW as NOW,
  type TestContext,
  UNLIMITED_REQUESTS,
} from '../test/test-app';
import { createTestConfig } from '../test/test-config';
import { listTestDatabaseKinds } from '../test/test-database';
import { createMailTransport } from './transport';
import { startMessageWorker } from './worker';

const SETTINGS = { server: { publicUrl: 'http://villa.test' }, messages: { messageIdDomain: 'villa.test' } };

let stayCounter = 0;
/** A fresh one-night stay each time, so the requests of different tests never overlap. */
function nextRequest(values: Record<string, unknown> = {}) {
  stayCounter += 1;
  const day = (n: number) => `2027-0${1 + Math.floor(n / 28)}-${String((n % 28) + 1).padStart(2, '0')}`;
  return {
    check_in: day(stayCounter * 2),
    check_out: day(stayCounter * 2 + 1),
    guests_count: 2,
    guest_name: 'Asha Rao',
    guest_email: `asha-lang-${stayCounter}@example.com`,
    ...values,
  };
}

describe.each(listTestDatabaseKinds())("a guest's e-mails in their language [%s]", (kind) => {
  let context: TestContext;
  let cookie: string;
  let propertyId: string;

  beforeAll(async () => {
    ({ context, cookie, propertyId } = await createSignedInContext(
      kind,
      { now: () => NOW, requests: UNLIMITED_REQUESTS, ...SETTINGS },
      // A price in lakhs, so the amount shows its Indian grouping.
      { name: 'The Villa', base_price: 125_000, currency: 'INR', max_guests: 8 },
    ));
  });
  afterAll(async () => {
    await context?.close();
  });

  /** A booking's messages of one kind, as written to the outbox. */
  const readMessages = (bookingId: string, messageKind: MessageKind) =>
    context.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.booking_id, bookingId), eq(outboxMessages.kind, messageKind)));

  const sendRequest = async (values: Record<string, unknown> = {}) => {
    const payload = nextRequest(values);
    const response = await context.app.inject({ method: 'POST', url: '/api/booking-requests', payload });
    expect(response.statusCode, response.body).toBe(201);
    const [booking] = await context.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.guest_email, payload.guest_email));
    const [received] = await readMessages(booking!.id, 'request_received');
    return {
      payload,
      booking: booking!,
      reference: response.json().reference as string,
      received: received!,
    };
  };
  /** The guest opens the link of their first e-mail, which confirms the request. */
  const confirmRequest = async (token: string | null) => {
    const opened = await context.app.inject({ method: 'GET', url: `/api/requests/${token}` });
    expect(opened.json()).toMatchObject({ guest_confirmed: true });
  };
  const changeStatus = (bookingId: string, status: string) =>
    context.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${bookingId}/status`,
      headers: { cookie },
      payload: { status },
    });

  it('writes a request from the Marathi page in Marathi, with Marathi dates and the amount in rupees', async () => {
    const { payload, booking, reference, received } = await sendRequest({ language: 'mr' });
    expect(booking.guest_language).toBe('mr');
    const texts = messageTextsMr.kinds.request_received;
    expect(received.subject).toBe(fillText(texts.subject, { reference }));
    const checkIn = formatCalendarDate(payload.check_in, 'mr');
    // A Marathi weekday and month, with Latin digits: "रवि, 10, जाने 2027".
    expect(checkIn).toMatch(/^[\u0900-\u097F]+, \d+, [\u0900-\u097F]+ \d{4}$/);
    for (const body of [received.text_body, received.html_body]) {
      expect(body).toContain(texts.heading);
      expect(body).toContain(checkIn);
      expect(body).toContain(messageTextsMr.labels.quotedTotal);
      expect(body).toContain('₹1,25,000');
      expect(body).toContain(messageTextsMr.confirmLinkLabel);
      expect(body).not.toContain(messageTexts.kinds.request_received.heading);
    }
    // The quote's line reads in Marathi too: "1 रात्र × 1,25,000 (मूळ किंमत)".
    expect(received.text_body).toContain('1 रात्र × 1,25,000 (मूळ किंमत)');
    expect(received.html_body).toContain('lang="mr"');
  });

  it("confirms a Marathi guest's stay in Marathi, while the operator's notice stays English", async () => {
    const { booking, reference, received } = await sendRequest({ language: 'mr' });
    await confirmRequest(received.link_token);
    const [notice] = await readMessages(booking.id, 'request_received_operator');
    expect(notice!.subject).toBe(`New booking request ${reference} from "Asha Rao"`);
    expect(notice!.html_body).toContain('lang="en"');
    expect(notice!.text_body).toContain(formatCalendarDate(booking.check_in));

    expect((await changeStatus(booking.id, 'confirmed')).statusCode).toBe(200);
    const [confirmation] = await readMessages(booking.id, 'request_confirmed');
    expect(confirmation!.subject).toBe(
      fillText(messageTextsMr.kinds.request_confirmed.subject, { reference }),
    );
    expect(confirmation!.text_body).toContain(
      messageTextsMr.kinds.request_confirmed.intro.replace('{property}', 'The Villa'),
    );
    expect(confirmation!.html_body).toContain('lang="mr"');
  });

  it('answers the plain withdrawal form in the language the guest chose to read the page in', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/booking-requests',
      payload: nextRequest({ language: 'mr' }),
    });
    const page = response.json().request_path as string;
    const post = (query: string, confirm: boolean) =>
      context.app.inject({
        method: 'POST',
        url: `${page}/withdraw${query}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: confirm ? 'confirm=yes' : '',
      });
    // Read in English (the switch), the confirm step and the outcome stay English; the recorded one is Marathi.
    const asked = await post('?lang=en', false);
    expect(asked.statusCode).toBe(303);
    expect(asked.headers.location).toBe(`${page}?withdraw=confirm&lang=en#withdrawal`);
    // No choice, or a language the site does not have: the page's own language, so no lang at all.
    expect((await post('', false)).headers.location).toBe(`${page}?withdraw=confirm#withdrawal`);
    expect((await post('?lang=fr', false)).headers.location).toBe(`${page}?withdraw=confirm#withdrawal`);
    const done = await post('?lang=en', true);
    expect(done.headers.location).toBe(`${page}?withdraw=done&lang=en#withdrawal`);
  });

  it('writes an English request in English, as before', async () => {
    const { payload, booking, reference, received } = await sendRequest();
    expect(booking.guest_language).toBe('en');
    expect(received.subject).toBe(`Please confirm your request ${reference}`);
    expect(received.text_body).toContain(formatCalendarDate(payload.check_in));
    expect(received.text_body).toMatch(/Quoted total:\s+₹1,25,000/);
    expect(received.html_body).toContain('lang="en"');
  });

  it('tells a Hindi guest in Hindi when the worker lapses their unanswered request', async () => {
    const { booking, reference, received } = await sendRequest({ language: 'hi' });
    await confirmRequest(received.link_token);
    await context.database.db
      .update(requestLinks)
      .set({ hold_until: sql`now() - interval '1 minute'` })
      .where(eq(requestLinks.booking_id, booking.id));
    const worker = startMessageWorker({
      db: context.database.db,
      transport: createMailTransport({ from: 'Villa <stay@villa.test>', outboxDir: '/nonexistent' }),
      holder: 'guest-language-test',
      config: createTestConfig(SETTINGS),
    });
    try {
      expect(await worker.lapseExpiredRequests()).toBe(1);
    } finally {
      await worker.stop();
    }
    const [lapsed] = await readMessages(booking.id, 'request_lapsed');
    expect(lapsed!.subject).toBe(fillText(messageTextsHi.kinds.request_lapsed.subject, { reference }));
    expect(lapsed!.text_body).toContain(formatCalendarDate(booking.check_in, 'hi'));
    expect(lapsed!.html_body).toContain('lang="hi"');
  });

  it("lets the operator set the guest's language of a stay they add or edit, and refuses an unknown one", async () => {
    const add = (values: Record<string, unknown>) =>
      context.app.inject({
        method: 'POST',
        url: `/api/properties/${propertyId}/bookings`,
        headers: { cookie },
        payload: { ...nextRequest(), total_amount: 5000, ...values },
      });
    const change = (bookingId: string, values: Record<string, unknown>) =>
      context.app.inject({
        method: 'PATCH',
        url: `/api/bookings/${bookingId}`,
        headers: { cookie },
        payload: values,
      });
    const english = await add({});
    expect(english.statusCode, english.body).toBe(201);
    expect(english.json().guest_language).toBe('en');
    const hindi = await add({ guest_language: 'hi' });
    expect(hindi.statusCode, hindi.body).toBe(201);
    expect(hindi.json().guest_language).toBe('hi');

    const changed = await change(hindi.json().id, { guest_language: 'mr' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().guest_language).toBe('mr');
    // A change that leaves it out keeps it.
    expect((await change(hindi.json().id, { guests_count: 3 })).json().guest_language).toBe('mr');

    for (const response of [
      await add({ guest_language: 'fr' }),
      await change(english.json().id, { guest_language: 'fr' }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        field: 'guest_language',
        message: expect.stringMatching(/en, hi, mr/),
      });
    }
  });
});
