import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOOKING_LIMITS } from './booking';
import {
  checkStayRules,
  clampStoredPricingRules,
  findSeason,
  priceNight,
  priceStay,
  PricingRulesSchema,
  type PricingRules,
  type PricingRulesInput,
} from './pricing';

const GST = {
  name: 'GST',
  bands: [
    { up_to: 7500, rate: 5 },
    { up_to: null, rate: 18 },
  ],
};

// A villa near Pune: dearer Friday and Saturday nights, a yearly winter season (+10%), a shorter
// Christmas–New Year season inside it, Diwali with a minimum stay, a cleaning fee and GST.
const VILLA: PricingRules = PricingRulesSchema.parse({
  weekday_prices: [null, null, null, null, 14000, 14000, null],
  seasons: [
    { name: 'Winter', start: '2026-12-01', end: '2027-02-28', repeats_yearly: true, percent: 10 },
    {
      name: 'Christmas–New Year',
      start: '2026-12-24',
      end: '2027-01-02',
      repeats_yearly: true,
      price: 25000,
      min_nights: 3,
      check_in_days: [4],
    },
    { name: 'Diwali', start: '2026-11-06', end: '2026-11-12', price: 20000, min_nights: 3 },
  ],
  guests_included: 10,
  extra_guest_fee: 500,
  cleaning_fee: 2000,
  taxes: [GST],
} satisfies PricingRulesInput);

const quote = (
  checkIn: string,
  checkOut: string,
  options: {
    guests?: number;
    base?: number;
    rules?: PricingRules;
    dayPrices?: Map<string, number | null>;
  } = {},
) =>
  priceStay({
    checkIn,
    checkOut,
    guests: options.guests ?? 2,
    basePrice: options.base ?? 10000,
    currency: 'INR',
    rules: options.rules ?? VILLA,
    dayPrices: options.dayPrices,
  });

describe('pricing a night', () => {
  it('takes the weekday price, else the base price', () => {
    expect(priceNight({ date: '2026-10-02', basePrice: 10000, rules: VILLA })).toMatchObject({
      price: 14000,
      label: 'Friday price',
    });
    expect(priceNight({ date: '2026-10-04', basePrice: 10000, rules: VILLA })).toMatchObject({
      price: 10000,
      label: 'Base price',
    });
  });

  it("puts the operator's price for the day above every rule", () => {
    expect(priceNight({ date: '2026-11-07', basePrice: 10000, rules: VILLA, dayPrice: 30000 })).toMatchObject(
      {
        price: 30000,
        reason: { kind: 'day' },
      },
    );
  });

  it('lets the shorter season win where seasons overlap, across a year end', () => {
    expect(findSeason('2026-12-31', VILLA.seasons)?.name).toBe('Christmas–New Year');
    expect(findSeason('2027-12-31', VILLA.seasons)?.name).toBe('Christmas–New Year');
    expect(findSeason('2028-01-03', VILLA.seasons)?.name).toBe('Winter');
    expect(findSeason('2026-11-30', VILLA.seasons)).toBeUndefined();
    // A yearly season that ends on 28 February does not take in a leap day.
    expect(findSeason('2028-02-29', VILLA.seasons)).toBeUndefined();
    expect(findSeason('2028-02-28', VILLA.seasons)?.name).toBe('Winter');
  });

  it('applies a season in % on the usual price, weekday price included', () => {
    expect(priceNight({ date: '2026-12-01', basePrice: 10000, rules: VILLA }).price).toBe(11000);
    expect(priceNight({ date: '2026-12-04', basePrice: 10000, rules: VILLA }).price).toBe(15400);
  });

  it('applies a change in % in whole basis points, rounding a half paisa up as every amount is', () => {
    // 10.00 less 89.95% is 1.005 exactly, so 1.01 (100 − 89.95 in floating point is 10.049999…).
    const rules = PricingRulesSchema.parse({
      seasons: [{ name: 'Quiet', start: '2026-10-01', end: '2026-10-31', percent: -89.95 }],
    });
    expect(priceNight({ date: '2026-10-05', basePrice: 10, rules }).price).toBe(1.01);
  });
});

