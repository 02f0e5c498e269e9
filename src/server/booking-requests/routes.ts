import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BOOKING_LIMITS,
  BOOKING_MESSAGES,
  checkStayDates,
  createBookingRequestSchema,
  formatBookingReference,
} from '../../domain/booking';
import { listUnavailableNights } from '../../domain/calendar';
import { addDaysToDate, countDaysBetween, villaToday } from '../../domain/dates';
import {
  AvailabilityQuerySchema,
  AvailabilitySchema,
  BookingRequestResultSchema,
  QuoteQuerySchema,
  QuoteResultSchema,
} from '../../domain/availability';
import { computeQuote } from '../../domain/quote';
import { listCalendarRows } from '../calendar/queries';
import type { Db, Executor } from '../db/client';
import { lockPropertyNights, withGuest } from '../db/with-operator';
import { isOverlapError } from '../db/errors';
import { HttpError } from '../http-error';
import { recordBookingRequested } from '../messages/record-messages';
import type { MessageSettings } from '../messages/settings';
import { ErrorResponseSchema } from '../openapi';
import {
  findBookingByRequestKey,
  findSiteProperty,
  insertBookingRequest,
  listHeldStays,
  type BookableProperty,
  type RequestedBooking,
} from './queries';

export type BookingRequestRouteOptions = {
  db: Db;
  siteProperty?: string;
  now?: () => Date;
  /** Booking requests allowed per address per hour. */
  requestsPerHour?: number;
  /** Messages to the guest and the operator, written with the booking. */
  messages?: MessageSettings;
  onMessagesWritten?: () => void;
};

// Enough for the whole booking horizon: the last check-in plus the longest stay.
const MAX_AVAILABILITY_DAYS = BOOKING_LIMITS.maxDaysAhead + BOOKING_LIMITS.maxNights + 1;
export const BOOKINGS_CLOSED_MESSAGE = 'Online booking is not open yet. Please contact us to book.';

async function requireSiteProperty(tx: Executor, siteProperty?: string): Promise<BookableProperty> {
  const property = await findSiteProperty(tx, siteProperty);
  if (!property) throw new HttpError(404, BOOKINGS_CLOSED_MESSAGE);
  return property;
}

/** Unavailable nights and the quote of a stay, read in one transaction. */
async function readStay(
  tx: Executor,
  property: BookableProperty,
  stay: { check_in: string; check_out: string },
) {
  const range = { propertyId: property.id, start: stay.check_in, end: stay.check_out };
  const rows = await listCalendarRows(tx, range);
  const unavailable = listUnavailableNights({
    from: stay.check_in,
    to: stay.check_out,
    rows,
    stays: await listHeldStays(tx, range),
  });
  const quote = computeQuote({
    checkIn: stay.check_in,
    checkOut: stay.check_out,
    basePrice: property.base_price,
    currency: property.currency,
    rows,
  });
  return { unavailable, quote };
}

