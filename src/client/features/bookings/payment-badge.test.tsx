import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PaymentBadge } from './booking-badges';

describe('the payment badge', () => {
  it("says a channel's stay is paid via the channel, in blue, never as unpaid", () => {
    render(<PaymentBadge status="channel" />);
    const badge = screen.getByText('Paid via channel');
    expect(badge).toHaveAttribute('data-payment', 'channel');
    expect(badge.className).toContain('bg-blue');
  });

  it('shows paid in green, what is owed in yellow, and a refund in grey', () => {
    render(
      <>
        <PaymentBadge status="paid" />
        <PaymentBadge status="partial" />
        <PaymentBadge status="unpaid" />
        <PaymentBadge status="refunded" />
      </>,
    );
    expect(screen.getByText('Payment: paid').className).toContain('bg-green');
    expect(screen.getByText('Payment: partial').className).toContain('bg-yellow');
    expect(screen.getByText('Payment: unpaid').className).toContain('bg-yellow');
    expect(screen.getByText('Payment: refunded').className).toContain('bg-gray');
  });
});