describe('quoting a stay', () => {
  it('prices a season stay with extra guests, a cleaning fee and GST at 18% (worked out by hand)', () => {
    // Tue 1 – Thu 3 December: 3 × 11,000; 2 guests over 10 × 500 × 3; cleaning 2,000; nights of 12,000 are in the 18% band.
    const result = quote('2026-12-01', '2026-12-04', { guests: 12 });
    expect(result.lines).toEqual([
      {
        label: '3 nights × 11,000 (Winter)',
        amount: 33000,
        charge: {
          kind: 'nights',
          nights: 3,
          price: 11000,
          reason: { kind: 'season', season: 'Winter' },
          before_tax: false,
        },
      },
      {
        label: '2 extra guests × 3 nights',
        amount: 3000,
        charge: { kind: 'extra_guests', guests: 2, nights: 3, before_tax: false },
      },
      { label: 'Cleaning fee', amount: 2000, charge: { kind: 'cleaning_fee', before_tax: false } },
    ]);
    expect(result.subtotal).toBe(38000);
    expect(result.taxes).toEqual([{ name: 'GST', rate: 18, amount: 6840, base: 38000, nights: 3 }]);
    expect(result.total).toBe(44840);
  });

  it('names each night by why it costs what it does, across a season boundary and a year end', () => {
    const result = quote('2026-12-30', '2027-01-04');
    expect(result.nights.map((night) => [night.date, night.price, night.label])).toEqual([
      ['2026-12-30', 25000, 'Christmas–New Year'],
      ['2026-12-31', 25000, 'Christmas–New Year'],
      ['2027-01-01', 25000, 'Christmas–New Year'],
      ['2027-01-02', 25000, 'Christmas–New Year'],
      ['2027-01-03', 11000, 'Winter'],
    ]);
    expect(result.lines[0]).toEqual({
      label: '4 nights × 25,000 (Christmas–New Year)',
      amount: 100000,
      charge: {
        kind: 'nights',
        nights: 4,
        price: 25000,
        reason: { kind: 'season', season: 'Christmas–New Year' },
        before_tax: false,
      },
    });
  });

  it('charges each night at its own band: exactly on the limit is the lower rate', () => {
    const rules = PricingRulesSchema.parse({ taxes: [GST] });
    expect(quote('2026-10-05', '2026-10-06', { base: 7500, rules }).taxes).toEqual([
      { name: 'GST', rate: 5, amount: 375, base: 7500, nights: 1 },
    ]);
    expect(quote('2026-10-05', '2026-10-06', { base: 7500.01, rules })).toMatchObject({
      taxes: [{ name: 'GST', rate: 18, amount: 1350 }],
      total: 8850.01,
    });
    // Two nights in two bands: the tax shows once per rate.
    const mixed = quote('2026-10-05', '2026-10-07', {
      rules,
      dayPrices: new Map([['2026-10-06', 9000]]),
      base: 7000,
    });
    expect(mixed.taxes).toEqual([
      { name: 'GST', rate: 5, amount: 350, base: 7000, nights: 1 },
      { name: 'GST', rate: 18, amount: 1620, base: 9000, nights: 1 },
    ]);
    expect(mixed.total).toBe(17970);
  });

  it('takes tax out of prices that include it, choosing the band by the price before tax', () => {
    const rules = PricingRulesSchema.parse({ taxes: [GST], prices_include_tax: true });
    expect(quote('2026-10-05', '2026-10-06', { base: 11800, rules })).toMatchObject({
      lines: [{ label: '1 night × 11,800 (Base price), before tax', amount: 10000 }],
      taxes: [{ name: 'GST', rate: 18, amount: 1800, base: 10000 }],
      total: 11800,
    });
    // 7,875 is 7,500 before 5% tax: the lower band, though it is above the limit with tax.
    expect(quote('2026-10-05', '2026-10-06', { base: 7875, rules })).toMatchObject({
      taxes: [{ rate: 5, amount: 375 }],
      total: 7875,
    });
  });

  it('chooses the band of a price that includes tax in whole numbers: exactly on the limit is the lower rate', () => {
    const rules = PricingRulesSchema.parse({
      taxes: [
        {
          name: 'VAT',
          bands: [
            { up_to: 1000, rate: 1.5 },
            { up_to: null, rate: 3 },
          ],
        },
      ],
      prices_include_tax: true,
    });
    // 1,015 is 1,000 before 1.5% tax (in floating point, 1,015 ÷ 1.015 is 1,000.0000000000001).
    expect(quote('2026-10-05', '2026-10-06', { base: 1015, rules })).toMatchObject({
      taxes: [{ rate: 1.5, amount: 15, base: 1000 }],
      total: 1015,
    });
  });

  it('adds amounts in minor units, so decimals do not drift', () => {
    expect(quote('2026-10-05', '2026-10-08', { base: 0.1, rules: PricingRulesSchema.parse({}) }).total).toBe(
      0.3,
    );
  });
});

