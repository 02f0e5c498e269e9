import { describe, expect, it } from 'vitest';
import { BookingListQuerySchema } from '../../domain/booking-list';
import { isUnfiltered } from './bookings';

describe("the bookings list's total", () => {
  it('comes from the kept counts for a plain list, an empty or blank search included', () => {
    for (const input of [{}, { q: '' }, { q: '   ' }, { sort: 'check_in', limit: '10', offset: '20' }]) {
      expect(isUnfiltered(BookingListQuerySchema.parse(input)), JSON.stringify(input)).toBe(true);
    }
  });

  it('is counted when anything filters the list', () => {
    for (const input of [{ q: 'rao' }, { status: 'pending' }, { source: 'airbnb' }, { from: '2027-01-01' }]) {
      expect(isUnfiltered(BookingListQuerySchema.parse(input)), JSON.stringify(input)).toBe(false);
    }
  });
});
