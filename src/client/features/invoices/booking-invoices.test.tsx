import type { Wire } from '@/domain/wire-amount';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/client/components/ui/sonner';
import type { Booking } from '@/domain/booking';
import { BUSINESS_PROFILE_DEFAULTS, type BusinessProfile } from '@/domain/business-profile';
import { buildInvoiceDocument, type InvoiceSummary } from '@/domain/invoice';
import type { Property } from '@/domain/property';
import { waitUntil } from '@/test/wait-until';
import { BookingInvoices } from './booking-invoices';

const BOOKING_ID = '00000000-0000-4000-8000-000000000001';
const PROPERTY_ID = '00000000-0000-4000-8000-000000000100';
const INVOICE_ID = '00000000-0000-4000-8000-000000000301';

const BOOKING = {
  id: BOOKING_ID,
  property_id: PROPERTY_ID,
  guest_name: 'Ananya Deshpande',
  guest_email: 'ananya@example.com',
  guest_phone: null,
  check_in: '2026-12-26',
  check_out: '2026-12-28',
  guests_count: 2,
  total_amount: 10_000,
  currency: 'INR',
  status: 'confirmed',
  booking_source: 'direct',
  payment_status: 'paid',
  special_requests: null,
  external_booking_id: null,
  created_at: '2026-11-10T10:00:00.000Z',
  amount_known: true,
  channel_connection_id: null,
  request_network: null,
  is_sample: false,
  lapses_at: null,
  guest_confirmed: null,
  operator_note: null,
  guest_language: 'en',
} satisfies Booking;

const PROPERTY: Wire<Property> = {
  id: PROPERTY_ID,
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
  base_price: 5000,
  currency: 'INR',
  amenities: [],
  airbnb_listing_id: null,
  booking_com_id: null,
  state_code: '27',
  owner_id: '00000000-0000-4000-8000-000000000200',
  is_active: true,
  created_at: '2026-11-01T10:00:00.000Z',
};

const PROFILE: BusinessProfile = {
  saved: true,
  registered: true,
  legal_name: 'Shanti Villa Retreat LLP',
  trade_name: null,
  address: 'Fort Road, Alibag, Maharashtra 402201',
  state_code: '27',
  pan: 'AAPFU0939F',
  gstins: [{ state_code: '27', gstin: '27AAPFU0939F1ZV' }],
  invoice_prefix: 'SV',
  signatory_name: 'Asha Kulkarni',
};

const TAX_INVOICE: Wire<InvoiceSummary> = {
  id: INVOICE_ID,
  booking_id: BOOKING_ID,
  property_id: PROPERTY_ID,
  kind: 'tax_invoice',
  title: 'Tax Invoice',
  number: 'SV/2627/0001',
  issued_on: '2026-11-22',
  currency: 'INR',
  taxable_value: 9523.8,
  cgst: 238.1,
  sgst: 238.1,
  igst: 0,
  total: 10_000,
  recipient_name: 'Ananya Deshpande',
  recipient_gstin: null,
  place_of_supply: '27',
  corrects: null,
  left_to_credit: 7000,
  created_at: '2026-11-22T06:00:00.000Z',
};

const CREDIT_NOTE: Wire<InvoiceSummary> = {
  ...TAX_INVOICE,
  id: '00000000-0000-4000-8000-000000000302',
  kind: 'credit_note',
  title: 'Credit Note',
  number: 'SV/2627C/0001',
  issued_on: '2026-11-23',
  total: 3000,
  corrects: { id: INVOICE_ID, number: 'SV/2627/0001', reason: 'Late check-in' },
  left_to_credit: null,
  created_at: '2026-11-23T06:00:00.000Z',
};

/** What the API answers to an issue: the summary and the document as issued. */
function issued(summary: Wire<InvoiceSummary>) {
  const document = buildInvoiceDocument({
    kind: 'tax_invoice',
    number: summary.number,
    issuedOn: summary.issued_on,
    currency: 'INR',
    totalMinor: summary.total * 100,
    bands: [{ rateBp: 500, taxable: 952_381, tax: 47_619, nights: 2 }],
    profile: PROFILE,
    recipient: { name: null, address: null, state_code: null, gstin: null },
    booking: { ...BOOKING },
    property: PROPERTY,
    nights: 2,
  });
  return { ...summary, document };
}

type Call = { method: string; url: string; body: unknown };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A stand-in for the API: the booking's documents, the profile, the properties; POSTs as the test says. */
function stubApi({
  invoices = [] as Wire<InvoiceSummary>[],
  profile = PROFILE,
  answerPost = (_call: Call) => json(500, {}),
}) {
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
      if (call.method !== 'GET') return answerPost(call);
      if (url.startsWith('/api/invoices')) return json(200, invoices);
      if (url === '/api/business-profile') return json(200, profile);
      if (url === '/api/properties') return json(200, [PROPERTY]);
      return json(404, { error: { message: 'Not found' } });
    }),
  );
  return calls;
}

