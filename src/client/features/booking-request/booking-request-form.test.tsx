import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { landingHi } from '@/content/hi/landing';
import { siteTextHi } from '@/content/hi/site-text';
import { landingEn } from '@/content/landing';
import { siteTextEn } from '@/content/site-text';
import type { Availability, BookingRequestResult, QuoteResult } from '@/domain/availability';
import { addDaysToDate, villaToday } from '@/domain/dates';
import type { Wire } from '@/domain/wire-amount';
import { DEFAULT_PRICING_RULES } from '@/domain/pricing';
import { SitePageProvider } from '@/client/features/site';
import { BookingRequestForm } from './booking-request-form';

const today = villaToday();
const checkIn = addDaysToDate(today, 20);
const checkOut = addDaysToDate(today, 22);

const availability: Wire<Availability> = {
  property: { id: 'p1', name: 'Shanti Villa', max_guests: 8, base_price: 25000, currency: 'INR' },
  from: today,
  to: addDaysToDate(today, 365),
  today,
  unavailable: [],
  prices: [],
  limits: { max_nights: 30, max_days_ahead: 365 },
  hold_hours: 48,
  rules: DEFAULT_PRICING_RULES,
};

const quote: QuoteResult = {
  check_in: checkIn,
  check_out: checkOut,
  nights: [
    { date: checkIn, price: 125000, label: 'Base price' },
    { date: addDaysToDate(checkIn, 1), price: 125000, label: 'Base price' },
  ],
  nights_count: 2,
  guests: 4,
  lines: [
    {
      label: '1 night × 1,25,000 (Friday price), before tax',
      amount: 125000,
      charge: {
        kind: 'nights',
        nights: 1,
        price: 125000,
        reason: { kind: 'weekday', weekday: 'Friday' },
        before_tax: true,
      },
    },
    {
      label: '1 night × 1,25,000 (Base price), before tax',
      amount: 125000,
      charge: { kind: 'nights', nights: 1, price: 125000, reason: { kind: 'base' }, before_tax: true },
    },
  ],
  subtotal: 250000,
  taxes: [],
  total: 250000,
  currency: 'INR',
  prices_include_tax: false,
  available: true,
  unavailable_nights: [],
};

const result: BookingRequestResult = {
  reference: 'SV-1A2B3C4D',
  request_path: '/request/abc',
  booking: {
    check_in: checkIn,
    check_out: checkOut,
    guests_count: 4,
    total_amount: 250000,
    currency: 'INR',
    status: 'pending',
  },
  hold_hours: 48,
  confirm_by: null,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The site's answers: availability, the quote, and the request taken. */
function stubApi() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return json(201, result);
      }
      if (String(url).includes('/api/quote')) return json(200, quote);
      return json(200, availability);
    }),
  );
  return sent;
}

