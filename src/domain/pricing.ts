import { getDay, parseISO } from 'date-fns';
import { z } from 'zod';
import { BOOKING_LIMITS } from './booking';
import { addDaysToDate, countDaysBetween, listDatesBetween } from './dates';
import { isoDate, money, optionalText, requiredText, wholeNumber } from './fields';
import { hasWholeMinorUnits, scaleMinor, toMajor, toMinor } from './money';
import { AmountSchema } from './wire-amount';
import {
  QUOTE_CHARGE_WORDS_EN,
  sayNightReason,
  sayQuoteCharge,
  wordInEnglish,
  WEEKDAYS,
  type NightReason,
  type QuoteCharge,
} from './quote-charge';

export { WEEKDAYS, type NightReason, type QuoteCharge } from './quote-charge';

/**
 * A property's prices, said once as rules: weekday prices, seasons, stay limits, guests, fees and taxes.
 * One pure function (`priceStay`) turns them into a quote, on the server and in the browser alike, in
 * integer minor units (paise, fils) so no rounding error creeps in.
 */

/** `getDay` counts Sunday as 0; the villa's week (WEEKDAYS) starts on Monday. */
export const weekdayOf = (date: string) => (getDay(parseISO(date)) + 6) % 7;

/**
 * A stay length in the rules. A guest can never request more than BOOKING_LIMITS.maxNights, so a rule
 * beyond it would be saved and then silently never apply: it is refused, naming the limit.
 */
const stayNights = (label: string) =>
  wholeNumber(label, {
    min: 1,
    max: BOOKING_LIMITS.maxNights,
    maxMessage: `${label} must be at most ${BOOKING_LIMITS.maxNights} nights (the longest stay a guest can request)`,
  });
/**
 * A percentage (a season's change, a tax rate) with at most two decimals, so that it is a whole number of
 * basis points (`toBasisPoints`) and the amounts made with it are integer arithmetic.
 */
const percentage = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .min(min, `${label} must be at least ${min}%`)
    .max(max, `${label} must be at most ${max}%`)
    .refine(hasWholeMinorUnits, { message: `${label} can have at most two decimals` });
const percent = (label: string) => percentage(label, -90, 500);

/** Basis points in a whole: 100 %. */
const WHOLE_BP = 10_000;

/**
 * A percentage in basis points (12.5 → 1250), from its decimals as written, rounded half away from zero
 * as every amount is (only stored rules from before the two-decimal limit have more).
 */
export function toBasisPoints(percent: number): number {
  return scaleMinor(100, percent);
}

export const SeasonSchema = z
  .object({
    name: requiredText('Season name', { max: 60 }),
    start: isoDate('First night').describe('First night of the season'),
    end: isoDate('Last night').describe('Last night of the season (included)'),
    repeats_yearly: z.boolean({ error: 'repeats_yearly must be true or false' }).default(false),
    price: money('Season price').nullable().default(null).describe('A nightly price of its own, or null'),
    percent: percent('Season change')
      .nullable()
      .default(null)
      .describe('Or a change in % on the usual nightly price (e.g. 20 or -10)'),
    min_nights: stayNights('Season minimum stay').nullable().default(null),
    check_in_days: z
      .array(wholeNumber('Check-in day', { min: 0, max: 6 }), {
        error: 'check_in_days must be a list of weekdays',
      })
      .max(7)
      .nullable()
      .default(null)
      .describe('Weekdays a stay may start on (0 = Monday … 6 = Sunday), or null for any'),
  })
  .refine((season) => season.price === null || season.percent === null, {
    message: 'A season has its own price or a change in %, not both',
    path: ['percent'],
  })
  .refine((season) => season.end >= season.start, {
    message: 'A season ends on or after its start',
    path: ['end'],
  })
  .refine((season) => !season.repeats_yearly || countDaysBetween(season.start, season.end) < 366, {
    message: 'A yearly season lasts less than a year',
    path: ['end'],
  });
export type Season = z.output<typeof SeasonSchema>;

