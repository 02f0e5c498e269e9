import { describe, expect, it } from 'vitest';
import { priceStay, PricingRulesSchema, type PricingRulesInput } from '../domain/pricing';
import type { QuoteCharge } from '../domain/quote-charge';
import { bookingFormEn } from './booking-form';
import { bookingFormHi } from './hi/booking-form';
import type { Language } from './languages';
import { bookingFormMr } from './mr/booking-form';
import { describeQuoteLine } from './quote-line';

const TEXTS = { en: bookingFormEn, hi: bookingFormHi, mr: bookingFormMr };
const say = (charge: QuoteCharge, language: Language, currency = 'INR') =>
  describeQuoteLine({ label: 'unused', charge }, currency, TEXTS[language], language);

describe('describeQuoteLine', () => {
  it.each<[QuoteCharge, Record<Language, string>]>([
    [
      { kind: 'nights', nights: 3, price: 12_000, reason: { kind: 'base' }, before_tax: false },
      {
        en: '3 nights × 12,000 (Base price)',
        hi: '3 रातें × 12,000 (मूल कीमत)',
        mr: '3 रात्री × 12,000 (मूळ किंमत)',
      },
    ],
    [
      {
        kind: 'nights',
        nights: 1,
        price: 15_000,
        reason: { kind: 'weekday', weekday: 'Sunday' },
        before_tax: false,
      },
      {
        en: '1 night × 15,000 (Sunday price)',
        hi: '1 रात × 15,000 (रविवार की कीमत)',
        mr: '1 रात्र × 15,000 (रविवारची किंमत)',
      },
    ],
    [
      { kind: 'nights', nights: 2, price: 9_999.5, reason: { kind: 'day' }, before_tax: true },
      {
        en: '2 nights × 9,999.5 (Price set for this day), before tax',
        hi: '2 रातें × 9,999.5 (इस दिन की तय कीमत), कर से पहले',
        mr: '2 रात्री × 9,999.5 (या दिवसाची ठरलेली किंमत), कराआधी',
      },
    ],
    [
      {
        kind: 'nights',
        nights: 4,
        price: 1_50_000,
        reason: { kind: 'season', season: 'Diwali' },
        before_tax: false,
      },
      {
        en: '4 nights × 1,50,000 (Diwali)',
        hi: '4 रातें × 1,50,000 (Diwali)',
        mr: '4 रात्री × 1,50,000 (Diwali)',
      },
    ],
    [
      { kind: 'extra_guests', guests: 2, nights: 3, before_tax: false },
      { en: '2 extra guests × 3 nights', hi: '2 अतिरिक्त मेहमान × 3 रातें', mr: '2 अतिरिक्त पाहुणे × 3 रात्री' },
    ],
    [
      { kind: 'extra_guests', guests: 1, nights: 1, before_tax: true },
      {
        en: '1 extra guest × 1 night, before tax',
        hi: '1 अतिरिक्त मेहमान × 1 रात, कर से पहले',
        mr: '1 अतिरिक्त पाहुणा × 1 रात्र, कराआधी',
      },
    ],
    [
      { kind: 'cleaning_fee', before_tax: false },
      { en: 'Cleaning fee', hi: 'सफ़ाई शुल्क', mr: 'स्वच्छता शुल्क' },
    ],
    [
      { kind: 'fee', name: 'Service fee', nights: 3, before_tax: true },
      {
        en: 'Service fee × 3 nights, before tax',
        hi: 'Service fee × 3 रातें, कर से पहले',
        mr: 'Service fee × 3 रात्री, कराआधी',
      },
    ],
    [
      { kind: 'fee', name: 'Pool heating', nights: null, before_tax: false },
      { en: 'Pool heating', hi: 'Pool heating', mr: 'Pool heating' },
    ],
  ])('words %j in each language, the operator’s names as given', (charge, expected) => {
    expect({ en: say(charge, 'en'), hi: say(charge, 'hi'), mr: say(charge, 'mr') }).toEqual(expected);
  });

  it('groups a price by its currency: lakhs for rupees, thousands for the others', () => {
    const charge: QuoteCharge = {
      kind: 'nights',
      nights: 1,
      price: 1_50_000,
      reason: { kind: 'base' },
      before_tax: false,
    };
    expect(say(charge, 'hi', 'AED')).toBe('1 रात × 150,000 (मूल कीमत)');
    expect(say(charge, 'hi', 'INR')).toBe('1 रात × 1,50,000 (मूल कीमत)');
  });

  it('shows a line kept without a charge (an older booking’s quote) by its English label', () => {
    expect(describeQuoteLine({ label: 'Cleaning fee' }, 'INR', bookingFormHi, 'hi')).toBe('Cleaning fee');
  });

  /**
   * Quotes of every kind of line, and each line in each language exactly as the wording read back from the
   * English labels gave them before lines carried their charge (frozen from that code).
   */
  const FROZEN: {
    name: string;
    stay: { checkIn: string; checkOut: string; guests: number; basePrice: number; currency: string };
    rules: PricingRulesInput;
    dayPrices?: [string, number][];
    amounts: number[];
    total: number;
    words: Record<Language, string[]>;
  }[] = [
    {
      name: 'weekday prices, extra guests, cleaning fee, a nightly fee, prices with tax (INR)',
      stay: {
        checkIn: '2026-12-09',
        checkOut: '2026-12-13',
        guests: 4,
        basePrice: 12000,
        currency: 'INR',
      },
      rules: {
        weekday_prices: [null, null, null, null, 15000, 15000, null],
        guests_included: 2,
        extra_guest_fee: 1500,
        cleaning_fee: 2000,
        prices_include_tax: true,
        taxes: [
          {
            name: 'GST',
            bands: [
              {
                up_to: 7500,
                rate: 5,
              },
              {
                up_to: null,
                rate: 18,
              },
            ],
          },
        ],
        fees: [
          {
            name: 'Service fee',
            amount: 500,
            per: 'night',
          },
        ],
      },
      amounts: [20338.98, 12711.86, 12711.86, 10169.48, 1694.92, 1694.92],
      total: 70000,
      words: {
        en: [
          '2 nights × 12,000 (Base price), before tax',
          '1 night × 15,000 (Friday price), before tax',
          '1 night × 15,000 (Saturday price), before tax',
          '2 extra guests × 4 nights, before tax',
          'Service fee × 4 nights, before tax',
          'Cleaning fee, before tax',
        ],
        hi: [
          '2 रातें × 12,000 (मूल कीमत), कर से पहले',
          '1 रात × 15,000 (शुक्रवार की कीमत), कर से पहले',
          '1 रात × 15,000 (शनिवार की कीमत), कर से पहले',
          '2 अतिरिक्त मेहमान × 4 रातें, कर से पहले',
          'Service fee × 4 रातें, कर से पहले',
          'सफ़ाई शुल्क, कर से पहले',
        ],
        mr: [
          '2 रात्री × 12,000 (मूळ किंमत), कराआधी',
          '1 रात्र × 15,000 (शुक्रवारची किंमत), कराआधी',
          '1 रात्र × 15,000 (शनिवारची किंमत), कराआधी',
          '2 अतिरिक्त पाहुणे × 4 रात्री, कराआधी',
          'Service fee × 4 रात्री, कराआधी',
          'स्वच्छता शुल्क, कराआधी',
        ],
      },
    },
    {
      name: 'one night at the base price, one extra guest, a fee per stay (AED, lakh-sized price)',
      stay: {
        checkIn: '2026-12-07',
        checkOut: '2026-12-08',
        guests: 3,
        basePrice: 150000.5,
        currency: 'AED',
      },
      rules: {
        guests_included: 2,
        extra_guest_fee: 250.25,
        fees: [
          {
            name: 'Pool heating',
            amount: 900,
            per: 'stay',
          },
        ],
      },
      amounts: [150000.5, 250.25, 900],
      total: 151150.75,
      words: {
        en: ['1 night × 150,000.5 (Base price)', '1 extra guest × 1 night', 'Pool heating'],
        hi: ['1 रात × 150,000.5 (मूल कीमत)', '1 अतिरिक्त मेहमान × 1 रात', 'Pool heating'],
        mr: ['1 रात्र × 150,000.5 (मूळ किंमत)', '1 अतिरिक्त पाहुणा × 1 रात्र', 'Pool heating'],
      },
    },
    {
      name: 'a season by percent, a season with its own price, a day price, a nightly fee over one night (INR)',
      stay: {
        checkIn: '2026-12-20',
        checkOut: '2026-12-26',
        guests: 2,
        basePrice: 150000,
        currency: 'INR',
      },
      rules: {
        weekday_prices: [null, null, null, null, null, 200000, null],
        seasons: [
          {
            name: 'Christmas week',
            start: '2026-12-24',
            end: '2026-12-25',
            price: 250000,
          },
          {
            name: 'Winter',
            start: '2026-12-01',
            end: '2027-01-31',
            percent: 12.5,
          },
        ],
        fees: [
          {
            name: 'Generator',
            amount: 300,
            per: 'night',
          },
        ],
      },
      dayPrices: [['2026-12-22', 99999.99]],
      amounts: [506250, 99999.99, 500000, 1800],
      total: 1108049.99,
      words: {
        en: [
          '3 nights × 1,68,750 (Winter)',
          '1 night × 99,999.99 (Price set for this day)',
          '2 nights × 2,50,000 (Christmas week)',
          'Generator × 6 nights',
        ],
        hi: [
          '3 रातें × 1,68,750 (Winter)',
          '1 रात × 99,999.99 (इस दिन की तय कीमत)',
          '2 रातें × 2,50,000 (Christmas week)',
          'Generator × 6 रातें',
        ],
        mr: [
          '3 रात्री × 1,68,750 (Winter)',
          '1 रात्र × 99,999.99 (या दिवसाची ठरलेली किंमत)',
          '2 रात्री × 2,50,000 (Christmas week)',
          'Generator × 6 रात्री',
        ],
      },
    },
    {
      name: 'one night, one extra guest, cleaning fee, before tax',
      stay: {
        checkIn: '2026-12-11',
        checkOut: '2026-12-12',
        guests: 2,
        basePrice: 9000,
        currency: 'INR',
      },
      rules: {
        weekday_prices: [null, null, null, null, 10000, null, null],
        guests_included: 1,
        extra_guest_fee: 800,
        cleaning_fee: 1200,
        prices_include_tax: true,
        taxes: [
          {
            name: 'GST',
            bands: [
              {
                up_to: null,
                rate: 18,
              },
            ],
          },
        ],
        fees: [
          {
            name: 'Service fee',
            amount: 100,
            per: 'night',
          },
        ],
      },
      amounts: [8474.58, 677.97, 84.75, 1016.95],
      total: 12100,
      words: {
        en: [
          '1 night × 10,000 (Friday price), before tax',
          '1 extra guest × 1 night, before tax',
          'Service fee × 1 night, before tax',
          'Cleaning fee, before tax',
        ],
        hi: [
          '1 रात × 10,000 (शुक्रवार की कीमत), कर से पहले',
          '1 अतिरिक्त मेहमान × 1 रात, कर से पहले',
          'Service fee × 1 रात, कर से पहले',
          'सफ़ाई शुल्क, कर से पहले',
        ],
        mr: [
          '1 रात्र × 10,000 (शुक्रवारची किंमत), कराआधी',
          '1 अतिरिक्त पाहुणा × 1 रात्र, कराआधी',
          'Service fee × 1 रात्र, कराआधी',
          'स्वच्छता शुल्क, कराआधी',
        ],
      },
    },
  ];

  it.each(FROZEN)('words the lines of a quote ($name) in all three languages as before', (example) => {
    const quote = priceStay({
      ...example.stay,
      rules: PricingRulesSchema.parse(example.rules),
      dayPrices: new Map(example.dayPrices ?? []),
    });
    expect(quote.lines.map((line) => line.amount)).toEqual(example.amounts);
    expect(quote.total).toBe(example.total);
    for (const language of ['en', 'hi', 'mr'] as const) {
      const words = quote.lines.map((line) =>
        describeQuoteLine(line, quote.currency, TEXTS[language], language),
      );
      expect(words).toEqual(example.words[language]);
    }
    expect(quote.lines.map((line) => line.label)).toEqual(example.words.en);
  });
});
