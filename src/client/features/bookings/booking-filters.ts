import {
  BOOKING_LIST_FILTER_KEYS as FILTER_KEYS,
  BOOKING_PAGE_SIZE,
  BookingListQuerySchema,
  type BookingListFilterKey as FilterKey,
  type BookingListQueryInput,
} from '@/domain/booking-list';

/** What the bookings list keeps in the address bar: the API's filters and the page. */
export const BOOKINGS_URL_PARAMETERS = [...FILTER_KEYS, 'page'] as const;

/**
 * The list's search, filters and page as the address bar has them, checked by the API's own schema: a
 * value the server would refuse (a hand-edited URL) is dropped rather than shown as an error.
 */
export function readBookingFilters(params: URLSearchParams): {
  filters: Partial<Record<FilterKey, string>>;
  page: number;
  query: BookingListQueryInput;
} {
  const filters: Partial<Record<FilterKey, string>> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  // Rules that relate two fields (from before to) are checked once each field is valid: drop and retry.
  let valid = BookingListQuerySchema.parse({});
  for (let attempt = 0; attempt <= FILTER_KEYS.length; attempt += 1) {
    const parsed = BookingListQuerySchema.safeParse(filters);
    if (parsed.success) {
      valid = parsed.data;
      break;
    }
    for (const issue of parsed.error.issues) delete filters[issue.path[0] as FilterKey];
  }
  const pageText = params.get('page') ?? '';
  const page = /^[1-9]\d{0,5}$/.test(pageText) ? Number(pageText) : 1;
  return {
    filters,
    page,
    query: {
      q: valid.q ?? undefined,
      status: valid.status,
      source: valid.source,
      from: valid.from,
      to: valid.to,
      sort: valid.sort,
      limit: String(BOOKING_PAGE_SIZE.default),
      offset: String((page - 1) * BOOKING_PAGE_SIZE.default),
    },
  };
}
