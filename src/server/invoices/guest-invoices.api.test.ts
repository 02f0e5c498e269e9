import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDaysToDate } from '../../domain/dates';
import type { InvoiceDocument } from '../../domain/invoice-document';
import type { InvoiceSummary } from '../../domain/invoice';
import { bookings, domainEvents, outboxMessages } from '../db/schema';
import { GUEST_INVOICE_NOT_FOUND } from '../messages/routes';
import { startSmtpSink, type SmtpSink } from '../messages/test/smtp-sink';
import { startSinkWorker } from '../messages/test/sink-worker';

import type { MessageWorker } from '../messages/worker';
import {
  createSignedInContext,
  insertTestBooking,
  TEST_NOW as NOW,
  type TestContext,
  UNLIMITED_REQUESTS,
} from '../test/test-app';
import { createTestConfig } from '../test/test-config';
import { listTestDatabaseKinds } from '../test/test-database';

type Issued = InvoiceSummary & { document: InvoiceDocument };

const SETTINGS = { server: { publicUrl: 'http://villa.test' }, messages: { messageIdDomain: 'villa.test' } };
const PROFILE = {
  registered: true,
  legal_name: 'Shanti Villa Retreat LLP',
  trade_name: 'Where Peace Lives',
  address: 'Fort Road, Alibag, Raigad, Maharashtra 402201',
  state_code: '27',
  pan: 'AAPFU0939F',
  gstins: [{ state_code: '27', gstin: '27AAPFU0939F1ZV' }],
  invoice_prefix: 'SV',
  signatory_name: 'Asha Kulkarni',
};

const pdfOf = (mail: SmtpSink['received'][number]) =>
  mail.raw.attachments.filter((file) => file.contentType === 'application/pdf');

