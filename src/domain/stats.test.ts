import { describe, expect, it } from 'vitest';
import { computeDashboardStats } from './stats';

describe('dashboard stats', () => {
  it('counts active properties, rounds the average price and sums capacity', () => {
    const stats = computeDashboardStats(
      [
        { base_price: 100, max_guests: 2, is_active: true },
        { base_price: 150.5, max_guests: 4, is_active: true },
        { base_price: 999, max_guests: 50, is_active: false },
      ],
      3,
    );
    expect(stats).toEqual({ totalProperties: 2, averagePrice: 125, totalCapacity: 6, activeBookings: 3 });
  });

  it('gives zeros without properties', () => {
    expect(computeDashboardStats([], 0)).toEqual({
      totalProperties: 0,
      averagePrice: 0,
      totalCapacity: 0,
      activeBookings: 0,
    });
  });
});
