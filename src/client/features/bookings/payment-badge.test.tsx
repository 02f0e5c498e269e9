import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PaymentBadge } from './booking-badges';

describe('the payment badge', () => {
  it("says the spec's words for every status the ledger derives: green when paid, otherwise yellow", () => {
    render(
      <>
        <PaymentBadge status="paid" />
        <PaymentBadge status="partial" />
        <PaymentBadge status="unpaid" />
        <PaymentBadge status="refunded" />
        <PaymentBadge status="channel" />
      </>,
    );
    expect(screen.getByText('Payment: paid').className).toContain('bg-green');
    for (const status of ['partial', 'unpaid', 'refunded', 'channel'])
      expect(screen.getByText(`Payment: ${status}`).className).toContain('bg-yellow');
    expect(screen.getByText('Payment: channel')).toHaveAttribute('title', 'The channel collects this stay');
  });
});
