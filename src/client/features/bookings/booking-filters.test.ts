import { describe, expect, it } from 'vitest';
import { readBookingFilters } from './booking-filters';

describe("the bookings list's address", () => {
  it('reads the search, filters and page, and turns the page into an offset', () => {
    const { filters, page, query } = readBookingFilters(
      new URLSearchParams('view=bookings&q=asha&status=pending&sort=check_in&page=3'),
    );
    expect(filters).toEqual({ q: 'asha', status: 'pending', sort: 'check_in' });
    expect(page).toBe(3);
    expect(query).toMatchObject({ limit: '100', offset: '200' });
  });

  it('drops values the server would refuse instead of failing the list', () => {
    const { filters, page } = readBookingFilters(
      new URLSearchParams('status=lost&source=airbnb&from=2027-02-01&to=2027-01-01&page=0'),
    );
    expect(filters).toEqual({ source: 'airbnb', from: '2027-02-01' });
    expect(page).toBe(1);
  });
});
