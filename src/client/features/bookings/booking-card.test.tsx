import type { Wire } from '@/domain/wire-amount';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '@/domain/booking';
import type { PaymentSummary } from '@/domain/payment';
import { BookingCard } from './booking-card';

// A stay Airbnb's calendar brought: no count, no price, in the property's rupees.
const channelStay: Booking = {
  id: '00000000-0000-4000-8000-000000000301',
  property_id: '00000000-0000-4000-8000-000000000101',
  guest_name: 'Airbnb guest',
  guest_email: '',
  guest_phone: '…4821',
  check_in: '2027-01-10',
  check_out: '2027-01-13',
  guests_count: null,
  total_amount: 0,
  currency: 'INR',
  status: 'confirmed',
  booking_source: 'airbnb',
  payment_status: 'channel',
  special_requests: null,
  external_booking_id: 'HMABCD1234',
  created_at: '2026-11-01T10:00:00.000Z',
  amount_known: false,
  channel_connection_id: '00000000-0000-4000-8000-0000000000a1',
  request_network: null,
  is_sample: false,
  lapses_at: null,
  guest_confirmed: null,
  operator_note: null,
  guest_language: 'en',
};

const summary = (net: number): Wire<PaymentSummary> => ({
  currency: 'INR',
  total: 0,
  credited: 0,
  paid: net,
  refunded: 0,
  net_paid: net,
  balance: 0,
  overpaid: 0,
  security_deposit_requested: 0,
  security_deposit_held: 0,
  schedule: [],
  next_due: null,
  overdue: false,
  payment_status: 'channel',
  to_return: 0,
  to_return_reason: null,
});

function renderCard(booking: Booking & { payment?: Wire<PaymentSummary> }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('[]', { headers: { 'content-type': 'application/json' } })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ul>
        <BookingCard booking={booking} />
      </ul>
    </QueryClientProvider>,
  );
  return within(screen.getByRole('listitem'));
}

describe("a channel stay's card", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("says its guests and total are not given, in the property's currency, never '1 guest' or 'INR unknown'", () => {
    const card = renderCard(channelStay);
    expect(card.getByText('Guests').closest('div')).toHaveTextContent('not given');
    expect(card.getByText('Total').closest('div')).toHaveTextContent('not given by the channel (in ₹)');
    expect(card.queryByText(/1 guest/)).toBeNull();
    expect(card.queryByText(/INR unknown/)).toBeNull();
  });

  it('shows the guests its feed gave, and the payout once one is recorded', () => {
    const card = renderCard({ ...channelStay, guests_count: 3, payment: summary(18500) });
    expect(card.getByText('Guests').closest('div')).toHaveTextContent('3 guests');
    expect(card.getByText('Total').closest('div')).toHaveTextContent(
      '₹18,500 paid out (the channel gave no total)',
    );
  });
});
