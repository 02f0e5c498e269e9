import type { Wire } from '@/domain/wire-amount';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '@/domain/booking';
import type { InvoiceSummary } from '@/domain/invoice';
import type { z } from 'zod';
import type { BookingLedgerSchema } from '@/domain/contracts/payments';
import type { PaymentEntry, PaymentSummary } from '@/domain/payment';
import { waitUntil } from '@/test/wait-until';
import { formatInvoiceAmount } from '@/client/features/invoices';
import { BookingPayments } from './booking-payments';

// 10:00 on 20 Nov 2026 in the villa (India).
const NOW = new Date('2026-11-20T04:30:00Z');
const BOOKING_ID = '00000000-0000-4000-8000-000000000001';

const BOOKING = {
  id: BOOKING_ID,
  property_id: '00000000-0000-4000-8000-000000000100',
  guest_name: 'Meera Joshi',
  guest_email: 'meera@example.com',
  guest_phone: null,
  check_in: '2026-12-26',
  check_out: '2026-12-29',
  guests_count: 2,
  total_amount: 10_000,
  currency: 'INR',
  status: 'confirmed',
  booking_source: 'direct',
  payment_status: 'partial',
  special_requests: null,
  external_booking_id: null,
  created_at: '2026-11-10T10:00:00.000Z',
  amount_known: true,
  channel_connection_id: null,
  request_network: null,
  is_sample: false,
  lapses_at: null,
  guest_confirmed: null,
  operator_note: null,
  guest_language: 'en',
} satisfies Booking;

function makeSummary(values: Partial<Wire<PaymentSummary>> = {}): Wire<PaymentSummary> {
  return {
    currency: 'INR',
    total: 10_000,
    credited: 0,
    paid: 4000,
    refunded: 1000,
    net_paid: 3000,
    balance: 7000,
    overpaid: 0,
    security_deposit_requested: 0,
    security_deposit_held: 0,
    schedule: [
      { part: 'deposit', amount: 3000, due_on: '2026-11-10' },
      { part: 'balance', amount: 7000, due_on: '2026-12-12' },
    ],
    next_due: { amount: 7000, date: '2026-12-12' },
    overdue: false,
    payment_status: 'partial',
    to_return: 0,
    to_return_reason: null,
    ...values,
  };
}

function makeEntry(id: number, values: Partial<Wire<PaymentEntry>>): Wire<PaymentEntry> {
  return {
    id: `00000000-0000-4000-8000-00000000100${id}`,
    booking_id: BOOKING_ID,
    kind: 'payment',
    amount: 4000,
    currency: 'INR',
    method: 'upi',
    received_on: '2026-11-11',
    reference: 'UTR 401122',
    note: null,
    gateway_payment_id: null,
    corrects_id: null,
    void_reason: null,
    voided: null,
    created_at: '2026-11-11T10:00:00.000Z',
    created_by: null,
    ...values,
  };
}

type PaymentLedger = z.infer<typeof BookingLedgerSchema>;

const LEDGER: Wire<PaymentLedger> = {
  entries: [
    makeEntry(1, {}),
    makeEntry(2, {
      kind: 'refund',
      amount: 1000,
      method: 'bank_transfer',
      reference: null,
      note: 'Late check-in',
    }),
  ],
  summary: makeSummary(),
  online_payments: { upi: true, razorpay: false },
  payment_link: null,
  gateway_refunds: [],
  refundable_payments: [],
};

const PENDING_REFUND = {
  id: '00000000-0000-4000-8000-000000002001',
  booking_id: BOOKING_ID,
  gateway_payment_id: 'pay_Pending1',
  amount: 2000,
  currency: 'INR',
  status: 'pending' as const,
  gateway_refund_id: null,
  refund_entry_id: null,
  failure: null,
  attempts: 2,
  created_at: '2026-11-19T10:00:00.000Z',
  settled_at: null,
};

type Call = { method: string; url: string; body: unknown };

/** A stand-in for the API: the ledger, the booking's invoices, and an answer to each POST chosen by the test. */
function stubApi(
  answerPost: (call: Call) => Response,
  ledger: Wire<PaymentLedger> = LEDGER,
  invoices: Wire<InvoiceSummary>[] = [],
) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        url,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      if (call.method === 'GET') return json(200, url.startsWith('/api/invoices') ? invoices : ledger);
      return answerPost(call);
    }),
  );
  return calls;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderPayments(summary = makeSummary(), booking: Booking = BOOKING) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <BookingPayments booking={booking} summary={summary} />
    </QueryClientProvider>,
  );
}

