import { z } from 'zod';
import { AmountSchema } from './wire-amount';
import { BOOKING_SOURCES } from './booking';
import { countDaysBetween } from './dates';
import { isoDate } from './fields';
import { scaleMinor, type MinorUnits } from './money';

/** A report covers at most this many days (three years), so one request stays cheap. */
export const MAX_REPORT_DAYS = 1098;

/** Stays that sell nights: cancelled ones never count, pending ones are not sold yet. */
export const SOLD_STATUSES = ['confirmed', 'completed'] as const;

export const ReportQuerySchema = z
  .object({
    from: isoDate('from').describe('First night of the period'),
    to: isoDate('to').describe('The day after the last night (the period is half-open)'),
    property: z
      .uuid({ error: 'property must be a property id (a UUID)' })
      .optional()
      .describe('Leave out for all active properties'),
  })
  .refine((query) => query.from < query.to, { message: '"to" must be after "from"', path: ['to'] })
  .refine((query) => countDaysBetween(query.from, query.to) <= MAX_REPORT_DAYS, {
    message: `A report covers at most ${MAX_REPORT_DAYS} days`,
    path: ['to'],
  });
export type ReportQuery = z.output<typeof ReportQuerySchema>;

const SourceFiguresSchema = z.object({
  source: z.enum(BOOKING_SOURCES),
  nights: z.number().int(),
  revenue: AmountSchema,
});

export const ReportFiguresSchema = z.object({
  nights: z.number().int().describe('Nights in the period, over every property counted'),
  closed_nights: z.number().int().describe('Nights the operator closed, not sold'),
  available_nights: z.number().int().describe('nights − closed_nights'),
  booked_nights: z.number().int().describe('Nights of confirmed or completed stays'),
  unpriced_nights: z
    .number()
    .int()
    .describe('Booked nights of stays imported without a price: in occupancy, not in revenue or ADR'),
  occupancy: z.number().nullable().describe('booked_nights / available_nights (0 to 1)'),
  revenue: AmountSchema.describe('Stay totals, split evenly over their nights, to the cent'),
  adr: AmountSchema.nullable().describe('Average daily rate: revenue / (booked_nights − unpriced_nights)'),
  revpar: AmountSchema.nullable().describe('Revenue per available night: revenue / available_nights'),
  received: AmountSchema.describe(
    'Money received: payments less refunds by the day received (security deposits apart), in this currency',
  ),
  sources: z.array(SourceFiguresSchema),
});
export type ReportFigures = z.infer<typeof ReportFiguresSchema>;

export const ReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  property_id: z.uuid().nullable(),
  currencies: z.array(
    z.object({
      currency: z.string(),
      months: z.array(ReportFiguresSchema.extend({ month: z.string().describe('yyyy-MM') })),
      total: ReportFiguresSchema,
    }),
  ),
});
export type Report = z.infer<typeof ReportSchema>;

/** Counts of one month (or the whole period) in one currency, as the database sums them. */
export type ReportCounts = {
  nights: number;
  closed_nights: number;
  booked_nights: number;
  unpriced_nights: number;
  revenue_cents: number;
  /** Payments less refunds received in the month, in minor units. */
  received_cents: number;
  sources: { source: (typeof BOOKING_SOURCES)[number]; nights: number; revenue_cents: number }[];
};

/** The counts of a month with nothing in it; a new object each time, as adding to it fills it in. */
export const createEmptyReportCounts = (): ReportCounts => ({
  nights: 0,
  closed_nights: 0,
  booked_nights: 0,
  unpriced_nights: 0,
  revenue_cents: 0,
  received_cents: 0,
  sources: [],
});

const ratio = (part: number, whole: number, digits: number) =>
  whole === 0 ? null : Math.round((part / whole) * 10 ** digits) / 10 ** digits;
/** An amount per night, to the cent. */
const perNight = (cents: number, nights: number) =>
  nights === 0 ? null : (scaleMinor(cents, 1, nights) as MinorUnits);

