import { describe, expect, it } from 'vitest';
import { alignTimelineStart, resolveTimelineRange, stepTimelineStart } from './timeline-range';

describe('the days the timeline shows', () => {
  it('shows two weeks from the Monday of the week, and a month or three from the first', () => {
    // 2026-12-10 is a Thursday.
    expect(resolveTimelineRange(null, '2w', '2026-12-10')).toEqual({ from: '2026-12-07', to: '2026-12-21' });
    expect(resolveTimelineRange(null, '1m', '2026-12-10')).toEqual({ from: '2026-12-01', to: '2027-01-01' });
    expect(resolveTimelineRange(null, '3m', '2026-12-10')).toEqual({ from: '2026-12-01', to: '2027-03-01' });
  });

  it('starts from the address bar when it names a real date, else from today', () => {
    expect(resolveTimelineRange('2027-02-15', '1m', '2026-12-10').from).toBe('2027-02-01');
    expect(resolveTimelineRange('2027-02-30', '1m', '2026-12-10').from).toBe('2026-12-01');
    expect(resolveTimelineRange('soon', '2w', '2026-12-10').from).toBe('2026-12-07');
  });

  it('moves by a week for two weeks and by a month otherwise, across years', () => {
    expect(stepTimelineStart('2026-12-28', '2w', 1)).toBe('2027-01-04');
    expect(stepTimelineStart('2026-12-07', '2w', -1)).toBe('2026-11-30');
    expect(stepTimelineStart('2026-12-01', '1m', 1)).toBe('2027-01-01');
    expect(stepTimelineStart('2026-01-01', '3m', -1)).toBe('2025-12-01');
  });

  it('keeps the start when the span changes, aligned to the new span', () => {
    expect(alignTimelineStart('2026-12-07', '1m')).toBe('2026-12-01');
    expect(alignTimelineStart('2026-12-01', '2w')).toBe('2026-11-30');
  });
});
