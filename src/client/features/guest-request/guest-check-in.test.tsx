import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GuestCheckIn as GuestCheckInData } from '@/domain/check-in';
import { waitUntil } from '@/test/wait-until';
import { GuestCheckIn } from './guest-check-in';

const OPEN: GuestCheckInData = {
  state: 'open',
  check_in: '2027-01-10',
  check_out: '2027-01-13',
  guests_count: 2,
  retention_days: 365,
  submitted_at: null,
  guests: [],
};

type Call = { method: string; url: string; body: unknown };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubApi(answerPost: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        url,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      if (call.method === 'POST') return answerPost(call);
      return json(200, OPEN);
    }),
  );
  return calls;
}

function renderCheckIn() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <GuestCheckIn language="en" title="Online check-in" token="tok" />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('online check-in on the request page', () => {
  it("asks Form C's details once a guest is not Indian, and reports each wrong field keeping what was typed", async () => {
    const calls = stubApi(() => json(500, {}));
    const user = userEvent.setup();
    renderCheckIn();
    const second = await screen.findByRole('group', { name: 'Guest 2' });
    expect(within(second).queryByLabelText(/Visa number/)).toBeNull();
    await user.selectOptions(within(second).getByLabelText(/Nationality/), 'FR');
    expect(within(second).getByRole('heading', { name: 'Form C: for the FRRO' })).toBeTruthy();
    expect(within(second).getByLabelText(/Visa number/)).toBeTruthy();
    // Nepal's nationals need no visa: none is asked.
    await user.selectOptions(within(second).getByLabelText(/Nationality/), 'NP');
    expect(within(second).queryByLabelText(/Visa number/)).toBeNull();

    const first = screen.getByRole('group', { name: 'Guest 1' });
    await user.type(within(first).getByLabelText(/Full name/), 'Ananya Deshpande');
    await user.selectOptions(within(first).getByLabelText(/ID type/), 'aadhaar');
    await user.type(within(first).getByLabelText(/ID number/), '123456789012');
    await user.click(screen.getByRole('button', { name: 'Send check-in' }));
    await within(first).findByText('Enter only the last four digits of your Aadhaar, not the whole number');
    expect((within(first).getByLabelText(/Full name/) as HTMLInputElement).value).toBe('Ananya Deshpande');
    expect(
      within(first)
        .getByLabelText(/ID number/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("shows the server's refusal on the field it names", async () => {
    const calls = stubApi(() =>
      json(400, {
        error: {
          message: 'Your passport must be valid until your check-out',
          field: 'guests.0.passport_expires_on',
        },
      }),
    );
    const user = userEvent.setup();
    renderCheckIn();
    for (const name of ['Guest 1', 'Guest 2']) {
      const group = await screen.findByRole('group', { name });
      await user.type(within(group).getByLabelText(/Full name/), `${name} Rao`);
      await user.type(within(group).getByLabelText(/Permanent address/), '12 MG Road, Pune');
      await user.selectOptions(within(group).getByLabelText(/ID type/), 'pan');
      await user.type(within(group).getByLabelText(/ID number/), 'ABCDE1234F');
      await user.type(within(group).getByLabelText(/Expected arrival time/), '14:30');
    }
    await user.click(screen.getByRole('button', { name: 'Send check-in' }));
    await waitUntil(() => calls.some((call) => call.method === 'POST'));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toBe('/api/requests/tok/check-in');
    expect((post.body as { guests: { id_number: string }[] }).guests.map((guest) => guest.id_number)).toEqual(
      ['ABCDE1234F', 'ABCDE1234F'],
    );
    expect(
      (await screen.findAllByText('Your passport must be valid until your check-out')).length,
    ).toBeGreaterThan(0);
  });
});
