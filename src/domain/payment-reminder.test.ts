import { describe, expect, it } from 'vitest';
import { toMinorUnits } from './money';
import { findReminderDue } from './payment-reminder';

// Amounts in rupees, held in paise as the summary holds them.
const schedule = [
  { part: 'deposit' as const, amount: toMinorUnits(300), due_on: '2027-01-01' },
  { part: 'balance' as const, amount: toMinorUnits(700), due_on: '2027-02-15' },
];
const dates = (today: string) => ({ confirmedOn: '2027-01-01', today });

describe('which payment a guest is reminded of', () => {
  it('reminds of the balance from the days of notice up to its day, for all that is left', () => {
    const summary = { balance: toMinorUnits(1000), schedule };
    expect(findReminderDue(summary, dates('2027-02-11'), 3)).toBeNull();
    expect(findReminderDue(summary, dates('2027-02-12'), 3)).toEqual({
      part: 'balance',
      amount: toMinorUnits(1000),
      due_on: '2027-02-15',
    });
    expect(findReminderDue(summary, dates('2027-02-15'), 3)?.due_on).toBe('2027-02-15');
    expect(findReminderDue(summary, dates('2027-02-16'), 3)).toBeNull();
  });

  it('with no notice, reminds on the due day only', () => {
    const summary = { balance: toMinorUnits(700), schedule };
    expect(findReminderDue(summary, dates('2027-02-14'), 0)).toBeNull();
    expect(findReminderDue(summary, dates('2027-02-15'), 0)?.amount).toBe(toMinorUnits(700));
  });

  it('never for what the confirmation asked for, nor when nothing is owed', () => {
    const atOnce = [{ part: 'full' as const, amount: toMinorUnits(1000), due_on: '2027-01-01' }];
    expect(
      findReminderDue({ balance: toMinorUnits(1000), schedule: atOnce }, dates('2027-01-01'), 3),
    ).toBeNull();
    expect(findReminderDue({ balance: toMinorUnits(0), schedule }, dates('2027-02-14'), 3)).toBeNull();
    expect(
      findReminderDue({ balance: toMinorUnits(300), schedule: schedule.slice(0, 1) }, dates('2027-01-01'), 3),
    ).toBeNull();
    // No deposit: the whole amount falls due on the balance's day, and is reminded of.
    const noDeposit = [{ part: 'full' as const, amount: toMinorUnits(1000), due_on: '2027-02-15' }];
    expect(
      findReminderDue({ balance: toMinorUnits(1000), schedule: noDeposit }, dates('2027-02-14'), 3)?.part,
    ).toBe('full');
  });
});
