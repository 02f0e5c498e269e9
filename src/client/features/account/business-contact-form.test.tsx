import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/client/components/ui/sonner';
import { defaultContact } from '@/content/site';
import { BusinessContactForm } from './business-contact-card';

function renderForm(answer: (body: Record<string, unknown>) => Response) {
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
      <BusinessContactForm contact={defaultContact} />
      <Toaster />
    </QueryClientProvider>,
  );
  return bodies;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

async function replace(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

describe('the contact details form', () => {
  it('says the placeholders are placeholders, and refuses a phone number at its field without calling the server', async () => {
    const bodies = renderForm(() => json(500, {}));
    expect(screen.getByText(/These are placeholders/)).toBeInTheDocument();
    const user = userEvent.setup();
    const phone = screen.getByLabelText(/^Phone/);
    await replace(user, phone, 'ring the caretaker');
    await user.click(screen.getByRole('button', { name: 'Save contact details' }));
    expect(await screen.findByText(/The phone number may have only digits/)).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveValue('ring the caretaker');
    expect(bodies).toHaveLength(0);
  });

  it('saves what was typed, and shows the server’s refusal at the field it names, keeping the rest', async () => {
    const bodies = renderForm((body) =>
      body.email === 'taken@example.com'
        ? json(400, {
            error: {
              message: 'The e-mail address must look like name@example.com',
              field: 'email',
              code: 'contact_email_invalid',
            },
          })
        : json(200, { ...body, saved: true }),
    );
    const user = userEvent.setup();
    await replace(user, screen.getByLabelText(/^Phone/), '+91 98220 12345');
    await replace(user, screen.getByLabelText(/^E-mail/), 'taken@example.com');
    await replace(user, screen.getByLabelText(/^City/), 'Pune');
    await user.click(screen.getByRole('button', { name: 'Save contact details' }));
    expect(await screen.findByText('The e-mail address must look like name@example.com')).toBeInTheDocument();
    expect(screen.getByLabelText(/^City/)).toHaveValue('Pune');

    await replace(user, screen.getByLabelText(/^E-mail/), 'hello@shanti.example.org');
    await user.click(screen.getByRole('button', { name: 'Save contact details' }));
    expect(await screen.findByText('Contact details saved')).toBeInTheDocument();
    expect(bodies.at(-1)).toMatchObject({
      phone: '+91 98220 12345',
      email: 'hello@shanti.example.org',
      city: 'Pune',
      street: defaultContact.street,
    });
  });
});
