import { z } from 'zod';
import { countDaysBetween } from './dates';
import { email, isoDate, money, optionalText, requiredText, wholeNumber } from './fields';
import { formatMoney, moneyFromMajor, toMinor, type Money } from './money';
import { DEFAULT_LANGUAGE, LanguageSchema } from './language';

export const BOOKING_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_SOURCES = ['direct', 'airbnb', 'booking_com', 'vrbo', 'other'] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];
/** How each source is named to people. */
export const BOOKING_SOURCE_LABELS: Record<BookingSource, string> = {
  direct: 'Direct',
  airbnb: 'Airbnb',
  booking_com: 'Booking.com',
  vrbo: 'Vrbo',
  other: 'Other channel',
};

/**
 * Derived from the booking's ledger (src/domain/payment.ts), never set by hand: 'channel' is a stay the
 * channel collects (Airbnb, Booking.com) with no money recorded here. Values are only ever added.
 */
export const PAYMENT_STATUSES = ['unpaid', 'partial', 'paid', 'refunded', 'channel'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Statuses whose nights are taken: the database's exclusion constraint covers exactly these. A completed
 * stay keeps its nights (it can only be completed once its check-out day has come, but a stay completed
 * by mistake must never free nights that are sold again).
 */
export const BLOCKING_STATUSES: readonly BookingStatus[] = ['pending', 'confirmed', 'completed'];

/** Statuses of a booking that is still under way: waiting for an answer, or confirmed and not ended. */
export const OPEN_STATUSES: readonly BookingStatus[] = ['pending', 'confirmed'];

export const BookingSchema = z.object({
  id: z.uuid(),
  property_id: z.uuid(),
  guest_name: z.string(),
  guest_email: z.string(),
  guest_phone: z.string().nullable(),
  check_in: z.string(),
  check_out: z.string(),
  guests_count: z
    .number()
    .int()
    .nullable()
    .describe(
      "null only for a channel's stay whose feed does not say how many guests come (shown 'not given')",
    ),
  total_amount: z.number(),
  currency: z.string(),
  status: z.enum(BOOKING_STATUSES),
  booking_source: z.enum(BOOKING_SOURCES),
  payment_status: z.enum(PAYMENT_STATUSES),
  special_requests: z.string().nullable(),
  external_booking_id: z.string().nullable(),
  created_at: z.string(),
  amount_known: z
    .boolean()
    .describe(
      'false for a stay imported from a channel feed, which gives no price: total_amount is then 0 and unknown',
    ),
  channel_connection_id: z.uuid().nullable().describe('The channel connection a stay was imported from'),
  request_network: z
    .string()
    .nullable()
    .describe("A guest request's network (IPv4 /24 or IPv6 /64); null for other bookings"),
  is_sample: z.boolean().describe('Made up by the seed to show the product (removeSampleData removes it)'),
  lapses_at: z
    .string()
    .nullable()
    .describe(
      'When this pending request from the booking form lapses (unanswered: it is then cancelled and the guest told; unconfirmed by the guest: cancelled quietly); null for every other booking, which never lapses',
    ),
  guest_confirmed: z
    .boolean()
    .nullable()
    .describe(
      'For a request from the booking form: whether the guest confirmed it from the link in their e-mail (until then it holds its nights only briefly, is not exported to the channels, and the operator is not notified); null for every other booking',
    ),
  operator_note: z
    .string()
    .nullable()
    .describe("The operator's private note on the stay: never shown or sent to the guest, nor exported"),
  guest_language: LanguageSchema.describe(
    "The guest's language (en, hi, mr): their request page and e-mails follow it",
  ),
});
export type Booking = z.infer<typeof BookingSchema>;
/** A booking as stored, before its request's state (lapse time, confirmation) is looked up. */
export type StoredBooking = Omit<Booking, 'lapses_at' | 'guest_confirmed'>;

/** What the calendar needs of a booking: its nights, guest, source and status. */
export const CalendarBookingSchema = BookingSchema.pick({
  id: true,
  check_in: true,
  check_out: true,
  guest_name: true,
  booking_source: true,
  status: true,
});
export type CalendarBooking = z.infer<typeof CalendarBookingSchema>;

/** Allowed status changes: pending → confirmed/cancelled; confirmed → completed/cancelled. */
export const STATUS_TRANSITIONS: Record<BookingStatus, readonly BookingStatus[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

export function canChangeStatus(from: BookingStatus, to: BookingStatus): boolean {
  return STATUS_TRANSITIONS[from].includes(to);
}

/** A stay can be marked completed from its check-out day on (in the villa's time zone), never before. */
export function canCompleteStay(stay: { check_out: string }, today: string): boolean {
  return stay.check_out <= today;
}

/** Why a stay cannot be completed yet; the API and the booking's actions say the same. */
export const completeTooEarlyMessage = (checkOut: string) =>
  `This stay can be marked completed from its check-out day (${checkOut}); until then its nights stay booked`;

/** A short reference a guest can quote: the first eight characters of the booking's id. */
export function formatBookingReference(bookingId: string): string {
  return `SV-${bookingId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

export const BOOKING_LIMITS = {
  /** The longest stay the public form takes; longer ones are arranged with the operator. */
  maxNights: 30,
  /** How far ahead a guest can book. */
  maxDaysAhead: 540,
} as const;

/**
 * The largest total a booking may have, in major units, typed or priced by the rules: well within what
 * the database's amounts hold (numeric(12,2)), and far above any real stay, so a larger one is a mistake.
 */
export const MAX_BOOKING_TOTAL = 100_000_000;

/** The refusal for a booking that does not exist or is another operator's (the same words for both). */
export const BOOKING_NOT_FOUND = 'Booking not found';

export const BOOKING_MESSAGES = {
  unavailable: 'Those dates are no longer available',
  priceChanged: (total: string) =>
    `The price of these dates has changed since you saw it: the total is now ${total}. Please check the new price and send your request again.`,
  checkOutBeforeCheckIn: 'Check-out must be after check-in',
  inThePast: 'Check-in cannot be in the past',
  tooLong: `Stays can be at most ${BOOKING_LIMITS.maxNights} nights; for longer stays please contact us`,
  tooFarAhead: `Bookings open up to ${BOOKING_LIMITS.maxDaysAhead} days ahead`,
  tooManyGuests: (max: number) => `This property sleeps at most ${max} guests`,
  /** `today` as people read it. */
  confirmedEndsInThePast: (today: string) =>
    `A confirmed stay cannot be moved to end before today (${today}): cancel it, or mark it completed once it has ended`,
  totalTooLarge: (total: Money) =>
    `The stay's total under the pricing rules, ${formatMoney(total)}, is more than a booking's total may be (${formatMoney(moneyFromMajor(MAX_BOOKING_TOTAL, total.currency))}): check the prices, fees and taxes`,
} as const;

const guestName = requiredText('Full name', { max: 100, name: true });
const guestEmail = email();
const guestPhone = optionalText('Phone', { max: 30 }).refine(
  (value) => value === null || /^\+?[0-9 ()./-]{6,}$/.test(value),
  { message: 'Enter a valid phone number' },
);
const specialRequests = optionalText('Special requests', { max: 1000, multiline: true });
const guestsCount = wholeNumber('Guests', { min: 1, max: 1000 });

type StayDates = { check_in: string; check_out: string };

/** The stay rules that depend on today's date; the form and the route pass their own "today". */
export function checkStayDates(
  stay: StayDates,
  today: string,
  options: { allowPast?: boolean } = {},
): string | undefined {
  const nights = countDaysBetween(stay.check_in, stay.check_out);
  if (nights <= 0) return BOOKING_MESSAGES.checkOutBeforeCheckIn;
  if (!options.allowPast && stay.check_in < today) return BOOKING_MESSAGES.inThePast;
  if (options.allowPast) return nights > 365 ? 'Stays can be at most 365 nights' : undefined;
  if (nights > BOOKING_LIMITS.maxNights) return BOOKING_MESSAGES.tooLong;
  if (countDaysBetween(today, stay.check_in) > BOOKING_LIMITS.maxDaysAhead)
    return BOOKING_MESSAGES.tooFarAhead;
  return undefined;
}

function withStayRules<T extends z.ZodType<StayDates>>(
  schema: T,
  today: () => string,
  options?: { allowPast?: boolean },
) {
  return schema.superRefine((stay, ctx) => {
    const message = checkStayDates(stay, today(), options);
    if (message) ctx.addIssue({ code: 'custom', path: ['check_out'], message });
  });
}

const bookingRequestShape = {
  check_in: isoDate('Check-in'),
  check_out: isoDate('Check-out'),
  guests_count: guestsCount,
  guest_name: guestName,
  guest_email: guestEmail,
  guest_phone: guestPhone,
  special_requests: specialRequests,
  /** A honeypot: hidden from people, so only bots fill it in. */
  website: z.string({ error: 'website must be text' }).max(200).optional(),
};

/** A guest's booking request from the public form. Guests above the property's maximum are checked by the server. */
export function createBookingRequestSchema(today: () => string) {
  return withStayRules(
    z.object({
      ...bookingRequestShape,
      quoted_total: z
        .number({ error: 'quoted_total must be a number' })
        .nonnegative('quoted_total must not be negative')
        .max(1_000_000_000, 'quoted_total is too large')
        .optional()
        .describe(
          'The total the guest was shown. It sets no price: when the price has changed since (the operator changed a rule), the request is refused with 409 and error.quote carries the new quote',
        ),
      language: LanguageSchema.default(DEFAULT_LANGUAGE).describe(
        'The language of the page the guest asked from: their request page and e-mails follow it (en when left out)',
      ),
    }),
    today,
  );
}

/** Two amounts of money are the same price when they agree to the cent. */
export function isSamePrice(a: number, b: number): boolean {
  return toMinor(a) === toMinor(b);
}
export type BookingRequestInput = z.input<ReturnType<typeof createBookingRequestSchema>>;

/** A stay and guest as a form starts them: no dates yet, two guests. */
export const EMPTY_STAY_REQUEST = {
  check_in: '',
  check_out: '',
  guests_count: 2,
  guest_name: '',
  guest_email: '',
  guest_phone: '',
  special_requests: '',
} satisfies BookingRequestInput;

type StayField = keyof typeof EMPTY_STAY_REQUEST;

/** The stay and the guest from a request or a hand-entered booking, without anything else it carries. */
export function pickStay<T extends Record<StayField, unknown>>(input: T): Pick<T, StayField> {
  return {
    check_in: input.check_in,
    check_out: input.check_out,
    guests_count: input.guests_count,
    guest_name: input.guest_name,
    guest_email: input.guest_email,
    guest_phone: input.guest_phone,
    special_requests: input.special_requests,
  };
}
export type BookingRequest = z.output<ReturnType<typeof createBookingRequestSchema>>;

/** A booking the operator enters by hand (phone, walk-in, or one from Airbnb/Booking.com). */
export function createManualBookingSchema(today: () => string) {
  return withStayRules(
    z.object({
      ...bookingRequestShape,
      website: z.undefined().optional(),
      booking_source: z
        .enum(BOOKING_SOURCES, { error: `Source must be one of ${BOOKING_SOURCES.join(', ')}` })
        .default('direct'),
      status: z
        .enum(['pending', 'confirmed'], { error: 'A new booking is pending or confirmed' })
        .default('confirmed'),
      payment_status: z
        .enum(PAYMENT_STATUSES, { error: `Payment must be one of ${PAYMENT_STATUSES.join(', ')}` })
        .default('unpaid'),
      external_booking_id: optionalText('External booking id', { max: 100 }),
      total_amount: money('Total', { max: MAX_BOOKING_TOTAL })
        .nullish()
        .describe('Leave out (or null) to price the stay from the calendar'),
      guest_language: LanguageSchema.default(DEFAULT_LANGUAGE).describe(
        "The guest's language (en, hi, mr), which their e-mails follow (en when left out)",
      ),
    }),
    today,
    { allowPast: true },
  );
}
/** The longest private note an operator keeps on a booking. */
export const OPERATOR_NOTE_MAX = 2000;

/** The longest reason an operator gives for keeping a stay's total when its dates or guests change. */
export const KEPT_PRICE_REASON_MAX = 500;

/**
 * What a change of dates or guests does to the price: take the new quote (`quoted_total`, the total the
 * operator was shown, must still be what the rules give: 409 quote_changed otherwise), or keep the total
 * as it is, with the operator's reason (400 reason_required without one).
 */
export const BookingPricingChoiceSchema = z.discriminatedUnion(
  'keep',
  [
    z.object({
      keep: z.literal('new'),
      quoted_total: z
        .number({ error: 'quoted_total must be a number' })
        .nonnegative('quoted_total must not be negative')
        .max(MAX_BOOKING_TOTAL, 'quoted_total is too large')
        .describe('The new total the operator was shown (quoteBookingChange)'),
    }),
    z.object({
      keep: z.literal('old'),
      reason: optionalText('Reason', { max: KEPT_PRICE_REASON_MAX, multiline: true }).describe(
        'Why the stay keeps its total (required): kept in the activity log',
      ),
    }),
  ],
  { error: "pricing.keep must be 'new' or 'old'" },
);
export type BookingPricingChoice = z.output<typeof BookingPricingChoiceSchema>;

/** The fields of a booking that are its stay's terms: a channel's stay takes them from its channel. */
export const STAY_TERM_FIELDS = ['check_in', 'check_out', 'total_amount'] as const;

/**
 * A change of a booking by the operator: any of its stay and guest fields, with the same rules as a booking
 * entered by hand, and its private note. Left out is unchanged; null clears an optional text.
 */
export const BookingUpdateSchema = z
  .object({
    check_in: isoDate('Check-in').optional(),
    check_out: isoDate('Check-out').optional(),
    guests_count: guestsCount.optional(),
    total_amount: money('Total', { max: MAX_BOOKING_TOTAL }).optional(),
    guest_name: guestName.optional(),
    guest_email: guestEmail.optional(),
    guest_phone: guestPhone.optional(),
    special_requests: specialRequests.optional(),
    operator_note: optionalText('Private note', { max: OPERATOR_NOTE_MAX, multiline: true })
      .optional()
      .describe('Only the operator sees it; null or blank removes it'),
    guest_language: LanguageSchema.optional().describe(
      "The guest's language (en, hi, mr), which their e-mails and request page follow",
    ),
    pricing: BookingPricingChoiceSchema.optional().describe(
      "With a change of dates or guests of a direct stay: take the new quote or keep the total (with a reason). Left out, the total stays as it is or as total_amount says; never with total_amount (400 pricing_with_total), never on a channel's stay (409 channel_price)",
    ),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    message: 'Send at least one field to change',
  })
  .superRefine((change, ctx) => {
    // One date alone is checked with the booking's other date, by the server.
    if (change.check_in === undefined || change.check_out === undefined) return;
    const message = checkStayDates({ check_in: change.check_in, check_out: change.check_out }, '', {
      allowPast: true,
    });
    if (message) ctx.addIssue({ code: 'custom', path: ['check_out'], message });
  });
export type BookingUpdateInput = z.input<typeof BookingUpdateSchema>;
export type BookingUpdate = z.output<typeof BookingUpdateSchema>;

export type ManualBookingInput = z.input<ReturnType<typeof createManualBookingSchema>>;
export type ManualBooking = z.output<ReturnType<typeof createManualBookingSchema>>;

/** Decline every pending request from the same guest e-mail or the same network as one booking. */
export const DECLINE_SCOPES = ['email', 'network'] as const;
export type DeclineScope = (typeof DECLINE_SCOPES)[number];
export const DeclinePendingRequestsSchema = z.object({
  by: z.enum(DECLINE_SCOPES, { error: `by must be one of ${DECLINE_SCOPES.join(', ')}` }),
});
export type DeclinePendingRequests = z.infer<typeof DeclinePendingRequestsSchema>;
export const DeclinedRequestsSchema = z.object({
  declined: z.number().int().describe('How many pending bookings were declined (cancelled)'),
  booking_ids: z.array(z.uuid()),
});
export type DeclinedRequests = z.infer<typeof DeclinedRequestsSchema>;

export const HOST_MESSAGE_MAX = 1000;
export const BookingStatusUpdateSchema = z.object({
  status: z.enum(BOOKING_STATUSES, { error: `Status must be one of ${BOOKING_STATUSES.join(', ')}` }),
  message: optionalText('Message to the guest', { max: HOST_MESSAGE_MAX, multiline: true })
    .optional()
    .transform((value) => value ?? null)
    .describe(
      "Words of the operator's own for the guest, put into the e-mail that tells them their request was confirmed or declined",
    ),
});
export const PaymentStatusUpdateSchema = z.object({
  payment_status: z.enum(PAYMENT_STATUSES, {
    error: `Payment must be one of ${PAYMENT_STATUSES.join(', ')}`,
  }),
});

/** A stay as a list or a page shows it: where, who, which nights, how many guests. */
export const StaySummarySchema = z.object({
  property_name: z.string(),
  guest_name: z.string(),
  check_in: z.string(),
  check_out: z.string(),
  nights: z.number().int(),
  guests_count: z.number().int(),
});

/** What an operator's change did to a stay, as its guest is told. */
export type BookingChange =
  | { field: 'checkIn' | 'checkOut'; before: string; after: string }
  | { field: 'guests'; before: number; after: number }
  | { field: 'total'; before: Money; after: Money };
