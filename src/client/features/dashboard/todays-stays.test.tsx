import type { Wire } from '@/domain/wire-amount';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dashboard, DashboardStay } from '@/domain/dashboard';
import { makeDashboardStay } from '@/test/dashboard-stays';
import { TodaysStays } from './todays-stays';

const HOUR = 3_600_000;

/** A guest's request waiting for a decision. */
const makeStay = (id: string, values: Partial<DashboardStay>) =>
  makeDashboardStay(id, { status: 'pending', ...values });

function renderWith(dashboard: Partial<Wire<Dashboard>>) {
  const body: Wire<Dashboard> = {
    today: '2026-11-23',
    until: '2026-11-30',
    arrivals: [],
    departures: [],
    in_house: [],
    pending: [],
    unpaid_arrivals: [],
    overdue_payments: [],
    ...dashboard,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TodaysStays selected={null} onReview={() => {}} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('what needs a decision on the dashboard', () => {
  it('shows how long each guest request has before it lapses, urgent when little is left, and nothing for one entered by hand', async () => {
    renderWith({
      pending: [
        {
          ...makeStay('1', {
            guest_name: 'Asha Rao',
            lapses_at: new Date(Date.now() + 3 * HOUR + 30_000).toISOString(),
          }),
          waiting_hours: 45,
        },
        {
          ...makeStay('2', {
            guest_name: 'Ravi Iyer',
            lapses_at: new Date(Date.now() + 30 * HOUR + 30_000).toISOString(),
          }),
          waiting_hours: 18,
        },
        { ...makeStay('3', { guest_name: 'Phoned In' }), waiting_hours: 2 },
        { ...makeStay('4', { guest_name: 'Just Sent' }), waiting_hours: 0 },
      ],
    });
    const list = await screen.findByRole('list', { name: 'Needs a decision' });
    const item = (name: string) => within(list).getByText(name).closest('li')!;
    const soon = within(item('Asha Rao')).getByText('Lapses in 3 hours');
    expect(soon.closest('[data-lapse]')).toHaveAttribute('data-lapse', 'urgent');
    const later = within(item('Ravi Iyer')).getByText('Lapses in 1 day 6 hours');
    expect(later.closest('[data-lapse]')).toHaveAttribute('data-lapse', 'later');
    expect(within(item('Phoned In')).queryByText(/Laps/)).toBeNull();
    expect(within(item('Phoned In')).getByText(/Waiting 2 hours/)).toBeInTheDocument();
    expect(within(item('Just Sent')).getByText(/Waiting under an hour/)).toBeInTheDocument();
  });

  it('lists a confirmed stay with an overdue payment, with what is owed and since when, once', async () => {
    const late = makeDashboardStay('7', { guest_name: 'Kabir Shah', status: 'confirmed', currency: 'INR' });
    renderWith({
      overdue_payments: [{ ...late, overdue_amount: 7000, overdue_since: '2026-11-03' }],
      unpaid_arrivals: [late],
    });
    const list = await screen.findByRole('list', { name: 'Needs a decision' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('Kabir Shah');
    expect(items[0]).toHaveTextContent('₹7,000 overdue since 3 Nov');
  });
});
