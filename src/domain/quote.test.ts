import { describe, expect, it } from 'vitest';
import { computeQuote, formatMoney } from './quote';

describe('quoting a stay', () => {
  it('prices each night from its calendar row, else the base price, across a year boundary', () => {
    const quote = computeQuote({
      checkIn: '2026-12-30',
      checkOut: '2027-01-02',
      basePrice: 100,
      currency: 'AED',
      rows: [
        { date: '2026-12-31', is_available: true, price: 250 },
        { date: '2027-01-01', is_available: true, price: null },
      ],
    });
    expect(quote.nights).toEqual([
      { date: '2026-12-30', price: 100 },
      { date: '2026-12-31', price: 250 },
      { date: '2027-01-01', price: 100 },
    ]);
    expect(quote).toMatchObject({ nights_count: 3, total: 450, currency: 'AED' });
  });

  it('adds amounts in cents, so decimals do not drift', () => {
    const quote = computeQuote({
      checkIn: '2026-03-01',
      checkOut: '2026-03-04',
      basePrice: 0.1,
      currency: 'AED',
      rows: [],
    });
    expect(quote.total).toBe(0.3);
  });

  it('counts the nights of a stay across a month end in February of a leap year', () => {
    const quote = computeQuote({
      checkIn: '2028-02-28',
      checkOut: '2028-03-01',
      basePrice: 10,
      currency: 'INR',
      rows: [],
    });
    expect(quote.nights.map((night) => night.date)).toEqual(['2028-02-28', '2028-02-29']);
  });

  it('formats money with its currency', () => {
    expect(formatMoney(1200, 'AED')).toBe('AED 1,200');
    expect(formatMoney(1200.5, 'AED')).toBe('AED 1,200.50');
  });
});
