import type { Wire } from '@/domain/wire-amount';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '@/domain/booking';
import type { PaymentSummary } from '@/domain/payment';
import type { Property } from '@/domain/property';
import { BookingsView } from './bookings-view';

const villa = { id: '00000000-0000-4000-8000-000000000101', name: 'Sea Villa' } as Wire<Property>;
const cottage = { id: '00000000-0000-4000-8000-000000000102', name: 'Hill Cottage' } as Wire<Property>;

const payment: Wire<PaymentSummary> = {
  currency: 'INR',
  total: 24000,
  credited: 0,
  paid: 0,
  refunded: 0,
  net_paid: 0,
  balance: 24000,
  overpaid: 0,
  security_deposit_requested: 0,
  security_deposit_held: 0,
  schedule: [],
  next_due: null,
  overdue: false,
  payment_status: 'unpaid',
  to_return: 0,
  to_return_reason: null,
};

function makeListed(guestName: string, property: Wire<Property>, index: number) {
  const booking: Booking = {
    id: `00000000-0000-4000-8000-00000000000${index}`,
    property_id: property.id,
    guest_name: guestName,
    guest_email: `guest${index}@example.com`,
    guest_phone: null,
    check_in: '2027-01-10',
    check_out: '2027-01-12',
    guests_count: 2,
    total_amount: 24000,
    currency: 'INR',
    status: 'confirmed',
    booking_source: 'direct',
    payment_status: 'unpaid',
    special_requests: null,
    external_booking_id: null,
    created_at: '2026-11-01T10:00:00.000Z',
    amount_known: true,
    channel_connection_id: null,
    request_network: null,
    is_sample: false,
    lapses_at: null,
    guest_confirmed: null,
    operator_note: null,
    guest_language: 'en',
  };
  return { ...booking, payment, property_name: property.name };
}

// Ravi asked on the Marathi site: his card says so, Asha's (English) says nothing of it.
const LISTED = [
  makeListed('Asha Rao', villa, 1),
  { ...makeListed('Ravi Rao', cottage, 2), guest_language: 'mr' as const },
];

function stubApi() {
  const fetchSpy = vi.fn(async (url: string) => {
    const items = url.startsWith('/api/bookings?')
      ? LISTED
      : LISTED.filter((booking) => url.startsWith(`/api/properties/${booking.property_id}/bookings?`));
    return new Response(JSON.stringify(items), {
      headers: { 'content-type': 'application/json', 'x-total-count': String(items.length) },
    });
  });
  vi.stubGlobal('fetch', fetchSpy);
  return fetchSpy;
}

function renderView(property: Wire<Property> | null, onPropertyChange = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BookingsView property={property} properties={[villa, cottage]} onPropertyChange={onPropertyChange} />
    </QueryClientProvider>,
  );
  return onPropertyChange;
}

beforeEach(() => window.history.replaceState(null, '', '/manage?view=bookings'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Bookings view', () => {
  it("lists every property's bookings when none is picked, each card naming its property", async () => {
    const fetchSpy = stubApi();
    renderView(null);
    const list = await screen.findByRole('list', { name: 'Bookings' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Asha Rao',
      'Ravi Rao',
    ]);
    expect(cards[0]).toHaveTextContent('Property: Sea Villa');
    expect(cards[1]).toHaveTextContent('Property: Hill Cottage');
    expect(cards[1]).toHaveTextContent('LanguageMarathi (मराठी)');
    expect(cards[0]).not.toHaveTextContent('Language');
    expect(fetchSpy.mock.calls[0]![0]).toMatch(/^\/api\/bookings\?/);
    expect(screen.getByRole('combobox', { name: 'Filter by property' })).toHaveValue('');
    expect(screen.getByRole('link', { name: /Export CSV/ })).toHaveAttribute('href', '/api/bookings.csv?');
    // A booking is added to one property: the dialog needs one picked.
    expect(screen.queryByRole('button', { name: /Add Booking/i })).not.toBeInTheDocument();
  });

  it("lists one property's bookings without naming it on every card", async () => {
    const fetchSpy = stubApi();
    renderView(cottage);
    const list = await screen.findByRole('list', { name: 'Bookings' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list).not.toHaveTextContent('Property:');
    expect(fetchSpy.mock.calls[0]![0]).toMatch(`/api/properties/${cottage.id}/bookings?`);
    expect(screen.getByRole('combobox', { name: 'Filter by property' })).toHaveValue(cottage.id);
    expect(screen.getByRole('link', { name: /Export CSV/ })).toHaveAttribute(
      'href',
      `/api/properties/${cottage.id}/bookings.csv?`,
    );
  });

  it('picks a property, or all again, keeping the search and filters', async () => {
    window.history.replaceState(null, '', '/manage?view=bookings&q=rao&status=confirmed&page=2');
    stubApi();
    const onPropertyChange = renderView(villa);
    await screen.findByRole('list', { name: 'Bookings' });
    const picker = screen.getByRole('combobox', { name: 'Filter by property' });
    await userEvent.selectOptions(picker, 'Hill Cottage');
    expect(onPropertyChange).toHaveBeenLastCalledWith(cottage.id, { q: 'rao', status: 'confirmed' });
    await userEvent.selectOptions(picker, 'All properties');
    expect(onPropertyChange).toHaveBeenLastCalledWith(null, { q: 'rao', status: 'confirmed' });
  });
});
