import { z } from 'zod';
import { isoDate, queryWholeNumber } from './fields';
import { StayQuoteSchema } from './pricing';

/**
 * A booking's dates or guests changed: the price the rules give the stay as changed, beside the price it
 * has. The operator takes the new quote or keeps the total (with a reason) when they save the change.
 */

/** The stay as the edit form has it now: the dates and guests to quote. */
export const BookingChangeQuoteQuerySchema = z
  .object({
    check_in: isoDate('Check-in'),
    check_out: isoDate('Check-out'),
    guests_count: queryWholeNumber('Guests', { min: 1, max: 1000 }),
  })
  .refine((stay) => stay.check_out > stay.check_in, {
    message: 'Check-out must be after check-in',
    path: ['check_out'],
  });
export type BookingChangeQuoteQuery = z.input<typeof BookingChangeQuoteQuerySchema>;

export const BookingChangeQuoteSchema = z.object({
  current: z
    .object({
      check_in: z.string(),
      check_out: z.string(),
      guests_count: z.number().int().nullable().describe("null: a channel's calendar gave no count"),
      total: z.number(),
      quote: StayQuoteSchema.nullable().describe(
        'The breakdown the stay was priced with, when it kept one and it still adds up to its total',
      ),
    })
    .describe('The stay as it is'),
  quote: StayQuoteSchema.describe('The stay as changed, priced by the rules as the booking form prices it'),
  currency: z.string(),
});
export type BookingChangeQuote = z.infer<typeof BookingChangeQuoteSchema>;

/**
 * The codes of a change's pricing refusals (the error body's `code`), for the client to recognise and word:
 * - min_nights, max_nights, check_in_day: the stay rules refuse the changed stay (pricing.ts);
 * - invalid_stay: the dates make no stay (check-out not after check-in, too long);
 * - too_many_guests: more guests than the property sleeps;
 * - channel_price: a channel's stay keeps the channel's price, no quote is offered;
 * - settled_stay: a cancelled or completed stay keeps its terms;
 * - quote_changed: the new quote is not the one the operator was shown (`quote` carries the new one);
 * - reason_required: keeping the total needs the operator's reason;
 * - pricing_with_total: a pricing choice and a typed total together;
 * - nothing_to_reprice: a pricing choice without a change of dates or guests.
 */
export const REPRICE_ERROR_CODES = [
  'invalid_stay',
  'too_many_guests',
  'channel_price',
  'settled_stay',
  'quote_changed',
  'reason_required',
  'pricing_with_total',
  'nothing_to_reprice',
] as const;
export type RepriceErrorCode = (typeof REPRICE_ERROR_CODES)[number];

/** The change quote's words, said once for the API and the form. */
export const REPRICE_MESSAGES = {
  channelPrice: "This stay's price comes from its channel: no quote is offered, its total stays as it is",
  settled: (status: string) => `This booking is ${status}: its dates, guests and total can no longer change`,
  quoteChanged: (total: string) =>
    `The price of this change has moved since it was shown: the new quote is now ${total}. Check it and save again.`,
  reasonRequired: 'Say why the stay keeps its total (the reason is kept in the activity log)',
  pricingWithTotal: 'Choose the new quote or keep the total, or type a total, not both',
  nothingToReprice: 'A price is chosen only when the dates or guests change',
} as const;
