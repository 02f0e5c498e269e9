import { describe, expect, it } from 'vitest';
import { computeDashboardStats } from './stats';

describe('dashboard stats', () => {
  it('counts active properties, rounds the average price and sums capacity', () => {
    const stats = computeDashboardStats(
      [
        { base_price: 100, max_guests: 2, is_active: true, currency: 'AED' },
        { base_price: 150.5, max_guests: 4, is_active: true, currency: 'AED' },
        { base_price: 999, max_guests: 50, is_active: false, currency: 'AED' },
      ],
      3,
    );
    expect(stats).toEqual({
      totalProperties: 2,
      averagePrice: 125,
      averagePrices: [{ currency: 'AED', average: 125, properties: 2 }],
      totalCapacity: 6,
      activeBookings: 3,
    });
  });

  it('averages each currency on its own, the most used first', () => {
    const stats = computeDashboardStats(
      [
        { base_price: 650, max_guests: 4, is_active: true, currency: 'AED' },
        { base_price: 25_000, max_guests: 8, is_active: true, currency: 'INR' },
        { base_price: 3_500, max_guests: 2, is_active: true, currency: 'INR' },
      ],
      0,
    );
    expect(stats.averagePrices).toEqual([
      { currency: 'INR', average: 14_250, properties: 2 },
      { currency: 'AED', average: 650, properties: 1 },
    ]);
  });

  it('gives zeros without properties', () => {
    expect(computeDashboardStats([], 0)).toEqual({
      totalProperties: 0,
      averagePrice: 0,
      averagePrices: [],
      totalCapacity: 0,
      activeBookings: 0,
    });
  });
});
