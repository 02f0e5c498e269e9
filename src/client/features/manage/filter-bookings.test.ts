import { describe, expect, it } from 'vitest';
import type { Booking } from '@/domain/booking';
import { ALL, filterBookings } from './filter-bookings';

const booking = (overrides: Partial<Booking>): Booking => ({
  id: '00000000-0000-4000-8000-000000000000',
  property_id: '00000000-0000-4000-8000-000000000001',
  guest_name: 'Guest',
  guest_email: 'guest@example.com',
  guest_phone: null,
  check_in: '2026-11-01',
  check_out: '2026-11-03',
  guests_count: 2,
  total_amount: 200,
  currency: 'AED',
  status: 'pending',
  booking_source: 'direct',
  payment_status: 'unpaid',
  special_requests: null,
  external_booking_id: null,
  created_at: '2026-10-01T10:00:00.000Z',
  ...overrides,
});

const list = [
  booking({
    id: 'a',
    guest_name: 'Meera Iyer',
    guest_email: 'meera@example.com',
    status: 'pending',
    booking_source: 'direct',
  }),
  booking({
    id: 'b',
    guest_name: 'Daniel Okafor',
    guest_email: 'd.okafor@mail.test',
    status: 'confirmed',
    booking_source: 'airbnb',
  }),
  booking({
    id: 'c',
    guest_name: 'Thomas Berg',
    guest_email: 'thomas@example.com',
    status: 'confirmed',
    booking_source: 'booking_com',
  }),
];
const ids = (result: Booking[]) => result.map((item) => item.id);

describe('filterBookings', () => {
  it('searches guest name and e-mail, ignoring case and surrounding spaces', () => {
    expect(ids(filterBookings(list, { search: '  MEERA ', status: ALL, source: ALL }))).toEqual(['a']);
    expect(ids(filterBookings(list, { search: 'MAIL.TEST', status: ALL, source: ALL }))).toEqual(['b']);
  });

  it('combines the status and source filters with the search', () => {
    expect(ids(filterBookings(list, { search: '', status: 'confirmed', source: ALL }))).toEqual(['b', 'c']);
    expect(ids(filterBookings(list, { search: '', status: 'confirmed', source: 'booking_com' }))).toEqual([
      'c',
    ]);
    expect(ids(filterBookings(list, { search: 'example', status: 'confirmed', source: ALL }))).toEqual(['c']);
    expect(ids(filterBookings(list, { search: 'nobody', status: ALL, source: ALL }))).toEqual([]);
  });
});