const TaxBandSchema = z.object({
  up_to: money('Band limit')
    .nullable()
    .describe('The highest nightly price this rate applies to (included); null for no limit'),
  rate: percentage('Tax rate', 0, 100),
});

export const TaxSchema = z
  .object({
    name: requiredText('Tax name', { max: 40 }),
    bands: z.array(TaxBandSchema).min(1, 'A tax needs at least one rate').max(10),
  })
  .refine(
    (tax) =>
      tax.bands.every(
        (band, index) =>
          (band.up_to === null) === (index === tax.bands.length - 1) &&
          (index === 0 || (tax.bands[index - 1]!.up_to ?? Infinity) < (band.up_to ?? Infinity)),
      ),
    { message: 'Tax bands rise in order and only the last has no limit', path: ['bands'] },
  );
export type Tax = z.output<typeof TaxSchema>;

/**
 * GST on accommodation in India as charged since 22 September 2025: 5 % on a night up to ₹7,500 and 18 %
 * above, by the price per night. A starting point the operator can change, not a rule of the code.
 */
export const INDIAN_GST: Tax = {
  name: 'GST',
  bands: [
    { up_to: 7_500, rate: 5 },
    { up_to: null, rate: 18 },
  ],
};

const FeeSchema = z.object({
  name: requiredText('Fee name', { max: 40 }),
  amount: money('Fee'),
  per: z.enum(['stay', 'night'], { error: 'A fee is per stay or per night' }),
});

export const PricingRulesSchema = z
  .object({
    weekday_prices: z
      .array(money('Weekday price').nullable(), { error: 'weekday_prices must list seven prices (or nulls)' })
      .length(7, 'weekday_prices must list seven prices, Monday first (null for the base price)')
      .default([null, null, null, null, null, null, null]),
    seasons: z.array(SeasonSchema).max(40, 'At most 40 seasons').default([]),
    min_nights: stayNights('Minimum stay').default(1),
    max_nights: stayNights('Maximum stay').default(BOOKING_LIMITS.maxNights),
    min_advance_days: wholeNumber('Advance notice', { min: 0, max: 365 })
      .default(0)
      .describe('Days between booking and check-in at least (1: no same-day check-in)'),
    max_advance_days: wholeNumber('Booking horizon', {
      min: 1,
      max: BOOKING_LIMITS.maxDaysAhead,
      maxMessage: `Booking horizon must be at most ${BOOKING_LIMITS.maxDaysAhead} days (the furthest ahead a guest can request)`,
    }).default(BOOKING_LIMITS.maxDaysAhead),
    guests_included: wholeNumber('Guests included', { min: 1, max: 1000 })
      .nullable()
      .default(null)
      .describe('Guests the nightly price covers; null for all'),
    extra_guest_fee: money('Extra guest fee')
      .default(0)
      .describe('Per guest above those included, per night'),
    cleaning_fee: money('Cleaning fee').default(0).describe('Once per stay'),
    fees: z.array(FeeSchema).max(10, 'At most 10 other fees').default([]),
    taxes: z.array(TaxSchema).max(5, 'At most 5 taxes').default([]),
    prices_include_tax: z.boolean({ error: 'prices_include_tax must be true or false' }).default(false),
    note: optionalText('Note', { max: 500, multiline: true }),
  })
  .refine((rules) => rules.min_nights <= rules.max_nights, {
    message: 'The minimum stay must not be above the maximum stay',
    path: ['min_nights'],
  })
  .refine((rules) => rules.min_advance_days < rules.max_advance_days, {
    message: 'The advance notice must be shorter than the booking horizon',
    path: ['min_advance_days'],
  })
  .superRefine((rules, ctx) => {
    // Two seasons over exactly the same nights leave no way to tell which applies.
    const seen = new Set<string>();
    rules.seasons.forEach((season, index) => {
      const key = `${season.repeats_yearly ? season.start.slice(5) : season.start}|${season.repeats_yearly ? season.end.slice(5) : season.end}|${season.repeats_yearly}`;
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['seasons', index, 'start'],
          message: `Season "${season.name}" covers exactly the same nights as another: change one`,
        });
      seen.add(key);
    });
  });
