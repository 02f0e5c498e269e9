import { describe, expect, it } from 'vitest';
import { resolveReportPeriod } from './report-period';

describe('report periods', () => {
  it('covers whole months from the villa today, across year ends', () => {
    expect(resolveReportPeriod('this-month', '2026-12-15')).toEqual({ from: '2026-12-01', to: '2027-01-01' });
    expect(resolveReportPeriod('next-3-months', '2026-12-15')).toEqual({
      from: '2026-12-01',
      to: '2027-03-01',
    });
    expect(resolveReportPeriod('last-12-months', '2026-02-28')).toEqual({
      from: '2025-03-01',
      to: '2026-03-01',
    });
    expect(resolveReportPeriod('this-year', '2028-02-29')).toEqual({ from: '2028-01-01', to: '2029-01-01' });
  });

  it('takes a custom last night as included, and nothing when the dates are missing or reversed', () => {
    expect(resolveReportPeriod('custom', '2026-12-15', { first: '2026-12-20', last: '2027-01-05' })).toEqual({
      from: '2026-12-20',
      to: '2027-01-06',
    });
    expect(resolveReportPeriod('custom', '2026-12-15', { first: '2026-12-20' })).toBeNull();
    expect(
      resolveReportPeriod('custom', '2026-12-15', { first: '2026-12-20', last: '2026-12-19' }),
    ).toBeNull();
  });
});
