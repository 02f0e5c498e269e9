import type { FastifyInstance } from 'fastify';
import {
  BOOKING_LIMITS,
  checkStayDates,
  createBookingRequestSchema,
  formatBookingReference,
} from '../../domain/booking';
import { toMajor, toMinorUnits } from '../../domain/money';
import { listUnavailableNights } from '../../domain/calendar';
import { addDaysToDate, countDaysBetween, villaToday } from '../../domain/dates';
import { DEFAULT_CURRENCY } from '../../domain/property';
import { DomainError } from '../../domain/domain-error';
import { listCalendarRows } from '../store/calendar';
import type { Db } from '../db/client';
import { withGuest } from '../db/with-operator';
import { findPricingRules } from '../store/pricing-rules';
import { isOverlapError } from '../db/errors';
import type { Config } from '../env';
import type { MessageSettings } from '../env';
import { describeRequestNetwork } from '../request-network';
import { listHeldStays, requireSiteProperty, type RequestedBooking } from '../store/booking-requests';
import { findRequestReplay, requestBooking } from '../operations/request-booking';
import { quoteGuestStay, shapeQuoteResult } from '../operations/quote-guest-stay';
import { bookingRequestEndpoints } from '../../domain/contracts/booking-requests';
import { registerEndpoint } from '../http/register-endpoint';

export type BookingRequestRouteOptions = {
  db: Db;
  /** The requests' limits and site property, and how long a new request waits for its guest's confirmation. */
  config: Pick<Config, 'requests' | 'messages'>;
  now?: () => Date;
  /** How long a new request holds its nights and waits for its guest's confirmation. */
  messages: MessageSettings;
  /** Hands what the request wrote (booking_requested) to its subscribers, after the commit. */
  onEventsWritten?: () => void;
};

// Enough for the whole booking horizon: the last check-in plus the longest stay.
const MAX_AVAILABILITY_DAYS = BOOKING_LIMITS.maxDaysAhead + BOOKING_LIMITS.maxNights + 1;

function shapeRequested(
  booking: RequestedBooking,
  link: { requestPath: string | null; confirmBy: Date | null },
  holdHours: number,
) {
  return {
    reference: formatBookingReference(booking.id),
    hold_hours: holdHours,
    request_path: link.requestPath,
    confirm_by: link.confirmBy?.toISOString() ?? null,
    booking: {
      check_in: booking.check_in,
      check_out: booking.check_out,
      // Never null here: a guest's request is a direct stay, on which the database requires the count.
      guests_count: booking.guests_count ?? 1,
      total_amount: toMajor(booking.total_amount),
      currency: booking.currency,
      status: 'pending' as const,
    },
  };
}

