import { describe, expect, it } from 'vitest';
import { listUnavailableNights } from './calendar';
import { formatTodayInZone } from './dates';
import {
  canChangeStatus,
  checkStayDates,
  createBookingRequestSchema,
  formatBookingReference,
} from './booking';

const today = () => '2026-11-22';
const valid = {
  check_in: '2026-12-01',
  check_out: '2026-12-03',
  guests_count: 2,
  guest_name: 'Asha',
  guest_email: 'asha@example.com',
  guest_phone: '',
};

describe('booking requests', () => {
  it('accepts a valid request and turns a blank phone into null', () => {
    expect(createBookingRequestSchema(today).parse(valid)).toMatchObject({
      guests_count: 2,
      guest_phone: null,
    });
  });

  it('refuses wrong types instead of coercing them', () => {
    const schema = createBookingRequestSchema(today);
    const messageOf = (change: object) => {
      const result = schema.safeParse({ ...valid, ...change });
      return result.success ? undefined : result.error.issues[0]?.message;
    };
    for (const guests of ['2', true, [2], '0x10', ' 5 ', '1e1', null]) {
      expect(messageOf({ guests_count: guests }), JSON.stringify(guests)).toMatch(
        /^Guests (must be a number|is required)$/,
      );
    }
    expect(messageOf({ guests_count: Number.NaN })).toBe('Guests is required');
    expect(messageOf({ guests_count: 2.5 })).toBe('Guests must be a whole number');
    expect(messageOf({ guest_name: 42 })).toBe('Full name must be text');
  });

  it('refuses control characters in text, keeping line breaks in notes', () => {
    const schema = createBookingRequestSchema(today);
    expect(schema.safeParse({ ...valid, guest_name: 'Asha\u0000' }).success).toBe(false);
    expect(schema.safeParse({ ...valid, guest_name: 'Asha\nRao' }).success).toBe(false);
    expect(schema.safeParse({ ...valid, special_requests: 'Late\u0007 arrival' }).success).toBe(false);
    expect(schema.parse({ ...valid, special_requests: 'Late arrival\nVegetarian' }).special_requests).toBe(
      'Late arrival\nVegetarian',
    );
  });

  it('judges dates against the given today', () => {
    expect(checkStayDates({ check_in: '2026-11-22', check_out: '2026-11-23' }, '2026-11-22')).toBeUndefined();
    expect(checkStayDates({ check_in: '2026-11-21', check_out: '2026-11-23' }, '2026-11-22')).toBe(
      'Check-in cannot be in the past',
    );
    expect(checkStayDates({ check_in: '2026-12-31', check_out: '2027-01-30' }, '2026-11-22')).toBeUndefined();
    expect(checkStayDates({ check_in: '2026-12-31', check_out: '2027-01-31' }, '2026-11-22')).toMatch(
      /^Stays can be at most 30/,
    );
  });

  it("knows the villa's today regardless of the machine's time zone", () => {
    // 20:00 UTC on the 22nd is already the 23rd in India.
    expect(formatTodayInZone('Asia/Kolkata', new Date('2026-11-22T20:00:00Z'))).toBe('2026-11-23');
    expect(formatTodayInZone('America/New_York', new Date('2026-11-22T03:00:00Z'))).toBe('2026-11-21');
  });
});

describe('status transitions', () => {
  it('allows pending → confirmed/cancelled and confirmed → completed/cancelled only', () => {
    expect(canChangeStatus('pending', 'confirmed')).toBe(true);
    expect(canChangeStatus('pending', 'cancelled')).toBe(true);
    expect(canChangeStatus('pending', 'completed')).toBe(false);
    expect(canChangeStatus('confirmed', 'completed')).toBe(true);
    expect(canChangeStatus('confirmed', 'pending')).toBe(false);
    expect(canChangeStatus('cancelled', 'confirmed')).toBe(false);
    expect(canChangeStatus('completed', 'cancelled')).toBe(false);
  });
});

describe('unavailable nights', () => {
  it('joins closed calendar days and held stays, leaving check-out days free', () => {
    expect(
      listUnavailableNights({
        from: '2026-12-01',
        to: '2026-12-08',
        rows: [
          { date: '2026-12-02', is_available: false },
          { date: '2026-12-03', is_available: true },
        ],
        stays: [{ check_in: '2026-12-05', check_out: '2026-12-07' }],
      }),
    ).toEqual(['2026-12-02', '2026-12-05', '2026-12-06']);
  });
});

describe('booking references', () => {
  it('are short and upper-case', () => {
    expect(formatBookingReference('3f2a91c0-1234-4abc-8def-000000000000')).toBe('SV-3F2A91C0');
  });
});
