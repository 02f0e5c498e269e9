import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '@/domain/booking';
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
    ...values,
  } as Booking;
}

function renderActions(booking: Booking, balance?: number) {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <BookingActions booking={booking} balance={balance} />
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
});
