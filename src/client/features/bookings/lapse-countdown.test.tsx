import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LapseCountdown } from './lapse-countdown';

// The browser runs in New York (see vitest.config.ts); times are told in the villa's (India, UTC+5:30).
const NOW = new Date('2026-11-23T06:00:00Z');
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();

function renderCountdown(lapsesAt: string, showWhen = false) {
  render(<LapseCountdown lapsesAt={lapsesAt} now={NOW} showWhen={showWhen} />);
  const time = screen.getByText(/^Laps/);
  return { text: time.textContent, urgency: time.closest('[data-lapse]')?.getAttribute('data-lapse') };
}

describe('the countdown to a request lapsing', () => {
  it.each([
    ['a fresh 48-hour hold', 48 * 60, 'Lapses in 2 days', 'later'],
    ['a hold a minute into its second day', 47 * 60 + 59, 'Lapses in 1 day 23 hours', 'later'],
    ['half a day', 12 * 60 + 59, 'Lapses in 12 hours', 'later'],
    ['exactly six hours', 6 * 60, 'Lapses in 6 hours', 'later'],
    ['just under six hours', 5 * 60 + 20, 'Lapses in 5 hours 20 minutes', 'urgent'],
    ['under an hour', 40, 'Lapses in 40 minutes', 'urgent'],
    ['less than a minute', 0.5, 'Lapsing now', 'urgent'],
    ['a hold already past (the job has not run yet)', -3, 'Lapsing now', 'urgent'],
  ])('says %s as "%s", never rounding the time up', (_name, minutes, text, urgency) => {
    expect(renderCountdown(later(minutes))).toEqual({ text, urgency });
  });

  it("names the moment in the villa's time zone, whatever the browser's", () => {
    // 06:00 UTC on the 25th is 11:30 in India (and 01:00 in New York).
    render(<LapseCountdown lapsesAt="2026-11-25T06:00:00.000Z" now={NOW} showWhen />);
    expect(screen.getByText('Wed 25 Nov, 11:30 villa time', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Lapses in 2 days').closest('[title]')).toHaveAttribute(
      'title',
      'Unanswered, it is cancelled and the guest told at Wed 25 Nov, 11:30 (villa time)',
    );
    expect(screen.getByText('Lapses in 2 days')).toHaveAttribute('datetime', '2026-11-25T06:00:00.000Z');
  });
});
