import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Availability, QuoteResult } from '@/domain/availability';
import { addDaysToDate, villaToday } from '@/domain/dates';
import type { Wire } from '@/domain/wire-amount';
import { DEFAULT_PRICING_RULES } from '@/domain/pricing';
import { fillText } from '@/content/fill-text';
import { siteTextHi } from '@/content/hi/site-text';
import { siteTextMr } from '@/content/mr/site-text';
import { SitePageProvider } from '@/client/features/site';
import { BookingRequestForm } from '@/client/features/booking-request';
import { priceStay, PricingRulesSchema } from '@/domain/pricing';
import type { Language } from '@/content/languages';
import { site } from '@/content/site';
import { describeQuoteLine } from '@/content/quote-line';
import { bookingFormHi } from '@/content/hi/booking-form';
import { checkInFormHi } from '@/content/hi/check-in-form';
import { guestRequestHi } from '@/content/hi/guest-request';
import { landingHi } from '@/content/hi/landing';
import { messageTextsHi } from '@/content/hi/messages';
import { navigationHi } from '@/content/hi/navigation';
import { partnershipHi } from '@/content/hi/partnership';
import { paymentTextsHi } from '@/content/hi/payments';
import { promiseTextsHi } from '@/content/hi/promises';
import { siteChromeHi } from '@/content/hi/site-chrome';
import { bookingFormMr } from '@/content/mr/booking-form';
import { checkInFormMr } from '@/content/mr/check-in-form';
import { guestRequestMr } from '@/content/mr/guest-request';
import { landingMr } from '@/content/mr/landing';
import { messageTextsMr } from '@/content/mr/messages';
import { navigationMr } from '@/content/mr/navigation';
import { partnershipMr } from '@/content/mr/partnership';
import { paymentTextsMr } from '@/content/mr/payments';
import { promiseTextsMr } from '@/content/mr/promises';
import { siteChromeMr } from '@/content/mr/site-chrome';
import { HomePageHi } from './home-page-hi';
import { HomePageMr } from './home-page-mr';
import { NotFoundPageHi } from './not-found-page-hi';
import { NotFoundPageMr } from './not-found-page-mr';
import { PartnershipPageHi } from './partnership-page-hi';
import { PartnershipPageMr } from './partnership-page-mr';
import { RequestPage } from './request-page';
import { requestPageSamples } from './request-page-samples';
import { findEnglishWords } from '@/test/find-english-words';

