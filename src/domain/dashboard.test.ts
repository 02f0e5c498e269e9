import { describe, expect, it } from 'vitest';
import { makeDashboardStay as stay } from '../test/dashboard-stays';
import { arrangeDashboard } from './dashboard';

describe("the dashboard's day", () => {
  // 06:00 UTC on the 10th is 11:30 on the 10th at the villa.
  const now = new Date('2026-12-10T06:00:00Z');
  const today = '2026-12-10';

  it('lists arrivals and departures from today to seven days ahead, and who is staying tonight', () => {
    const dashboard = arrangeDashboard(
      [
        stay('1', { check_in: '2026-12-10', check_out: '2026-12-12' }),
        stay('2', { check_in: '2026-12-17', check_out: '2026-12-19', payment_status: 'paid' }),
        stay('3', { check_in: '2026-12-18', check_out: '2026-12-20' }),
        stay('4', { check_in: '2026-12-08', check_out: '2026-12-11' }),
        stay('5', { check_in: '2026-12-05', check_out: '2026-12-10' }),
      ],
      { today, now },
    );
    expect(dashboard.until).toBe('2026-12-17');
    expect(dashboard.arrivals.map((item) => item.guest_name)).toEqual(['Guest 1', 'Guest 2']);
    expect(dashboard.departures.map((item) => item.guest_name)).toEqual(['Guest 5', 'Guest 4', 'Guest 1']);
    expect(dashboard.in_house.map((item) => item.guest_name)).toEqual(['Guest 4']);
    expect(dashboard.unpaid_arrivals.map((item) => item.guest_name)).toEqual(['Guest 1']);
    expect(dashboard.arrivals[0]?.nights).toBe(2);
  });

  it('never lists a stay the channel collects as arriving unpaid', () => {
    const dashboard = arrangeDashboard(
      [
        stay('1', {
          check_in: '2026-12-11',
          check_out: '2026-12-12',
          booking_source: 'airbnb',
          payment_status: 'channel',
        }),
        stay('2', { check_in: '2026-12-12', check_out: '2026-12-13', payment_status: 'partial' }),
      ],
      { today, now },
    );
    expect(dashboard.unpaid_arrivals.map((item) => item.guest_name)).toEqual(['Guest 2']);
  });

  it('puts pending requests oldest first with how many whole hours they have waited', () => {
    const dashboard = arrangeDashboard(
      [
        stay('1', {
          status: 'pending',
          created_at: '2026-12-09T06:30:00.000Z',
          check_in: '2027-03-01',
          check_out: '2027-03-02',
        }),
        stay('2', {
          status: 'pending',
          created_at: '2026-12-08T06:00:00.000Z',
          check_in: '2026-12-20',
          check_out: '2026-12-22',
        }),
      ],
      { today, now },
    );
    expect(dashboard.pending.map((item) => [item.guest_name, item.waiting_hours])).toEqual([
      ['Guest 2', 48],
      ['Guest 1', 23],
    ]);
    expect(dashboard.unpaid_arrivals).toEqual([]);
  });
});
