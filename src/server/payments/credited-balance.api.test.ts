import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDate } from '../../domain/dates';
import { formatMoney, makeMoney, scaleMinor, toMajor, toMinor } from '../../domain/money';
import type { PaymentLedger, PaymentSummary } from '../../domain/payment';
import { bookings, outboxMessages } from '../db/schema';
import { TEST_NOW, UNLIMITED_REQUESTS, useSignedInContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';
import { remindBooking } from '../messages/payment-reminders';

const UPI = { vpa: 'shantivilla@okaxis', payeeName: 'Shanti Villa Retreat' };
const PROFILE = {
  registered: true,
  legal_name: 'Shanti Villa Retreat LLP',
  address: 'Fort Road, Alibag, Raigad, Maharashtra 402201',
  state_code: '27',
  pan: 'AAPFU0939F',
  gstins: [{ state_code: '27', gstin: '27AAPFU0939F1ZV' }],
  invoice_prefix: 'SV',
  signatory_name: 'Asha Kulkarni',
};
// A stay from 2027-03-01 owes its balance on 2027-02-15 (14 days before): the reminders' job on 2027-02-13
// writes it, within its 3 days' notice.
const REMINDER_DAY = '2027-02-13';
const CREDIT = 11_151;

type Suite = ReturnType<typeof useSignedInContext>;

/**
 * The guest's balance is the invoice's total less its credit notes, less what they paid, wherever it is
 * said: the ledger's summary, the bookings list, the outstanding balances, the guest's page, the
 * reminder; and a total the operator also lowered never takes the credit off twice.
 */
describe.each(listTestDatabaseKinds())('what the guest owes after a credit note [%s]', (kind) => {
  const suite: Suite = useSignedInContext(
    kind,
    {
      now: () => TEST_NOW,
      requests: UNLIMITED_REQUESTS,
      server: { publicUrl: 'http://villa.test' },
      messages: { messageIdDomain: 'villa.test' },
      payments: { upi: UPI, reminderDays: 3 },
    },
    { name: 'The Villa', base_price: 30_000, currency: 'INR', max_guests: 8, state_code: '27' },
  );
  const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    suite.context.app.inject({
      method,
      url,
      headers: { cookie: suite.cookie },
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    const profile = await send('PUT', '/api/business-profile', PROFILE);
    expect(profile.statusCode, profile.body).toBe(200);
  });

  let stays = 0;
  /** A three-night stay from the public form, confirmed by its guest and by the operator; its page's token. */
  async function requestConfirmedStay() {
    stays += 1;
    const email = `credited-${stays}@example.com`;
    const checkIn = addDaysToDate('2027-03-01', (stays - 1) * 4);
    const created = await suite.context.app.inject({
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
    const db = suite.context.database.db;
    const [booking] = await db.select().from(bookings).where(eq(bookings.guest_email, email));
    const [first] = await db
      .select({ token: outboxMessages.link_token })
      .from(outboxMessages)
      .where(eq(outboxMessages.booking_id, booking!.id));
    await suite.context.app.inject({ method: 'GET', url: `/api/requests/${first!.token!}` });
    const confirmed = await send('PATCH', `/api/bookings/${booking!.id}/status`, { status: 'confirmed' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { booking: booking!, token: first!.token!, totalMinor: booking!.total_amount as number };
  }

  let payments = 0;
  const recordPayment = async (bookingId: string, minor: number) => {
    payments += 1;
    // Each its own UTR: a reference already in the ledger is asked about before it is recorded again.
    const paid = await send('POST', `/api/bookings/${bookingId}/payments`, {
      amount: toMajor(minor),
      method: 'upi',
      received_on: '2026-11-22',
      reference: `UTR ${bookingId.slice(0, 8)}-${payments}`,
    });
    expect(paid.statusCode, paid.body).toBe(201);
  };
  const issueInvoice = async (bookingId: string) => {
    const issued = await send('POST', `/api/bookings/${bookingId}/invoices`, {
      recipient: { address: '12 Lake Road, Pune 411001' },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    return issued.json<{ id: string; total: number }>();
  };
  const issueCreditNote = async (invoiceId: string, amount: number | null) => {
    const issued = await send('POST', `/api/invoices/${invoiceId}/credit-notes`, {
      ...(amount === null ? {} : { amount }),
      reason: 'One night less',
    });
    expect(issued.statusCode, issued.body).toBe(201);
  };
  const changeTotal = async (bookingId: string, totalMinor: number) => {
    const changed = await send('PATCH', `/api/bookings/${bookingId}`, { total_amount: toMajor(totalMinor) });
    expect(changed.statusCode, changed.body).toBe(200);
  };
  const readSummary = async (bookingId: string) => {
    const ledger = await send('GET', `/api/bookings/${bookingId}/payments`);
    expect(ledger.statusCode, ledger.body).toBe(200);
    const { summary } = ledger.json<PaymentLedger>();
    // The database derives the same status from what is owed.
    const [row] = await suite.context.database.db
      .select({ payment_status: bookings.payment_status })
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    expect(row!.payment_status).toBe(summary.payment_status);
    return summary;
  };
  const readGuestDue = async (token: string) => {
    const page = await suite.context.app.inject({ method: 'GET', url: `/api/requests/${token}` });
    expect(page.statusCode, page.body).toBe(200);
    return (page.json() as { payment?: { amount_due_now: number } }).payment?.amount_due_now;
  };

  it('asks for the total less the credit note less what was paid: summary, list, report, page and reminder', async () => {
    const { booking, token, totalMinor } = await requestConfirmedStay();
    const depositMinor = scaleMinor(totalMinor, 30, 100);
    await recordPayment(booking.id, depositMinor);
    const invoice = await issueInvoice(booking.id);
    expect(toMinor(invoice.total)).toBe(totalMinor);
    await issueCreditNote(invoice.id, CREDIT);

    const owesMinor = totalMinor - toMinor(CREDIT) - depositMinor;
    const summary = await readSummary(booking.id);
    expect(summary).toMatchObject({
      total: toMajor(totalMinor),
      credited: CREDIT,
      net_paid: toMajor(depositMinor),
      balance: toMajor(owesMinor),
      overpaid: 0,
      payment_status: 'partial',
      next_due: { amount: toMajor(owesMinor), date: addDaysToDate(booking.check_in, -14) },
    });
    // The bookings list and the outstanding balances say the same.
    const list = await send('GET', `/api/properties/${suite.propertyId}/bookings?limit=200`);
    const listed = list
      .json<{ id: string; payment: PaymentSummary }[]>()
      .find((item) => item.id === booking.id);
    expect(listed!.payment).toMatchObject({ credited: CREDIT, balance: toMajor(owesMinor) });
    const outstanding = await send('GET', '/api/reports/outstanding-balances');
    expect(outstanding.statusCode, outstanding.body).toBe(200);
    expect(
      outstanding
        .json<{ balances: { booking_id: string; balance: number }[] }>()
        .balances.find((item) => item.booking_id === booking.id),
    ).toMatchObject({ balance: toMajor(owesMinor) });
    // The guest's page asks for it.
    expect(await readGuestDue(token)).toBe(toMajor(owesMinor));
    // And so does the reminder.
    const db = suite.context.database.db;
    expect(
      await remindBooking(db, suite.context.config, { bookingId: booking.id, today: REMINDER_DAY }),
    ).toBe(true);
    const [reminder] = await db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.booking_id, booking.id), eq(outboxMessages.kind, 'payment_reminder')));
    const owes = formatMoney(makeMoney(owesMinor, 'INR'));
    expect(reminder!.subject).toContain(owes);
    expect(reminder!.text_body).toContain(owes);
    expect(reminder!.text_body).not.toContain(formatMoney(makeMoney(totalMinor - depositMinor, 'INR')));

    // Paying what is owed pays the stay: nothing more is asked.
    await recordPayment(booking.id, owesMinor);
    expect(await readSummary(booking.id)).toMatchObject({
      balance: 0,
      overpaid: 0,
      payment_status: 'paid',
      next_due: null,
    });
    expect(await readGuestDue(token)).toBeUndefined();
  });

  it('never takes the credit off twice when the operator lowers the total as well, in either order', async () => {
    const first = await requestConfirmedStay();
    const firstInvoice = await issueInvoice(first.booking.id);
    await issueCreditNote(firstInvoice.id, CREDIT);
    await changeTotal(first.booking.id, first.totalMinor - toMinor(CREDIT));

    const second = await requestConfirmedStay();
    await changeTotal(second.booking.id, second.totalMinor - toMinor(CREDIT));
    const secondInvoiceBefore = await issueInvoice(second.booking.id);
    // Invoiced at the lowered total: a credit note of the same change is not asked again.
    expect(toMinor(secondInvoiceBefore.total)).toBe(second.totalMinor - toMinor(CREDIT));

    const third = await requestConfirmedStay();
    const thirdInvoice = await issueInvoice(third.booking.id);
    await changeTotal(third.booking.id, third.totalMinor - toMinor(CREDIT));
    await issueCreditNote(thirdInvoice.id, CREDIT);

    for (const stay of [first, second, third]) {
      const owesMinor = stay.totalMinor - toMinor(CREDIT);
      expect(await readSummary(stay.booking.id)).toMatchObject({
        credited: 0,
        total: toMajor(owesMinor),
        balance: toMajor(owesMinor),
      });
      expect(await readGuestDue(stay.token)).toBe(toMajor(scaleMinor(owesMinor, 30, 100)));
    }
  });

  it('owes the new total once a credit note took all of the invoice and a new one is issued', async () => {
    const { booking, token, totalMinor } = await requestConfirmedStay();
    const invoice = await issueInvoice(booking.id);
    const newTotal = totalMinor - toMinor(CREDIT);
    await changeTotal(booking.id, newTotal);
    await issueCreditNote(invoice.id, null);
    // Between the credit note and the new invoice the stay still owes its total, not nothing.
    expect(await readSummary(booking.id)).toMatchObject({ credited: 0, balance: toMajor(newTotal) });
    const reissued = await issueInvoice(booking.id);
    expect(toMinor(reissued.total)).toBe(newTotal);
    expect(await readSummary(booking.id)).toMatchObject({
      credited: 0,
      balance: toMajor(newTotal),
      payment_status: 'unpaid',
    });
    expect(await readGuestDue(token)).toBe(toMajor(scaleMinor(newTotal, 30, 100)));
  });

  it("marks paid what is owed after a credit note, not the invoice's whole total", async () => {
    const { booking, totalMinor } = await requestConfirmedStay();
    const invoice = await issueInvoice(booking.id);
    await issueCreditNote(invoice.id, CREDIT);
    const marked = await send('PATCH', `/api/bookings/${booking.id}/payment`, { payment_status: 'paid' });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(await readSummary(booking.id)).toMatchObject({
      paid: toMajor(totalMinor - toMinor(CREDIT)),
      balance: 0,
      overpaid: 0,
      payment_status: 'paid',
    });
  });
});
