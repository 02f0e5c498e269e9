import { addDaysToDate } from './dates';
import { makeMoney, scaleMinor, type Money } from './money';
import type { BookingStatus } from './booking';

/** What a guest is asked to pay now, and by when (a calendar date). */
export type AmountDueNow = { amount: Money; due_date: string };

/** The payment schedule's defaults: a share of the total when the operator confirms, the rest later. */
export const DEFAULT_DEPOSIT_PERCENT = 30;
export const DEFAULT_BALANCE_DUE_DAYS = 14;

/**
 * What a confirmed booking's guest pays now: the deposit (30% of the total, due on confirmation), or the
 * whole total when the stay begins within the balance's 14 days. Nothing before the operator confirms, and
 * nothing for a booking without a known amount.
 *
 * TEMPORARY, until the payments ledger is merged: this knows nothing of what was already paid, and
 * `today` stands in for the day of confirmation. At the merge it becomes the ledger summary's `next_due`
 * (summarizePayments(...).next_due has this same shape), and this function goes.
 */
export function readAmountDueNow(
  booking: { status: BookingStatus; total: Money; checkIn: string },
  today: string,
): AmountDueNow | null {
  if (booking.status !== 'confirmed' || booking.total.minor <= 0) return null;
  const balanceDue = addDaysToDate(booking.checkIn, -DEFAULT_BALANCE_DUE_DAYS);
  const minor =
    balanceDue <= today ? booking.total.minor : scaleMinor(booking.total.minor, DEFAULT_DEPOSIT_PERCENT, 100);
  if (minor <= 0) return null;
  return { amount: makeMoney(minor, booking.total.currency), due_date: today };
}
