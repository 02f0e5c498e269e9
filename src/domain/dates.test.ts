import { describe, expect, it } from 'vitest';
import { formatVillaClock, VILLA_TIME_ZONE } from './dates';

describe('the villa clock', () => {
  it("says the villa's time of day as its time zone does, at every half hour of a year", () => {
    const zone = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: VILLA_TIME_ZONE,
    });
    for (let moment = Date.UTC(2026, 0, 1, 0, 7); moment < Date.UTC(2027, 0, 1); moment += 30 * 60_000)
      expect(formatVillaClock(new Date(moment))).toBe(zone.format(moment));
  });

  it('reads a timestamp as written by the server', () => {
    expect(formatVillaClock('2026-12-03T18:45:00.000Z')).toBe('00:15');
  });
});
