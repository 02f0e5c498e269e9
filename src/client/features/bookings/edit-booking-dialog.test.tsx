import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/client/components/ui/sonner';
import type { Booking } from '@/domain/booking';
import { waitUntil } from '@/test/wait-until';
import { BookingActions } from './booking-actions';
import { BookingCard } from './booking-card';

const BOOKING: Booking = {
  id: '00000000-0000-4000-8000-000000000001',
  property_id: '00000000-0000-4000-8000-000000000100',
  guest_name: 'Meera Joshi',
  guest_email: 'meera@example.com',
  guest_phone: null,
  check_in: '2027-01-10',
  check_out: '2027-01-14',
  guests_count: 2,
  total_amount: 24000,
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

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers each PATCH with `answer(body)`; returns the bodies sent. */
function stubPatch(answer: (body: Record<string, unknown>) => Response) {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method !== 'PATCH') return json([]);
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      sent.push(body);
      return answer(body);
    }),
  );
  return sent;
}

function renderActions(booking: Booking) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BookingActions booking={booking} />
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('editing a booking', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends only what changed, and says a refused move in the dialog with what was typed kept', async () => {
    const user = userEvent.setup();
    const sent = stubPatch(() =>
      json(
        {
          error: {
            message: "Those nights are taken by Priya Shah's stay, Fri, 1 Jan 2027 – Sat, 9 Jan 2027",
            field: 'check_in',
          },
        },
        409,
      ),
    );
    renderActions(BOOKING);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/Check-in/)).toHaveValue('2027-01-10');
    const checkIn = within(dialog).getByLabelText(/Check-in/);
    await user.clear(checkIn);
    await user.type(checkIn, '2027-01-08');
    await user.type(within(dialog).getByLabelText(/Private note/), 'Early arrival');
    // A move is priced: here the total stays, with the operator's reason.
    await user.click(within(dialog).getByRole('radio', { name: /Keep the current total/ }));
    await user.type(within(dialog).getByLabelText(/Why the total stays/), 'Same price agreed');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitUntil(() => sent.length === 1);
    // Both dates, as the operator saw them, when one changes: a tab opened before someone else moved the
    // stay must not save its new check-in with the other tab's check-out, nights nobody chose.
    expect(sent[0]).toEqual({
      check_in: '2027-01-08',
      check_out: '2027-01-14',
      operator_note: 'Early arrival',
      pricing: { keep: 'old', reason: 'Same price agreed' },
    });
    expect(await within(dialog).findAllByText(/taken by Priya Shah's stay/)).not.toHaveLength(0);
    expect(within(dialog).getByLabelText(/Check-in/)).toHaveValue('2027-01-08');
    expect(within(dialog).getByLabelText(/Private note/)).toHaveValue('Early arrival');
  });

  it("leaves a channel stay's unknown guests unknown unless a count is typed", async () => {
    const user = userEvent.setup();
    const stay: Booking = {
      ...BOOKING,
      booking_source: 'airbnb',
      guests_count: null,
      amount_known: false,
      total_amount: 0,
      payment_status: 'channel',
      channel_connection_id: '00000000-0000-4000-8000-0000000000a1',
    };
    const sent = stubPatch((body) => json({ ...stay, ...body, invoice_disagrees: [] }));
    renderActions(stay);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const guests = within(dialog).getByLabelText(/Guests/);
    expect(guests).toHaveValue(null);
    expect(within(dialog).getByText("(not given by the channel's calendar)")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Private note/), 'Asked on Airbnb');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitUntil(() => sent.length === 1);
    expect(sent[0]).toEqual({ operator_note: 'Asked on Airbnb' });
  });

  it("offers the guest's language named in itself, and sends it alone when only it changes", async () => {
    const user = userEvent.setup();
    const sent = stubPatch((body) => json({ ...BOOKING, ...body, invoice_disagrees: [] }));
    renderActions(BOOKING);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const language = within(dialog).getByLabelText(/Guest's language/);
    expect(language).toHaveValue('en');
    expect(
      within(language)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'हिन्दी', 'मराठी']);
    await user.selectOptions(language, 'मराठी');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitUntil(() => sent.length === 1);
    expect(sent[0]).toEqual({ guest_language: 'mr' });
  });

  it('says an issued invoice stays as it was and a change to it needs a credit note and a new one', async () => {
    const user = userEvent.setup();
    const invoice = {
      id: '00000000-0000-4000-8000-000000000200',
      booking_id: BOOKING.id,
      property_id: BOOKING.property_id,
      kind: 'tax_invoice',
      title: 'Tax invoice',
      number: 'SV/2627/0007',
      issued_on: '2027-01-02',
      currency: 'INR',
      taxable_value: 22857.14,
      cgst: 571.43,
      sgst: 571.43,
      igst: 0,
      total: 24000,
      recipient_name: 'Meera Joshi',
      recipient_gstin: null,
      place_of_supply: '27',
      corrects: null,
      left_to_credit: 24000,
      created_at: '2027-01-02T10:00:00.000Z',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => json(String(url).includes('/invoices') ? [invoice] : [])),
    );
    renderActions(BOOKING);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(/Tax invoice SV\/2627\/0007 was issued for this stay as it was/),
    ).toHaveTextContent('issue a credit note and a new invoice under Payments');
  });

  it('says after saving which invoice the new total or name disagrees with, and opens its credit note', async () => {
    const user = userEvent.setup();
    const invoice = {
      id: '00000000-0000-4000-8000-000000000201',
      booking_id: BOOKING.id,
      property_id: BOOKING.property_id,
      kind: 'tax_invoice',
      title: 'Tax Invoice',
      number: 'SV/2627/0008',
      issued_on: '2027-01-02',
      currency: 'INR',
      taxable_value: 22857.14,
      cgst: 571.43,
      sgst: 571.43,
      igst: 0,
      total: 24000,
      recipient_name: 'Meera Joshi',
      recipient_gstin: null,
      place_of_supply: '27',
      corrects: null,
      left_to_credit: 24000,
      created_at: '2027-01-02T10:00:00.000Z',
    };
    const sent: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'PATCH') {
          const body = JSON.parse(String(init.body)) as Record<string, unknown>;
          sent.push(body);
          return json({
            ...BOOKING,
            ...body,
            invoice_disagrees: [
              {
                invoice_id: invoice.id,
                number: invoice.number,
                title: invoice.title,
                fields: ['total', 'recipient'],
                invoice_total: 24000,
                invoice_recipient: 'Meera Joshi',
                left_to_credit: 24000,
                message: 'Tax Invoice SV/2627/0008 states a total of ₹24,000 and is made out to Meera Joshi…',
              },
            ],
          });
        }
        return json(String(url).includes('/invoices') ? [invoice] : []);
      }),
    );
    renderActions(BOOKING);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const total = within(dialog).getByLabelText(/Total/);
    await user.clear(total);
    await user.type(total, '26000');
    const name = within(dialog).getByLabelText(/Guest name/);
    await user.clear(name);
    await user.type(name, 'Meera Kulkarni');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitUntil(() => sent.length === 1);
    expect(sent[0]).toEqual({ total_amount: 26000, guest_name: 'Meera Kulkarni' });
    // The dialog stays open to say which invoice disagrees, and how to correct it.
    const notice = await within(dialog).findByText(/no longer agrees with the booking/);
    expect(notice).toHaveTextContent(
      'Saved. Tax Invoice SV/2627/0008 states ₹24,000 and is made out to Meera Joshi: it no longer agrees with the booking.',
    );
    await user.click(
      within(dialog).getByRole('button', { name: 'Issue a credit note against SV/2627/0008' }),
    );
    const creditNote = await screen.findByRole('dialog', { name: 'Credit note against SV/2627/0008' });
    expect(within(creditNote).getByLabelText(/Reason/)).toHaveValue(
      "The stay's total changed; The guest's name changed",
    );
  });

  it("shows a channel stay's dates and total without letting them change, and saves its note", async () => {
    const user = userEvent.setup();
    const channelStay: Booking = { ...BOOKING, booking_source: 'airbnb', payment_status: 'channel' };
    const sent = stubPatch((body) => json({ ...channelStay, ...body, invoice_disagrees: [] }));
    renderActions(channelStay);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('The dates and total come from Airbnb: change them there.');
    expect(within(dialog).getByLabelText(/Check-in/)).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText(/Check-out/)).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText(/Total/)).toHaveAttribute('readonly');
    await user.type(within(dialog).getByLabelText(/Private note/), 'Wants towels');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitUntil(() => sent.length === 1);
    expect(sent[0]).toEqual({ operator_note: 'Wants towels' });
    await waitUntil(() => screen.queryByRole('dialog') === null);
  });

  it('checks the fields with the same rules as the server before sending', async () => {
    const user = userEvent.setup();
    const sent = stubPatch((body) => json({ ...BOOKING, ...body, invoice_disagrees: [] }));
    renderActions(BOOKING);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const checkOut = within(dialog).getByLabelText(/Check-out/);
    await user.clear(checkOut);
    await user.type(checkOut, '2027-01-09');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Check-out must be after check-in')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });
});

describe('a booking card', () => {
  it('shows the private note, labelled, when there is one', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json([])),
    );
    const client = new QueryClient();
    const { rerender } = render(
      <QueryClientProvider client={client}>
        <ul>
          <BookingCard booking={BOOKING} />
        </ul>
      </QueryClientProvider>,
    );
    expect(screen.queryByText('Private note')).not.toBeInTheDocument();
    rerender(
      <QueryClientProvider client={client}>
        <ul>
          <BookingCard booking={{ ...BOOKING, operator_note: 'Key with the neighbour' }} />
        </ul>
      </QueryClientProvider>,
    );
    const note = screen.getByText('Private note').closest('[data-operator-note]');
    expect(note).toHaveTextContent('Key with the neighbour');
    vi.unstubAllGlobals();
  });
});
