import { addDays, addMonths, differenceInCalendarDays, format, parseISO } from 'date-fns';
import { z } from 'zod';
import type { CalendarBooking } from './booking';

/** A calendar date, never a Date at midnight: `yyyy-MM-dd`. */
export const IsoDateSchema = z
  .string({ error: 'Date must be given as yyyy-MM-dd' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be given as yyyy-MM-dd')
  .refine((value) => isRealDate(value), { message: 'Date is not a real calendar date' });

export const MonthSchema = z
  .string({ error: 'Month must be given as yyyy-MM' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be given as yyyy-MM, for example 2026-11');

export function isRealDate(value: string): boolean {
  const parsed = parseISO(value);
  return !Number.isNaN(parsed.getTime()) && format(parsed, 'yyyy-MM-dd') === value;
}

/** Today's calendar date in the given clock's local time zone. */
export function formatToday(now: Date = new Date()): string {
  return format(now, 'yyyy-MM-dd');
}

export function formatMonth(date: Date = new Date()): string {
  return format(date, 'yyyy-MM');
}

export function shiftMonth(month: string, by: number): string {
  return format(addMonths(parseISO(`${month}-01`), by), 'yyyy-MM');
}

export function addDaysToDate(date: string, days: number): string {
  return format(addDays(parseISO(date), days), 'yyyy-MM-dd');
}

/** The month as a half-open range of dates: [first day, first day of next month). */
export function getMonthRange(month: string): { start: string; end: string; last: string } {
  const first = parseISO(`${month}-01`);
  const next = addMonths(first, 1);
  return {
    start: format(first, 'yyyy-MM-dd'),
    end: format(next, 'yyyy-MM-dd'),
    last: format(addDays(next, -1), 'yyyy-MM-dd'),
  };
}

/** Every date in [start, end), in order. */
export function listDatesBetween(start: string, end: string): string[] {
  const dates: string[] = [];
  for (let date = start; date < end; date = addDaysToDate(date, 1)) dates.push(date);
  return dates;
}

/** Every date of the month, in order. */
export function listMonthDates(month: string): string[] {
  const { start, end } = getMonthRange(month);
  return listDatesBetween(start, end);
}

/** Whole days from one date to another (negative when `to` is earlier). */
export function countDaysBetween(from: string, to: string): number {
  return differenceInCalendarDays(parseISO(to), parseISO(from));
}

export type CalendarRow = { date: string; is_available: boolean; price: number | null };
export type DayStatus = 'available' | 'booked' | 'unavailable';
export type CalendarDay = {
  date: string;
  status: DayStatus;
  price: number;
  booking: Pick<CalendarBooking, 'id' | 'guest_name' | 'status'> | null;
};

/** Does the half-open stay [check_in, check_out) include this night? */
export function isNightOfStay(date: string, stay: { check_in: string; check_out: string }): boolean {
  return stay.check_in <= date && date < stay.check_out;
}

/**
 * The state of each day of a month (spec section 4): available by default, a calendar row overrides
 * availability and price, and a booking overrides both. Cancelled bookings free their nights.
 */
export function computeMonthDays(input: {
  month: string;
  basePrice: number;
  rows: readonly CalendarRow[];
  bookings: readonly CalendarBooking[];
}): CalendarDay[] {
  const rowsByDate = new Map(input.rows.map((row) => [row.date, row]));
  const holding = input.bookings.filter((booking) => booking.status !== 'cancelled');
  return listMonthDates(input.month).map((date) => {
    const row = rowsByDate.get(date);
    const price = row?.price ?? input.basePrice;
    const booking = holding.find((stay) => isNightOfStay(date, stay));
    if (booking) {
      return {
        date,
        status: 'booked',
        price,
        booking: { id: booking.id, guest_name: booking.guest_name, status: booking.status },
      };
    }
    return { date, status: row && !row.is_available ? 'unavailable' : 'available', price, booking: null };
  });
}

/**
 * The nights in [from, to) that cannot be booked: a calendar row marks them unavailable, or a pending or
 * confirmed stay holds them. Used for the public date picker and to refuse a request.
 */
export function listUnavailableNights(input: {
  from: string;
  to: string;
  rows: readonly Pick<CalendarRow, 'date' | 'is_available'>[];
  stays: readonly { check_in: string; check_out: string }[];
}): string[] {
  const closed = new Set(input.rows.filter((row) => !row.is_available).map((row) => row.date));
  return listDatesBetween(input.from, input.to).filter(
    (date) => closed.has(date) || input.stays.some((stay) => isNightOfStay(date, stay)),
  );
}

/** Today's date in a time zone (the villa's, so that "today" does not depend on the server's zone). */
export function formatTodayInZone(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: 'year' | 'month' | 'day') => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
