import { z } from 'zod';
import { BOOKING_SOURCES, BOOKING_STATUSES } from './booking';
import { isoDate, optionalText, queryWholeNumber } from './fields';

export const BOOKING_SORTS = ['newest', 'check_in'] as const;
export type BookingSort = (typeof BOOKING_SORTS)[number];

export const BOOKING_PAGE_SIZE = { default: 100, max: 500 } as const;

/**
 * The bookings list's search, filters, order and page: the query string of `listBookings` and of the
 * CSV export, and the management area's URL. Values arrive as text (query strings); a blank one means
 * "no filter".
 */
const bookingListFields = {
  q: optionalText('Search', { max: 100 }).describe(
    "Part of the guest's name or e-mail, any case; or the booking's reference (SV-…), the guest's phone in any spelling, the channel's reservation code, a payment's UTR or reference, an invoice's number",
  ),
  status: z
    .enum(BOOKING_STATUSES, { error: `status must be one of ${BOOKING_STATUSES.join(', ')}` })
    .optional(),
  source: z
    .enum(BOOKING_SOURCES, { error: `source must be one of ${BOOKING_SOURCES.join(', ')}` })
    .optional(),
  from: isoDate('from').optional().describe('Stays overlapping [from, to): check-out after this date'),
  to: isoDate('to').optional().describe('Stays overlapping [from, to): check-in before this date'),
  sort: z
    .enum(BOOKING_SORTS, { error: `sort must be one of ${BOOKING_SORTS.join(', ')}` })
    .default('newest')
    .describe('newest: booked most recently first; check_in: earliest check-in first'),
  limit: queryWholeNumber('limit', { min: 1, max: BOOKING_PAGE_SIZE.max })
    .optional()
    .describe(`Page size, ${BOOKING_PAGE_SIZE.default} unless given`),
  offset: queryWholeNumber('offset', { min: 0, max: 10_000_000 }).optional(),
};
const fromBeforeTo = (query: { from?: string; to?: string }) =>
  !query.from || !query.to || query.from < query.to;
const FROM_BEFORE_TO = { message: '"to" must be after "from"', path: ['to'] };

export const BookingListQuerySchema = z.object(bookingListFields).refine(fromBeforeTo, FROM_BEFORE_TO);
export type BookingListQueryInput = z.input<typeof BookingListQuerySchema>;
/** The list's search, filters and order: everything but the page, which the management area keeps in its URL. */
export const BOOKING_LIST_FILTER_KEYS = BookingListQuerySchema.keyof().exclude(['limit', 'offset']).options;
export type BookingListFilterKey = (typeof BOOKING_LIST_FILTER_KEYS)[number];
export type BookingListQuery = z.output<typeof BookingListQuerySchema>;

/** The list of every booking of the operator's active properties: the same query, and one property if given. */
export const BookingSearchQuerySchema = z
  .object({
    ...bookingListFields,
    property: z
      .uuid({ error: 'property must be a property id (a UUID)' })
      .optional()
      .describe("Only this property's bookings"),
  })
  .refine(fromBeforeTo, FROM_BEFORE_TO);
export type BookingSearchQueryInput = z.input<typeof BookingSearchQuerySchema>;
export type BookingSearchQuery = z.output<typeof BookingSearchQuerySchema>;