function renderForm(language: 'en' | 'hi') {
  return render(
    language === 'hi' ? (
      <SitePageProvider texts={siteTextHi} landing={landingHi}>
        <BookingRequestForm />
      </SitePageProvider>
    ) : (
      <SitePageProvider texts={siteTextEn} landing={landingEn}>
        <BookingRequestForm />
      </SitePageProvider>
    ),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the booking form in Hindi', () => {
  it('labels its fields, its calendar and its button in Hindi, with the promise filled in Hindi', async () => {
    stubApi();
    renderForm('hi');
    expect(screen.getByRole('heading', { name: 'अपने ठहरने का अनुरोध भेजें' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^पूरा नाम/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^ई-मेल/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^फ़ोन/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^चेक-इन/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'बुकिंग का अनुरोध भेजें' })).toBeInTheDocument();
    expect(await screen.findByText(/अनुरोध के 48 घंटे के भीतर हम ई-मेल से जवाब देते हैं/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^मेहमान/)).toBeInTheDocument();
    expect(screen.getByText('(अधिकतम 8 मेहमान)')).toBeInTheDocument();
    // The calendar's month and its days are named in Hindi, digits 0-9.
    const month = new Intl.DateTimeFormat('hi-IN', { month: 'long', year: 'numeric' }).format(
      new Date(`${today}T00:00:00`),
    );
    expect(screen.getByRole('grid', { name: month })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'अगला महीना' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^आज, .*\d{4}$/ })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/Request your stay|Full name|Optional|Struck-through/);
  });

  it('says what is wrong with a field in Hindi', async () => {
    stubApi();
    const user = userEvent.setup();
    renderForm('hi');
    await user.type(screen.getByLabelText(/^ई-मेल/), 'not-an-address');
    await user.tab();
    expect(await screen.findByText('कृपया सही ई-मेल पता लिखिए')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^मेहमान/));
    await user.click(screen.getByRole('button', { name: 'बुकिंग का अनुरोध भेजें' }));
    expect(await screen.findByText('कृपया अपना नाम बताइए')).toBeInTheDocument();
    expect(screen.getByText('कृपया बताइए कि कितने मेहमान आ रहे हैं')).toBeInTheDocument();
    expect(screen.getAllByText('कैलेंडर में तारीख़ चुनिए')).toHaveLength(2);
    expect(document.body.textContent).not.toMatch(/is required|valid email/);
  });

  it('sends a request marked as Hindi and confirms it in Hindi: the stay, the total in lakhs and what happens next', async () => {
    const sent = stubApi();
    const user = userEvent.setup();
    renderForm('hi');
    await user.type(screen.getByLabelText(/^चेक-इन/), checkIn);
    await user.type(screen.getByLabelText(/^चेक-आउट/), checkOut);
    await user.clear(screen.getByLabelText(/^मेहमान/));
    await user.type(screen.getByLabelText(/^मेहमान/), '4');
    await user.type(screen.getByLabelText(/^पूरा नाम/), 'अनन्या शर्मा');
    await user.type(screen.getByLabelText(/^ई-मेल/), 'ananya@example.com');
    expect(await screen.findByText('2 रातों का कुल')).toBeInTheDocument();
    expect(screen.getByText('1 रात × 1,25,000 (शुक्रवार की कीमत), कर से पहले')).toBeInTheDocument();
    expect(screen.getByText('1 रात × 1,25,000 (मूल कीमत), कर से पहले')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'बुकिंग का अनुरोध भेजें' }));
    const status = await screen.findByRole('status');
    expect(sent).toHaveLength(1);
    // The request says its page's language: the guest's request page and e-mails follow it.
    expect(sent[0]).toMatchObject({ language: 'hi', guest_email: 'ananya@example.com' });
    expect(within(status).getByRole('heading', { name: 'धन्यवाद — आपका अनुरोध हमें मिल गया है' })).toHaveFocus();
    expect(within(status).getByText('SV-1A2B3C4D')).toBeInTheDocument();
    expect(within(status).getByText('₹2,50,000')).toBeInTheDocument();
    const dates = new Intl.DateTimeFormat('hi-IN', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
    expect(
      within(status).getByText(
        `${dates.format(new Date(`${checkIn}T00:00:00`))} → ${dates.format(new Date(`${checkOut}T00:00:00`))}`,
      ),
    ).toBeInTheDocument();
    expect(within(status).getByText(/अनुरोध के 48 घंटे के भीतर हम ई-मेल से जवाब देते हैं/)).toBeInTheDocument();
    expect(within(status).getByText(/उससे पहले कोई भुगतान नहीं लिया जाता/)).toBeInTheDocument();
    expect(within(status).getByRole('link', { name: 'अपने अनुरोध का पेज खोलिए' })).toHaveAttribute(
      'href',
      '/request/abc',
    );
    await user.click(within(status).getByRole('button', { name: 'एक और अनुरोध भेजें' }));
    expect(screen.getByRole('heading', { name: 'अपने ठहरने का अनुरोध भेजें' })).toHaveFocus();
  });
});

describe('the booking form in English', () => {
  it("keeps the domain schema's own messages and react-day-picker's own names", async () => {
    stubApi();
    const user = userEvent.setup();
    renderForm('en');
    expect(
      await screen.findByText(/We answer by e-mail within 48 hours of your request/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to the Next Month' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Request Booking' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Guests/));
    await user.type(screen.getByLabelText(/^Guests/), '0');
    expect(await screen.findByText('Guests must be at least 1')).toBeInTheDocument();
  });
});
