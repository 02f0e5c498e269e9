import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/client/components/ui/sonner';
import { BUSINESS_PROFILE_DEFAULTS, type BusinessProfile } from '@/domain/business-profile';
import { BusinessProfileForm } from './business-profile-card';

function renderForm(profile: BusinessProfile, answer: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      bodies.push(body);
      return answer(body);
    }),
  );
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BusinessProfileForm profile={profile} />
      <Toaster />
    </QueryClientProvider>,
  );
  return bodies;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

/** Text pasted into a field: a key at a time is slow on a busy machine, and typing is not what is tested. */
async function paste(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function fillBusiness(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByLabelText('Registered for GST'));
  await paste(user, screen.getByLabelText(/^Legal name/), 'Shanti Villa Retreat LLP');
  await paste(user, screen.getByLabelText(/^Address/), 'Survey 42, Alibag, Maharashtra');
  await user.selectOptions(screen.getByLabelText(/^State \*/), '27');
  await paste(user, screen.getByLabelText(/^PAN/), 'AAPFU0939F');
  await user.clear(screen.getByLabelText(/^Invoice prefix/));
  await paste(user, screen.getByLabelText(/^Invoice prefix/), 'SV');
  await user.click(screen.getByRole('button', { name: 'Add a GSTIN' }));
  await user.selectOptions(screen.getByLabelText('State of GSTIN 1'), '27');
}

describe('the business profile form', () => {
  it('refuses a mistyped GSTIN at its field, keeping what was typed, without calling the server', async () => {
    const bodies = renderForm(BUSINESS_PROFILE_DEFAULTS, () => json(500, {}));
    const user = userEvent.setup();
    await fillBusiness(user);
    const gstin = screen.getByLabelText('GSTIN 1');
    await paste(user, gstin, '27AAPFU0939F1ZW');
    await user.click(screen.getByRole('button', { name: 'Save business profile' }));
    const message = await screen.findByText("GSTIN's check character should be V: a character is mistyped");
    expect(gstin).toHaveAttribute('aria-describedby', message.id);
    expect(gstin).toHaveValue('27AAPFU0939F1ZW');
    expect(screen.getByLabelText(/^Legal name/)).toHaveValue('Shanti Villa Retreat LLP');
    expect(bodies).toEqual([]);
  });

  it('asks a registered business for a GSTIN, and a row can be added and removed', async () => {
    renderForm(BUSINESS_PROFILE_DEFAULTS, () => json(500, {}));
    const user = userEvent.setup();
    await fillBusiness(user);
    await user.click(screen.getByRole('button', { name: 'Remove GSTIN 1' }));
    expect(screen.queryByLabelText('GSTIN 1')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save business profile' }));
    expect(
      await screen.findByText('Add the GSTIN of at least one state when registered for GST'),
    ).toBeVisible();
  });

  it("saves the profile with a toast, and shows the server's refusal at the field it names", async () => {
    let refuse = true;
    const bodies = renderForm(BUSINESS_PROFILE_DEFAULTS, (body) =>
      refuse
        ? json(400, { error: { message: 'Legal name is taken by a test', field: 'legal_name' } })
        : json(200, { ...BUSINESS_PROFILE_DEFAULTS, ...body, saved: true }),
    );
    const user = userEvent.setup();
    await fillBusiness(user);
    await paste(user, screen.getByLabelText('GSTIN 1'), '27aapfu0939f1zv');
    await user.click(screen.getByRole('button', { name: 'Save business profile' }));
    const refusal = await screen.findByText('Legal name is taken by a test');
    expect(screen.getByLabelText(/^Legal name/)).toHaveAttribute('aria-describedby', refusal.id);
    expect(screen.getByLabelText('GSTIN 1')).toHaveValue('27aapfu0939f1zv');

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Save business profile' }));
    expect(await screen.findByText('Business profile saved')).toBeVisible();
    expect(screen.getByText('Your invoices will be tax invoices under these GSTINs.')).toBeVisible();
    expect(bodies.at(-1)).toEqual({
      registered: true,
      legal_name: 'Shanti Villa Retreat LLP',
      trade_name: null,
      address: 'Survey 42, Alibag, Maharashtra',
      state_code: '27',
      pan: 'AAPFU0939F',
      gstins: [{ state_code: '27', gstin: '27AAPFU0939F1ZV' }],
      invoice_prefix: 'SV',
      signatory_name: null,
    });
  });
});
