import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '@/domain/booking';
import type { InvoiceSummary } from '@/domain/invoice';
import type { z } from 'zod';
import type { BookingLedgerSchema } from '@/domain/contracts/payments';
import type { PaymentEntry, PaymentSummary } from '@/domain/payment';
import { waitUntil } from '@/test/wait-until';
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

function makeSummary(values: Partial<PaymentSummary> = {}): PaymentSummary {
  return {
    currency: 'INR',
    total: 10_000,
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
    ...values,
  };
}

function makeEntry(id: number, values: Partial<PaymentEntry>): PaymentEntry {
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
    created_at: '2026-11-11T10:00:00.000Z',
    created_by: null,
    ...values,
  };
}

type PaymentLedger = z.infer<typeof BookingLedgerSchema>;

const LEDGER: PaymentLedger = {
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
  ledger: PaymentLedger = LEDGER,
  invoices: InvoiceSummary[] = [],
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

  it('reminds the operator of money kept on a cancelled stay', () => {
    stubApi(() => json(500, {}));
    renderPayments(makeSummary({ balance: 0, next_due: null }), { ...BOOKING, status: 'cancelled' });
    const section = screen.getByRole('region', { name: 'Payments of Meera Joshi' });
    expect(section).toHaveTextContent('Paid ₹4,000 · Refunded ₹1,000');
    expect(section).toHaveTextContent('₹3,000 kept: record a refund in Payments if it goes back');
    expect(section).not.toHaveTextContent('due');
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
      '11 Nov 2026Payment · UPIRef. UTR 401122₹4,000',
      '11 Nov 2026Refund · Bank transferLate check-in−₹1,000',
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
    renderPayments(makeSummary({ balance: 0, next_due: null }), { ...BOOKING, status: 'cancelled' });
    await user.click(screen.getByRole('button', { name: 'Record refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payments · Meera Joshi' });
    expect(await within(dialog).findByRole('heading', { name: 'Record a refund' })).toBeInTheDocument();
  });

  it('offers a credit note for a refund on an invoiced stay, capped at what is left to credit', async () => {
    const invoice: InvoiceSummary = {
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
      left_to_credit: 1500,
      created_at: '2026-11-12T06:00:00.000Z',
    };
    stubApi(
      (call) =>
        json(201, {
          entry: makeEntry(3, { ...(call.body as object), kind: 'refund', note: null }),
          summary: makeSummary({ refunded: 3000, net_paid: 1000, balance: 9000 }),
        }),
      LEDGER,
      [invoice],
    );
    const user = userEvent.setup();
    renderPayments();
    await user.click(screen.getByRole('button', { name: 'Payments of Meera Joshi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payments · Meera Joshi' });
    // Before a refund, nothing is offered; the invoice is listed below the ledger.
    expect(await within(dialog).findByText('₹1,500 left to credit')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Issue a credit note for/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await user.type(within(dialog).getByLabelText(/^Amount \(INR\)/), '2000');
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));

    await user.click(await within(dialog).findByRole('button', { name: 'Issue a credit note for ₹1,500' }));
    const note = await screen.findByRole('dialog', { name: 'Credit note against SV/2627/0001' });
    expect(within(note).getByLabelText(/^Amount \(INR\)/)).toHaveValue(1500);
    expect(within(note).getByLabelText(/^Reason/)).toHaveValue('Refund to the guest');
  });
});
