import { describe, expect, it } from 'vitest';
import type { MinorUnits } from './money';
import { computeDashboardStats } from './stats';

// Base prices in minor units, as properties hold them.
const minor = (units: number) => units as MinorUnits;

describe('dashboard stats', () => {
  it('counts active properties, rounds the average price and sums capacity', () => {
    const stats = computeDashboardStats(
      [
        { base_price: minor(10_000), max_guests: 2, is_active: true, currency: 'AED' },
        { base_price: minor(15_050), max_guests: 4, is_active: true, currency: 'AED' },
        { base_price: minor(99_900), max_guests: 50, is_active: false, currency: 'AED' },
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
        { base_price: minor(65_000), max_guests: 4, is_active: true, currency: 'AED' },
        { base_price: minor(2_500_000), max_guests: 8, is_active: true, currency: 'INR' },
        { base_price: minor(350_000), max_guests: 2, is_active: true, currency: 'INR' },
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