describe("a booking's payments", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('says what was paid, the balance and what is due next on the card, without loading the ledger', () => {
    const calls = stubApi(() => json(500, {}));
    renderPayments(makeSummary({ overdue: true }));
    const section = screen.getByRole('region', { name: 'Payments of Meera Joshi' });
    expect(section).toHaveTextContent('Paid ₹3,000 of ₹10,000 · Balance ₹7,000');
    expect(section).toHaveTextContent('₹7,000 due 12 Dec 2026');
    expect(within(section).getByText('Overdue')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('says what credit notes took off, on the card and in the dialog, so that the balance adds up', async () => {
    const credited = makeSummary({
      credited: 1500,
      balance: 5500,
      next_due: { amount: 5500, date: '2026-12-12' },
    });
    stubApi(() => json(500, {}), { ...LEDGER, summary: credited });
    const user = userEvent.setup();
    renderPayments(credited);
    const section = screen.getByRole('region', { name: 'Payments of Meera Joshi' });
    expect(section).toHaveTextContent('Paid ₹3,000 of ₹10,000 · Credited ₹1,500 · Balance ₹5,500');
    await user.click(screen.getByRole('button', { name: 'Payments of Meera Joshi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payments · Meera Joshi' });
    const figure = (await within(dialog).findByText('Credited')).closest('div')!;
    expect(figure).toHaveTextContent('₹1,500');
  });

  it("says who collects a channel's stay instead of a balance", () => {
    stubApi(() => json(500, {}));
    renderPayments(
      makeSummary({
        paid: 0,
        refunded: 0,
        net_paid: 0,
        balance: 0,
        next_due: null,
        payment_status: 'channel',
      }),
      { ...BOOKING, booking_source: 'airbnb', payment_status: 'channel' },
    );
    const section = screen.getByRole('region', { name: 'Payments of Meera Joshi' });
    expect(section).toHaveTextContent('Collected by Airbnb');
    expect(section).not.toHaveTextContent('Balance');
  });

  it('reminds the operator of money held on a cancelled stay, as to return', () => {
    stubApi(() => json(500, {}));
    renderPayments(
      makeSummary({ balance: 0, next_due: null, to_return: 3000, to_return_reason: 'cancelled' }),
      { ...BOOKING, status: 'cancelled' },
    );
    const section = screen.getByRole('region', { name: 'Payments of Meera Joshi' });
    expect(section).toHaveTextContent('Paid ₹4,000 · Refunded ₹1,000');
    expect(section).toHaveTextContent(
      '₹3,000 held on a cancelled stay: record a refund in Payments if it goes back',
    );
    expect(section).not.toHaveTextContent('due');
  });

  it("says what a channel's stay holds that was paid here, to return", async () => {
    const summary = makeSummary({
      paid: 2000,
      refunded: 0,
      net_paid: 2000,
      balance: 0,
      next_due: null,
      payment_status: 'channel',
      to_return: 2000,
      to_return_reason: 'channel_collects',
    });
    stubApi(() => json(500, {}), { ...LEDGER, entries: [makeEntry(1, { amount: 2000 })], summary });
    const user = userEvent.setup();
    renderPayments(summary, { ...BOOKING, booking_source: 'airbnb', payment_status: 'channel' });
    const section = screen.getByRole('region', { name: 'Payments of Meera Joshi' });
    expect(section).toHaveTextContent('Collected by Airbnb');
    expect(section).toHaveTextContent('₹2,000 paid here, though the channel collects');
    await user.click(screen.getByRole('button', { name: 'Payments of Meera Joshi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payments · Meera Joshi' });
    await within(dialog).findByRole('table');
    expect(within(dialog).getByText('To return').nextSibling).toHaveTextContent('₹2,000');
    expect(dialog).toHaveTextContent(
      '₹2,000 was paid here, but the channel collects this stay: refund it to the guest.',
    );
  });

  it('lists the ledger with refunds negative, and records a payment prefilled with what is due next', async () => {
    const calls = stubApi((call) =>
      json(201, {
        entry: makeEntry(3, { ...(call.body as object), note: null }),
        summary: makeSummary({
          paid: 11_000,
          net_paid: 10_000,
          balance: 0,
          next_due: null,
          payment_status: 'paid',
        }),
      }),
    );
    const user = userEvent.setup();
    renderPayments();
    await user.click(screen.getByRole('button', { name: 'Payments of Meera Joshi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payments · Meera Joshi' });
    const rows = await within(dialog).findAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      '11 Nov 2026Payment · UPIRef. UTR 401122Void₹4,000',
      '11 Nov 2026Refund · Bank transferLate check-inVoid−₹1,000',
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    const amount = within(dialog).getByLabelText(/^Amount \(INR\)/);
    expect(amount).toHaveValue(7000);
    expect(amount).toHaveFocus();
    const method = within(dialog).getByLabelText(/^Method/);
    expect(method).toHaveValue('upi');
    expect((method as HTMLSelectElement).options[0]?.value).toBe('upi');
    expect(within(dialog).getByLabelText(/^Received on/)).toHaveValue('2026-11-20');
    // No security deposit on this property: no kinds to choose from.
    expect(within(dialog).queryByLabelText('Kind')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('UTR / reference'), '612345678901');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));

    await waitUntil(() => calls.some((call) => call.method === 'POST'));
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      url: `/api/bookings/${BOOKING_ID}/payments`,
      body: {
        kind: 'payment',
        amount: 7000,
        method: 'upi',
        received_on: '2026-11-20',
        reference: '612345678901',
        note: null,
        corrects_id: null,
      },
    });
    // Back at the ledger, focus on the button that opened the form.
    await waitUntil(() => within(dialog).queryByRole('button', { name: 'Record payment' }) !== null);
    expect(within(dialog).getByRole('button', { name: 'Record payment' })).toHaveFocus();
  });

  it("shows the server's refusal of a refund at the amount, keeping what was typed", async () => {
    const refusal = 'A refund can be at most what was paid and not yet refunded: ₹3,000';
    stubApi(() => json(409, { error: { message: refusal } }));
    const user = userEvent.setup();
    renderPayments();
    await user.click(screen.getByRole('button', { name: 'Payments of Meera Joshi' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Refund' }));
    const amount = within(dialog).getByLabelText(/^Amount \(INR\)/);
    expect(screen.getByText('at most ₹3,000', { exact: false })).toBeInTheDocument();
    await user.type(amount, '5000');
    await user.selectOptions(within(dialog).getByLabelText(/^Method/), 'bank_transfer');
    await user.type(within(dialog).getByLabelText('UTR / reference'), 'NEFT 998877');
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));

    const message = await within(dialog).findByText(refusal);
    expect(message).toHaveAttribute('role', 'alert');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAttribute('aria-describedby', message.id);
    expect(amount).toHaveFocus();
    expect(amount).toHaveValue(5000);
    expect(within(dialog).getByLabelText(/^Method/)).toHaveValue('bank_transfer');
    expect(within(dialog).getByLabelText('UTR / reference')).toHaveValue('NEFT 998877');
  });

  it('refunds by Razorpay from a payment it names, and says a refund Razorpay has not answered is pending', async () => {
    const calls = stubApi(
      (call) =>
        call.url.endsWith('/refunds/reconcile')
          ? json(200, { gateway_refunds: [], summary: makeSummary() })
          : json(202, {
              refund: PENDING_REFUND,
              summary: makeSummary(),
              message: 'Razorpay did not answer in time, so it is not known yet whether the refund was made.',
            }),
      {
        ...LEDGER,
        online_payments: { upi: false, razorpay: true },
        gateway_refunds: [PENDING_REFUND],
        refundable_payments: [
          {
            entry_id: BOOKING_ID,
            gateway_payment_id: 'pay_Small1',
            received_on: '2026-11-10',
            amount: 1000,
            refundable: 500,
          },
          {
            entry_id: BOOKING_ID,
            gateway_payment_id: 'pay_Large1',
            received_on: '2026-11-11',
            amount: 3000,
            refundable: 3000,
          },
        ],
      },
    );
    const user = userEvent.setup();
    renderPayments();
    await user.click(screen.getByRole('button', { name: 'Payments of Meera Joshi' }));
    const dialog = await screen.findByRole('dialog');
    const pending = await within(dialog).findByRole('region', { name: 'Refunds through Razorpay' });
    expect(pending).toHaveTextContent('₹2,000 from pay_Pending1');
    expect(pending).toHaveTextContent(/counts as refunded until Razorpay answers, and is never made twice/);
    await user.click(within(pending).getByRole('button', { name: 'Check with Razorpay' }));
    await waitUntil(() => calls.some((call) => call.url.endsWith('/refunds/reconcile')));

    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await user.type(within(dialog).getByLabelText(/^Amount \(INR\)/), '1200');
    await user.selectOptions(within(dialog).getByLabelText(/^Method/), 'razorpay');
    // The payment with the most left is offered first; the reference field gives way to it.
    const payment = within(dialog).getByLabelText(/^Razorpay payment/);
    expect(payment).toHaveValue('pay_Large1');
    expect(within(dialog).queryByLabelText('UTR / reference')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    await waitUntil(() => calls.some((call) => call.url.endsWith('/refunds')));
    expect(calls.find((call) => call.url.endsWith('/refunds'))?.body).toMatchObject({
      amount: 1200,
      method: 'razorpay',
      reference: 'pay_Large1',
    });
    // Pending, not failed: back at the ledger, with no entry claimed.
    await within(dialog).findByRole('button', { name: 'Record payment' });
  });

  it('works from the keyboard: opens with Enter, closes with Escape, and focus returns to the button', async () => {
    stubApi(() => json(500, {}), { ...LEDGER, summary: makeSummary({ security_deposit_requested: 5000 }) });
    const user = userEvent.setup();
    renderPayments();
    const button = screen.getByRole('button', { name: 'Payments of Meera Joshi' });
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('table');
    // Security deposits are taken on this property: the form offers them as kinds.
    within(dialog).getByRole('button', { name: 'Record payment' }).focus();
    await user.keyboard('{Enter}');
    const kind = within(dialog).getByLabelText('Kind');
    expect(Array.from((kind as HTMLSelectElement).options).map((option) => option.textContent)).toEqual([
      'Payment',
      'Security deposit held',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Back to payments' }));
    expect(within(dialog).getByRole('button', { name: 'Record payment' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitUntil(() => screen.queryByRole('dialog') === null);
    expect(button).toHaveFocus();
  });

  it('makes a payment link for what is due when Razorpay is set up, and copies it', async () => {
    const link = {
      url: 'https://rzp.io/i/standin1',
      amount: 7000,
      currency: 'INR',
      expires_at: '2026-11-27T12:00:00.000Z',
      reused: false,
    };
    const calls = stubApi(() => json(201, link), {
      ...LEDGER,
      online_payments: { upi: true, razorpay: true },
    });
    const user = userEvent.setup();
    // After userEvent's setup, which puts a clipboard of its own in place.
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPayments();
    await user.click(screen.getByRole('button', { name: 'Payments of Meera Joshi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payments · Meera Joshi' });
    const panel = await within(dialog).findByRole('region', { name: 'Payment link' });
    expect(panel).toHaveTextContent('for ₹7,000, what is due now');
    await user.click(within(panel).getByRole('button', { name: 'Create payment link' }));

    const address = await within(panel).findByRole('textbox', { name: 'Payment link address' });
    expect(address).toHaveValue('https://rzp.io/i/standin1');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: `/api/bookings/${BOOKING_ID}/payment-link`, body: {} },
    ]);
    expect(panel).toHaveTextContent(/₹7,000 · expires 27 Nov 2026/);
    expect(panel).toHaveTextContent("The guest's request page and e-mail show this link too.");
    // The link asks for what is due: no second one is offered.
    expect(within(panel).queryByRole('button', { name: 'Create payment link' })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('https://rzp.io/i/standin1');
    expect(await within(panel).findByRole('status')).toHaveTextContent('Link copied');
  });

  it("shows the booking's open link, and the server's refusal to make one", async () => {
    stubApi(() => json(502, { error: { message: 'Razorpay could not be reached: try again in a minute' } }), {
      ...LEDGER,
      online_payments: { upi: false, razorpay: true },
      payment_link: {
        url: 'https://rzp.io/i/deposit',
        amount: 3000,
        expires_at: '2026-11-25T12:00:00.000Z',
      },
    });
    const user = userEvent.setup();
    renderPayments();
    await user.click(screen.getByRole('button', { name: 'Payments of Meera Joshi' }));
    const panel = await screen.findByRole('region', { name: 'Payment link' });
    expect(within(panel).getByRole('textbox', { name: 'Payment link address' })).toHaveValue(
      'https://rzp.io/i/deposit',
    );
    expect(panel).toHaveTextContent(/₹3,000 · expires 25 Nov 2026/);
    // The open link is for the deposit while the balance is due: a new one can be made.
    await user.click(within(panel).getByRole('button', { name: 'Create payment link' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Razorpay could not be reached: try again in a minute',
    );
  });

  it('offers no payment link when Razorpay is not set up', async () => {
    stubApi(() => json(500, {}));
    const user = userEvent.setup();
    renderPayments();
    await user.click(screen.getByRole('button', { name: 'Payments of Meera Joshi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payments · Meera Joshi' });
    await within(dialog).findByRole('table');
    expect(within(dialog).queryByRole('region', { name: 'Payment link' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Create payment link' })).not.toBeInTheDocument();
  });

  it("opens a cancelled stay's payments on the refund form", async () => {
    stubApi(() => json(500, {}), {
      ...LEDGER,
      summary: makeSummary({ balance: 0, next_due: null, payment_status: 'partial' }),
    });
    const user = userEvent.setup();
    renderPayments(
      makeSummary({ balance: 0, next_due: null, to_return: 3000, to_return_reason: 'cancelled' }),
      {
        ...BOOKING,
        status: 'cancelled',
      },
    );
    await user.click(screen.getByRole('button', { name: 'Record refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payments · Meera Joshi' });
    expect(await within(dialog).findByRole('heading', { name: 'Record a refund' })).toBeInTheDocument();
  });

  it('voids an entry with a reason, and shows a voided one struck through with its reason', async () => {
    const voidedLedger: Wire<PaymentLedger> = {
      ...LEDGER,
      entries: [
        makeEntry(1, {
          amount: 9000,
          reference: 'UTR 31337',
          voided: {
            entry_id: '00000000-0000-4000-8000-000000001003',
            reason: 'Typed 9000 for 900',
            voided_at: '2026-11-20T04:30:00.000Z',
            voided_by: '00000000-0000-4000-8000-000000000200',
          },
        }),
        makeEntry(2, { amount: 900, reference: 'UTR 31338' }),
        makeEntry(3, {
          amount: 9000,
          reference: null,
          corrects_id: '00000000-0000-4000-8000-000000001001',
          void_reason: 'Typed 9000 for 900',
        }),
        makeEntry(4, { method: 'razorpay', gateway_payment_id: 'pay_A1', reference: 'pay_A1' }),
      ],
    };
    const calls = stubApi(() =>
      json(201, {
        entry: makeEntry(5, { corrects_id: LEDGER.entries[0]!.id, void_reason: 'Wrong stay' }),
        summary: makeSummary({ paid: 0, net_paid: -1000 }),
      }),
    );
    const user = userEvent.setup();
    renderPayments();
    await user.click(screen.getByRole('button', { name: 'Payments of Meera Joshi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payments · Meera Joshi' });
    await user.click(
      await within(dialog).findByRole('button', { name: 'Void payment of ₹4,000 received 11 Nov 2026' }),
    );
    expect(within(dialog).getByRole('heading', { name: 'Void an entry' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Payment of ₹4,000 · UPI · received 11 Nov 2026 · Ref. UTR 401122');
    const reason = within(dialog).getByLabelText(/^Reason/);
    expect(reason).toHaveFocus();
    // A reason is required: nothing is sent without one.
    await user.click(within(dialog).getByRole('button', { name: 'Void entry' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.type(reason, 'Wrong stay');
    await user.click(within(dialog).getByRole('button', { name: 'Void entry' }));
    await waitUntil(() => calls.some((call) => call.method === 'POST'));
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      url: `/api/bookings/${BOOKING_ID}/payments/${LEDGER.entries[0]!.id}/void`,
      body: { reason: 'Wrong stay' },
    });
    await within(dialog).findByRole('table');
    cleanup();

    // A voided entry: struck through, with its reason; its void is said there, not listed again; a
    // Razorpay payment offers no void (it is refunded instead).
    stubApi(() => json(500, {}), voidedLedger);
    renderPayments();
    await user.click(screen.getByRole('button', { name: 'Payments of Meera Joshi' }));
    const again = await screen.findByRole('dialog', { name: 'Payments · Meera Joshi' });
    const rows = (await within(again).findAllByRole('row')).slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveAttribute('data-voided');
    expect(rows[0]).toHaveTextContent('Voided 20 Nov 2026: Typed 9000 for 900');
    expect(within(rows[0]!).getByText('₹9,000', { exact: false })).toHaveClass('line-through');
    expect(within(rows[0]!).getByText('Ref. UTR 31337')).toHaveClass('line-through');
    expect(within(rows[0]!).queryByRole('button', { name: /^Void/ })).not.toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: /^Void payment of ₹900/ })).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button', { name: /^Void/ })).not.toBeInTheDocument();
  });

  it('warns of a reference already in the ledger and records it again on confirmation, keeping what was typed', async () => {
    const duplicate = {
      code: 'duplicate_reference',
      message: 'Reference UTR 5550 01 is already in your ledger',
      reference: 'UTR 5550 01',
      booking_id: '00000000-0000-4000-8000-000000000009',
      booking_reference: 'SV-00000000',
      guest_name: 'Asha Rao',
      entry_id: '00000000-0000-4000-8000-000000001009',
      amount: 3000,
      currency: 'INR',
      received_on: '2026-11-18',
    };
    const calls = stubApi((call) =>
      (call.body as { confirm_duplicate_reference?: boolean }).confirm_duplicate_reference
        ? json(201, { entry: makeEntry(3, call.body as object), summary: makeSummary() })
        : json(409, { error: duplicate }),
    );
    const user = userEvent.setup();
    renderPayments();
    await user.click(screen.getByRole('button', { name: 'Payments of Meera Joshi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payments · Meera Joshi' });
    await user.click(await within(dialog).findByRole('button', { name: 'Record payment' }));
    const amount = within(dialog).getByLabelText(/^Amount \(INR\)/);
    await user.clear(amount);
    await user.type(amount, '3000');
    await user.type(within(dialog).getByLabelText('UTR / reference'), 'UTR 5550 01');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));

    const warning = await within(dialog).findByText(/is already recorded/);
    expect(warning.closest('[role="alert"]')).toHaveTextContent(
      'UTR 5550 01 is already recorded: a payment of ₹3,000 received 18 Nov 2026, on Asha Rao’s booking SV-00000000.',
    );
    // What was typed stays.
    expect(amount).toHaveValue(3000);
    expect(within(dialog).getByLabelText('UTR / reference')).toHaveValue('UTR 5550 01');
    await user.click(within(dialog).getByRole('button', { name: 'Record it again' }));
    await waitUntil(() => calls.filter((call) => call.method === 'POST').length === 2);
    const posts = calls.filter((call) => call.method === 'POST').map((call) => call.body);
    expect(posts[0]).not.toHaveProperty('confirm_duplicate_reference');
    expect(posts[1]).toMatchObject({
      amount: 3000,
      reference: 'UTR 5550 01',
      confirm_duplicate_reference: true,
    });
    await waitUntil(() => within(dialog).queryByRole('table') !== null);
  });

  it('says a payment far above the balance at the amount, naming the balance', async () => {
    stubApi(() =>
      json(409, {
        error: {
          message: 'This is more than the balance',
          code: 'payment_above_balance',
          balance: 7000,
          security_deposit: 0,
          max: 7000,
        },
      }),
    );
    const user = userEvent.setup();
    renderPayments();
    await user.click(screen.getByRole('button', { name: 'Payments of Meera Joshi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payments · Meera Joshi' });
    await user.click(await within(dialog).findByRole('button', { name: 'Record payment' }));
    const amount = within(dialog).getByLabelText(/^Amount \(INR\)/);
    await user.clear(amount);
    await user.type(amount, '100000000');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    const message = await within(dialog).findByText(
      'This is more than the balance of ₹7,000: at most ₹7,000 can be recorded on this stay',
    );
    expect(amount).toHaveAttribute('aria-describedby', message.id);
  });

  const INVOICE: Wire<InvoiceSummary> = {
    id: '00000000-0000-4000-8000-000000000301',
    booking_id: BOOKING_ID,
    property_id: BOOKING.property_id,
    kind: 'tax_invoice',
    title: 'Tax Invoice',
    number: 'SV/2627/0001',
    issued_on: '2026-11-12',
    currency: 'INR',
    taxable_value: 9523.8,
    cgst: 238.1,
    sgst: 238.1,
    igst: 0,
    total: 10_000,
    recipient_name: 'Meera Joshi',
    recipient_gstin: null,
    place_of_supply: '27',
    corrects: null,
    left_to_credit: 10_000,
    created_at: '2026-11-12T06:00:00.000Z',
  };

  /** Records a refund of `amount` in the dialog, the server answering with `after` as the new summary. */
  async function refundInDialog(input: {
    ledger: Wire<PaymentLedger>;
    invoice: Wire<InvoiceSummary>;
    amount: string;
    after: Wire<PaymentSummary>;
  }) {
    stubApi(
      (call) =>
        json(201, {
          entry: makeEntry(3, { ...(call.body as object), kind: 'refund', note: null }),
          summary: input.after,
        }),
      input.ledger,
      [input.invoice],
    );
    const user = userEvent.setup();
    renderPayments(input.ledger.summary);
    await user.click(screen.getByRole('button', { name: 'Payments of Meera Joshi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payments · Meera Joshi' });
    // Before a refund, nothing is offered; the invoice is listed below the ledger.
    expect(
      await within(dialog).findByText(
        `${formatInvoiceAmount(input.invoice, input.invoice.left_to_credit!)} left to credit`,
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Issue a credit note for/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await user.type(within(dialog).getByLabelText(/^Amount \(INR\)/), input.amount);
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    // Back on the ledger once it is recorded.
    await within(dialog).findByRole('heading', { name: 'Ledger' });
    return { user, dialog };
  }

  it('offers a credit note for what the invoice states beyond what the guest now pays, capped at what is left to credit', async () => {
    // ₹8,500 of the invoice credited already; the guest's ₹3,000 refunded whole (the stay was cut short).
    const { user, dialog } = await refundInDialog({
      ledger: LEDGER,
      invoice: { ...INVOICE, left_to_credit: 1500 },
      amount: '3000',
      after: makeSummary({ refunded: 4000, net_paid: 0, balance: 10_000 }),
    });
    expect(dialog).toHaveTextContent('SV/2627/0001 still charges ₹1,500 of the ₹3,000 refunded.');
    await user.click(await within(dialog).findByRole('button', { name: 'Issue a credit note for ₹1,500' }));
    const note = await screen.findByRole('dialog', { name: 'Credit note against SV/2627/0001' });
    expect(within(note).getByLabelText(/^Amount \(INR\)/)).toHaveValue(1500);
    expect(within(note).getByLabelText(/^Reason/)).toHaveValue('Refund to the guest');
  });

  it('offers no credit note for returning a payment made twice: the invoice still states what the guest pays', async () => {
    // ₹10,000 paid twice for a ₹10,000 stay invoiced in full; the second payment is refunded.
    const paidTwice: Wire<PaymentLedger> = {
      ...LEDGER,
      entries: [makeEntry(1, { amount: 10_000 }), makeEntry(2, { amount: 10_000, reference: 'UTR 401123' })],
      summary: makeSummary({
        paid: 20_000,
        refunded: 0,
        net_paid: 20_000,
        balance: 0,
        overpaid: 10_000,
        next_due: null,
        payment_status: 'paid',
      }),
    };
    const { dialog } = await refundInDialog({
      ledger: paidTwice,
      invoice: INVOICE,
      amount: '10000',
      after: makeSummary({
        paid: 20_000,
        refunded: 10_000,
        net_paid: 10_000,
        balance: 0,
        overpaid: 0,
        next_due: null,
        payment_status: 'paid',
      }),
    });
    // The invoices have loaded again after the refund, and nothing is offered.
    expect(await within(dialog).findByText('₹10,000 left to credit')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Issue a credit note for/ })).not.toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('a credit note corrects it');
  });
});
