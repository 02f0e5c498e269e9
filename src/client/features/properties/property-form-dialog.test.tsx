import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/client/components/ui/sonner';
import { ApiError } from '@/client/lib/api-client';
import type { Property } from '@/domain/property';
import type { Wire } from '@/domain/wire-amount';
import { waitUntil } from '@/test/wait-until';
import { describeCreateError, PropertyFormDialog } from './property-form-dialog';

function renderDialog(signedIn: boolean) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PropertyFormDialog open onOpenChange={() => {}} signedIn={signedIn} />
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the property dialog, adding', () => {
  it('checks sign-in first, then the fields in order, without calling the server', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const user = userEvent.setup();
    const { unmount } = renderDialog(false);
    await user.click(screen.getByRole('button', { name: 'Create Property' }));
    expect(await screen.findAllByText('You must be logged in to create a property')).not.toHaveLength(0);
    unmount();

    renderDialog(true);
    await user.click(screen.getByRole('button', { name: 'Create Property' }));
    // The toast names the first failing field only; each field shows its own message.
    const toasts = () => within(document.querySelector<HTMLElement>('[data-sonner-toaster]')!);
    expect(await toasts().findAllByText('Property name is required')).not.toHaveLength(0);
    expect(toasts().queryAllByText('Address is required')).toHaveLength(0);
    expect(screen.getByLabelText(/Address/)).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText(/Property Name/), 'Sea View');
    await user.click(screen.getByRole('button', { name: 'Create Property' }));
    expect(await toasts().findAllByText('Address is required')).not.toHaveLength(0);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('starts from the defaults of a new property', () => {
    renderDialog(true);
    expect(screen.getByLabelText(/Bedrooms/)).toHaveValue(1);
    expect(screen.getByLabelText(/Bathrooms/)).toHaveValue(1);
    expect(screen.getByLabelText(/Max Guests/)).toHaveValue(2);
    expect(screen.getByLabelText(/Base Price/)).toHaveValue(100);
    expect(screen.getByRole('combobox', { name: 'Property Type' })).toHaveValue('villa');
  });

  it('maps failures to the error catalogue', () => {
    expect(describeCreateError(new ApiError(403, 'new row violates row-level security policy'))).toBe(
      "You don't have permission to create properties. Please check your authentication.",
    );
    expect(describeCreateError(new ApiError(500, 'Database is resting'))).toBe('Database is resting');
    expect(describeCreateError(new ApiError(500, ''))).toBe('Failed to create property');
    expect(describeCreateError(new ApiError(0, 'offline'))).toBe('Failed to create property');
    expect(describeCreateError(new ApiError(401, 'whatever'))).toBe(
      'You must be logged in to create a property',
    );
  });
});

describe("the property dialog's GST state", () => {
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const PROPERTY: Wire<Property> = {
    id: '00000000-0000-4000-8000-000000000100',
    name: 'Sunset Villa',
    description: null,
    address: 'Fort Road',
    city: 'Alibag',
    country: 'India',
    property_type: 'villa',
    bedrooms: 3,
    bathrooms: 3,
    max_guests: 8,
    event_capacity: null,
    base_price: 12000,
    currency: 'INR',
    amenities: [],
    airbnb_listing_id: null,
    booking_com_id: null,
    state_code: '27',
    owner_id: '00000000-0000-4000-8000-000000000200',
    is_active: true,
    created_at: '2026-11-01T10:00:00.000Z',
  };

  /** Saves answer with the property as sent; the history below the form is empty. */
  function stubApi() {
    const saved: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (!init?.method || init.method === 'GET') return json(200, []);
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        saved.push(body);
        return json(init.method === 'POST' ? 201 : 200, { ...PROPERTY, ...body });
      }),
    );
    return saved;
  }

  it('is asked for a property in India only, and sent as state_code when adding', async () => {
    const saved = stubApi();
    const user = userEvent.setup();
    renderDialog(true);
    expect(screen.queryByLabelText(/State \(for GST\)/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/Property Name/), 'Sea View');
    await user.type(screen.getByLabelText(/^Address/), 'Fort Road');
    await user.type(screen.getByLabelText(/^City/), 'Alibag');
    await user.type(screen.getByLabelText(/^Country/), 'India');
    await user.selectOptions(screen.getByLabelText(/State \(for GST\)/), '27');
    await user.click(screen.getByRole('button', { name: 'Create Property' }));
    await waitUntil(() => saved.length === 1);
    expect(saved[0]).toMatchObject({ country: 'India', state_code: '27', currency: 'INR' });
  });

  it("prices a new property in its country's currency until the operator picks another", async () => {
    const saved = stubApi();
    const user = userEvent.setup();
    renderDialog(true);
    const currency = screen.getByLabelText(/^Currency/);
    expect(currency).toHaveValue('AED');
    await user.type(screen.getByLabelText(/Property Name/), 'Lake Cottage');
    await user.type(screen.getByLabelText(/^Address/), 'Lake Road');
    await user.type(screen.getByLabelText(/^City/), 'Lonavala');
    await user.type(screen.getByLabelText(/^Country/), 'India');
    expect(currency).toHaveValue('INR');
    expect(screen.getByLabelText(/Base Price \(INR\)/)).toBeInTheDocument();
    await user.selectOptions(currency, 'USD');
    await user.type(screen.getByLabelText(/^Country/), ' ');
    expect(currency).toHaveValue('USD');
    await user.click(screen.getByRole('button', { name: 'Create Property' }));
    await waitUntil(() => saved.length === 1);
    expect(saved[0]).toMatchObject({ currency: 'USD' });
  });

  it('shows the saved state when editing, and drops it when the country is no longer India', async () => {
    const saved = stubApi();
    const user = userEvent.setup();
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <PropertyFormDialog open onOpenChange={() => {}} property={PROPERTY} />
      </QueryClientProvider>,
    );
    expect(screen.getByLabelText(/State \(for GST\)/)).toHaveValue('27');
    await user.clear(screen.getByLabelText(/^Country/));
    await user.type(screen.getByLabelText(/^Country/), 'United Arab Emirates');
    expect(screen.queryByLabelText(/State \(for GST\)/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitUntil(() => saved.length === 1);
    expect(saved[0]).toMatchObject({ country: 'United Arab Emirates', state_code: null });
  });
});
