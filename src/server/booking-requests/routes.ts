import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  BOOKING_LIMITS,
  BOOKING_MESSAGES,
  checkStayDates,
  createBookingRequestSchema,
  type BookingRequest,
  formatBookingReference,
  isSamePrice,
  pickStay,
} from '../../domain/booking';
import { formatMajorAmount, toMajor, toMinorUnits } from '../../domain/money';
import { listUnavailableNights } from '../../domain/calendar';
import { addDaysToDate, countDaysBetween, villaToday } from '../../domain/dates';
import { QuoteResultSchema } from '../../domain/availability';
import { checkStayRules, type PricingRules } from '../../domain/pricing';
import { DEFAULT_CURRENCY } from '../../domain/property';
import { listCalendarRows } from '../store/calendar';
import type { Db, Executor } from '../db/client';
import { lockPropertyNights, withGuest } from '../db/with-operator';
import { findPricingRules } from '../store/pricing-rules';
import { quoteStay } from '../pricing/quote-stay';
import { isOverlapError } from '../db/errors';
import { HttpError } from '../http/http-error';
import { insertRequestLink, insertRequestToken, releaseUnconfirmedRequests } from '../store/request-links';
import { appendEvent } from '../store/events';
import type { Config } from '../env';
import type { MessageSettings } from '../env';
import { describeRequestNetwork } from '../request-network';
import {
  countPendingGuestRequests,
  findBookingByRequestKey,
  findConfirmBy,
  findSiteProperty,
  insertBookingRequest,
  listHeldStays,
  type BookableProperty,
  type RequestedBooking,
} from './queries';
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
  onEventsWritten?: () => Promise<void>;
};

export type PendingRequestLimits = Config['requests']['pending'];

/** Why a request is refused while earlier ones wait for the operator; the form shows it as it is. */
export const PENDING_LIMIT_MESSAGES = {
  network: (max: number) =>
    `There ${max === 1 ? 'is already a booking request' : `are already ${max} booking requests`} from your network waiting for our answer. We reply within two days; for anything urgent please contact us directly.`,
  email: (max: number) =>
    `You already have ${max === 1 ? 'a booking request' : `${max} booking requests`} waiting for our answer. We reply within two days; to change a request please contact us directly.`,
  nights:
    'We are holding as many dates for open requests as we can right now. Please try again in a day or two, or contact us directly.',
} as const;

