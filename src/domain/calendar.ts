import { z } from 'zod';
import { CalendarBookingSchema, type CalendarBooking } from './booking';
import { CHANNEL_KINDS, type ChannelKind } from './channel';
import { countDaysBetween, isNightOfStay, listDatesBetween, listMonthDates } from './dates';
import { isoDate, money } from './fields';
import { DEFAULT_PRICING_RULES, priceNight, PricingRulesSchema, type PricingRules } from './pricing';
import { AmountSchema, wireAmount, type Wire } from './wire-amount';

/** An operator's setting for one day: closed or open, and a price that differs from the base price. */
export const CalendarRowSchema = z.object({
  date: z.string(),
  is_available: z.boolean(),
  price: AmountSchema.nullable(),
  closed_by: z
    .array(z.object({ connection_id: z.uuid(), channel: z.enum(CHANNEL_KINDS) }))
    .optional()
    .describe('The channel connections whose imported blocks close this night'),
});
export type CalendarRow = z.infer<typeof CalendarRowSchema>;

/** A property's month in the management calendar: its rows, and the bookings that share a night with it. */
export const PropertyCalendarSchema = z.object({
  month: z.string(),
  start: z.string().describe('First day of the month'),
  end: z.string().describe('First day of the next month (the range is half-open)'),
  base_price: AmountSchema,
  currency: z.string(),
  rules: PricingRulesSchema.describe("The property's pricing rules, which price each open night"),
  calendar: z.array(CalendarRowSchema),
  bookings: z.array(CalendarBookingSchema),
});
export type PropertyCalendar = z.infer<typeof PropertyCalendarSchema>;

/** At most this many days change in one calendar edit. */
export const MAX_CALENDAR_EDIT_DAYS = 366;

const nightlyPrice = money('Nightly price');

/** The rules of a calendar edit, its price checked by `price` (the API's decodes it to minor units). */
function calendarDaysSchema<Price extends z.ZodType<number, number>>(price: Price) {
  return z
    .object({
      start: isoDate('Start date'),
      end: isoDate('End date').describe('Included'),
      is_available: z.boolean({ error: 'is_available must be true or false' }).optional(),
      price: price.nullable().optional().describe('null returns the days to the base price'),
    })
    .refine((body) => body.end >= body.start, {
      message: 'The end date must not be before the start date',
      path: ['end'],
    })
    .refine((body) => countDaysBetween(body.start, body.end) < MAX_CALENDAR_EDIT_DAYS, {
      message: `Change at most ${MAX_CALENDAR_EDIT_DAYS} days at a time`,
      path: ['end'],
    })
    .refine((body) => body.is_available !== undefined || body.price !== undefined, {
      message: 'Send is_available, price or both',
    });
}

/** Closing, opening or pricing the days from start to end, both included. */
export const UpdateCalendarDaysSchema = calendarDaysSchema(wireAmount(nightlyPrice));
export type UpdateCalendarDays = z.infer<typeof UpdateCalendarDaysSchema>;
/** The body as sent: its price in major units. */
export type UpdateCalendarDaysInput = z.input<typeof UpdateCalendarDaysSchema>;

export const CALENDAR_CHANGES = ['unavailable', 'available', 'price', 'base-price'] as const;
export type CalendarChange = (typeof CALENDAR_CHANGES)[number];

/**
 * The calendar editor's form: a range and one change (close, open, set a price, back to the base
 * price), turned into the body the server takes (its price as typed, major units) and checked by the
 * same rules.
 */
export const CalendarDaysEditSchema = z
  .object({
    start: z.string(),
    end: z.string(),
    change: z.enum(CALENDAR_CHANGES),
    // Checked as the server's price once the change is known: only 'price' needs one.
    price: z.unknown().optional(),
  })
  .transform(({ start, end, change, price }) => ({
    start,
    end,
    ...(change === 'unavailable' ? { is_available: false } : {}),
    ...(change === 'available' ? { is_available: true } : {}),
    ...(change === 'price' ? { price: price as number } : {}),
    ...(change === 'base-price' ? { price: null } : {}),
  }))
  .pipe(calendarDaysSchema(nightlyPrice));
export type CalendarDaysEdit = z.input<typeof CalendarDaysEditSchema>;

export type DayStatus = 'available' | 'booked' | 'unavailable';
export type CalendarDay = {
  date: string;
  status: DayStatus;
  price: number;
  /** Why the night costs what it does: the day's own price, a season, a weekday price or the base. */
  priceLabel: string;
  booking: Pick<CalendarBooking, 'id' | 'guest_name' | 'status' | 'booking_source'> | null;
  /** The channels whose imported blocks close the day (an unavailable day may be closed by the operator). */
  closedBy: ChannelKind[];
};

/**
 * The state of each day of a month, from the calendar as the API sends it (amounts in major units, as
 * the pricing rules hold them): available by default, a calendar row overrides availability, and a
 * booking overrides both. Cancelled bookings free their nights. Each night's price comes from the pricing
 * rules, a price set on the day winning over them.
 */
export function computeMonthDays(input: {
  month: string;
  basePrice: number;
  rows: readonly Wire<CalendarRow>[];
  bookings: readonly CalendarBooking[];
  rules?: PricingRules;
}): CalendarDay[] {
  const rowsByDate = new Map(input.rows.map((row) => [row.date, row]));
  const holding = input.bookings.filter((booking) => booking.status !== 'cancelled');
  return listMonthDates(input.month).map((date) => {
    const row = rowsByDate.get(date);
    const night = priceNight({
      date,
      basePrice: input.basePrice,
      rules: input.rules ?? DEFAULT_PRICING_RULES,
      dayPrice: row?.price,
    });
    const price = night.price;
    const priceLabel = night.label;
    const booking = holding.find((stay) => isNightOfStay(date, stay));
    const closedBy = (row?.closed_by ?? []).map((closer) => closer.channel);
    if (booking) {
      return {
        date,
        status: 'booked',
        price,
        priceLabel,
        booking: {
          id: booking.id,
          guest_name: booking.guest_name,
          status: booking.status,
          booking_source: booking.booking_source,
        },
        closedBy,
      };
    }
    return {
      date,
      status: row && !row.is_available ? 'unavailable' : 'available',
      price,
      priceLabel,
      booking: null,
      closedBy,
    };
  });
}

/**
 * The nights in [from, to) that cannot be booked: a calendar row marks them unavailable, or a pending or
 * confirmed stay holds them. Used for the public date picker and to refuse a request.
 */
export function listUnavailableNights(input: {
  from: string;
  to: string;
  rows: readonly Pick<CalendarRow, 'date' | 'is_available'>[];
  stays: readonly { check_in: string; check_out: string }[];
}): string[] {
  const closed = new Set(input.rows.filter((row) => !row.is_available).map((row) => row.date));
  return listDatesBetween(input.from, input.to).filter(
    (date) => closed.has(date) || input.stays.some((stay) => isNightOfStay(date, stay)),
  );
}
