import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDaysToDate, villaToday } from '../../domain/dates';
import { formatDecimal, formatMoney, makeMoney, scaleMinor, toMinor } from '../../domain/money';
import { paymentTexts } from '../../content/payments';
import { bookings, outboxMessages } from '../db/schema';
import type { ConfigOverrides } from '../env';
import { startSmtpSink } from './test/smtp-sink';
import { createMailTransport } from './transport';
import { startMessageWorker } from './worker';
import { TEST_NOW, UNLIMITED_REQUESTS, useSignedInContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';
import { readQrModules, UPI_QR_CID } from './upi-qr';

const UPI = { vpa: 'shantivilla@okaxis', payeeName: 'Shanti Villa Retreat' };
const SETTINGS = { server: { publicUrl: 'http://villa.test' }, messages: { messageIdDomain: 'villa.test' } };

type Suite = ReturnType<typeof useSignedInContext>;

/**
 * A guest's request for a stay (far enough ahead that a deposit is due on confirmation), confirmed by the
 * guest from their e-mail's link and then by the operator; the token of the guest's page.
 */
async function requestConfirmedStay(suite: Suite, email: string, checkIn = '2027-01-10') {
  const { context, cookie } = suite;
  const created = await context.app.inject({
    method: 'POST',
    url: '/api/booking-requests',
    payload: {
      check_in: checkIn,
      check_out: addDaysToDate(checkIn, 3),
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
  const token = first!.token!;
  const pending = await context.app.inject({ method: 'GET', url: `/api/requests/${token}` });
  // Nothing is asked before the operator confirms.
  expect(pending.json()).toMatchObject({ status: 'pending', guest_confirmed: true });
  expect(pending.json()).not.toHaveProperty('payment');
  const confirmed = await context.app.inject({
    method: 'PATCH',
    url: `/api/bookings/${booking!.id}/status`,
    headers: { cookie },
    payload: { status: 'confirmed' },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const page = await context.app.inject({ method: 'GET', url: `/api/requests/${token}` });
  expect(page.statusCode, page.body).toBe(200);
  return {
    booking: booking!,
    token,
    page: page.json() as Record<string, unknown> & { payment?: Record<string, unknown> },
  };
}

/** The e-mails the worker sends now, as an SMTP server receives them. */
async function sendOutbox(suite: Suite) {
  const sink = await startSmtpSink();
  const worker = startMessageWorker({
    db: suite.context.database.db,
    transport: createMailTransport({
      smtpUrl: sink.url,
      from: 'Villa <stay@villa.test>',
      outboxDir: '/nonexistent',
    }),
    holder: 'payment-test',
    config: suite.context.config,
  });
  try {
    const count = await worker.deliverDue();
    return await sink.waitFor(count);
  } finally {
    await worker.stop();
    await sink.close();
  }
}

const overrides = (payments: ConfigOverrides['payments']) => ({
  now: () => TEST_NOW,
  requests: UNLIMITED_REQUESTS,
  ...SETTINGS,
  payments,
});

describe.each(listTestDatabaseKinds())('how a guest pays, with UPI set [%s]', (kind) => {
  const suite = useSignedInContext(kind, overrides({ upi: UPI }), {
    name: 'The Villa',
    base_price: 12_345.5,
    currency: 'INR',
    max_guests: 8,
  });

  it('shows the deposit due now on the confirmed request, with its UPI link and QR code', async () => {
    const { page } = await requestConfirmedStay(suite, 'asha-upi@example.com');
    const total = makeMoney(toMinor(page.total_amount as number), 'INR');
    const deposit = scaleMinor(total.minor, 30, 100);
    const reference = page.reference as string;
    const am = `${Math.floor(deposit / 100)}.${String(deposit % 100).padStart(2, '0')}`;
    const uri = `upi://pay?pa=shantivilla@okaxis&pn=Shanti%20Villa%20Retreat&am=${am}&cu=INR&tn=${reference}`;
    expect(page.payment).toEqual({
      amount_due_now: deposit / 100,
      // Due on the day the operator confirmed: the app's day (its clock is frozen), whatever the real one.
      due_date: villaToday(TEST_NOW),
      upi: { uri, qr_svg: expect.stringMatching(/^<svg /), vpa: UPI.vpa, payee_name: UPI.payeeName },
      instructions: null,
    });
    const svg = (page.payment!.upi as { qr_svg: string }).qr_svg;
    expect(svg).toContain(
      `aria-label="UPI QR code to pay ${formatMoney(makeMoney(deposit, 'INR'))} to Shanti Villa Retreat"`,
    );
    expect(svg).toContain(`viewBox="0 0 ${readQrModules(uri).length + 8} `);
  });

  it('asks for the balance by its day once the deposit is recorded, and for nothing once all is paid', async () => {
    const checkIn = '2027-03-01';
    const { booking, token, page } = await requestConfirmedStay(suite, 'meera-upi@example.com', checkIn);
    const fetchPage = async () =>
      (await suite.context.app.inject({ method: 'GET', url: `/api/requests/${token}` })).json() as Record<
        string,
        unknown
      > & { payment?: Record<string, unknown> };
    const { context, cookie } = suite;
    const record = (amount: number, reference: string) =>
      context.app.inject({
        method: 'POST',
        url: `/api/bookings/${booking.id}/payments`,
        headers: { cookie },
        payload: { amount, method: 'upi', received_on: '2026-11-22', reference },
      });
    const deposit = page.payment!.amount_due_now as number;
    expect((await record(deposit, 'UTR 612345678901')).statusCode).toBe(201);
    const total = makeMoney(toMinor(page.total_amount as number), 'INR');
    const balance = total.minor - toMinor(deposit);
    const after = await fetchPage();
    expect(after.payment).toMatchObject({
      amount_due_now: balance / 100,
      due_date: addDaysToDate(checkIn, -14),
    });
    expect((after.payment!.upi as { uri: string }).uri).toContain(`&am=${formatDecimal(balance)}&`);
    expect((await record(balance / 100, 'UTR 612345678902')).statusCode).toBe(201);
    expect(await fetchPage()).not.toHaveProperty('payment');
  });

  it('says the amount and the UPI link in the confirmation e-mail, with the QR code as an inline PNG', async () => {
    const { booking, page } = await requestConfirmedStay(suite, 'ravi-upi@example.com', '2027-02-10');
    const mails = await sendOutbox(suite);
    const mail = mails.find(
      (each) => each.to === booking.guest_email && each.subject.startsWith('Your stay is confirmed'),
    );
    expect(mail, mails.map((each) => each.subject).join('\n')).toBeDefined();
    const amount = formatMoney(makeMoney(Math.round((page.payment!.amount_due_now as number) * 100), 'INR'));
    const uri = (page.payment!.upi as { uri: string }).uri;
    expect(mail!.text).toContain(`Pay ${amount} by UPI`);
    expect(mail!.text).toContain(`Pay with a UPI app: ${uri}`);
    expect(mail!.text).toContain('UPI ID: shantivilla@okaxis (Shanti Villa Retreat)');
    expect(mail!.text).toContain('keep the UTR');
    expect(mail!.html).toContain(`href="${uri.replace(/&/g, '&amp;')}"`);
    // The HTML's cid: image is the attached PNG: the parser puts the attachment in its place.
    expect(mail!.html).toMatch(
      /<img alt="UPI QR code to pay ₹[\d,.]+ to Shanti Villa Retreat" height="180" src="data:image\/png;base64,/,
    );
    const images = mail!.raw.attachments.filter((attachment) => attachment.contentType === 'image/png');
    expect(images).toHaveLength(1);
    expect(images[0]!.cid).toBe(UPI_QR_CID);
    expect(images[0]!.content.subarray(1, 4).toString()).toBe('PNG');
    // The e-mails of other kinds carry no image.
    const others = mails.filter((each) => !each.subject.startsWith('Your stay is confirmed'));
    expect(others.length).toBeGreaterThan(0);
    for (const other of others) expect(other.raw.attachments).toHaveLength(0);
  });
});

describe.each(listTestDatabaseKinds())('how a guest pays, without UPI [%s]', (kind) => {
  const suite = useSignedInContext(kind, overrides({ upi: null }), {
    name: 'The Villa',
    base_price: 10_000,
    currency: 'INR',
    max_guests: 8,
  });

  it('says how to pay in words on the page and in the e-mail, never an empty promise', async () => {
    const { booking, page } = await requestConfirmedStay(suite, 'asha-words@example.com');
    expect(page.payment).toMatchObject({ upi: null, instructions: paymentTexts.fallbackInstructions });
    const mails = await sendOutbox(suite);
    const mail = mails.find(
      (each) => each.to === booking.guest_email && each.subject.startsWith('Your stay is confirmed'),
    )!;
    expect(mail.text).toMatch(/How to pay ₹[\d,]+/);
    expect(mail.text).toContain(paymentTexts.fallbackInstructions);
    expect(mail.text).not.toContain('upi://');
    expect(mail.html).not.toContain('cid:');
    expect(mail.raw.attachments).toHaveLength(0);
  });
});

describe.each(listTestDatabaseKinds())(
  'how a guest pays for a stay in dirhams, with UPI set [%s]',
  (kind) => {
    const suite = useSignedInContext(kind, overrides({ upi: UPI }), {
      name: 'Dubai Apartment',
      base_price: 900,
      currency: 'AED',
      max_guests: 4,
    });

    it('offers no UPI: the amount due in dirhams and how to pay in words', async () => {
      const { page } = await requestConfirmedStay(suite, 'omar@example.com');
      expect(page.currency).toBe('AED');
      expect(page.payment).toMatchObject({ upi: null, instructions: paymentTexts.fallbackInstructions });
      expect(JSON.stringify(page)).not.toContain('upi://');
    });
  },
);