function renderInvoices(booking: Booking = BOOKING) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <BookingInvoices booking={booking} />
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

/** Puts text into a field at once: typed a key at a time, long texts are slow on a busy machine. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe("a booking's invoices", () => {
  it('lists each document with its PDF, what is left to credit, and the invoice a credit note corrects', async () => {
    stubApi({ invoices: [CREDIT_NOTE, TAX_INVOICE] });
    renderInvoices();
    const items = await screen.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Credit NoteSV/2627C/000123 Nov 2026');
    expect(items[0]).toHaveTextContent('−₹3,000');
    expect(items[0]).toHaveTextContent('Corrects SV/2627/0001: Late check-in');
    expect(items[1]).toHaveTextContent('₹7,000 left to credit');
    const pdf = within(items[1]!).getByRole('link', { name: /Download PDF of Tax Invoice SV\/2627\/0001/ });
    expect(pdf).toHaveAttribute('href', `/api/invoices/${INVOICE_ID}/pdf`);
    expect(pdf).toHaveAttribute('target', '_blank');
    expect(within(items[0]!).queryByRole('button', { name: /credit note/ })).not.toBeInTheDocument();
    // The booking has an invoice standing: a second is not offered.
    expect(screen.queryByRole('button', { name: 'Issue invoice' })).not.toBeInTheDocument();
  });

  it('says when there are none yet, and why a sample booking cannot have one', async () => {
    stubApi({});
    renderInvoices({ ...BOOKING, is_sample: true });
    expect(await screen.findByText(/No invoices yet\. Sample bookings are not invoiced/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Issue invoice' })).not.toBeInTheDocument();
  });

  it('issues a tax invoice for a business guest, saying first what will be issued', async () => {
    const calls = stubApi({ answerPost: () => json(201, issued(TAX_INVOICE)) });
    const user = userEvent.setup();
    renderInvoices();
    await user.click(await screen.findByRole('button', { name: 'Issue invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue invoice · Ananya Deshpande' });
    expect(
      await within(dialog).findByText(/A tax invoice will be issued from GSTIN 27AAPFU0939F1ZV/),
    ).toBeVisible();
    const name = within(dialog).getByLabelText(/^Recipient name/);
    expect(name).toHaveValue('Ananya Deshpande');
    // A direct stay is invoiced for its total: no amount is asked.
    expect(within(dialog).queryByLabelText(/^Amount/)).not.toBeInTheDocument();
    await user.clear(name);
    await fill(user, name, 'Acme Travel Pvt Ltd');
    await fill(user, within(dialog).getByLabelText(/^Address/), 'Andheri East, Mumbai');
    await fill(user, within(dialog).getByLabelText(/^Company GSTIN/), '27aapfu0939f1zv');
    await user.click(within(dialog).getByRole('button', { name: 'Issue invoice' }));

    await waitUntil(() => calls.some((call) => call.method === 'POST'));
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      url: `/api/bookings/${BOOKING_ID}/invoices`,
      body: {
        recipient: {
          name: 'Acme Travel Pvt Ltd',
          address: 'Andheri East, Mumbai',
          state_code: null,
          gstin: '27AAPFU0939F1ZV',
        },
        amount: null,
      },
    });
    expect(await screen.findByText('Tax Invoice SV/2627/0001 issued')).toBeInTheDocument();
    await waitUntil(() => screen.queryByRole('dialog') === null);
  });

  it("catches a GSTIN's typo and a company without its address before calling the server", async () => {
    const calls = stubApi({});
    const user = userEvent.setup();
    renderInvoices();
    await user.click(await screen.findByRole('button', { name: 'Issue invoice' }));
    const dialog = await screen.findByRole('dialog');
    const gstin = await within(dialog).findByLabelText(/^Company GSTIN/);
    await fill(user, gstin, '27AAPFU0939F1ZW');
    await user.click(within(dialog).getByRole('button', { name: 'Issue invoice' }));
    const message = await within(dialog).findByText(/Recipient GSTIN: .*check character/i);
    expect(gstin).toHaveAttribute('aria-describedby', message.id);
    expect(gstin).toHaveValue('27AAPFU0939F1ZW');

    await user.clear(gstin);
    await fill(user, gstin, '27AAPFU0939F1ZV');
    await user.click(within(dialog).getByRole('button', { name: 'Issue invoice' }));
    const address = within(dialog).getByLabelText(/^Address/);
    const needed = await within(dialog).findByText('A recipient with a GSTIN needs its registered address');
    expect(address).toHaveAttribute('aria-describedby', needed.id);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("shows the server's refusal in the dialog and keeps what was typed", async () => {
    const refusal =
      'This booking has tax invoice SV/2627/0001 already: to change it, issue a credit note against it first';
    stubApi({ answerPost: () => json(409, { error: { message: refusal } }) });
    const user = userEvent.setup();
    renderInvoices();
    await user.click(await screen.findByRole('button', { name: 'Issue invoice' }));
    const dialog = await screen.findByRole('dialog');
    await fill(user, await within(dialog).findByLabelText(/^Address/), 'Baner Road, Pune');
    await user.selectOptions(within(dialog).getByLabelText(/^State/), '27');
    await user.click(within(dialog).getByRole('button', { name: 'Issue invoice' }));
    expect(await within(dialog).findByText(refusal)).toHaveAttribute('role', 'alert');
    expect(within(dialog).getByLabelText(/^Address/)).toHaveValue('Baner Road, Pune');
    expect(within(dialog).getByLabelText(/^State/)).toHaveValue('27');
    expect(within(dialog).getByLabelText(/^Recipient name/)).toHaveValue('Ananya Deshpande');
  });

  it("asks a channel stay for what the channel paid, and shows the server's word at that field", async () => {
    const refusal =
      'Give the amount the channel paid you for this stay (tax included): it is what the invoice states';
    const calls = stubApi({
      answerPost: () => json(400, { error: { message: refusal, field: 'amount' } }),
    });
    const user = userEvent.setup();
    renderInvoices({ ...BOOKING, booking_source: 'airbnb', payment_status: 'channel' });
    await user.click(await screen.findByRole('button', { name: 'Issue invoice' }));
    const dialog = await screen.findByRole('dialog');
    const amount = await within(dialog).findByLabelText(/^Amount received from Airbnb/);
    await user.click(within(dialog).getByRole('button', { name: 'Issue invoice' }));
    const message = await within(dialog).findByText(refusal);
    expect(amount).toHaveAttribute('aria-describedby', message.id);
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ amount: null });
  });

  it('sends the operator to the business profile before a first invoice, offering nothing to submit', async () => {
    stubApi({ profile: BUSINESS_PROFILE_DEFAULTS });
    const user = userEvent.setup();
    renderInvoices();
    await user.click(await screen.findByRole('button', { name: 'Issue invoice' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/Fill in your business profile first/)).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'Open Account, Business' })).toHaveAttribute(
      'href',
      '/villa-management?view=account#business-profile-title',
    );
    expect(within(dialog).queryByRole('button', { name: 'Issue invoice' })).not.toBeInTheDocument();
  });
});

describe('a credit note', () => {
  it('starts from all that is left, needs a reason, and keeps what was typed when the server refuses', async () => {
    const refusal = 'SV/2627/0001 has ₹7,000 left to credit: the credit note can be at most that';
    const calls = stubApi({
      invoices: [TAX_INVOICE],
      answerPost: () => json(409, { error: { message: refusal } }),
    });
    const user = userEvent.setup();
    renderInvoices();
    await user.click(await screen.findByRole('button', { name: 'Issue credit note against SV/2627/0001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit note against SV/2627/0001' });
    const amount = within(dialog).getByLabelText(/^Amount \(INR\)/);
    expect(amount).toHaveValue(7000);
    await user.click(within(dialog).getByRole('button', { name: 'Issue credit note' }));
    expect(await within(dialog).findByText(/^Reason is required/)).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.clear(amount);
    await fill(user, amount, '2500');
    await fill(user, within(dialog).getByLabelText(/^Reason/), 'Refund of the deposit');
    await user.click(within(dialog).getByRole('button', { name: 'Issue credit note' }));
    expect(await within(dialog).findByText(refusal)).toHaveAttribute('role', 'alert');
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      url: `/api/invoices/${INVOICE_ID}/credit-notes`,
      body: { amount: 2500, reason: 'Refund of the deposit' },
    });
    expect(amount).toHaveValue(2500);
    expect(within(dialog).getByLabelText(/^Reason/)).toHaveValue('Refund of the deposit');
  });

  it('is issued with a toast, and the dialog closes', async () => {
    const note = { ...CREDIT_NOTE, total: 7000 };
    stubApi({
      invoices: [TAX_INVOICE],
      answerPost: () =>
        json(201, { ...issued(note), document: { ...issued(note).document, kind: 'credit_note' } }),
    });
    const user = userEvent.setup();
    renderInvoices();
    await user.click(await screen.findByRole('button', { name: 'Issue credit note against SV/2627/0001' }));
    const dialog = await screen.findByRole('dialog');
    await fill(user, within(dialog).getByLabelText(/^Reason/), 'Stay cancelled');
    await user.click(within(dialog).getByRole('button', { name: 'Issue credit note' }));
    expect(await screen.findByText('Credit Note SV/2627C/0001 issued')).toBeInTheDocument();
    expect(screen.getByText('₹7,000 against SV/2627/0001 · Ananya Deshpande')).toBeInTheDocument();
    await waitUntil(() => screen.queryByRole('dialog') === null);
  });
});
