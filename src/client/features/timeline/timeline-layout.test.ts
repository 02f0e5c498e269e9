import { describe, expect, it } from 'vitest';
import type { TimelineProperty, TimelineStay } from '@/domain/timeline';
import {
  layoutTimelineRow,
  listTimelineDays,
  listTimelineMonths,
  nameTimelineCell,
  selectFreeNights,
} from './timeline-layout';

const stay = (
  guest_name: string,
  check_in: string,
  check_out: string,
  extra: Partial<TimelineStay> = {},
) => ({
  id: `00000000-0000-4000-8000-${String(guest_name.length).padStart(12, '0')}`,
  guest_name,
  check_in,
  check_out,
  status: 'confirmed' as const,
  booking_source: 'direct' as const,
  is_sample: false,
  amount_known: true,
  ...extra,
});

const property = (values: Partial<TimelineProperty>): TimelineProperty => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Sunset Villa',
  currency: 'INR',
  stays: [],
  closed_nights: [],
  channel_blocks: [],
  open_conflicts: 0,
  stale_channels: [],
  ...values,
});

// Thu 10 Dec 2026 to Wed 16 Dec, today the 12th.
const days = listTimelineDays('2026-12-10', '2026-12-17', '2026-12-12');

describe("the timeline's rows", () => {
  it('names its days, marks today and the weekend, and labels the months the days cross', () => {
    expect(days.map((day) => day.label)).toEqual([
      'Thu 10 Dec',
      'Fri 11 Dec',
      'Sat 12 Dec',
      'Sun 13 Dec',
      'Mon 14 Dec',
      'Tue 15 Dec',
      'Wed 16 Dec',
    ]);
    expect(days.filter((day) => day.isWeekend).map((day) => day.dayOfMonth)).toEqual([12, 13]);
    expect(days.filter((day) => day.isToday).map((day) => day.dayOfMonth)).toEqual([12]);
    expect(listTimelineMonths(listTimelineDays('2026-12-28', '2027-01-04', '2026-12-12'))).toEqual([
      { label: 'December 2026', start: 0, length: 4 },
      { label: 'January 2027', start: 4, length: 3 },
    ]);
  });

  it('draws a stay from mid check-in to mid check-out, so back-to-back stays are two bars', () => {
    const row = layoutTimelineRow(
      property({ stays: [stay('One', '2026-12-11', '2026-12-13'), stay('Two', '2026-12-13', '2026-12-15')] }),
      days,
    );
    expect(row.bars.map(({ start, end }) => [start, end])).toEqual([
      [1.5, 3.5],
      [3.5, 5.5],
    ]);
    expect(row.nights.map((night) => (night.kind === 'stay' ? night.stay.guest_name : night.kind))).toEqual([
      'free',
      'One',
      'One',
      'Two',
      'Two',
      'free',
      'free',
    ]);
  });

  it("cuts a bar at the range's edges", () => {
    const row = layoutTimelineRow(
      property({
        stays: [stay('Early', '2026-12-01', '2026-12-11'), stay('Late', '2026-12-16', '2027-01-10')],
      }),
      days,
    );
    expect(row.bars).toMatchObject([
      { start: 0, end: 1.5, cutStart: true, cutEnd: false },
      { start: 6.5, end: 7, cutStart: false, cutEnd: true },
    ]);
    expect(row.nights[0]).toMatchObject({ kind: 'stay' });
    expect(row.nights[6]).toMatchObject({ kind: 'stay' });
  });

  it('shades the nights the operator closed and those channels hold, and names every cell', () => {
    const row = layoutTimelineRow(
      property({
        closed_nights: ['2026-12-10'],
        channel_blocks: [
          {
            connection_id: '00000000-0000-4000-8000-000000000009',
            channel: 'airbnb',
            start_date: '2026-12-08',
            end_date: '2026-12-12',
          },
        ],
        stays: [
          stay('Ananya Deshpande', '2026-12-12', '2026-12-14', {
            status: 'pending',
            booking_source: 'airbnb',
          }),
        ],
      }),
      days,
    );
    expect(row.nights.slice(0, 3).map((night) => night.kind)).toEqual(['closed', 'held', 'stay']);
    expect(
      days.map((day, index) => nameTimelineCell('Sunset Villa', day, row.nights[index]!)).slice(0, 5),
    ).toEqual([
      'Sunset Villa, Thu 10 Dec: closed',
      'Sunset Villa, Fri 11 Dec: held by Airbnb',
      'Sunset Villa, Sat 12 Dec (today): Ananya Deshpande, pending, Airbnb',
      'Sunset Villa, Sun 13 Dec: Ananya Deshpande, pending, Airbnb',
      'Sunset Villa, Mon 14 Dec: free',
    ]);
  });
});

describe('free nights picked on the timeline', () => {
  // Columns 0-6 are 10-16 Dec; today is the 12th (column 2). A stay takes the 14th (column 4), the 16th is closed.
  const row = layoutTimelineRow(
    property({
      stays: [stay('Asha', '2026-12-14', '2026-12-15')],
      closed_nights: ['2026-12-16'],
    }),
    days,
  );

  it('runs from the night picked towards the one reached, stopping before a stay or a closed night', () => {
    expect(selectFreeNights(row, days, 2, 3)).toEqual({ start: 2, end: 3 });
    expect(selectFreeNights(row, days, 2, 6)).toEqual({ start: 2, end: 3 });
    expect(selectFreeNights(row, days, 5, 6)).toEqual({ start: 5, end: 5 });
    expect(selectFreeNights(row, days, 3, 2)).toEqual({ start: 2, end: 3 });
    expect(selectFreeNights(row, days, 3, 3)).toEqual({ start: 3, end: 3 });
  });

  it('never reaches back before today, and starts on no taken or past night', () => {
    expect(selectFreeNights(row, days, 3, 0)).toEqual({ start: 2, end: 3 });
    expect(selectFreeNights(row, days, 1, 3)).toBeNull();
    expect(selectFreeNights(row, days, 4, 5)).toBeNull();
    expect(selectFreeNights(row, days, 6, 5)).toBeNull();
  });
});