/** The public site's booking endpoints: availability, quotes and guests' requests. */
export async function registerBookingRequestRoutes(
  app: FastifyInstance,
  options: BookingRequestRouteOptions,
) {
  const today = () => villaToday(options.now?.());
  const BookingRequestSchema = createBookingRequestSchema(today);

  registerEndpoint(
    app,
    bookingRequestEndpoints.getAvailability,
    {
      summary: "The villa's unavailable nights and price overrides in [from, to); no guest data",
    },
    async (request, reply) => {
      // Past occupancy is nobody's business: the range starts today at the earliest.
      const from = request.query.from && request.query.from > today() ? request.query.from : today();
      const to = request.query.to ?? addDaysToDate(from, MAX_AVAILABILITY_DAYS);
      const days = countDaysBetween(from, to);
      if (days <= 0) throw new DomainError('availability_range_empty', '"to" must be after "from"');
      if (days > MAX_AVAILABILITY_DAYS) {
        throw new DomainError(
          'availability_range_too_long',
          `Ask for at most ${MAX_AVAILABILITY_DAYS} days at a time`,
          { max_days: MAX_AVAILABILITY_DAYS },
        );
      }
      const result = await withGuest(options.db, async (tx) => {
        const property = await requireSiteProperty(tx, options.config.requests.siteProperty);
        const range = { propertyId: property.id, start: from, end: to };
        const rows = await listCalendarRows(tx, range);
        const stays = await listHeldStays(tx, range);
        return {
          property,
          rules: await findPricingRules(tx, property.id),
          from,
          to,
          today: today(),
          unavailable: listUnavailableNights({ from, to, rows, stays }),
          prices: rows.flatMap((row) =>
            row.price === null || row.price === property.base_price
              ? []
              : [{ date: row.date, price: row.price }],
          ),
          limits: { max_nights: BOOKING_LIMITS.maxNights, max_days_ahead: BOOKING_LIMITS.maxDaysAhead },
          hold_hours: options.config.messages.holdHours,
        };
      });
      reply.header('cache-control', 'no-store');
      return result;
    },
  );

  registerEndpoint(
    app,
    bookingRequestEndpoints.getQuote,
    {
      summary: 'The price of a stay, night by night, and whether it can still be booked',
    },
    async (request) => {
      const stay = { check_in: request.query.check_in, check_out: request.query.check_out };
      const problem = checkStayDates(stay, today());
      if (problem) throw new DomainError('stay_dates_not_bookable', problem);
      return withGuest(options.db, async (tx) => {
        const property = await requireSiteProperty(tx, options.config.requests.siteProperty);
        const { unavailable, quote } = await quoteGuestStay(tx, {
          property,
          stay: { ...stay, guests: request.query.guests ?? 1 },
          today: today(),
        });
        return shapeQuoteResult(quote, unavailable);
      });
    },
  );

  registerEndpoint(
    app,
    bookingRequestEndpoints.requestBooking,
    {
      body: BookingRequestSchema,
      config: {
        rateLimit: {
          max: options.config.requests.perHour,
          timeWindow: 3_600_000,
          errorResponseBuilder: (_request, context) => ({
            statusCode: 429,
            code: 'FST_ERR_RATE_LIMIT',
            message: `Too many booking requests from your network. Please try again in ${Math.ceil(context.ttl / 60_000)} minutes, or contact us.`,
          }),
        },
      },
      summary: "A guest's booking request: becomes a pending direct booking priced by the server",
      description:
        'Send an Idempotency-Key header (a UUID) so that a retried or double-clicked request creates one booking; a repeat answers 200 with the first booking.',
    },
    async (request, reply) => {
      const input = request.body;
      const requestKey = request.headers['idempotency-key'];
      if (input.website) {
        // A bot filled in the hidden field: answer like a success, keep nothing.
        request.log.info('booking request honeypot triggered');
        return reply.code(201).send(
          shapeRequested(
            {
              ...input,
              id: crypto.randomUUID(),
              total_amount: toMinorUnits(0),
              currency: DEFAULT_CURRENCY,
              status: 'pending',
              request_fingerprint: null,
            },
            {
              requestPath: null,
              confirmBy: new Date(Date.now() + options.config.messages.verifyMinutes * 60_000),
            },
            options.config.messages.holdHours,
          ),
        );
      }
      const network = describeRequestNetwork(request.ip);
      const outcome = await withGuest(
        options.db,
        (tx) =>
          requestBooking(tx, {
            request: input,
            requestKey,
            network,
            siteProperty: options.config.requests.siteProperty,
            limits: options.config.requests.pending,
            hold: options.messages.messages,
            today: today(),
          }),
        network,
      ).catch(async (error: unknown) => {
        // Two copies of one request racing on PostgreSQL: the exclusion constraint can refuse the second
        // before the request key does. If the key is there now, this is a replay, not a refusal.
        const replay =
          requestKey && isOverlapError(error)
            ? await withGuest(options.db, (tx) => findRequestReplay(tx, { requestKey, request: input }))
            : undefined;
        if (!replay) throw error;
        return replay;
      });
      if (!outcome.replayed) options.onEventsWritten?.();
      return reply
        .code(outcome.replayed ? 200 : 201)
        .send(shapeRequested(outcome.booking, outcome, options.config.messages.holdHours));
    },
  );
}
