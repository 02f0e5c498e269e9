import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '@/domain/booking';
import type { BookingChangeQuote } from '@/domain/booking-reprice';
import { waitUntil } from '@/test/wait-until';
import { BookingActions } from './booking-actions';

const BOOKING: Booking = {
  id: '00000000-0000-4000-8000-000000000001',
  property_id: '00000000-0000-4000-8000-000000000100',
  guest_name: 'Meera Joshi',
  guest_email: 'meera@example.com',
  guest_phone: null,
  check_in: '2027-01-11',
  check_out: '2027-01-16',
  guests_count: 2,
  total_amount: 99_710,
  currency: 'INR',
  status: 'confirmed',
  booking_source: 'direct',
  payment_status: 'unpaid',
  special_requests: null,
  external_booking_id: null,
  created_at: '2026-11-01T10:00:00.000Z',
  amount_known: true,
  channel_connection_id: null,
  request_network: null,
  is_sample: false,
  lapses_at: null,
  guest_confirmed: null,
  operator_note: null,
  guest_language: 'en',
};

/** A quote of `nights` nights from 2027-01-11 at 16,000, a cleaning fee and GST at 18 %. */
function makeQuote(nights: number, guests = 2): BookingChangeQuote['quote'] {
  const dates = Array.from(
    { length: nights },
    (_, index) => `2027-01-${String(11 + index).padStart(2, '0')}`,
  );
  const subtotal = nights * 16_000 + 2500;
  const tax = Math.round(subtotal * 0.18);
  return {
    check_in: '2027-01-11',
    check_out: `2027-01-${11 + nights}`,
    nights: dates.map((date) => ({ date, price: 16_000, label: 'Base price' })),
    nights_count: nights,
    guests,
    lines: [
      { label: `${nights} nights × 16,000 (Base price)`, amount: nights * 16_000 },
      { label: 'Cleaning fee', amount: 2500 },
    ],
    subtotal,
    taxes: [{ name: 'GST', rate: 18, amount: tax }],
    total: subtotal + tax,
    currency: 'INR',
    prices_include_tax: false,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The server: `quote(url)` answers each change quote (a promise left pending holds it loading), `save(body)`
 * each PATCH. Returns the URLs quoted and the bodies saved.
 */
function stubServer(options: {
  quote: (url: URL) => Response | Promise<Response>;
  save?: (body: Record<string, unknown>) => Response;
}) {
  const quoted: URL[] = [];
  const saved: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(String(input), 'http://villa.test');
      if (init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        saved.push(body);
        return (options.save ?? ((sent) => json({ ...BOOKING, ...sent, invoice_disagrees: [] })))(body);
      }
      if (url.pathname.endsWith('/quote')) {
        quoted.push(url);
        return options.quote(url);
      }
      return json([]);
    }),
  );
  return { quoted, saved };
}

const answerQuote = (url: URL) => {
  const nights =
    (Date.parse(url.searchParams.get('check_out')!) - Date.parse(url.searchParams.get('check_in')!)) /
    86_400_000;
  return json({
    current: {
      check_in: BOOKING.check_in,
      check_out: BOOKING.check_out,
      guests_count: 2,
      total: 99_710,
      quote: makeQuote(5),
    },
    quote: makeQuote(nights, Number(url.searchParams.get('guests_count'))),
    currency: 'INR',
  } satisfies BookingChangeQuote);
};

async function openEdit(booking: Booking = BOOKING) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BookingActions booking={booking} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Edit' }));
  return { user, dialog: await screen.findByRole('dialog') };
}

async function typeDate(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, date: string) {
  await user.clear(field);
  await user.type(field, date);
}