/** One digest of everything a guest sent: a reused Idempotency-Key must come with exactly the same request. */
function fingerprintRequest(input: BookingRequest): string {
  const fields = [
    input.check_in,
    input.check_out,
    input.guests_count,
    input.guest_name,
    input.guest_email,
    input.guest_phone,
    input.special_requests,
  ];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

// Enough for the whole booking horizon: the last check-in plus the longest stay.
const MAX_AVAILABILITY_DAYS = BOOKING_LIMITS.maxDaysAhead + BOOKING_LIMITS.maxNights + 1;
export const BOOKINGS_CLOSED_MESSAGE =
  'We are not taking booking requests online at the moment. Please contact us to book.';

async function requireSiteProperty(tx: Executor, siteProperty?: string): Promise<BookableProperty> {
  const property = await findSiteProperty(tx, siteProperty);
  if (!property) throw new HttpError(404, BOOKINGS_CLOSED_MESSAGE);
  return property;
}

/** The quote as the public API answers it: only the documented fields (the stored quote keeps more). */
function shapeQuote(quote: Awaited<ReturnType<typeof quoteStay>>, unavailable: string[]) {
  return QuoteResultSchema.parse({
    ...quote,
    available: unavailable.length === 0,
    unavailable_nights: unavailable,
  });
}

/**
 * Unavailable nights and the quote of a stay under the property's pricing rules, read in one
 * transaction. A stay the rules refuse (too short for its season, a check-in day the season does not
 * allow, too close or too far ahead) is a 400 whose message names the rule.
 */
async function readStay(
  tx: Executor,
  property: BookableProperty,
  stay: { check_in: string; check_out: string; guests: number },
  today: string,
) {
  const rules: PricingRules = await findPricingRules(tx, property.id);
  const problem = checkStayRules(stay, rules, today);
  if (problem) throw new HttpError(400, problem);
  const range = { propertyId: property.id, start: stay.check_in, end: stay.check_out };
  const unavailable = listUnavailableNights({
    from: stay.check_in,
    to: stay.check_out,
    rows: await listCalendarRows(tx, range),
    stays: await listHeldStays(tx, range),
  });
  const quote = await quoteStay(tx, {
    property,
    checkIn: stay.check_in,
    checkOut: stay.check_out,
    guests: stay.guests,
    rules,
  });
  return { unavailable, quote };
}

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
  const limits = options.config.requests.pending;

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
      if (days <= 0) throw new HttpError(400, '"to" must be after "from"');
      if (days > MAX_AVAILABILITY_DAYS)
        throw new HttpError(400, `Ask for at most ${MAX_AVAILABILITY_DAYS} days at a time`);
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
      if (problem) throw new HttpError(400, problem);
      return withGuest(options.db, async (tx) => {
        const property = await requireSiteProperty(tx, options.config.requests.siteProperty);
        if ((request.query.guests ?? 1) > property.max_guests) {
          throw new HttpError(400, BOOKING_MESSAGES.tooManyGuests(property.max_guests));
        }
        const { unavailable, quote } = await readStay(
          tx,
          property,
          { ...stay, guests: request.query.guests ?? 1 },
          today(),
        );
        return shapeQuote(quote, unavailable);
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
      const fingerprint = fingerprintRequest(input);
      const attempt = withGuest(
        options.db,
        async (tx) => {
          const property = await requireSiteProperty(tx, options.config.requests.siteProperty);
          // Requests for one property take turns from here; a twin that waited finds the first one's key.
          // The limits below are counted under the same lock, so concurrent requests cannot exceed them.
          await lockPropertyNights(tx, property.id);
          if (requestKey) {
            const earlier = await findBookingByRequestKey(tx, requestKey);
            if (earlier) {
              const confirmBy = (await findConfirmBy(tx, earlier.id)) ?? null;
              return { replayed: true, booking: earlier, requestPath: null, confirmBy };
            }
          }
          // A request its guest never confirmed holds its nights no longer than it may.
          await releaseUnconfirmedRequests(tx, property.id);
          if (input.guests_count > property.max_guests) {
            throw new HttpError(400, BOOKING_MESSAGES.tooManyGuests(property.max_guests));
          }
          const { unavailable, quote } = await readStay(
            tx,
            property,
            { ...input, guests: input.guests_count },
            today(),
          );
          if (unavailable.length > 0) throw new HttpError(409, BOOKING_MESSAGES.unavailable);
          // The guest is charged what they were shown: a price changed since is refused, with the new one.
          if (input.quoted_total !== undefined && !isSamePrice(input.quoted_total, quote.total)) {
            throw new HttpError(
              409,
              BOOKING_MESSAGES.priceChanged(formatMajorAmount(quote.total, quote.currency)),
              {},
              { code: 'price_changed', quote: shapeQuote(quote, unavailable) },
            );
          }
          const held = await countPendingGuestRequests(tx, {
            propertyId: property.id,
            network,
            email: input.guest_email,
            today: today(),
          });
          if (held.fromNetwork >= limits.perNetwork) {
            throw new HttpError(429, PENDING_LIMIT_MESSAGES.network(limits.perNetwork));
          }
          if (held.fromEmail >= limits.perEmail) {
            throw new HttpError(429, PENDING_LIMIT_MESSAGES.email(limits.perEmail));
          }
          if (held.nightsHeld + countDaysBetween(input.check_in, input.check_out) > limits.nightsMax) {
            throw new HttpError(429, PENDING_LIMIT_MESSAGES.nights);
          }
          const created = await insertBookingRequest(tx, {
            property_id: property.id,
            ...pickStay(input),
            total_amount: toMinorUnits(quote.total),
            currency: quote.currency,
            request_key: requestKey ?? null,
            request_network: network,
            request_fingerprint: requestKey ? fingerprint : null,
            guest_language: input.language,
            // What the guest was quoted stays with the request, whatever the rules say later.
            quote,
          });
          if (created) {
            const { confirmBy } = await insertRequestLink(tx, {
              bookingId: created.id,
              holdHours: options.messages.messages.holdHours,
              verifyMinutes: options.messages.messages.verifyMinutes,
            });
            // The answer's link to the request's page (it does not confirm); the guest's e-mail, whose link
            // confirms, follows from the event.
            const pageToken = await insertRequestToken(tx, { bookingId: created.id, purpose: 'page' });
            await appendEvent(tx, { kind: 'booking_requested', booking_id: created.id, payload: {} });
            return { replayed: false, booking: created, requestPath: `/request/${pageToken}`, confirmBy };
          }
          // The same key was inserted by a concurrent twin of this request: answer with that booking.
          const twin = requestKey ? await findBookingByRequestKey(tx, requestKey) : undefined;
          if (!twin) throw new HttpError(409, BOOKING_MESSAGES.unavailable);
          return {
            replayed: true,
            booking: twin,
            requestPath: null,
            confirmBy: (await findConfirmBy(tx, twin.id)) ?? null,
          };
        },
        network,
      );
      // Two copies of one request racing on PostgreSQL: the exclusion constraint can refuse the second
      // before the request key does. If the key is there now, this is a replay, not a refusal.
      const outcome = await attempt.catch(async (error: unknown) => {
        const twin =
          requestKey && isOverlapError(error)
            ? await withGuest(options.db, async (tx) => {
                const found = await findBookingByRequestKey(tx, requestKey);
                return found && { booking: found, confirmBy: (await findConfirmBy(tx, found.id)) ?? null };
              })
            : undefined;
        if (!twin) throw error;
        return { replayed: true, booking: twin.booking, requestPath: null, confirmBy: twin.confirmBy };
      });
      const { booking } = outcome;
      if (!outcome.replayed) await options.onEventsWritten?.();
      // Requests from before fingerprints were kept are compared on what the guest role can read.
      const differs =
        booking.request_fingerprint !== null
          ? booking.request_fingerprint !== fingerprint
          : booking.check_in !== input.check_in ||
            booking.check_out !== input.check_out ||
            booking.guests_count !== input.guests_count;
      if (outcome.replayed && differs) {
        throw new HttpError(422, 'This Idempotency-Key was already used for a different request');
      }
      return reply
        .code(outcome.replayed ? 200 : 201)
        .send(shapeRequested(booking, outcome, options.config.messages.holdHours));
    },
  );
}
