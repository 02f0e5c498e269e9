import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceStay, PricingRulesSchema, StayQuoteSchema } from './pricing';
import { sayQuoteCharge, wordInEnglish, type QuoteCharge } from './quote-charge';

describe('sayQuoteCharge', () => {
  it.each<[QuoteCharge, string, string]>([
    [
      { kind: 'nights', nights: 3, price: 12_000, reason: { kind: 'base' }, before_tax: false },
      'INR',
      '3 nights × 12,000 (Base price)',
    ],
    [
      {
        kind: 'nights',
        nights: 1,
        price: 1_50_000.5,
        reason: { kind: 'weekday', weekday: 'Friday' },
        before_tax: true,
      },
      'INR',
      '1 night × 1,50,000.5 (Friday price), before tax',
    ],
    [
      { kind: 'nights', nights: 2, price: 150_000, reason: { kind: 'day' }, before_tax: false },
      'AED',
      '2 nights × 150,000 (Price set for this day)',
    ],
    [
      {
        kind: 'nights',
        nights: 2,
        price: 9_999.99,
        reason: { kind: 'season', season: 'Diwali' },
        before_tax: false,
      },
      'INR',
      '2 nights × 9,999.99 (Diwali)',
    ],
    [{ kind: 'extra_guests', guests: 2, nights: 3, before_tax: false }, 'INR', '2 extra guests × 3 nights'],
    [
      { kind: 'extra_guests', guests: 1, nights: 1, before_tax: true },
      'INR',
      '1 extra guest × 1 night, before tax',
    ],
    [{ kind: 'cleaning_fee', before_tax: false }, 'INR', 'Cleaning fee'],
    [
      { kind: 'fee', name: 'Service fee', nights: 3, before_tax: true },
      'INR',
      'Service fee × 3 nights, before tax',
    ],
    [{ kind: 'fee', name: 'Pool heating', nights: null, before_tax: false }, 'INR', 'Pool heating'],
  ])('words %j in English as the API has always labelled it', (charge, currency, label) => {
    expect(sayQuoteCharge(charge, wordInEnglish(currency))).toBe(label);
  });
});

describe("a quote's lines", () => {
  // Rules of every kind that makes a line: weekday and day prices, seasons, extra guests, fees, tax inside.
  const rules = fc.record({
    weekday_prices: fc.array(fc.option(fc.integer({ min: 1_000, max: 2_00_000 }), { nil: null }), {
      minLength: 7,
      maxLength: 7,
    }),
    seasons: fc.constantFrom(
      [],
      [{ name: 'Winter', start: '2026-12-01', end: '2027-01-31', percent: 12.5 }],
      [{ name: 'Christmas week', start: '2026-12-24', end: '2026-12-31', price: 25_000.5 }],
    ),
    guests_included: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
    extra_guest_fee: fc.integer({ min: 0, max: 5_000 }),
    cleaning_fee: fc.integer({ min: 0, max: 5_000 }),
    fees: fc.array(
      fc.record({
        name: fc.constantFrom('Service fee', 'Pool heating'),
        amount: fc.integer({ min: 1, max: 900 }),
        per: fc.constantFrom('stay', 'night'),
      }),
      { maxLength: 2 },
    ),
    prices_include_tax: fc.boolean(),
    taxes: fc.constantFrom(
      [],
      [
        {
          name: 'GST',
          bands: [
            { up_to: 7_500, rate: 5 },
            { up_to: null, rate: 18 },
          ],
        },
      ],
    ),
  });

  it('are labelled with their charge in English words (a label and its charge never disagree)', () => {
    fc.assert(
      fc.property(
        rules,
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 8 }),
        fc.constantFrom('INR', 'AED'),
        (input, start, nights, guests, currency) => {
          const checkIn = new Date(Date.UTC(2026, 11, 1 + start)).toISOString().slice(0, 10);
          const checkOut = new Date(Date.UTC(2026, 11, 1 + start + nights)).toISOString().slice(0, 10);
          const quote = priceStay({
            checkIn,
            checkOut,
            guests,
            basePrice: 12_000,
            currency,
            rules: PricingRulesSchema.parse(input),
            dayPrices: new Map([[checkIn, 9_999.99]]),
          });
          for (const line of quote.lines) {
            expect(line.charge).toBeDefined();
            expect(line.label).toBe(sayQuoteCharge(line.charge!, wordInEnglish(currency)));
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('a quote kept before its lines carried their charge', () => {
  it('still reads, its lines with their English labels alone', () => {
    const kept = priceStay({
      checkIn: '2026-12-09',
      checkOut: '2026-12-11',
      guests: 2,
      basePrice: 12_000,
      currency: 'INR',
      rules: PricingRulesSchema.parse({}),
    });
    const lines = kept.lines.map(({ label, amount }) => ({ label, amount }));
    expect(StayQuoteSchema.parse({ ...kept, lines }).lines).toEqual([
      { label: '2 nights × 12,000 (Base price)', amount: 24_000 },
    ]);
  });
});
