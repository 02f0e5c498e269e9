import type { Wire } from '@/domain/wire-amount';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/client/components/ui/sonner';
import type { Booking } from '@/domain/booking';
import type { PaymentSummary } from '@/domain/payment';
import { waitUntil } from '@/test/wait-until';
import { BookingActions } from './booking-actions';

// 00:30 on 23 Nov in the villa (India), still 22 Nov in UTC and in the browser's New York.
const NOW = new Date('2026-11-22T19:00:00Z');

function makeBooking(values: Partial<Booking>): Booking {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    property_id: '00000000-0000-4000-8000-000000000100',
    guest_name: 'Meera Joshi',
    guest_email: 'meera@example.com',
    guest_phone: null,
    check_in: '2026-12-20',
    check_out: '2026-12-24',
    guests_count: 2,
    total_amount: 24000,
    currency: 'INR',
    status: 'confirmed',
    booking_source: 'direct',
    payment_status: 'paid',
    special_requests: null,
    external_booking_id: null,
    created_at: '2026-11-01T10:00:00.000Z',
    amount_known: true,
    channel_connection_id: null,
    request_network: null,
    is_sample: false,
    lapses_at: null,
    operator_note: null,
    guest_language: 'en',
    ...values,
  } as Booking;
}

function makePayment(values: Partial<Wire<PaymentSummary>>): Wire<PaymentSummary> {
  return {
    currency: 'INR',
    total: 24000,
    credited: 0,
    paid: 7200,
    refunded: 0,
    net_paid: 7200,
    balance: 16800,
    overpaid: 0,
    security_deposit_requested: 0,
    security_deposit_held: 0,
    schedule: [],
    next_due: null,
    overdue: false,
    payment_status: 'partial',
    to_return: 0,
    to_return_reason: null,
    ...values,
  };
}

function renderActions(booking: Booking, balance?: number, onRecordRefund?: () => void) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const payment =
    balance === undefined
      ? undefined
      : makePayment({ balance, net_paid: 24000 - balance, paid: 24000 - balance });
  render(
    <QueryClientProvider client={client}>
      <BookingActions booking={booking} payment={payment} onRecordRefund={onRecordRefund} />
      <Toaster />
    </QueryClientProvider>,
  );
}