export type PricingRulesInput = z.input<typeof PricingRulesSchema>;
export type PricingRules = z.output<typeof PricingRulesSchema>;

export const DEFAULT_PRICING_RULES: PricingRules = PricingRulesSchema.parse({});

/**
 * Rules as they were stored, brought within today's limits before they are parsed, instead of failing to
 * read: stay limits saved before they were enforced (up to 365 nights and 1,095 days ahead) read as what a
 * guest could request of them anyway, and percentages saved with more than two decimals (before that limit)
 * are rounded to two, half away from zero, as they were then charged to the paisa anyway. The next save
 * stores the clamped values.
 */
export function clampStoredPricingRules(stored: unknown): unknown {
  if (!isRecord(stored)) return stored;
  const atMost = (value: unknown, max: number) => (typeof value === 'number' && value > max ? max : value);
  const nights = (value: unknown) => atMost(value, BOOKING_LIMITS.maxNights);
  return {
    ...stored,
    ...('min_nights' in stored && { min_nights: nights(stored.min_nights) }),
    ...('max_nights' in stored && { max_nights: nights(stored.max_nights) }),
    ...('max_advance_days' in stored && {
      max_advance_days: atMost(stored.max_advance_days, BOOKING_LIMITS.maxDaysAhead),
    }),
    ...(Array.isArray(stored.seasons) && {
      seasons: stored.seasons.map((season: unknown) =>
        isRecord(season)
          ? {
              ...season,
              ...('min_nights' in season && { min_nights: nights(season.min_nights) }),
              ...('percent' in season && { percent: twoDecimals(season.percent) }),
            }
          : season,
      ),
    }),
    ...(Array.isArray(stored.taxes) && {
      taxes: stored.taxes.map((tax: unknown) =>
        isRecord(tax) && Array.isArray(tax.bands)
          ? {
              ...tax,
              bands: tax.bands.map((band: unknown) =>
                isRecord(band) && 'rate' in band ? { ...band, rate: twoDecimals(band.rate) } : band,
              ),
            }
          : tax,
      ),
    }),
  };
}

/** A stored number with at most two decimals (other values are left for the schema to refuse). */
function twoDecimals(value: unknown): unknown {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) < 1e9
    ? toBasisPoints(value) / 100
    : value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Where a season is in force on a date: its own dates, or (yearly) the same month-days every year. */
export function isInSeason(date: string, season: Pick<Season, 'start' | 'end' | 'repeats_yearly'>): boolean {
  if (!season.repeats_yearly) return season.start <= date && date <= season.end;
  const day = date.slice(5);
  const start = season.start.slice(5);
  const end = season.end.slice(5);
  // A yearly season may run across the year's end (20 December to 5 January).
  const wraps = season.start.slice(0, 4) !== season.end.slice(0, 4) || end < start;
  return wraps ? day >= start || day <= end : day >= start && day <= end;
}

const seasonLength = (season: Season) => countDaysBetween(season.start, season.end) + 1;

/**
 * The season in force on a date. Seasons may overlap; the shorter, more specific one wins (a Diwali week
 * inside a winter season), and of two as long, the one that starts later.
 */
export function findSeason(date: string, seasons: readonly Season[]): Season | undefined {
  return seasons
    .filter((season) => isInSeason(date, season))
    .sort((a, b) => seasonLength(a) - seasonLength(b) || b.start.slice(5).localeCompare(a.start.slice(5)))[0];
}

export type PricedNight = { date: string; price: number; reason: NightReason; label: string };

/** A night priced for a reason, its label worded from the reason (English, as the API gives it). */
const makeNight = (date: string, price: number, reason: NightReason): PricedNight => ({
  date,
  price,
  reason,
  label: sayNightReason(reason, { words: QUOTE_CHARGE_WORDS_EN, nameWeekday: (weekday) => weekday }),
});

/**
 * A night's price and why: the operator's price for that day wins over every rule; else the season in
 * force (its own price, or a change in % on the usual price); else the weekday's price; else the base.
 */