function shapeRequested(booking: RequestedBooking) {
  return {
    reference: formatBookingReference(booking.id),
    booking: {
      check_in: booking.check_in,
      check_out: booking.check_out,
      guests_count: booking.guests_count,
      total_amount: booking.total_amount,
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
  const api = app.withTypeProvider<ZodTypeProvider>();
  const today = () => villaToday(options.now?.());
  const BookingRequestSchema = createBookingRequestSchema(today);

  api.get(
    '/api/availability',
    {
      schema: {
        operationId: 'getAvailability',
        summary: "The villa's unavailable nights and price overrides in [from, to); no guest data",
        tags: ['public'],
        querystring: AvailabilityQuerySchema,
        response: {
          200: AvailabilitySchema,
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      // Past occupancy is nobody's business: the range starts today at the earliest.
      const from = request.query.from && request.query.from > today() ? request.query.from : today();
      const to = request.query.to ?? addDaysToDate(from, MAX_AVAILABILITY_DAYS);
      const days = countDaysBetween(from, to);
      if (days <= 0) throw new HttpError(400, '"to" must be after "from"');
      if (days > MAX_AVAILABILITY_DAYS)
        throw new HttpError(400, `Ask for at most ${MAX_AVAILABILITY_DAYS} days at a time`);
      const result = await withGuest(options.db, async (tx) => {
        const property = await requireSiteProperty(tx, options.siteProperty);
        const range = { propertyId: property.id, start: from, end: to };
        const rows = await listCalendarRows(tx, range);
        const stays = await listHeldStays(tx, range);
        return {
          property,
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
        };
      });
      reply.header('cache-control', 'no-store');
      return result;
    },
  );

  api.get(
    '/api/quote',
    {
      schema: {
        operationId: 'getQuote',
        summary: 'The price of a stay, night by night, and whether it can still be booked',
        tags: ['public'],
        querystring: QuoteQuerySchema,
        response: {
          200: QuoteResultSchema,
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const stay = { check_in: request.query.check_in, check_out: request.query.check_out };
      const problem = checkStayDates(stay, today());
      if (problem) throw new HttpError(400, problem);
      return withGuest(options.db, async (tx) => {
        const property = await requireSiteProperty(tx, options.siteProperty);
        if ((request.query.guests ?? 1) > property.max_guests) {
          throw new HttpError(400, BOOKING_MESSAGES.tooManyGuests(property.max_guests));
        }
        const { unavailable, quote } = await readStay(tx, property, stay);
        return { ...quote, available: unavailable.length === 0, unavailable_nights: unavailable };
      });
    },
  );

  api.post(
    '/api/booking-requests',
    {
      config: {
        rateLimit: {
          max: options.requestsPerHour ?? 20,
          timeWindow: 3_600_000,
          errorResponseBuilder: (_request, context) => ({
            statusCode: 429,
            code: 'FST_ERR_RATE_LIMIT',
            message: `Too many booking requests from your network. Please try again in ${Math.ceil(context.ttl / 60_000)} minutes, or contact us.`,
          }),
        },
      },
      schema: {
        operationId: 'requestBooking',
        summary: "A guest's booking request: becomes a pending direct booking priced by the server",
        description:
          'Send an Idempotency-Key header (a UUID) so that a retried or double-clicked request creates one booking; a repeat answers 200 with the first booking.',
        tags: ['public'],
        headers: z.object({
          'idempotency-key': z.uuid({ error: 'Idempotency-Key must be a UUID' }).optional(),
        }),
        body: BookingRequestSchema,
        response: {
          200: BookingRequestResultSchema,
          201: BookingRequestResultSchema,
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
          422: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const requestKey = request.headers['idempotency-key'];
      if (input.website) {
        // A bot filled in the hidden field: answer like a success, keep nothing.
        request.log.info('booking request honeypot triggered');
        return reply.code(201).send(
          shapeRequested({
            ...input,
            id: crypto.randomUUID(),
            total_amount: 0,
            currency: 'AED',
            status: 'pending',
          }),
        );
      }
      const attempt = withGuest(options.db, async (tx) => {
        const property = await requireSiteProperty(tx, options.siteProperty);
        // Requests for one property take turns from here; a twin that waited finds the first one's key.
        await lockPropertyNights(tx, property.id);
        if (requestKey) {
          const earlier = await findBookingByRequestKey(tx, requestKey);
          if (earlier) return { replayed: true, booking: earlier };
        }
        if (input.guests_count > property.max_guests) {
          throw new HttpError(400, BOOKING_MESSAGES.tooManyGuests(property.max_guests));
        }
        const { unavailable, quote } = await readStay(tx, property, input);
        if (unavailable.length > 0) throw new HttpError(409, BOOKING_MESSAGES.unavailable);
        const created = await insertBookingRequest(tx, {
          property_id: property.id,
          guest_name: input.guest_name,
          guest_email: input.guest_email,
          guest_phone: input.guest_phone,
          check_in: input.check_in,
          check_out: input.check_out,
          guests_count: input.guests_count,
          total_amount: quote.total,
          currency: quote.currency,
          special_requests: input.special_requests,
          request_key: requestKey ?? null,
        });
        if (created) {
          if (options.messages) {
            await recordBookingRequested(tx, options.messages, {
              bookingId: created.id,
              propertyId: property.id,
              propertyName: property.name,
              guestName: input.guest_name,
              guestEmail: input.guest_email,
              guestPhone: input.guest_phone,
              specialRequests: input.special_requests,
              checkIn: created.check_in,
              checkOut: created.check_out,
              guests: created.guests_count,
              total: created.total_amount,
              currency: created.currency,
            });
          }
          return { replayed: false, booking: created };
        }
        // The same key was inserted by a concurrent twin of this request: answer with that booking.
        const twin = requestKey ? await findBookingByRequestKey(tx, requestKey) : undefined;
        if (!twin) throw new HttpError(409, BOOKING_MESSAGES.unavailable);
        return { replayed: true, booking: twin };
      });
      // Two copies of one request racing on PostgreSQL: the exclusion constraint can refuse the second
      // before the request key does. If the key is there now, this is a replay, not a refusal.
      const outcome = await attempt.catch(async (error: unknown) => {
        const twin =
          requestKey && isOverlapError(error)
            ? await withGuest(options.db, (tx) => findBookingByRequestKey(tx, requestKey))
            : undefined;
        if (!twin) throw error;
        return { replayed: true, booking: twin };
      });
      const { booking } = outcome;
      if (!outcome.replayed) options.onMessagesWritten?.();
      if (
        outcome.replayed &&
        (booking.check_in !== input.check_in ||
          booking.check_out !== input.check_out ||
          booking.guests_count !== input.guests_count)
      ) {
        throw new HttpError(422, 'This Idempotency-Key was already used for a different request');
      }
      return reply.code(outcome.replayed ? 200 : 201).send(shapeRequested(booking));
    },
  );
}
