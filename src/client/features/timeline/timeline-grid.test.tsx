import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TimelineProperty } from '@/domain/timeline';
import { CLOSED_CLASS, TimelineGrid } from './timeline-grid';
import { layoutTimelineRow, listTimelineDays } from './timeline-layout';

const property = (id: string, name: string, values: Partial<TimelineProperty> = {}): TimelineProperty => ({
  id,
  name,
  currency: 'INR',
  stays: [],
  closed_nights: [],
  channel_blocks: [],
  open_conflicts: 0,
  stale_channels: [],
  ...values,
});

const SUNSET = '00000000-0000-4000-8000-000000000001';
const HILL = '00000000-0000-4000-8000-000000000002';
const stay = {
  id: '00000000-0000-4000-8000-000000000010',
  guest_name: 'Ananya Deshpande',
  check_in: '2026-12-12',
  check_out: '2026-12-14',
  status: 'confirmed' as const,
  booking_source: 'direct' as const,
  is_sample: false,
  amount_known: true,
};

// Thu 10 Dec to Wed 23 Dec; today the 11th.
const days = listTimelineDays('2026-12-10', '2026-12-24', '2026-12-11');
const rows = [
  property(SUNSET, 'Sunset Villa', { stays: [stay], closed_nights: ['2026-12-15'] }),
  property(HILL, 'Hill Cottage', {
    open_conflicts: 1,
    stale_channels: [{ connection_id: SUNSET, channel: 'airbnb', name: null, last_synced_at: null }],
  }),
].map((item) => layoutTimelineRow(item, days));

function renderGrid() {
  const handlers = { onOpenStay: vi.fn(), onStartBooking: vi.fn(), onOpenChannels: vi.fn() };
  render(<TimelineGrid rows={rows} days={days} span="2w" {...handlers} />);
  return handlers;
}

afterEach(cleanup);

describe('the timeline grid', () => {
  it('is one tab stop, on today of the first property, and the arrows move between cells', async () => {
    const user = userEvent.setup();
    renderGrid();
    await user.tab();
    expect(document.activeElement).toHaveAccessibleName('Sunset Villa, Fri 11 Dec (today): free');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toHaveAccessibleName(
      'Sunset Villa, Sat 12 Dec: Ananya Deshpande, confirmed, Direct',
    );
    expect(screen.getAllByRole('gridcell').filter((cell) => cell.tabIndex === 0)).toEqual([
      document.activeElement,
    ]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveAccessibleName('Hill Cottage, Sat 12 Dec: free');
    await user.keyboard('{ArrowDown}{End}');
    expect(document.activeElement).toHaveAccessibleName('Hill Cottage, Wed 23 Dec: free');
    await user.keyboard('{Home}{ArrowLeft}{ArrowUp}');
    expect(document.activeElement).toHaveAccessibleName('Sunset Villa, Thu 10 Dec: free');
  });

  it('opens the stay on a night with Enter, and starts a booking on a free one', async () => {
    const user = userEvent.setup();
    const handlers = renderGrid();
    await user.tab();
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    expect(handlers.onOpenStay).toHaveBeenCalledWith(SUNSET, stay);
    await user.keyboard('{ArrowRight}{Enter}');
    expect(handlers.onStartBooking).toHaveBeenCalledWith(SUNSET, '2026-12-14');
    // A closed night starts nothing, nor a free night gone by.
    await user.keyboard('{ArrowRight}{Enter}{Home}{Enter}');
    expect(handlers.onStartBooking).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toHaveAccessibleName('Sunset Villa, Thu 10 Dec: free');
  });

  it('hatches a closed night, and offers a booking only on free nights from today on', () => {
    renderGrid();
    const cell = (name: string) => screen.getByRole('gridcell', { name });
    expect(cell('Sunset Villa, Tue 15 Dec: closed').className).toContain(CLOSED_CLASS);
    expect(cell('Sunset Villa, Fri 11 Dec (today): free')).toHaveAttribute(
      'title',
      'Add a booking from Fri 11 Dec',
    );
    expect(cell('Sunset Villa, Thu 10 Dec: free')).not.toHaveAttribute('title');
  });

  it('opens a stay clicked, starts a booking on a free night clicked, and links channel trouble', async () => {
    const user = userEvent.setup();
    const handlers = renderGrid();
    await user.click(screen.getByTitle(/^Ananya Deshpande, 12 Dec – 14 Dec/));
    expect(handlers.onOpenStay).toHaveBeenCalledWith(SUNSET, stay);
    await user.click(screen.getByRole('gridcell', { name: 'Hill Cottage, Sat 19 Dec: free' }));
    expect(handlers.onStartBooking).toHaveBeenCalledWith(HILL, '2026-12-19');
    await user.click(
      screen.getByRole('button', {
        name: /^Hill Cottage: 1 sync conflict to settle\. Airbnb has not synced/,
      }),
    );
    expect(handlers.onOpenChannels).toHaveBeenCalledWith(HILL);
    expect(screen.queryByRole('button', { name: /^Sunset Villa:/ })).toBeNull();
  });
});
