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

function makePayment(values: Partial<PaymentSummary>): PaymentSummary {
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
