import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRICING_RULES, type PropertyPricing } from '@/domain/pricing';
import type { Wire } from '@/domain/wire-amount';
import { PricingForm } from './pricing-form';

const PRICING: Wire<PropertyPricing> = {
  rules: DEFAULT_PRICING_RULES,
  base_price: 10000,
  currency: 'INR',
  today: '2026-10-01',
  day_prices: [],
};

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PricingForm propertyId="00000000-0000-4000-8000-000000000001" pricing={PRICING} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the pricing form, its stay limits', () => {
  it('says how long and how far ahead a guest can book, and refuses more without calling the server', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const user = userEvent.setup();
    renderForm();
    const maxNights = screen.getByLabelText(/^Maximum nights/);
    expect(maxNights).toHaveAttribute('max', '30');
    expect(screen.getByText('Maximum nights').parentElement).toHaveTextContent('(at most 30 nights)');
    expect(screen.getByLabelText(/^Booking horizon/)).toHaveAttribute('max', '540');
    expect(
      screen.getByText(/Guests can request stays of up to 30 nights, up to 540 days ahead/),
    ).toBeVisible();

    await user.clear(maxNights);
    await user.type(maxNights, '365');
    await user.click(screen.getByRole('button', { name: 'Save prices' }));
    expect(
      await screen.findByText(
        'Maximum stay must be at most 30 nights (the longest stay a guest can request)',
      ),
    ).toBeVisible();
    expect(maxNights).toHaveAttribute('aria-invalid', 'true');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
