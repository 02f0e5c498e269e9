import { createHash } from 'node:crypto';
import { BOOKING_MESSAGES, isSamePrice, pickStay, type BookingRequest } from '../../domain/booking';
import { PENDING_LIMIT_MESSAGES, REQUEST_KEY_REUSED_MESSAGE } from '../../domain/booking-request';
import { countDaysBetween } from '../../domain/dates';
import { DomainError } from '../../domain/domain-error';
import { formatMajorAmount, toMinorUnits } from '../../domain/money';
import type { Tx } from '../db/client';
import { lockPropertyNights } from '../db/with-operator';
import {
  countPendingGuestRequests,
  findBookingByRequestKey,
  findConfirmBy,
  insertBookingRequest,
  requireSiteProperty,
  type RequestedBooking,
} from '../store/booking-requests';
import { appendEvent } from '../store/events';
import { insertRequestLink, insertRequestToken, releaseUnconfirmedRequests } from '../store/request-links';
import { quoteGuestStay, shapeQuoteResult } from './quote-guest-stay';

/** How many requests may wait for the operator at once: per network and per e-mail, and nights held. */
export type PendingRequestLimits = { perNetwork: number; perEmail: number; nightsMax: number };

export type RequestedStay = {
  /** Whether an earlier copy of this request (the same Idempotency-Key) made the booking. */
  replayed: boolean;
  booking: RequestedBooking;
  /** The request page's path, for a new request only: a repeat's link went by e-mail. */
  requestPath: string | null;
  confirmBy: Date | null;
};

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

/**
 * The booking an earlier copy of this request made under its Idempotency-Key, as a repeat is answered;
 * undefined if there is none. The same key with a different request is refused (request_key_reused).
 */
export async function findRequestReplay(
  tx: Tx,
  input: { requestKey: string; request: BookingRequest },
): Promise<RequestedStay | undefined> {
  const booking = await findBookingByRequestKey(tx, input.requestKey);
  if (!booking) return undefined;
  const { request } = input;
  // Requests from before fingerprints were kept are compared on what the guest role can read.
  const differs =
    booking.request_fingerprint !== null
      ? booking.request_fingerprint !== fingerprintRequest(request)
      : booking.check_in !== request.check_in ||
        booking.check_out !== request.check_out ||
        booking.guests_count !== request.guests_count;
  if (differs) throw new DomainError('request_key_reused', REQUEST_KEY_REUSED_MESSAGE);
  const confirmBy = (await findConfirmBy(tx, booking.id)) ?? null;
  return { replayed: true, booking, requestPath: null, confirmBy };
}

/**
 * A guest's booking request from the public site: a pending direct booking of the site's property,
 * priced by the server, holding its nights until its guest confirms it from the e-mail. It writes
 * `booking_requested` in the same transaction (the guest's e-mail follows from it). A repeat under the
 * same Idempotency-Key answers the first booking and writes nothing.
 */
export async function requestBooking(
  tx: Tx,
  input: {
    request: BookingRequest;
    requestKey?: string;
    /** The guest's network (an IPv4 /24, an IPv6 /64), which the pending limits count. */
    network: string;
    siteProperty?: string;
    limits: PendingRequestLimits;
    hold: { holdHours: number; verifyMinutes: number };
    today: string;
  },
): Promise<RequestedStay> {
  const { request, requestKey, limits } = input;
  const property = await requireSiteProperty(tx, input.siteProperty);
  // Requests for one property take turns from here; a twin that waited finds the first one's key.
  // The limits below are counted under the same lock, so concurrent requests cannot exceed them.
  await lockPropertyNights(tx, property.id);
  const earlier = requestKey ? await findRequestReplay(tx, { requestKey, request }) : undefined;
  if (earlier) return earlier;
  // A request its guest never confirmed holds its nights no longer than it may.
  await releaseUnconfirmedRequests(tx, property.id);
  const { unavailable, quote } = await quoteGuestStay(tx, {
    property,
    stay: { check_in: request.check_in, check_out: request.check_out, guests: request.guests_count },
    today: input.today,
  });
  if (unavailable.length > 0) throw new DomainError('nights_unavailable', BOOKING_MESSAGES.unavailable);
  // The guest is charged what they were shown: a price changed since is refused, with the new one.
  if (request.quoted_total !== undefined && !isSamePrice(request.quoted_total, quote.total)) {
    throw new DomainError(
      'price_changed',
      BOOKING_MESSAGES.priceChanged(formatMajorAmount(quote.total, quote.currency)),
      { quote: shapeQuoteResult(quote, unavailable) },
    );
  }
  const held = await countPendingGuestRequests(tx, {
    propertyId: property.id,
    network: input.network,
    email: request.guest_email,
    today: input.today,
  });
  if (held.fromNetwork >= limits.perNetwork) {
    throw new DomainError('pending_limit_network', PENDING_LIMIT_MESSAGES.network(limits.perNetwork), {
      max: limits.perNetwork,
    });
  }
  if (held.fromEmail >= limits.perEmail) {
    throw new DomainError('pending_limit_email', PENDING_LIMIT_MESSAGES.email(limits.perEmail), {
      max: limits.perEmail,
    });
  }
  if (held.nightsHeld + countDaysBetween(request.check_in, request.check_out) > limits.nightsMax) {
    throw new DomainError('pending_limit_nights', PENDING_LIMIT_MESSAGES.nights);
  }
  const created = await insertBookingRequest(tx, {
    property_id: property.id,
    ...pickStay(request),
    total_amount: toMinorUnits(quote.total),
    currency: quote.currency,
    request_key: requestKey ?? null,
    request_network: input.network,
    request_fingerprint: requestKey ? fingerprintRequest(request) : null,
    guest_language: request.language,
    // What the guest was quoted stays with the request, whatever the rules say later.
    quote,
  });
  if (!created) {
    // The same key was inserted by a concurrent twin of this request: answer with that booking.
    const twin = requestKey ? await findRequestReplay(tx, { requestKey, request }) : undefined;
    if (!twin) throw new DomainError('nights_unavailable', BOOKING_MESSAGES.unavailable);
    return twin;
  }
  const { confirmBy } = await insertRequestLink(tx, {
    bookingId: created.id,
    holdHours: input.hold.holdHours,
    verifyMinutes: input.hold.verifyMinutes,
  });
  // The answer's link to the request's page (it does not confirm); the guest's e-mail, whose link
  // confirms, follows from the event.
  const pageToken = await insertRequestToken(tx, { bookingId: created.id, purpose: 'page' });
  await appendEvent(tx, { kind: 'booking_requested', booking_id: created.id, payload: {} });
  return { replayed: false, booking: created, requestPath: `/request/${pageToken}`, confirmBy };
}