describe('stay rules', () => {
  it("names the season's minimum stay and check-in days when it refuses", () => {
    expect(checkStayRules({ check_in: '2026-11-06', check_out: '2026-11-08' }, VILLA, '2026-10-01')).toBe(
      'Minimum stay in Diwali is 3 nights',
    );
    expect(
      checkStayRules({ check_in: '2026-11-06', check_out: '2026-11-09' }, VILLA, '2026-10-01'),
    ).toBeUndefined();
    // Thursday 24 December; this season's stays start on a Friday.
    expect(checkStayRules({ check_in: '2026-12-24', check_out: '2026-12-28' }, VILLA, '2026-10-01')).toBe(
      'Check-in in Christmas–New Year is on Friday only',
    );
    expect(
      checkStayRules({ check_in: '2026-12-25', check_out: '2026-12-28' }, VILLA, '2026-10-01'),
    ).toBeUndefined();
  });

  it('keeps advance notice and the booking horizon', () => {
    const rules = PricingRulesSchema.parse({ min_advance_days: 1, max_advance_days: 30 });
    expect(checkStayRules({ check_in: '2026-10-01', check_out: '2026-10-02' }, rules, '2026-10-01')).toBe(
      'Check-in must be at least a day ahead',
    );
    expect(checkStayRules({ check_in: '2026-11-01', check_out: '2026-11-02' }, rules, '2026-10-01')).toBe(
      'Bookings open up to 30 days ahead',
    );
  });
});

