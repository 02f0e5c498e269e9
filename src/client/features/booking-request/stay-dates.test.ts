import { describe, expect, it } from 'vitest';
import { createDayRules, findBlockedNights, findLastCheckOut } from './stay-dates';

const unavailable = new Set(['2026-12-05', '2026-12-06', '2026-12-20']);

describe('the days a guest can pick', () => {
  it('disables past days, unavailable nights and days beyond the booking horizon', () => {
    const rules = createDayRules({ today: '2026-12-01', unavailable, maxNights: 30, maxDaysAhead: 60 });
    expect(rules.isDisabled('2026-11-30')).toBe(true);
    expect(rules.isDisabled('2026-12-01')).toBe(false);
    expect(rules.isDisabled('2026-12-05')).toBe(true);
    expect(rules.isDisabled('2027-01-30')).toBe(false);
    expect(rules.isDisabled('2027-01-31')).toBe(true);
  });

  it('offers the first unavailable night after check-in as the check-out day, and nothing later', () => {
    const rules = createDayRules({
      today: '2026-12-01',
      unavailable,
      maxNights: 30,
      maxDaysAhead: 60,
      checkIn: '2026-12-02',
    });
    expect(rules.isDisabled('2026-12-05')).toBe(false);
    expect(rules.isDisabled('2026-12-07')).toBe(true);
  });

  it('limits the check-out to the longest stay', () => {
    expect(findLastCheckOut('2026-12-21', unavailable, 3)).toBe('2026-12-24');
  });

  it('finds the blocked nights of a typed stay, ignoring the check-out day', () => {
    expect(findBlockedNights('2026-12-04', '2026-12-06', unavailable)).toEqual(['2026-12-05']);
    expect(findBlockedNights('2026-12-03', '2026-12-05', unavailable)).toEqual([]);
  });
});