export function priceNight(input: {
  date: string;
  basePrice: number;
  rules: PricingRules;
  dayPrice?: number | null;
}): PricedNight {
  const { date, rules } = input;
  if (input.dayPrice !== undefined && input.dayPrice !== null) {
    return makeNight(date, input.dayPrice, { kind: 'day' });
  }
  const weekday = weekdayOf(date);
  const weekdayPrice = rules.weekday_prices[weekday] ?? null;
  const usual = weekdayPrice ?? input.basePrice;
  const season = findSeason(date, rules.seasons);
  if (season && (season.price !== null || season.percent !== null)) {
    const price =
      season.price ??
      toMajor(scaleMinor(toMinor(usual), WHOLE_BP + toBasisPoints(season.percent ?? 0), WHOLE_BP));
    return makeNight(date, price, { kind: 'season', season: season.name });
  }
  if (weekdayPrice !== null) {
    return makeNight(date, weekdayPrice, { kind: 'weekday', weekday: WEEKDAYS[weekday]! });
  }
  return makeNight(date, input.basePrice, { kind: 'base' });
}

/** The stay rules of a check-in date: the season's minimum stay and check-in days, else the property's. */
export function findStayRules(checkIn: string, rules: PricingRules) {
  const season = findSeason(checkIn, rules.seasons);
  return {
    season: season?.name ?? null,
    minNights: season?.min_nights ?? rules.min_nights,
    maxNights: rules.max_nights,
    checkInDays: season?.check_in_days ?? null,
  };
}

const joinDays = (days: readonly number[]) => days.map((day) => WEEKDAYS[day]).join(' or ');

/** Which stay rule refused a stay: the error body's `code`, for the client to recognise. */
export const STAY_RULE_CODES = [
  'min_nights',
  'max_nights',
  'check_in_day',
  'min_advance',
  'max_advance',
] as const;
export type StayRuleCode = (typeof STAY_RULE_CODES)[number];

/**
 * Why a stay cannot be booked under the rules (a sentence for the guest, and its code), or undefined.
 * `advance: false` leaves out the advance notice and horizon, which judge when a booking is made: a
 * booking already made that is moved keeps the stay rules only. Dates in the past, stays that end before
 * they start and nights already taken are checked elsewhere.
 */
export function findStayRuleRefusal(
  stay: { check_in: string; check_out: string },
  rules: PricingRules,
  today: string,
  options: { advance?: boolean } = {},
): { code: StayRuleCode; message: string } | undefined {
  const nights = countDaysBetween(stay.check_in, stay.check_out);
  const stayRules = findStayRules(stay.check_in, rules);
  const where = stayRules.season ? ` in ${stayRules.season}` : '';
  if (nights < stayRules.minNights)
    return {
      code: 'min_nights',
      message: `Minimum stay${where} is ${stayRules.minNights} night${stayRules.minNights === 1 ? '' : 's'}`,
    };
  if (nights > stayRules.maxNights)
    return {
      code: 'max_nights',
      message: `Stays can be at most ${stayRules.maxNights} nights; for longer stays please contact us`,
    };
  if (stayRules.checkInDays && !stayRules.checkInDays.includes(weekdayOf(stay.check_in)))
    return {
      code: 'check_in_day',
      message: `Check-in${where} is on ${joinDays(stayRules.checkInDays)} only`,
    };
  if (options.advance === false) return undefined;
  const ahead = countDaysBetween(today, stay.check_in);
  if (ahead < rules.min_advance_days)
    return {
      code: 'min_advance',
      message:
        rules.min_advance_days === 1
          ? 'Check-in must be at least a day ahead'
          : `Check-in must be at least ${rules.min_advance_days} days ahead`,
    };
  if (ahead > rules.max_advance_days)
    return { code: 'max_advance', message: `Bookings open up to ${rules.max_advance_days} days ahead` };
  return undefined;
}

/** Why a stay cannot be booked under the rules (a sentence for the guest), or undefined. */
export function checkStayRules(
  stay: { check_in: string; check_out: string },
  rules: PricingRules,
  today: string,
): string | undefined {
  return findStayRuleRefusal(stay, rules, today)?.message;
}

const NightReasonSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('base') }),
  z.object({ kind: z.literal('weekday'), weekday: z.enum(WEEKDAYS) }),
  z.object({
    kind: z.literal('season'),
    season: z.string().describe('The season’s name, as the operator gave it'),
  }),
  z.object({ kind: z.literal('day') }).describe('A price the operator set for that day'),
]);

const beforeTax = {
  before_tax: z.boolean().describe('The prices include tax and the line shows the part before it'),
};

/** A quote line's charge as data, for a client to word it in its reader's language (see quote-charge.ts). */
export const QuoteChargeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('nights'),
    nights: z.number().int(),
    price: z.number().describe('The price of each of these nights'),
    reason: NightReasonSchema,
    ...beforeTax,
  }),
  z.object({
    kind: z.literal('extra_guests'),
    guests: z.number().int(),
    nights: z.number().int(),
    ...beforeTax,
  }),
  z.object({ kind: z.literal('cleaning_fee'), ...beforeTax }),
  z.object({
    kind: z.literal('fee'),
    name: z.string().describe('The fee’s name, as the operator gave it'),
    nights: z
      .number()
      .int()
      .nullable()
      .describe('The nights a fee per night is charged for; null for a fee per stay'),
    ...beforeTax,
  }),
]) satisfies z.ZodType<QuoteCharge>;

/** A stay's price as guests and the API see it; the quote kept with a booking adds the fields below. */
export const StayQuoteSchema = z.object({
  check_in: z.string(),
  check_out: z.string(),
  nights: z.array(
    z.object({
      date: z.string(),
      price: z.number(),
      label: z
        .string()
        .describe('Why the night costs this: base, weekday, season or a price set for the day'),
    }),
  ),
  nights_count: z.number().int(),
  guests: z.number().int(),
  lines: z
    .array(
      z.object({
        label: z.string(),
        amount: z.number(),
        charge: QuoteChargeSchema.optional().describe(
          'What the line charges, to word it in another language (quotes kept before it was added lack it)',
        ),
      }),
    )
    .describe('Nights grouped by price and reason, extra guests, fees; they add up to the subtotal'),
  subtotal: z.number(),
  taxes: z
    .array(z.object({ name: z.string(), rate: z.number().describe('Percent'), amount: z.number() }))
    .describe('Each tax at the rate that applied; subtotal plus taxes is the total'),
  total: z.number(),
  currency: z.string(),
  prices_include_tax: z.boolean(),
});

export type QuoteLine = z.infer<typeof StayQuoteSchema>['lines'][number];
/**
 * A tax of the quote, with the amount it was charged on and the nights charged at its rate (kept with the
 * booking, not sent; quotes kept before `nights` was added lack it).
 */
export type QuoteTax = z.infer<typeof StayQuoteSchema>['taxes'][number] & { base: number; nights?: number };
/** The full quote: each night also says why it costs what it does (its reason), each tax its base. */
export type StayQuote = Omit<z.infer<typeof StayQuoteSchema>, 'nights' | 'taxes'> & {
  nights: PricedNight[];
  taxes: QuoteTax[];
};

/**
 * The rate of a tax for a nightly amount before tax: the first band whose limit it does not pass.
 * `isWithin(limitCents)` says whether that amount is at most the limit.
 */
function findRate(tax: Tax, isWithin: (limitCents: number) => boolean): number {
  return (tax.bands.find((band) => band.up_to === null || isWithin(toMinor(band.up_to))) ?? tax.bands.at(-1)!)
    .rate;
}

const sumBasisPoints = (rates: readonly number[]) =>
  rates.reduce((sum, rate) => sum + toBasisPoints(rate), 0);

/**
 * The rates of every tax for one night's amount. Bands are chosen by the amount before tax; when prices
 * include tax that amount depends on the rates themselves, so the choice is repeated until it settles.
 */