describe("a booking's actions", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('does not offer to complete a confirmed stay that has not reached its check-out day', () => {
    renderActions(makeBooking({ check_in: '2026-12-20', check_out: '2026-12-24' }));
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark completed' })).not.toBeInTheDocument();
  });

  it("offers it from the check-out day in the villa's time zone", () => {
    renderActions(makeBooking({ check_in: '2026-11-20', check_out: '2026-11-23' }));
    expect(screen.getByRole('button', { name: 'Mark completed' })).toBeInTheDocument();
  });

  it("offers Mark paid while a direct stay owes a balance, never for a channel's stay or when nothing is owed", () => {
    renderActions(makeBooking({ payment_status: 'partial' }), 7000);
    expect(screen.getByRole('button', { name: 'Mark paid' })).toBeInTheDocument();
    cleanup();
    renderActions(makeBooking({ payment_status: 'paid' }), 0);
    expect(screen.queryByRole('button', { name: 'Mark paid' })).not.toBeInTheDocument();
    cleanup();
    renderActions(makeBooking({ booking_source: 'airbnb', payment_status: 'channel' }), 0);
    expect(screen.queryByRole('button', { name: 'Mark paid' })).not.toBeInTheDocument();
    cleanup();
    renderActions(makeBooking({ booking_source: 'airbnb', payment_status: 'unpaid', amount_known: false }));
    expect(screen.queryByRole('button', { name: 'Mark paid' })).not.toBeInTheDocument();
  });

  it('asks how the balance was paid, shows it and records it only when confirmed', async () => {
    const booking = makeBooking({ payment_status: 'partial', guest_confirmed: null });
    const calls: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
        calls.push({ method: init?.method ?? 'GET', url, body });
        if (!body?.confirm_duplicate_reference && body?.reference === 'UTR 777001') {
          return new Response(
            JSON.stringify({
              error: {
                message: 'Reference UTR 777001 is already in your ledger',
                code: 'duplicate_reference',
                reference: 'UTR 777001',
                booking_id: '00000000-0000-4000-8000-000000000009',
                booking_reference: 'SV-00000000',
                guest_name: 'Asha Rao',
                entry_id: '00000000-0000-4000-8000-000000001009',
                amount: 3000,
                currency: 'INR',
                received_on: '2026-11-18',
              },
            }),
            { status: 409, headers: { 'content-type': 'application/json' } },
          );
        }
        return new Response(JSON.stringify({ ...booking, payment_status: 'paid' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const user = userEvent.setup();
    renderActions(booking, 16_800);
    // One tap opens a question, and records nothing.
    await user.click(screen.getByRole('button', { name: 'Mark paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark Meera Joshi’s booking paid?' });
    expect(within(dialog).getByText('₹16,800')).toHaveAttribute('data-mark-paid-amount');
    expect(calls).toEqual([]);
    // The method is asked, never assumed.
    const method = within(dialog).getByLabelText(/^Method/);
    expect(method).toHaveValue('');
    expect(Array.from((method as HTMLSelectElement).options).map((option) => option.value)).not.toContain(
      'channel',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Record ₹16,800 paid' }));
    expect(await within(dialog).findByText('Choose how the balance was paid')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.selectOptions(method, 'bank_transfer');
    await user.type(within(dialog).getByLabelText('UTR / reference'), 'UTR 777001');
    await user.click(within(dialog).getByRole('button', { name: 'Record ₹16,800 paid' }));
    // A reference already in the ledger is asked about, and what was typed stays.
    await within(dialog).findByText(/UTR 777001 is already recorded/);
    expect(method).toHaveValue('bank_transfer');
    await user.click(within(dialog).getByRole('button', { name: 'Record it again' }));
    await waitUntil(() => screen.queryByRole('dialog') === null);
    expect(calls.map((call) => [call.method, call.url, call.body])).toEqual([
      [
        'PATCH',
        `/api/bookings/${booking.id}/payment`,
        {
          payment_status: 'paid',
          method: 'bank_transfer',
          reference: 'UTR 777001',
          amount: 16_800,
        },
      ],
      [
        'PATCH',
        `/api/bookings/${booking.id}/payment`,
        {
          payment_status: 'paid',
          method: 'bank_transfer',
          reference: 'UTR 777001',
          amount: 16_800,
          confirm_duplicate_reference: true,
        },
      ],
    ]);
    expect(await screen.findByText('Payment recorded')).toBeInTheDocument();
  });

  it('keeps Mark paid open with the reason when the balance changed meanwhile', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              error: {
                message:
                  'The balance is now ₹6,800, not ₹16,800: look at it again before marking the booking paid',
                code: 'balance_changed',
                balance: 6800,
              },
            }),
            { status: 409, headers: { 'content-type': 'application/json' } },
          ),
      ),
    );
    const user = userEvent.setup();
    renderActions(makeBooking({ payment_status: 'partial' }), 16_800);
    await user.click(screen.getByRole('button', { name: 'Mark paid' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText(/^Method/), 'cash');
    await user.click(within(dialog).getByRole('button', { name: 'Record ₹16,800 paid' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The balance is now ₹6,800, not ₹16,800',
    );
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('closes Mark paid with Not now, recording nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderActions(makeBooking({ payment_status: 'partial' }), 16_800);
    await user.click(screen.getByRole('button', { name: 'Mark paid' }));
    await user.click(await screen.findByRole('button', { name: 'Not now' }));
    await waitUntil(() => screen.queryByRole('dialog') === null);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says what was paid before cancelling a paid stay, and offers the refund form once it is cancelled', async () => {
    const user = userEvent.setup();
    const booking = makeBooking({ payment_status: 'partial', guest_confirmed: null });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async (url: string) =>
          // The prompt looks for an invoice to credit: none here.
          new Response(
            JSON.stringify(url.startsWith('/api/invoices') ? [] : { ...booking, status: 'cancelled' }),
            {
              status: 200,
              headers: { 'content-type': 'application/json' },
            },
          ),
      ),
    );
    const onRecordRefund = vi.fn();
    renderActions(booking, 16800, onRecordRefund);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent(
      '₹7,200 was paid for this stay. After cancelling, record what you refund in Payments.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel booking' }));
    const recordRefund = await screen.findByRole('button', { name: 'Record refund' });
    expect(screen.getByText(/₹7,200 was paid: record what you refund in Payments/)).toBeInTheDocument();
    // A plain click: sonner's pointer capture on a toast is not in jsdom.
    fireEvent.click(recordRefund);
    await waitUntil(() => onRecordRefund.mock.calls.length === 1);
  });

  it("puts the operator's note into a request's confirmation or refusal, and offers none for a stay they entered", async () => {
    const user = userEvent.setup();
    const booking = makeBooking({ status: 'pending', payment_status: 'unpaid', guest_confirmed: true });
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.body) bodies.push(JSON.parse(String(init.body)));
        return new Response(
          JSON.stringify(url.startsWith('/api/invoices') ? [] : { ...booking, status: 'confirmed' }),
          {
            status: 200,
            headers: { 'content-type': 'application/json' },
          },
        );
      }),
    );
    renderActions(booking);
    await user.click(screen.getByRole('button', { name: 'Reply with a note' }));
    const dialog = await screen.findByRole('dialog', { name: /Confirm Meera Joshi’s request/ });
    await user.type(within(dialog).getByLabelText(/Message to the guest/), 'See you soon');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm request' }));
    await waitUntil(() => bodies.length === 1);
    expect(bodies[0]).toEqual({ status: 'confirmed', message: 'See you soon' });

    cleanup();
    renderActions(makeBooking({ status: 'pending', payment_status: 'unpaid', guest_confirmed: true }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const decline = await screen.findByRole('dialog');
    await user.type(within(decline).getByLabelText(/Message to the guest/), 'Fully booked');
    await user.click(within(decline).getByRole('button', { name: 'Cancel booking' }));
    await waitUntil(() => bodies.length === 2);
    expect(bodies[1]).toEqual({ status: 'cancelled', message: 'Fully booked' });

    cleanup();
    renderActions(makeBooking({ status: 'pending', payment_status: 'unpaid', guest_confirmed: null }));
    expect(screen.queryByRole('button', { name: 'Reply with a note' })).not.toBeInTheDocument();
  });

  it('says nothing of money when nothing was paid', async () => {
    const user = userEvent.setup();
    renderActions(makeBooking({ payment_status: 'unpaid' }), 24000);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog')).not.toHaveTextContent(/was paid/);
  });

  it('reminds the operator that an invoiced stay needs a credit note once cancelled', async () => {
    const user = userEvent.setup();
    const booking = makeBooking({ payment_status: 'paid', guest_confirmed: null });
    const invoice = {
      id: '00000000-0000-4000-8000-000000000301',
      booking_id: booking.id,
      property_id: booking.property_id,
      kind: 'tax_invoice',
      title: 'Tax Invoice',
      number: 'SV/2627/0001',
      issued_on: '2026-11-12',
      currency: 'INR',
      taxable_value: 22857.14,
      cgst: 571.43,
      sgst: 571.43,
      igst: 0,
      total: 24000,
      recipient_name: 'Meera Joshi',
      recipient_gstin: null,
      place_of_supply: '27',
      corrects: null,
      left_to_credit: 24000,
      created_at: '2026-11-12T06:00:00.000Z',
    };
    const fetchSpy = vi.fn(
      async (url: string) =>
        new Response(JSON.stringify(url.startsWith('/api/invoices') ? [invoice] : []), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    renderActions(booking, 0);
    // The invoices load only when the prompt opens.
    expect(fetchSpy).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('dialog');
    expect(
      await within(confirm).findByText(/This stay is invoiced \(Tax Invoice SV\/2627\/0001\)/),
    ).toHaveTextContent('after cancelling, issue a credit note against it in Payments, Invoices.');
  });
});