describe("pricing a booking's change", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the new quote beside the price now, in lakhs, and saves the new price chosen', async () => {
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { quoted, saved } = stubServer({ quote: async (url) => (await held, answerQuote(url)) });
    const { user, dialog } = await openEdit();
    await typeDate(user, within(dialog).getByLabelText(/Check-out/), '2027-01-17');
    // While the quote is worked out it says so, and the new price cannot be chosen yet.
    expect(await within(dialog).findByText('Working out the new price…')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /Charge the new price/ })).toBeDisabled();
    release!();
    const fresh = await within(dialog).findByTestId('price-new');
    expect(quoted.at(-1)!.searchParams.get('check_out')).toBe('2027-01-17');
    expect(quoted.at(-1)!.searchParams.get('guests_count')).toBe('2');
    // 6 × 16,000 + 2,500 = 98,500; GST 17,730; 1,16,230 in all.
    expect(fresh).toHaveTextContent('6 nights × 16,000 (Base price)₹96,000');
    expect(fresh).toHaveTextContent('Cleaning fee₹2,500');
    expect(fresh).toHaveTextContent('GST 18%₹17,730');
    expect(fresh).toHaveTextContent('Total₹1,16,230');
    expect(within(dialog).getByTestId('price-now')).toHaveTextContent('Total₹99,710');
    // The total is the choice's now, not a field to type.
    expect(within(dialog).queryByLabelText(/^Total/)).not.toBeInTheDocument();
    const charge = within(dialog).getByRole('radio', { name: /Charge the new price/ });
    expect(charge).toHaveAccessibleName(/₹1,16,230 \(\+₹16,520 on now\)/);
    await user.click(charge);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitUntil(() => saved.length === 1);
    expect(saved[0]).toEqual({
      check_in: '2027-01-11',
      check_out: '2027-01-17',
      pricing: { keep: 'new', quoted_total: 116_230 },
    });
    await waitUntil(() => screen.queryByRole('dialog') === null);
  });

  it('asks for a choice, then a reason to keep the total, before anything is sent', async () => {
    const { saved } = stubServer({ quote: answerQuote });
    const { user, dialog } = await openEdit();
    const guests = within(dialog).getByLabelText(/^Guests/);
    await user.clear(guests);
    await user.type(guests, '3');
    await within(dialog).findByTestId('price-new');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Choose the new price or keep the current total')).toBeVisible();
    await user.click(within(dialog).getByRole('radio', { name: /Keep the current total, ₹99,710/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Say why the total stays as it is')).toBeVisible();
    expect(saved).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Why the total stays/), 'Friend of the family');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitUntil(() => saved.length === 1);
    expect(saved[0]).toEqual({ guests_count: 3, pricing: { keep: 'old', reason: 'Friend of the family' } });
  });

  it('says a quote the rules refuse, and still lets the total be kept', async () => {
    stubServer({
      quote: () =>
        json({ error: { message: 'Minimum stay is 2 nights', code: 'min_nights', field: 'check_out' } }, 400),
    });
    const { user, dialog } = await openEdit();
    await typeDate(user, within(dialog).getByLabelText(/Check-out/), '2027-01-12');
    expect(await within(dialog).findByText('Minimum stay is 2 nights')).toBeVisible();
    // A refusal of the rules is no failure to retry; the price now stays as it is.
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('price-now')).toHaveTextContent('Total₹99,710');
    expect(within(dialog).getByTestId('price-now')).not.toHaveTextContent('No breakdown');
    expect(within(dialog).getByRole('radio', { name: /Charge the new price/ })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: /Keep the current total/ })).toBeEnabled();
  });

  it('offers to try again when the quote failed on the way, and shows it when it comes', async () => {
    let calls = 0;
    stubServer({
      quote: (url) => {
        calls += 1;
        return calls === 1
          ? json({ error: { message: 'Something went wrong on our side.' } }, 500)
          : answerQuote(url);
      },
    });
    const { user, dialog } = await openEdit();
    await typeDate(user, within(dialog).getByLabelText(/Check-out/), '2027-01-17');
    await user.click(await within(dialog).findByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByTestId('price-new')).toHaveTextContent('Total₹1,16,230');
  });

  it('shows the new price when it moved since it was shown, keeping what was typed', async () => {
    const { saved } = stubServer({
      quote: answerQuote,
      save: () =>
        json(
          {
            error: {
              message:
                'The price of this change has moved since it was shown: the new quote is now ₹1,20,000.',
              code: 'quote_changed',
              quote: { ...makeQuote(6), total: 120_000 },
            },
          },
          409,
        ),
    });
    const { user, dialog } = await openEdit();
    await typeDate(user, within(dialog).getByLabelText(/Check-out/), '2027-01-17');
    await user.type(within(dialog).getByLabelText(/Private note/), 'Late arrival');
    await within(dialog).findByTestId('price-new');
    await user.click(within(dialog).getByRole('radio', { name: /Charge the new price/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitUntil(() => saved.length === 1);
    expect(await within(dialog).findByText(/has moved since it was shown/)).toBeVisible();
    expect(within(dialog).getByTestId('price-new')).toHaveTextContent('Total₹1,20,000');
    expect(within(dialog).getByLabelText(/Check-out/)).toHaveValue('2027-01-17');
    expect(within(dialog).getByLabelText(/Private note/)).toHaveValue('Late arrival');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitUntil(() => saved.length === 2);
    expect(saved[1]).toMatchObject({ pricing: { keep: 'new', quoted_total: 120_000 } });
  });

  it("offers no quote for a channel stay's guests: its total stays the channel's", async () => {
    const channelStay: Booking = { ...BOOKING, booking_source: 'booking_com', payment_status: 'channel' };
    const { quoted, saved } = stubServer({ quote: answerQuote });
    const { user, dialog } = await openEdit(channelStay);
    const guests = within(dialog).getByLabelText(/^Guests/);
    await user.clear(guests);
    await user.type(guests, '4');
    expect(within(dialog).queryByText('Price of the change')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitUntil(() => saved.length === 1);
    expect(saved[0]).toEqual({ guests_count: 4 });
    expect(quoted).toHaveLength(0);
  });
});