/** The figures an operator reads, from the counts: occupancy, ADR and RevPAR. */
export function computeReportFigures(counts: ReportCounts): ReportFigures {
  const available = counts.nights - counts.closed_nights;
  return {
    nights: counts.nights,
    closed_nights: counts.closed_nights,
    available_nights: available,
    booked_nights: counts.booked_nights,
    unpriced_nights: counts.unpriced_nights,
    occupancy: ratio(counts.booked_nights, available, 4),
    revenue: counts.revenue_cents as MinorUnits,
    adr: perNight(counts.revenue_cents, counts.booked_nights - counts.unpriced_nights),
    revpar: perNight(counts.revenue_cents, available),
    received: counts.received_cents as MinorUnits,
    sources: [...counts.sources]
      .sort((a, b) => BOOKING_SOURCES.indexOf(a.source) - BOOKING_SOURCES.indexOf(b.source))
      .map((source) => ({
        source: source.source,
        nights: source.nights,
        revenue: source.revenue_cents as MinorUnits,
      })),
  };
}

/** Adds counts together (months into the period's total). */
export function sumReportCounts(list: readonly ReportCounts[]): ReportCounts {
  const sources = new Map<
    ReportCounts['sources'][number]['source'],
    { nights: number; revenue_cents: number }
  >();
  for (const counts of list) {
    for (const source of counts.sources) {
      const sum = sources.get(source.source) ?? { nights: 0, revenue_cents: 0 };
      sources.set(source.source, {
        nights: sum.nights + source.nights,
        revenue_cents: sum.revenue_cents + source.revenue_cents,
      });
    }
  }
  return {
    nights: list.reduce((sum, counts) => sum + counts.nights, 0),
    closed_nights: list.reduce((sum, counts) => sum + counts.closed_nights, 0),
    booked_nights: list.reduce((sum, counts) => sum + counts.booked_nights, 0),
    unpriced_nights: list.reduce((sum, counts) => sum + counts.unpriced_nights, 0),
    revenue_cents: list.reduce((sum, counts) => sum + counts.revenue_cents, 0),
    received_cents: list.reduce((sum, counts) => sum + counts.received_cents, 0),
    sources: [...sources].map(([source, sum]) => ({ source, ...sum })),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Money: what guests still owe, and the ledger for the accountant.

export const OutstandingQuerySchema = z.object({
  property: z
    .uuid({ error: 'property must be a property id (a UUID)' })
    .optional()
    .describe('Leave out for all active properties'),
});
export type OutstandingQuery = z.output<typeof OutstandingQuerySchema>;

export const OutstandingBalanceSchema = z.object({
  booking_id: z.uuid(),
  reference: z.string(),
  property_id: z.uuid(),
  property_name: z.string(),
  guest_name: z.string(),
  check_in: z.string(),
  check_out: z.string(),
  status: z.enum(SOLD_STATUSES),
  currency: z.string(),
  total: AmountSchema,
  paid: AmountSchema.describe('Payments less refunds'),
  balance: AmountSchema,
  next_due: z.object({ amount: AmountSchema, date: z.string() }).nullable(),
  overdue: z.boolean(),
});
export type OutstandingBalance = z.infer<typeof OutstandingBalanceSchema>;

export const OutstandingBalancesSchema = z.object({
  balances: z
    .array(OutstandingBalanceSchema)
    .describe('Confirmed or completed stays with a balance, the soonest due first'),
  totals: z
    .array(z.object({ currency: z.string(), balance: AmountSchema, overdue: AmountSchema }))
    .describe('What is owed, and of it overdue, per currency'),
});
export type OutstandingBalances = z.infer<typeof OutstandingBalancesSchema>;

/** The ledger's CSV: entries received from `from` up to the day before `to`, of every active property or one. */
export const PaymentsCsvQuerySchema = ReportQuerySchema;
export type PaymentsCsvQuery = ReportQuery;