describe.each(listTestDatabaseKinds())("the guest's invoices [%s]", (kind) => {
  let context: TestContext;
  let sink: SmtpSink;
  let worker: MessageWorker;
  let operator: { id: string; cookie: string };
  let propertyId: string;

  beforeAll(async () => {
    ({ context, operator, propertyId } = await createSignedInContext(
      kind,
      { now: () => NOW, requests: UNLIMITED_REQUESTS, ...SETTINGS },
      { name: 'The Villa', base_price: 1000, currency: 'INR', max_guests: 8, state_code: '27' },
    ));
    sink = await startSmtpSink();
    worker = startSinkWorker(context.database.db, sink, {
      config: createTestConfig(SETTINGS, { mail: { delivery: { retryBaseMs: 1, maxRetryMs: 1 } } }),
    });
    const profile = await send('PUT', '/api/business-profile', PROFILE);
    expect(profile.statusCode, profile.body).toBe(200);
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
    context.app.inject({
      method,
      url,
      headers: { cookie: operator.cookie },
      ...(payload ? { payload } : {}),
    });
  const issue = async (bookingId: string) => {
    const response = await send('POST', `/api/bookings/${bookingId}/invoices`, {});
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Issued>();
  };

  let stays = 0;
  /**
   * A stay from the public form, confirmed by its guest (the link of the first e-mail) and then by the
   * operator, its messages sent: what is left is the token of the page the form linked to.
   */
  const requestConfirmedStay = async () => {
    stays += 1;
    const email = `guest-${stays}@example.com`;
    const requested = await context.app.inject({
      method: 'POST',
      url: '/api/booking-requests',
      payload: {
        check_in: addDaysToDate('2027-03-01', stays * 3),
        check_out: addDaysToDate('2027-03-03', stays * 3),
        guests_count: 2,
        guest_name: 'Asha Rao',
        guest_email: email,
        guest_phone: '+91 98220 12345',
      },
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const [booking] = await context.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.guest_email, email));
    const [first] = await context.database.db
      .select({ token: outboxMessages.link_token })
      .from(outboxMessages)
      .where(eq(outboxMessages.booking_id, booking!.id));
    expect(
      (await context.app.inject({ method: 'GET', url: `/api/requests/${first!.token}` })).statusCode,
    ).toBe(200);
    const confirmed = await send('PATCH', `/api/bookings/${booking!.id}/status`, { status: 'confirmed' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await worker.deliverDue();
    sink.received.length = 0;
    return {
      booking: booking!,
      email,
      reference: requested.json().reference as string,
      token: (requested.json().request_path as string).split('/request/')[1]!,
    };
  };

  it('e-mails the guest each document issued, its PDF attached, with the link to their request page', async () => {
    const stay = await requestConfirmedStay();
    const invoice = await issue(stay.booking.id);
    const [written] = await context.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.booking_id, stay.booking.id), eq(outboxMessages.kind, 'invoice_issued')));
    expect(written).toMatchObject({ invoice_id: invoice.id, to_address: stay.email, status: 'pending' });
    // Written by the subscriber of what the issue recorded, handled before the answer.
    const events = await context.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.booking_id, stay.booking.id), eq(domainEvents.kind, 'invoice_issued')));
    expect(events.map((event) => [event.payload, event.handled_at !== null])).toEqual([
      [{ invoice_id: invoice.id }, true],
    ]);

    expect(await worker.deliverDue()).toBe(1);
    const [mail] = await sink.waitFor(1);
    expect(mail!.to).toBe(stay.email);
    expect(mail!.subject).toBe(`Your Tax Invoice ${invoice.number} for the stay ${stay.reference}`);
    expect(mail!.text).toContain(
      `Please find attached Tax Invoice ${invoice.number} for your stay at The Villa`,
    );
    expect(mail!.text).toContain('download it from your request page');
    expect(mail!.text).toContain('made on our website');
    const [pdf] = pdfOf(mail!);
    expect(pdf!.filename).toBe(`${invoice.number.replaceAll('/', '-')}.pdf`);
    expect(pdf!.contentDisposition).toBe('attachment');
    expect(pdf!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The link opens the guest's page, which lists the document.
    const link = /http:\/\/villa\.test\/request\/([\w-]{32})/.exec(mail!.text);
    expect(link).not.toBeNull();
    const page = await context.app.inject({ method: 'GET', url: `/api/requests/${link![1]}` });
    expect(page.json().invoices.map((entry: { id: string }) => entry.id)).toEqual([invoice.id]);

    const note = await send('POST', `/api/invoices/${invoice.id}/credit-notes`, {
      amount: 500,
      reason: 'Late check-in',
    });
    expect(note.statusCode, note.body).toBe(201);
    expect(await worker.deliverDue()).toBe(1);
    const [, noteMail] = await sink.waitFor(2);
    expect(noteMail!.subject).toBe(`Your Credit Note ${note.json().number} for the stay ${stay.reference}`);
    expect(noteMail!.text).toContain('₹500');
    expect(pdfOf(noteMail!)[0]!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('e-mails a stay the operator entered without a page link, and a stay without an address nothing', async () => {
    const entered = await insertTestBooking(context.database, propertyId, {
      status: 'confirmed',
      currency: 'INR',
      total_amount: 5_000,
      guest_email: 'walk-in@example.com',
      check_in: '2027-06-01',
      check_out: '2027-06-03',
    });
    const invoice = await issue(entered.id);
    expect(await worker.deliverDue()).toBe(1);
    const [mail] = await sink.waitFor(1);
    expect(mail!.to).toBe('walk-in@example.com');
    expect(mail!.subject).toContain(invoice.number);
    expect(pdfOf(mail!)).toHaveLength(1);
    expect(mail!.text).not.toContain('/request/');
    expect(mail!.text).not.toContain('request page');
    expect(mail!.text).toContain('because of your stay with us');
    expect(mail!.text).not.toContain('made on our website');

    // A channel's stay comes without an e-mail address: its invoice is issued, and no e-mail written.
    const airbnb = await insertTestBooking(context.database, propertyId, {
      status: 'confirmed',
      currency: 'INR',
      booking_source: 'airbnb',
      amount_known: false,
      total_amount: 0,
      guest_email: '',
      check_in: '2027-06-05',
      check_out: '2027-06-07',
    });
    const response = await send('POST', `/api/bookings/${airbnb.id}/invoices`, { amount: 9_000 });
    expect(response.statusCode, response.body).toBe(201);
    const written = await context.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.booking_id, airbnb.id));
    expect(written).toEqual([]);
  });

  it("lists the stay's documents on the guest's page, and answers each PDF to its own stay's token only", async () => {
    const mine = await requestConfirmedStay();
    const before = await context.app.inject({ method: 'GET', url: `/api/requests/${mine.token}` });
    expect(before.json().invoices).toEqual([]);
    const invoice = await issue(mine.booking.id);
    const theirs = await requestConfirmedStay();
    const other = await issue(theirs.booking.id);

    const page = await context.app.inject({ method: 'GET', url: `/api/requests/${mine.token}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().invoices).toEqual([
      {
        id: invoice.id,
        title: 'Tax Invoice',
        number: invoice.number,
        issued_on: invoice.issued_on,
        total: invoice.total,
        currency: 'INR',
      },
    ]);

    const pdf = await context.app.inject({
      method: 'GET',
      url: `/api/requests/${mine.token}/invoices/${invoice.id}/pdf`,
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${invoice.number.replaceAll('/', '-')}.pdf"`,
      'cache-control': 'private, no-store',
      'x-robots-tag': 'noindex',
    });
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Another stay's document and an unknown token get one and the same answer.
    const notMine = await context.app.inject({
      method: 'GET',
      url: `/api/requests/${mine.token}/invoices/${other.id}/pdf`,
    });
    const unknown = await context.app.inject({
      method: 'GET',
      url: `/api/requests/${'x'.repeat(32)}/invoices/${invoice.id}/pdf`,
    });
    for (const response of [notMine, unknown]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(GUEST_INVOICE_NOT_FOUND);
    }
    expect(notMine.body).toBe(unknown.body);
    const malformed = await context.app.inject({
      method: 'GET',
      url: `/api/requests/${mine.token}/invoices/not-an-id/pdf`,
    });
    expect(malformed.statusCode).toBe(400);
  });
});
