import { addDaysToDate } from './dates';
import type { PaymentSummary } from './payment';
import type { MinorUnits } from './money';

export type ReminderDue = { part: 'balance' | 'full'; amount: MinorUnits; due_on: string };

/**
 * What a guest is reminded to pay today, if anything: the last part of the schedule when it falls due
 * after the day of confirmation (a deposit due then is asked for by the confirmation e-mail itself), from
 * `reminderDays` before its day up to the day itself. The amount is all that is left by then. Nothing for
 * a stay with no balance: paid, cancelled, or collected by its channel (their summary owes nothing).
 */
export function findReminderDue(
  summary: Pick<PaymentSummary, 'balance' | 'schedule'>,
  dates: { confirmedOn: string; today: string },
  reminderDays: number,
): ReminderDue | null {
  if (summary.balance <= 0) return null;
  const last = summary.schedule.at(-1);
  if (!last || last.part === 'deposit' || last.due_on <= dates.confirmedOn) return null;
  if (dates.today > last.due_on || dates.today < addDaysToDate(last.due_on, -reminderDays)) return null;
  return { part: last.part, amount: summary.balance, due_on: last.due_on };
}
