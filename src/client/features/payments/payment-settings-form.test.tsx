import type { Wire } from '@/domain/wire-amount';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type PaymentSettings } from '@/domain/payment';
import { waitUntil } from '@/test/wait-until';
import { PaymentSettingsForm } from './payment-settings-card';
import { paymentTexts } from '@/content/payments';

const SETTINGS: Wire<PaymentSettings> = {
  property_id: '00000000-0000-4000-8000-000000000100',
  currency: 'INR',
  deposit_percent: 30,
  balance_due_days: 14,
  security_deposit: 0,
  payment_instructions: '',
};

function renderForm(answer: (body: unknown) => Response) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body: unknown = JSON.parse(String(init?.body));
      bodies.push(body);
      return answer(body);
    }),
  );
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PaymentSettingsForm settings={SETTINGS} />
    </QueryClientProvider>,
  );
  return bodies;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe("a property's payment settings", () => {
  it('tells the operator guests see the instructions when UPI and Razorpay are not set up', () => {
    renderForm(() => json(500, {}));
    const instructions = screen.getByLabelText('Payment instructions');
    expect(instructions).toHaveAccessibleDescription(
      expect.stringContaining('Guests see these words in their confirmation e-mail'),
    );
    expect(screen.getByText(new RegExp(paymentTexts.fallbackInstructions.slice(0, 30)))).toBeInTheDocument();
    expect(screen.getByLabelText(/^Security deposit \(INR\)/)).toHaveValue(0);
  });

  it('refuses a deposit above 100 % at the field without calling the server, keeping what was typed', async () => {
    const bodies = renderForm(() => json(500, {}));
    const user = userEvent.setup();
    const deposit = screen.getByLabelText(/^Deposit \(%\)/);
    await user.clear(deposit);
    await user.type(deposit, '120');
    await user.type(screen.getByLabelText('Payment instructions'), 'UPI to villa@okhdfc');
    await user.click(screen.getByRole('button', { name: 'Save payment settings' }));
    const message = await screen.findByText('Deposit percent must be at most 100');
    expect(deposit).toHaveAttribute('aria-describedby', message.id);
    expect(deposit).toHaveValue(120);
    expect(screen.getByLabelText('Payment instructions')).toHaveValue('UPI to villa@okhdfc');
    expect(bodies).toEqual([]);
  });

  it("saves the settings, and shows the server's refusal of a field at that field", async () => {
    const refusal = 'Security deposit must be at most 100,000,000';
    const bodies = renderForm((body) =>
      (body as { security_deposit: number }).security_deposit > 10_000
        ? json(400, { error: { message: refusal, field: 'security_deposit' } })
        : json(200, { ...SETTINGS, ...(body as object) }),
    );
    const user = userEvent.setup();
    const securityDeposit = screen.getByLabelText(/^Security deposit \(INR\)/);
    await user.clear(securityDeposit);
    await user.type(securityDeposit, '20000');
    await user.click(screen.getByRole('button', { name: 'Save payment settings' }));
    await screen.findByText(refusal);
    expect(securityDeposit).toHaveAttribute('aria-invalid', 'true');
    expect(securityDeposit).toHaveValue(20000);

    await user.clear(securityDeposit);
    await user.type(securityDeposit, '5000');
    await user.click(screen.getByRole('button', { name: 'Save payment settings' }));
    await waitUntil(() => bodies.length === 2);
    expect(bodies[1]).toEqual({
      deposit_percent: 30,
      balance_due_days: 14,
      security_deposit: 5000,
      payment_instructions: '',
    });
  });
});
