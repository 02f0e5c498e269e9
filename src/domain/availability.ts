import { PricingRulesSchema, StayQuoteSchema } from './pricing';
import { z } from 'zod';
import { isoDate, queryWholeNumber } from './fields';
import { AmountSchema } from './wire-amount';

export const AvailabilityQuerySchema = z.object({
  from: isoDate('from').optional().describe('yyyy-MM-dd; today or later (earlier dates count as today)'),
  to: isoDate('to').optional().describe('yyyy-MM-dd (exclusive); defaults to the end of the booking horizon'),
});

export const QuoteQuerySchema = z.object({
  check_in: isoDate('Check-in'),
  check_out: isoDate('Check-out'),
  guests: queryWholeNumber('Guests', { min: 1, max: 1000 }).optional(),
});
export type QuoteQuery = z.input<typeof QuoteQuerySchema>;

/** What the public site learns about the villa's calendar: no guest data. */
export const AvailabilitySchema = z.object({
  property: z.object({
    id: z.string(),
    name: z.string(),
    max_guests: z.number().int(),
    base_price: AmountSchema,
    currency: z.string(),
  }),
  from: z.string(),
  to: z.string(),
  today: z.string().describe("Today's date at the villa"),
  unavailable: z.array(z.string()).describe('Nights that cannot be booked'),
  prices: z
    .array(z.object({ date: z.string(), price: AmountSchema }))
    .describe('Nights priced differently from base_price'),
  limits: z.object({ max_nights: z.number().int(), max_days_ahead: z.number().int() }),
  hold_hours: z
    .number()
    .describe(
      'Hours an unanswered request holds its nights (REQUEST_HOLD_HOURS): the form promises an answer within them',
    ),
  rules: PricingRulesSchema.describe(
    'The pricing and stay rules (minimum stays, check-in days, seasons), so the date picker can apply them before asking',
  ),
});
export type Availability = z.infer<typeof AvailabilitySchema>;

export const QuoteResultSchema = StayQuoteSchema.extend({
  available: z.boolean(),
  unavailable_nights: z.array(z.string()),
});
export type QuoteResult = z.infer<typeof QuoteResultSchema>;

export const BookingRequestResultSchema = z.object({
  reference: z.string().describe('A short reference for the guest, e.g. SV-3F2A91C0'),
  request_path: z
    .string()
    .nullable()
    .describe(
      "The guest's own page for this request (/request/<token>), where they follow it and may withdraw it; null when the answer repeats an earlier request (its link went by e-mail)",
    ),
  booking: z.object({
    check_in: z.string(),
    check_out: z.string(),
    guests_count: z.number().int(),
    total_amount: z.number(),
    currency: z.string(),
    status: z.literal('pending'),
  }),
  hold_hours: z
    .number()
    .describe(
      'Hours an unanswered request holds its nights (REQUEST_HOLD_HOURS): the guest is answered within them',
    ),
  confirm_by: z
    .string()
    .nullable()
    .describe(
      'The request holds its nights only until then unless the guest confirms it from the link in their e-mail (it then lapses quietly); a repeated request is told the same; null once it no longer waits for the guest',
    ),
});
export type BookingRequestResult = z.infer<typeof BookingRequestResultSchema>;
