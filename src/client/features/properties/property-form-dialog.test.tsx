import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/client/components/ui/sonner';
import { ApiError } from '@/client/lib/api-client';
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