/** Each string leaf of a text tree, with its path. */
function listStrings(value: unknown, path = ''): { path: string; text: string }[] {
  if (typeof value === 'string') return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => listStrings(item, `${path}[${index}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => listStrings(item, path ? `${path}.${key}` : key));
  return [];
}

/** Keys whose values are identifiers (images, icons, addresses of the site), never shown as words. */
const IDENTIFIER_KEYS = /(^|\.)(image|icon|href|id|path|url)(\[\d+\])?$/;

/** What a page shows a person: its text (not scripts or styles) and the words of its attributes. */
function listVisibleTexts(html: string): { where: string; text: string }[] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  doc.querySelectorAll('script, style, template').forEach((node) => node.remove());
  // Hidden from everyone: decorative icons, and the booking form's honeypot field, which only bots fill.
  doc.querySelectorAll('[aria-hidden="true"]').forEach((node) => node.remove());
  // A part marked as another language (the language switch's "English") is in that language on purpose.
  doc.querySelectorAll('[lang]:not([lang="hi"]):not([lang="mr"])').forEach((node) => node.remove());
  const texts: { where: string; text: string }[] = [];
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.textContent?.trim()) texts.push({ where: node.parentElement!.tagName, text: node.textContent });
  }
  for (const element of doc.body.querySelectorAll('*')) {
    for (const attribute of ['aria-label', 'alt', 'title', 'placeholder', 'aria-description']) {
      const value = element.getAttribute(attribute);
      if (value) texts.push({ where: `${element.tagName}[${attribute}]`, text: value });
    }
  }
  return texts;
}

const englishIn = (texts: { where?: string; path?: string; text: string }[]) =>
  texts
    .map((item) => ({ ...item, english: findEnglishWords(item.text) }))
    .filter((item) => item.english.length > 0);

const TEXT_MODULES = {
  hi: {
    landing: landingHi,
    partnership: partnershipHi,
    navigation: navigationHi,
    bookingForm: bookingFormHi,
    promises: promiseTextsHi,
    guestRequest: guestRequestHi,
    checkInForm: checkInFormHi,
    chrome: siteChromeHi,
    messages: messageTextsHi,
    payments: paymentTextsHi,
  },
  mr: {
    landing: landingMr,
    partnership: partnershipMr,
    navigation: navigationMr,
    bookingForm: bookingFormMr,
    promises: promiseTextsMr,
    guestRequest: guestRequestMr,
    checkInForm: checkInFormMr,
    chrome: siteChromeMr,
    messages: messageTextsMr,
    payments: paymentTextsMr,
  },
} as const;

const PAGES = {
  hi: { home: HomePageHi, partnership: PartnershipPageHi, notFound: NotFoundPageHi },
  mr: { home: HomePageMr, partnership: PartnershipPageMr, notFound: NotFoundPageMr },
} as const;

describe.each(['hi', 'mr'] as const)('every text a guest sees in %s', (language: 'hi' | 'mr') => {
  it('in the text modules has no English word', () => {
    const leaves = listStrings(TEXT_MODULES[language]).filter((leaf) => !IDENTIFIER_KEYS.test(leaf.path));
    expect(leaves.length).toBeGreaterThan(300);
    expect(englishIn(leaves)).toEqual([]);
  });

  it.each(['home', 'partnership', 'notFound'] as const)(
    'on the prerendered %s page, text and attributes alike, has no English word',
    (page) => {
      const Page = PAGES[language][page];
      const texts = listVisibleTexts(renderToString(<Page />));
      expect(texts.length).toBeGreaterThan(5);
      expect(englishIn(texts)).toEqual([]);
    },
  );

  it("on the guest's request page, in each of its looks, has no English word", () => {
    for (const sample of requestPageSamples) {
      const data = { ...sample, request: { ...sample.request, language: language as Language } };
      const texts = listVisibleTexts(renderToString(<RequestPage data={data} language={language} />));
      expect(englishIn(texts), sample.request.status).toEqual([]);
    }
  });

  it("in a quote's price lines (nights, a weekday's price, extra guests, the cleaning fee) has no English word", () => {
    const rules = PricingRulesSchema.parse({
      weekday_prices: [null, null, null, null, 15_000, 15_000, null],
      guests_included: 2,
      extra_guest_fee: 1_500,
      cleaning_fee: 2_000,
      prices_include_tax: true,
      taxes: [{ name: 'GST', bands: [{ up_to: null, rate: 18 }] }],
      fees: [{ name: 'Service fee', amount: 500, per: 'night' }],
    });
    const quote = priceStay({
      checkIn: '2026-12-09',
      checkOut: '2026-12-13',
      guests: 4,
      basePrice: 12_000,
      currency: 'INR',
      rules,
    });
    expect(quote.lines.map((line) => line.label).join(' ')).toContain('Cleaning fee');
    const text = language === 'hi' ? bookingFormHi : bookingFormMr;
    // The operator's own fee keeps the name they gave it (decision 0107); everything around it is translated.
    const localized = quote.lines.map((line) => ({
      path: line.label,
      text: describeQuoteLine(line, quote.currency, text, language).replace('Service fee', ''),
    }));
    expect(englishIn(localized)).toEqual([]);
  });
});

const today = villaToday();
const stay = { checkIn: addDaysToDate(today, 20), checkOut: addDaysToDate(today, 23) };
const availability: Wire<Availability> = {
  property: { id: 'p1', name: 'Shanti Villa', max_guests: 8, base_price: 12_000, currency: 'INR' },
  from: today,
  to: addDaysToDate(today, 365),
  today,
  unavailable: [],
  prices: [],
  limits: { max_nights: 30, max_days_ahead: 365 },
  hold_hours: 48,
  rules: DEFAULT_PRICING_RULES,
};
/** The server's quote, in its English words, with every kind of line a stay can have. */
const quote: QuoteResult = {
  check_in: stay.checkIn,
  check_out: stay.checkOut,
  nights: [],
  nights_count: 3,
  guests: 4,
  lines: [
    {
      label: '2 nights × 12,000 (Base price), before tax',
      amount: 24_000,
      charge: { kind: 'nights', nights: 2, price: 12_000, reason: { kind: 'base' }, before_tax: true },
    },
    {
      label: '1 night × 15,000 (Friday price), before tax',
      amount: 15_000,
      charge: {
        kind: 'nights',
        nights: 1,
        price: 15_000,
        reason: { kind: 'weekday', weekday: 'Friday' },
        before_tax: true,
      },
    },
    {
      label: '2 extra guests × 3 nights, before tax',
      amount: 9_000,
      charge: { kind: 'extra_guests', guests: 2, nights: 3, before_tax: true },
    },
    { label: 'Cleaning fee, before tax', amount: 2_000, charge: { kind: 'cleaning_fee', before_tax: true } },
  ],
  subtotal: 50_000,
  taxes: [{ name: 'GST', rate: 18, amount: 9_000 }],
  total: 59_000,
  currency: 'INR',
  prices_include_tax: true,
  available: true,
  unavailable_nights: [],
};
const SITE_TEXTS = { hi: [siteTextHi, landingHi], mr: [siteTextMr, landingMr] } as const;

describe.each(['hi', 'mr'] as const)('the booking form in %s', (language) => {
  afterEach(() => vi.unstubAllGlobals());

  it('with a price worked out, text and attributes alike, has no English word', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        Response.json(String(url).includes('/api/quote') ? quote : availability, { status: 200 }),
      ),
    );
    const [texts, landing] = SITE_TEXTS[language];
    render(
      <SitePageProvider texts={texts} landing={landing}>
        <BookingRequestForm />
      </SitePageProvider>,
    );
    const user = userEvent.setup();
    const text = landing.bookingForm;
    await user.type(screen.getByLabelText(new RegExp(`^${text.fields.checkIn}`)), stay.checkIn);
    await user.type(screen.getByLabelText(new RegExp(`^${text.fields.checkOut}`)), stay.checkOut);
    await user.clear(screen.getByLabelText(new RegExp(`^${text.fields.guests}`)));
    await user.type(screen.getByLabelText(new RegExp(`^${text.fields.guests}`)), '4');
    expect(
      await screen.findByText(fillText(text.quote.totalMany, { n: 3 }), {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(`${text.quote.cleaningFee}${text.quote.beforeTax}`)).toBeInTheDocument();
    expect(englishIn(listVisibleTexts(document.body.innerHTML))).toEqual([]);
  });
});

describe('the check for English words', () => {
  it('finds English a Hindi sentence slipped in, and lets names and UPI through', () => {
    expect(findEnglishWords('सफ़ाई शुल्क')).toEqual([]);
    expect(findEnglishWords(`${site.brandName} में UPI से भुगतान`)).toEqual([]);
    expect(findEnglishWords('Cleaning fee')).toEqual(['Cleaning', 'fee']);
    expect(findEnglishWords('Loading…')).toEqual(['Loading']);
    expect(listVisibleTexts('<button aria-label="Close"><span lang="en">English</span></button>')).toEqual([
      { where: 'BUTTON[aria-label]', text: 'Close' },
    ]);
  });
});
