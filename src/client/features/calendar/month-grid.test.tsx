import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CalendarDay } from '@/domain/calendar';
import { MonthGrid } from './month-grid';

const day = (date: string, values: Partial<CalendarDay> = {}): CalendarDay => ({
  date,
  status: 'available',
  price: 32_000,
  priceLabel: 'Base price',
  booking: null,
  closedBy: [],
  ...values,
});

const DAYS: CalendarDay[] = [
  day('2027-03-01'),
  day('2027-03-02', {
    status: 'booked',
    booking: { id: 'b1', guest_name: 'Ananya Deshpande', status: 'confirmed', booking_source: 'direct' },
  }),
  day('2027-03-03', {
    status: 'booked',
    booking: { id: 'b2', guest_name: 'Rohan Mehta', status: 'pending', booking_source: 'direct' },
  }),
  day('2027-03-04', { status: 'unavailable' }),
];

function renderGrid() {
  const onSelect = vi.fn();
  const onOpenStay = vi.fn();
  render(
    <MonthGrid
      days={DAYS}
      currency="INR"
      label="March 2027"
      isSelected={() => false}
      onSelect={onSelect}
      onOpenStay={onOpenStay}
    />,
  );
  return { onSelect, onOpenStay };
}

describe("a property's month", () => {
  it('opens the stay of a booked day, and selects a free one for editing', async () => {
    const user = userEvent.setup();
    const { onSelect, onOpenStay } = renderGrid();
    await user.click(screen.getByRole('button', { name: /^2 .*Ananya Deshpande, Booked/ }));
    expect(onOpenStay).toHaveBeenCalledWith(expect.objectContaining({ id: 'b1' }));
    expect(onSelect).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: /^1 .*, Available/ }));
    expect(onSelect).toHaveBeenCalledWith('2027-03-01', false);
  });

  it('tells a request not yet confirmed from a confirmed stay, to the eye and to a screen reader', () => {
    renderGrid();
    const pending = screen.getByRole('button', { name: /^3 .*Rohan Mehta, Requested, not confirmed/ });
    const confirmed = screen.getByRole('button', { name: /^2 .*Ananya Deshpande, Booked/ });
    expect(pending.closest('li')!.className).toContain('border-dashed');
    expect(confirmed.closest('li')!.className).not.toContain('border-dashed');
  });

  it("says on a phone's narrow day what is on it: initials, shut, or a short price", () => {
    renderGrid();
    const marks = [...document.querySelectorAll('li[data-date] span.sm\\:hidden:not(.sr-only)')].map(
      (node) => node.textContent,
    );
    expect(marks).toEqual(['32K', 'AD', 'RM', 'Shut']);
  });
});