describe('the rules schema', () => {
  const firstMessage = (input: unknown) => {
    const result = PricingRulesSchema.safeParse(input);
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  it('refuses stay limits beyond what a guest can request, naming the limit', () => {
    expect(BOOKING_LIMITS).toEqual({ maxNights: 30, maxDaysAhead: 540 });
    expect(firstMessage({ max_nights: 365 })).toBe(
      'Maximum stay must be at most 30 nights (the longest stay a guest can request)',
    );
    expect(firstMessage({ min_nights: 31, max_nights: 31 })).toBe(
      'Minimum stay must be at most 30 nights (the longest stay a guest can request)',
    );
    expect(
      firstMessage({ seasons: [{ name: 'Long', start: '2026-12-01', end: '2026-12-10', min_nights: 45 }] }),
    ).toBe('Season minimum stay must be at most 30 nights (the longest stay a guest can request)');
    expect(firstMessage({ max_advance_days: 1095 })).toBe(
      'Booking horizon must be at most 540 days (the furthest ahead a guest can request)',
    );
    expect(firstMessage({ min_nights: 30, max_nights: 30, max_advance_days: 540 })).toBeUndefined();
    expect(PricingRulesSchema.parse({})).toMatchObject({ max_nights: 30, max_advance_days: 540 });
  });

  it('reads rules stored beyond the limits as the limits, leaving the rest as stored', () => {
    const stored = {
      min_nights: 400,
      max_nights: 365,
      max_advance_days: 1095,
      cleaning_fee: 500,
      seasons: [
        { name: 'Long', start: '2026-12-01', end: '2026-12-10', min_nights: 60 },
        { name: 'Short', start: '2027-01-01', end: '2027-01-10', min_nights: 2 },
      ],
    };
    expect(PricingRulesSchema.parse(clampStoredPricingRules(stored))).toMatchObject({
      min_nights: 30,
      max_nights: 30,
      max_advance_days: 540,
      cleaning_fee: 500,
      seasons: [{ min_nights: 30 }, { min_nights: 2 }],
    });
    expect(clampStoredPricingRules({})).toEqual({});
  });

  it('refuses percentages with more than two decimals, naming the field', () => {
    const season = { name: 'A', start: '2026-12-01', end: '2026-12-10' };
    expect(firstMessage({ seasons: [{ ...season, percent: -89.995 }] })).toBe(
      'Season change can have at most two decimals',
    );
    expect(firstMessage({ taxes: [{ name: 'T', bands: [{ up_to: null, rate: 5.125 }] }] })).toBe(
      'Tax rate can have at most two decimals',
    );
    expect(
      firstMessage({
        seasons: [{ ...season, percent: -89.95 }],
        taxes: [{ name: 'T', bands: [{ up_to: null, rate: 12.5 }] }],
      }),
    ).toBeUndefined();
  });

  it('reads percentages stored with more decimals rounded to two, half away from zero', () => {
    const stored = {
      seasons: [
        { name: 'A', start: '2026-12-01', end: '2026-12-10', percent: -89.995 },
        { name: 'B', start: '2027-01-01', end: '2027-01-10', percent: 12.344 },
      ],
      taxes: [{ name: 'T', bands: [{ up_to: null, rate: 18.005 }] }],
    };
    expect(PricingRulesSchema.parse(clampStoredPricingRules(stored))).toMatchObject({
      seasons: [{ percent: -90 }, { percent: 12.34 }],
      taxes: [{ bands: [{ rate: 18.01 }] }],
    });
  });

  it('refuses rules that contradict themselves', () => {
    expect(firstMessage({ min_nights: 5, max_nights: 3 })).toBe(
      'The minimum stay must not be above the maximum stay',
    );
    expect(firstMessage({ cleaning_fee: -1 })).toBe('Cleaning fee must be at least 0');
    expect(
      firstMessage({
        seasons: [
          { name: 'A', start: '2026-12-01', end: '2026-12-10', price: 1 },
          { name: 'B', start: '2026-12-01', end: '2026-12-10', price: 2 },
        ],
      }),
    ).toBe('Season "B" covers exactly the same nights as another: change one');
    expect(
      firstMessage({
        seasons: [{ name: 'A', start: '2026-12-01', end: '2026-12-10', price: 1, percent: 5 }],
      }),
    ).toBe('A season has its own price or a change in %, not both');
    expect(
      firstMessage({
        taxes: [
          {
            name: 'T',
            bands: [
              { up_to: null, rate: 5 },
              { up_to: 100, rate: 18 },
            ],
          },
        ],
      }),
    ).toBe('Tax bands rise in order and only the last has no limit');
    expect(firstMessage({ weekday_prices: [1, 2, 3] })).toMatch(/^weekday_prices must list seven prices/);
  });
});

describe('any quote (property-based)', () => {
  const amount = fc.integer({ min: 0, max: 5_000_000 }).map((cents) => cents / 100);
  const rulesArbitrary = fc.record({
    weekday_prices: fc.array(fc.option(amount, { nil: null }), { minLength: 7, maxLength: 7 }),
    guests_included: fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
    extra_guest_fee: amount,
    cleaning_fee: amount,
    fees: fc.array(
      fc.record({
        name: fc.constantFrom('Linen', 'Resort'),
        amount,
        per: fc.constantFrom('stay' as const, 'night' as const),
      }),
      {
        maxLength: 2,
      },
    ),
    taxes: fc.constantFrom([], [GST], [GST, { name: 'City tax', bands: [{ up_to: null, rate: 1.5 }] }]),
    prices_include_tax: fc.boolean(),
    seasons: fc.constantFrom([], VILLA.seasons),
  });

  it('is never negative, and its lines and taxes always add up to its total', () => {
    fc.assert(
      fc.property(
        rulesArbitrary,
        amount,
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 30 }),
        (input, base, startOffset, nights, guests) => {
          const rules = PricingRulesSchema.parse(input);
          const checkIn = new Date(Date.UTC(2026, 9, 1 + startOffset)).toISOString().slice(0, 10);
          const checkOut = new Date(Date.UTC(2026, 9, 1 + startOffset + nights)).toISOString().slice(0, 10);
          const result = quote(checkIn, checkOut, { base, guests, rules });
          const cents = (value: number) => Math.round(value * 100);
          const lines = result.lines.reduce((sum, line) => sum + cents(line.amount), 0);
          const taxes = result.taxes.reduce((sum, tax) => sum + cents(tax.amount), 0);
          expect(result.total).toBeGreaterThanOrEqual(0);
          expect(result.lines.every((line) => line.amount >= 0)).toBe(true);
          expect(lines).toBe(cents(result.subtotal));
          expect(lines + taxes).toBe(cents(result.total));
          expect(result.nights_count).toBe(nights);
        },
      ),
      { numRuns: 400 },
    );
  });
});
