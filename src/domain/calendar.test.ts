import { describe, expect, it } from 'vitest';
import type { CalendarBooking } from './booking';
import { computeMonthDays } from './calendar';
import {
  addDaysToDate,
  getMonthRange,
  isNightOfStay,
  isRealDate,
  listMonthDates,
  shiftMonth,
  villaToday,
} from './dates';
import { IsoDateSchema, MonthSchema } from './fields';

const booking = (values: Partial<CalendarBooking>): CalendarBooking => ({
  id: '00000000-0000-4000-8000-000000000001',
  check_in: '2026-11-10',
  check_out: '2026-11-12',
  guest_name: 'Guest',
  booking_source: 'direct',
  status: 'confirmed',
  ...values,
});

describe('month ranges', () => {
  it('gives a half-open range and the last day, across a year boundary', () => {
    expect(getMonthRange('2026-12')).toEqual({ start: '2026-12-01', end: '2027-01-01', last: '2026-12-31' });
  });

  it('knows leap years', () => {
    expect(getMonthRange('2028-02').last).toBe('2028-02-29');
    expect(listMonthDates('2027-02')).toHaveLength(28);
  });

  it('moves between months across year boundaries', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
  });

  it('adds days across month and year ends', () => {
    expect(addDaysToDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysToDate('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('rejects months and dates that do not exist', () => {
    expect(MonthSchema.safeParse('2026-13').success).toBe(false);
    expect(MonthSchema.safeParse('2026-1').success).toBe(false);
    expect(isRealDate('2026-02-30')).toBe(false);
    expect(isRealDate('2026-02-28')).toBe(true);
  });

  it("knows the villa's today, not UTC's", () => {
    // 2026-11-22 20:00 UTC is already 2026-11-23 in India.
    expect(villaToday(new Date('2026-11-22T20:00:00Z'))).toBe('2026-11-23');
    expect(villaToday(new Date('2026-11-22T18:00:00Z'))).toBe('2026-11-22');
  });

  it('takes only dates and months within the bounds, so date arithmetic stays in four-digit years', () => {
    expect(IsoDateSchema.safeParse('9999-12-31').success).toBe(false);
    expect(IsoDateSchema.safeParse('1999-12-31').success).toBe(false);
    expect(IsoDateSchema.safeParse('2100-12-31').success).toBe(true);
    expect(IsoDateSchema.safeParse('+02026-01-01').success).toBe(false);
    expect(MonthSchema.safeParse('9999-12').success).toBe(false);
    expect(MonthSchema.safeParse('2026-11').success).toBe(true);
  });
});

describe('the nights of a stay', () => {
  it('counts the check-in night and not the check-out day', () => {
    const stay = { check_in: '2026-11-10', check_out: '2026-11-12' };
    expect(isNightOfStay('2026-11-10', stay)).toBe(true);
    expect(isNightOfStay('2026-11-11', stay)).toBe(true);
    expect(isNightOfStay('2026-11-12', stay)).toBe(false);
  });
});

describe('computing the days of a month', () => {
  it('marks days available at the base price by default', () => {
    const days = computeMonthDays({ month: '2026-11', basePrice: 100, rows: [], bookings: [] });
    expect(days).toHaveLength(30);
    expect(days.every((day) => day.status === 'available' && day.price === 100)).toBe(true);
  });

  it('lets a calendar row override availability and price', () => {
    const days = computeMonthDays({
      month: '2026-11',
      basePrice: 100,
      rows: [
        { date: '2026-11-03', is_available: false, price: null },
        { date: '2026-11-04', is_available: true, price: 250 },
      ],
      bookings: [],
    });
    expect(days[2]).toMatchObject({ date: '2026-11-03', status: 'unavailable', price: 100 });
    expect(days[3]).toMatchObject({ date: '2026-11-04', status: 'available', price: 250 });
  });

  it('lets a booking override a calendar row', () => {
    const days = computeMonthDays({
      month: '2026-11',
      basePrice: 100,
      rows: [{ date: '2026-11-10', is_available: false, price: null }],
      bookings: [booking({})],
    });
    expect(days[9]).toMatchObject({ status: 'booked', booking: { guest_name: 'Guest' } });
    expect(days[10]?.status).toBe('booked');
    expect(days[11]?.status).toBe('available');
  });

  it('shows a stay that crosses a month boundary in both months', () => {
    const stay = booking({ check_in: '2026-11-29', check_out: '2026-12-03' });
    const november = computeMonthDays({ month: '2026-11', basePrice: 1, rows: [], bookings: [stay] });
    const december = computeMonthDays({ month: '2026-12', basePrice: 1, rows: [], bookings: [stay] });
    expect(november.filter((day) => day.status === 'booked').map((day) => day.date)).toEqual([
      '2026-11-29',
      '2026-11-30',
    ]);
    expect(december.filter((day) => day.status === 'booked').map((day) => day.date)).toEqual([
      '2026-12-01',
      '2026-12-02',
    ]);
  });

  it('frees the nights of a cancelled booking', () => {
    const days = computeMonthDays({
      month: '2026-11',
      basePrice: 1,
      rows: [],
      bookings: [booking({ status: 'cancelled' })],
    });
    expect(days.some((day) => day.status === 'booked')).toBe(false);
  });
});