function findNightRates(taxes: readonly Tax[], enteredCents: number, includeTax: boolean): number[] {
  let rates = taxes.map((tax) => findRate(tax, (limit) => enteredCents <= limit));
  if (!includeTax) return rates;
  for (let round = 0; round < 4; round += 1) {
    // The amount before tax, entered ÷ (1 + rates), is within the limit: compared in whole numbers.
    const combined = WHOLE_BP + sumBasisPoints(rates);
    const next = taxes.map((tax) => findRate(tax, (limit) => enteredCents * WHOLE_BP <= limit * combined));
    if (next.every((rate, index) => rate === rates[index])) break;
    rates = next;
  }
  return rates;
}

/**
 * The whole price of a stay: each night (and why), extra guests, fees, each tax with its rate, and the
 * total, in the property's currency. Every amount is made in minor units, and the lines and taxes add up
 * to the total exactly. Taxes are chosen night by night: a night's rate comes from its band, by that
 * night's amount before tax (room, extra guests and nightly fees), as GST on accommodation is charged by
 * the price per night; a fee for the whole stay is taxed at the highest rate any night took. A tax charged
 * at two rates in one stay is shown once per rate. When the prices include tax, the tax is taken out of
 * them, and the lines show the amounts before tax.
 */
export function priceStay(input: {
  checkIn: string;
  checkOut: string;
  guests: number;
  basePrice: number;
  currency: string;
  rules: PricingRules;
  dayPrices?: ReadonlyMap<string, number | null>;
}): StayQuote {
  const { rules } = input;
  const includeTax = rules.prices_include_tax;
  const nights = listDatesBetween(input.checkIn, input.checkOut).map((date) =>
    priceNight({ date, basePrice: input.basePrice, rules, dayPrice: input.dayPrices?.get(date) }),
  );
  const extraGuests = Math.max(0, input.guests - (rules.guests_included ?? input.guests));
  const nightlyFees = rules.fees.filter((fee) => fee.per === 'night');
  const stayFees: { charge: QuoteCharge; amount: number }[] = [
    ...(rules.cleaning_fee > 0
      ? [{ charge: { kind: 'cleaning_fee', before_tax: includeTax } as const, amount: rules.cleaning_fee }]
      : []),
    ...rules.fees
      .filter((fee) => fee.per === 'stay')
      .map((fee) => ({
        charge: { kind: 'fee', name: fee.name, nights: null, before_tax: includeTax } as const,
        amount: fee.amount,
      })),
  ];

  // Every amount charged, with the charge of the line it belongs to (a night counts as one, for now) and
  // the tax rates it bears.
  type Charge = { charge: QuoteCharge; cents: number; rates: number[] };
  const charges: Charge[] = [];
  for (const night of nights) {
    const parts: Omit<Charge, 'rates'>[] = [
      {
        charge: {
          kind: 'nights',
          nights: 1,
          price: night.price,
          reason: night.reason,
          before_tax: includeTax,
        },
        cents: toMinor(night.price),
      },
      ...(extraGuests > 0
        ? [
            {
              charge: {
                kind: 'extra_guests',
                guests: extraGuests,
                nights: nights.length,
                before_tax: includeTax,
              } as const,
              cents: extraGuests * toMinor(rules.extra_guest_fee),
            },
          ]
        : []),
      ...nightlyFees.map((fee) => ({
        charge: { kind: 'fee', name: fee.name, nights: nights.length, before_tax: includeTax } as const,
        cents: toMinor(fee.amount),
      })),
    ];
    const rates = findNightRates(
      rules.taxes,
      parts.reduce((sum, part) => sum + part.cents, 0),
      includeTax,
    );
    charges.push(...parts.map((part) => ({ ...part, rates })));
  }
  const stayRates = rules.taxes.map((_, index) =>
    Math.max(0, ...charges.map((charge) => charge.rates[index] ?? 0)),
  );
  charges.push(
    ...stayFees.map((fee) => ({ charge: fee.charge, cents: toMinor(fee.amount), rates: stayRates })),
  );

  // Each charge's taxes (on top, or the part of it that is tax) and its amount before tax. Charges alike
  // (nights at one price for one reason, say) make one line.
  const taxes = new Map<
    string,
    { name: string; rate: number; cents: number; base: number; nights: number }
  >();
  const lines = new Map<string, { charge: QuoteCharge; count: number; net: number }>();
  for (const charge of charges) {
    const combined = sumBasisPoints(charge.rates);
    const taxCents = charge.rates.map((rate) =>
      scaleMinor(charge.cents, toBasisPoints(rate), includeTax ? WHOLE_BP + combined : WHOLE_BP),
    );
    const net = includeTax ? charge.cents - taxCents.reduce((sum, cents) => sum + cents, 0) : charge.cents;
    rules.taxes.forEach((tax, index) => {
      const rate = charge.rates[index]!;
      if (rate === 0) return;
      const key = `${tax.name}|${rate}`;
      const entry = taxes.get(key) ?? { name: tax.name, rate, cents: 0, base: 0, nights: 0 };
      entry.cents += taxCents[index]!;
      entry.base += net;
      // A night's own price is the one charge per night of the nights kind.
      if (charge.charge.kind === 'nights') entry.nights += 1;
      taxes.set(key, entry);
    });
    const key = JSON.stringify(charge.charge);
    const line = lines.get(key) ?? { charge: charge.charge, count: 0, net: 0 };
    line.count += 1;
    line.net += net;
    lines.set(key, line);
  }

  // The nights first, in date order, then extra guests and fees.
  const isNights = (line: { charge: QuoteCharge }) => line.charge.kind === 'nights';
  const ordered = [
    ...[...lines.values()].filter(isNights),
    ...[...lines.values()].filter((line) => !isNights(line)),
  ];
  const english = wordInEnglish(input.currency);
  const quoteLines = ordered.map((line) => {
    // Nights are grouped by price and reason: "3 nights × 12,000 (Friday price)".
    const charge: QuoteCharge =
      line.charge.kind === 'nights' ? { ...line.charge, nights: line.count } : line.charge;
    return { label: sayQuoteCharge(charge, english), charge, cents: line.net };
  });
  const subtotalCents = quoteLines.reduce((sum, line) => sum + line.cents, 0);
  const taxTotal = [...taxes.values()].reduce((sum, tax) => sum + tax.cents, 0);
  return {
    check_in: input.checkIn,
    check_out: input.checkOut,
    nights,
    nights_count: nights.length,
    guests: input.guests,
    currency: input.currency,
    lines: quoteLines.map((line) => ({
      label: line.label,
      amount: toMajor(line.cents),
      charge: line.charge,
    })),
    subtotal: toMajor(subtotalCents),
    taxes: [...taxes.values()]
      .sort((a, b) => a.name.localeCompare(b.name) || a.rate - b.rate)
      .map((tax) => ({
        name: tax.name,
        rate: tax.rate,
        amount: toMajor(tax.cents),
        base: toMajor(tax.base),
        nights: tax.nights,
      })),
    total: toMajor(subtotalCents + taxTotal),
    prices_include_tax: includeTax,
  };
}

/** The nights a stay may end on after a check-in, under the rules (for the date picker). */
export function listCheckOutRange(checkIn: string, rules: PricingRules) {
  const stayRules = findStayRules(checkIn, rules);
  return {
    first: addDaysToDate(checkIn, stayRules.minNights),
    last: addDaysToDate(checkIn, stayRules.maxNights),
  };
}

/** The next nights the pricing view previews. */
export const PRICING_PREVIEW_NIGHTS = 60;

export const PropertyPricingSchema = z.object({
  rules: PricingRulesSchema,
  base_price: AmountSchema,
  currency: z.string(),
  today: z.string().describe('Today at the villa'),
  day_prices: z
    .array(z.object({ date: z.string(), price: AmountSchema }))
    .describe(
      `Prices the operator set on single days in the next ${PRICING_PREVIEW_NIGHTS} nights (they win over the rules)`,
    ),
});
export type PropertyPricing = z.infer<typeof PropertyPricingSchema>;
