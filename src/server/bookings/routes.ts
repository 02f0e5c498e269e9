import { sendCsvAttachment } from '../csv';
import type { FastifyInstance } from 'fastify';
import {
  BOOKING_MESSAGES,
  BOOKING_NOT_FOUND,
  checkStayDates,
  createManualBookingSchema,
  isSamePrice,
  type BookingUpdate,
  type StoredBooking,
} from '../../domain/booking';
import { BOOKING_PAGE_SIZE } from '../../domain/booking-list';
import { TOTAL_COUNT_HEADER } from '../../domain/contracts/routes';
import { formatCalendarDate, villaToday } from '../../domain/dates';
import { formatMoney, moneyFromMajor, toMinorUnits } from '../../domain/money';
import { getOperator } from '../auth/plugin';
import type { Db, Executor } from '../db/client';
import { isOverlapError } from '../db/errors';
import { withOperator } from '../db/with-operator';
import { listChannelClosures, type ChannelClosure } from '../store/calendar';
import { HttpError, notFound } from '../http/http-error';
import { deleteRequestTokens, releaseUnconfirmedRequests } from '../store/request-links';
import { addRequestStates } from '../store/request-links';
import type { BookingChange } from '../../domain/booking';
import type { MessageSettings } from '../env';
import { appendEvent } from '../store/events';
import { REPRICE_MESSAGES } from '../../domain/booking-reprice';
import type { StayQuote } from '../../domain/pricing';
import { findCurrentBreakdown, isChannelStay, quoteChangedStay, shapeStayQuote } from './reprice-stay';
import { requireProperty } from '../store/properties';
import {
  declinePendingBookings,
  findBooking,
  findClashingStay,
  findBookingQuote,
  listBookingsPage,
  listMatchingBookings,
  searchBookingsPage,
  updateBookingFields,
} from '../store/bookings';
import { formatBookingsCsv } from './bookings-csv';
import { bookingEndpoints } from '../../domain/contracts/bookings';
import { findInvoiceDisagreements } from '../../domain/invoice';
import { listBookingInvoiceRows, shapeInvoices } from '../store/invoices';
import { markBookingPaid } from '../operations/mark-booking-paid';
import { changeBookingStatus } from '../operations/change-booking-status';
import { addBooking, channelHoldsNights } from '../operations/add-booking';
import { lockBooking } from '../store/payments';
import { summarizeBookingsPayments } from '../payments/summaries';
import { registerEndpoint } from '../http/register-endpoint';
import { withRequestedProperty } from '../auth/operator-work';

/** Why a channel's stay keeps its dates and total. */
export const CHANNEL_TERMS_MESSAGE =
  "This stay's dates and total come from its channel: change them there; its guest details, guests and private note can change here";

type BookingFieldChange = Omit<BookingUpdate, 'pricing'>;

/** The fields of a change that differ from the booking as it is (the pricing choice is no field). */
function findChangedFields(booking: StoredBooking, change: BookingUpdate): Partial<BookingFieldChange> {
  const changed: Partial<Record<keyof BookingFieldChange, unknown>> = {};
  for (const [key, value] of Object.entries(change) as [keyof BookingUpdate, unknown][]) {
    if (value === undefined || key === 'pricing') continue;
    const current = booking[key];
    const same = key === 'total_amount' ? isSamePrice(value as number, current as number) : value === current;
    if (!same) changed[key] = value;
  }
  return changed as Partial<BookingFieldChange>;
}

type StayNights = Pick<StoredBooking, 'check_in' | 'check_out'>;

/**
 * A channel's hold (its block, or its stay in conflict not settled yet) on a night the stay would take that
 * it does not hold now. Nights the stay shares already (a channel closed them after it was booked) stay its.
 */
function findNewlyHeldClosure(closures: readonly ChannelClosure[], before: StayNights, after: StayNights) {
  return closures.find((closure) => {
    const start = closure.start_date > after.check_in ? closure.start_date : after.check_in;
    const end = closure.end_date < after.check_out ? closure.end_date : after.check_out;
    return start < end && !(before.check_in <= start && end <= before.check_out);
  });
}

/** What the guest is told changed: dates, guests and total, each before → after (worded in their language). */
function describeGuestChanges(before: StoredBooking, after: StoredBooking): BookingChange[] {
  const changes: BookingChange[] = [];
  if (before.check_in !== after.check_in)
    changes.push({ field: 'checkIn', before: before.check_in, after: after.check_in });
  if (before.check_out !== after.check_out)
    changes.push({ field: 'checkOut', before: before.check_out, after: after.check_out });
  // A channel's stay whose count was unknown: its guest is told the count, not a change from nothing.
  if (
    before.guests_count !== after.guests_count &&
    before.guests_count !== null &&
    after.guests_count !== null
  )
    changes.push({ field: 'guests', before: before.guests_count, after: after.guests_count });
  if (!isSamePrice(before.total_amount, after.total_amount))
    changes.push({
      field: 'total',
      before: moneyFromMajor(before.total_amount, before.currency),
      after: moneyFromMajor(after.total_amount, after.currency),
    });
  return changes;
}

export async function registerBookingRoutes(
  app: FastifyInstance,
  options: {
    db: Db;
    now?: () => Date;
    messages: MessageSettings;
    onMessagesWritten?: () => void;
    /** Hands what the operations wrote to their subscribers, after the commit. */
    onEventsWritten?: () => void;
  },
) {
  const today = () => villaToday(options.now?.());

  /** A page of bookings as the lists show them: each with its request's state and its payment summary. */
  async function completeBookings<Stay extends StoredBooking>(tx: Executor, page: readonly Stay[]) {
    const summaries = await summarizeBookingsPayments(tx, { bookings: page, today: today() });
    const withStates = await addRequestStates(tx, page);
    return withStates.map((booking) => ({ ...booking, payment: summaries.get(booking.id)! }));
  }

  registerEndpoint(
    app,
    bookingEndpoints.listBookings,
    {
      summary: "A page of a property's bookings that match the search and filters",
      description: `Newest first unless sorted by check-in; ${BOOKING_PAGE_SIZE.default} a page unless \`limit\` says otherwise (at most ${BOOKING_PAGE_SIZE.max}). The number of all matching bookings is in the X-Total-Count header.`,
    },
    async (request, reply) => {
      const page = await withRequestedProperty(options.db, request, async (tx, property) => {
        const found = await listBookingsPage(tx, { propertyId: property.id, query: request.query });
        return { ...found, bookings: await completeBookings(tx, found.bookings) };
      });
      return reply.header(TOTAL_COUNT_HEADER, String(page.total)).send(page.bookings);
    },
  );

  registerEndpoint(
    app,
    bookingEndpoints.exportBookingsCsv,
    {
      summary: 'Every booking that matches the search and filters, as CSV (all pages)',
      description:
        'The same parameters as listBookings (limit and offset are ignored). One header row; ISO dates; amounts as numbers; text that a spreadsheet would read as a formula is prefixed with an apostrophe.',
    },
    async (request, reply) => {
      const { property, bookings } = await withRequestedProperty(options.db, request, async (tx, found) => ({
        property: found,
        bookings: await listMatchingBookings(tx, { propertyId: found.id, query: request.query }),
      }));
      const name = `${property.name.replace(/[^\w-]+/g, '-').replace(/^-|-$/g, '') || 'property'}-bookings-${villaToday(options.now?.())}.csv`;
      return sendCsvAttachment(reply, name, formatBookingsCsv(bookings));
    },
  );

  registerEndpoint(
    app,
    bookingEndpoints.searchBookings,
    {
      summary:
        "A page of the bookings of all the operator's active properties (or one) that match the search and filters",
      description: `The same search, filters, order and page as listBookings, across properties; \`property\` keeps one property's. Each booking names its property. The number of all matching bookings is in the X-Total-Count header.`,
    },
    async (request, reply) => {
      const { property: propertyId, ...query } = request.query;
      const page = await withOperator(options.db, getOperator(request).id, async (tx) => {
        if (propertyId) await requireProperty(tx, propertyId);
        const found = await searchBookingsPage(tx, { propertyId, query });
        return { ...found, bookings: await completeBookings(tx, found.bookings) };
      });
      return reply.header(TOTAL_COUNT_HEADER, String(page.total)).send(page.bookings);
    },
  );

  registerEndpoint(
    app,
    bookingEndpoints.exportSearchedBookingsCsv,
    {
      summary: "Every booking of the operator's active properties (or one) that matches, as CSV (all pages)",
      description:
        'The same parameters as searchBookings (limit and offset are ignored), and the columns of exportBookingsCsv with the property after the reference.',
    },
    async (request, reply) => {
      const { property: propertyId, ...query } = request.query;
      const bookings = await withOperator(options.db, getOperator(request).id, async (tx) => {
        if (propertyId) await requireProperty(tx, propertyId);
        return listMatchingBookings(tx, { propertyId, query });
      });
      const name = `bookings-${villaToday(options.now?.())}.csv`;
      return sendCsvAttachment(reply, name, formatBookingsCsv(bookings, { withProperty: true }));
    },
  );

  registerEndpoint(
    app,
    bookingEndpoints.createBooking,
    {
      body: createManualBookingSchema(today),
      summary: 'Add a booking by hand (phone, walk-in, or one from Airbnb/Booking.com); overlaps are refused',
    },
    async (request, reply) => {
      const operatorId = getOperator(request).id;
      const booking = await withOperator(options.db, operatorId, (tx) =>
        addBooking(tx, {
          propertyId: request.params.propertyId,
          booking: request.body,
          operatorId,
          today: today(),
        }),
      );
      return reply.code(201).send(booking);
    },
  );

  registerEndpoint(
    app,
    bookingEndpoints.updateBookingStatus,
    {
      summary:
        'Confirm, cancel or complete a booking: pending → confirmed/cancelled, confirmed → completed/cancelled',
    },
    async (request) => {
      const result = await withOperator(options.db, getOperator(request).id, (tx) =>
        changeBookingStatus(tx, {
          bookingId: request.params.bookingId,
          to: request.body.status,
          hostMessage: request.body.message ?? null,
          at: options.now?.() ?? new Date(),
        }),
      );
      options.onEventsWritten?.();
      return result;
    },
  );

  registerEndpoint(
    app,
    bookingEndpoints.quoteBookingChange,
    {
      summary: "The price of a booking's stay with other dates or guests, beside the price it has",
      description:
        "Priced as the booking form prices a stay (rates, prices set for single days, minimum and maximum stay, check-in days, extra guests, fees, taxes); the advance notice and horizon are not applied to a stay already booked. A stay the rules refuse is a 400 whose `code` names the rule (min_nights, max_nights, check_in_day) and whose message says it; too_many_guests and invalid_stay likewise. A channel's stay keeps its channel's price (409 channel_price), a cancelled or completed one its terms (409 settled_stay). Nothing is saved: updateBooking's `pricing` takes the quote or keeps the total.",
    },
    (request) =>
      withOperator(options.db, getOperator(request).id, async (tx) => {
        const booking = await findBooking(tx, request.params.bookingId);
        if (!booking) throw notFound(BOOKING_NOT_FOUND);
        const property = await requireProperty(tx, booking.property_id);
        const quote = await quoteChangedStay(tx, {
          booking,
          property,
          stay: request.query,
          today: today(),
        });
        return {
          current: {
            check_in: booking.check_in,
            check_out: booking.check_out,
            guests_count: booking.guests_count,
            total: booking.total_amount,
            quote: findCurrentBreakdown(booking, await findBookingQuote(tx, booking.id)),
          },
          quote: shapeStayQuote(quote),
          currency: booking.currency,
        };
      }),
  );

  registerEndpoint(
    app,
    bookingEndpoints.updateBooking,
    {
      summary:
        "Change a booking: its dates, guests, total, guest's details, special requests or private note",
      description:
        "Fields left out stay as they are; null clears an optional text. The database's no-overlap rule decides a move: onto nights another stay holds it is refused with 409 naming that stay. A move onto nights a channel holds (its block, or its stay in conflict not settled yet) that the stay did not hold before is refused with 409 naming the channel. A channel's stay (booking_source other than direct, or brought by a channel connection) keeps the dates and total its channel gives (409); its guest details, guests and note can change. A cancelled or completed stay is settled: its dates, guests and total are refused with 409, its guest details and note can still change. A confirmed stay is not moved to end before today (400). When the change touches the total or the guest's name, `invoice_disagrees` names each of the booking's invoices that now disagrees with it (an invoice stays as issued: correct it with a credit note and a new invoice). The quote the guest was given is kept when the total changes. A change of dates or guests of a direct stay may say how it is priced (`pricing`, from quoteBookingChange): `keep: 'new'` takes the new quote, its breakdown kept with the booking and put into the guest's e-mail, if its total is still `quoted_total` (else 409 quote_changed with error.quote); `keep: 'old'` keeps the total, with a reason kept in the activity log (400 reason_required without one). The guest of a booking from the booking form who confirmed it is e-mailed what changed when its dates, guests or total change. A new guest e-mail (not only its case) ends every link to the request's page sent so far. `operator_note` is the operator's alone: it is never shown on the guest's page, in an e-mail or in a calendar export. `guest_language` sets the language of the guest's e-mails from then on. Every change is in the activity log.",
    },
    async (request) => {
      const operatorId = getOperator(request).id;
      const bookingId = request.params.bookingId;
      let move: { propertyId: string; checkIn: string; checkOut: string } | undefined;
      try {
        const result = await withOperator(options.db, operatorId, async (tx) => {
          // Locked, so two changes of one booking never both read it as it was.
          const booking = await lockBooking(tx, bookingId);
          if (!booking) throw notFound(BOOKING_NOT_FOUND);
          const changed = findChangedFields(booking, request.body);
          const movesNights = changed.check_in !== undefined || changed.check_out !== undefined;
          const changesTerms = movesNights || changed.total_amount !== undefined;
          if (changesTerms && isChannelStay(booking)) {
            throw new HttpError(409, CHANNEL_TERMS_MESSAGE);
          }
          if (
            (changesTerms || changed.guests_count !== undefined) &&
            (booking.status === 'cancelled' || booking.status === 'completed')
          ) {
            throw new HttpError(
              409,
              `This booking is ${booking.status}: its dates, guests and total can no longer change`,
            );
          }
          const stay = {
            check_in: changed.check_in ?? booking.check_in,
            check_out: changed.check_out ?? booking.check_out,
          };
          if (movesNights) {
            const refusal = checkStayDates(stay, today(), { allowPast: true });
            if (refusal) throw new HttpError(400, refusal, {}, { field: 'check_out' });
            // A confirmed stay moved into the past would look over without having been, and its guests'
            // check-in details would be deleted years early (they are kept for a time after check-out).
            if (
              booking.status === 'confirmed' &&
              changed.check_out !== undefined &&
              stay.check_out < today()
            ) {
              throw new HttpError(
                400,
                BOOKING_MESSAGES.confirmedEndsInThePast(formatCalendarDate(today())),
                {},
                { field: 'check_out' },
              );
            }
          }
          const property = await requireProperty(tx, booking.property_id);
          if (changed.guests_count !== undefined && changed.guests_count > property.max_guests) {
            throw new HttpError(
              400,
              BOOKING_MESSAGES.tooManyGuests(property.max_guests),
              {},
              {
                field: 'guests_count',
              },
            );
          }
          // A change of dates or guests is priced as the operator chose: the new quote, or the total kept.
          const pricing = request.body.pricing;
          let newQuote: StayQuote | null = null;
          if (pricing) {
            if (isChannelStay(booking)) {
              throw new HttpError(409, REPRICE_MESSAGES.channelPrice, {}, { code: 'channel_price' });
            }
            if (request.body.total_amount !== undefined) {
              throw new HttpError(
                400,
                REPRICE_MESSAGES.pricingWithTotal,
                {},
                { code: 'pricing_with_total', field: 'total_amount' },
              );
            }
            if (!movesNights && changed.guests_count === undefined) {
              throw new HttpError(400, REPRICE_MESSAGES.nothingToReprice, {}, { code: 'nothing_to_reprice' });
            }
            if (pricing.keep === 'old' && pricing.reason === null) {
              throw new HttpError(
                400,
                REPRICE_MESSAGES.reasonRequired,
                {},
                { code: 'reason_required', field: 'pricing.reason' },
              );
            }
            if (pricing.keep === 'new') {
              // Only a channel's stay may have no count, and it keeps the channel's price (above).
              const guests = changed.guests_count ?? booking.guests_count;
              if (guests === null) {
                throw new HttpError(409, REPRICE_MESSAGES.channelPrice, {}, { code: 'channel_price' });
              }
              newQuote = await quoteChangedStay(tx, {
                booking,
                property,
                stay: { ...stay, guests_count: guests },
                today: today(),
              });
              // The operator keeps the price they were shown, or nothing: never one they have not seen.
              if (!isSamePrice(newQuote.total, pricing.quoted_total)) {
                throw new HttpError(
                  409,
                  REPRICE_MESSAGES.quoteChanged(
                    formatMoney(moneyFromMajor(newQuote.total, newQuote.currency)),
                  ),
                  {},
                  { code: 'quote_changed', quote: shapeStayQuote(newQuote) },
                );
              }
            }
          }
          if (Object.keys(changed).length === 0)
            return { ...(await addRequestStates(tx, [booking]))[0]!, invoice_disagrees: [] };
          if (movesNights) {
            // The no-overlap rule knows only stays here; nights a channel holds are sold there.
            const closures = await listChannelClosures(tx, {
              propertyId: property.id,
              start: stay.check_in,
              end: stay.check_out,
            });
            const held = findNewlyHeldClosure(closures, booking, stay);
            if (held) throw channelHoldsNights(held);
            move = { propertyId: property.id, checkIn: stay.check_in, checkOut: stay.check_out };
            // A guest request never confirmed in time does not stand in the operator's way.
            await releaseUnconfirmedRequests(tx, property.id);
          }
          const { total_amount: typedTotal, ...rest } = changed;
          const total = newQuote ? newQuote.total : typedTotal;
          const updated = await updateBookingFields(tx, booking.id, {
            ...rest,
            ...(total === undefined ? {} : { total_amount: toMinorUnits(total) }),
            // The quote taken is the stay's breakdown from now on; a total kept keeps its reason.
            ...(newQuote ? { quote: newQuote, kept_price_reason: null } : {}),
            ...(pricing?.keep === 'old' ? { kept_price_reason: pricing.reason } : {}),
          });
          // The links sent so far went to the old address: whoever holds them no longer sees the stay. The
          // guest gets a link of their own with the next message to the new one.
          if (
            changed.guest_email !== undefined &&
            changed.guest_email.toLowerCase() !== booking.guest_email.toLowerCase()
          ) {
            await deleteRequestTokens(tx, booking.id);
          }
          const guestChanges = describeGuestChanges(booking, updated);
          // The guest's message follows from the event, written with the change.
          if (guestChanges.length > 0 && !isChannelStay(updated)) {
            await appendEvent(tx, {
              kind: 'booking_changed',
              booking_id: updated.id,
              payload: {
                changes: guestChanges,
                quote_taken: newQuote !== null,
                previous_total: isSamePrice(booking.total_amount, updated.total_amount)
                  ? null
                  : moneyFromMajor(booking.total_amount, booking.currency),
              },
            });
          }
          // An invoice stays as issued: the operator is told which one the new total or name leaves behind.
          const invoice_disagrees =
            !isSamePrice(booking.total_amount, updated.total_amount) || changed.guest_name !== undefined
              ? findInvoiceDisagreements(shapeInvoices(await listBookingInvoiceRows(tx, updated.id)), updated)
              : [];
          return { ...(await addRequestStates(tx, [updated]))[0]!, invoice_disagrees };
        });
        options.onEventsWritten?.();
        return result;
      } catch (error) {
        if (move && isOverlapError(error)) {
          const nights = move;
          const clash = await withOperator(options.db, operatorId, (tx) =>
            findClashingStay(tx, { ...nights, bookingId }),
          );
          if (clash) {
            throw new HttpError(
              409,
              `Those nights are taken by ${clash.guest_name}'s stay, ${formatCalendarDate(clash.check_in)} – ${formatCalendarDate(clash.check_out)}`,
              {},
              { field: 'check_in' },
            );
          }
        }
        throw error;
      }
    },
  );

  registerEndpoint(
    app,
    bookingEndpoints.updatePaymentStatus,
    {
      summary: 'Mark a booking paid: records a payment of what is left to pay, by the method given',
      description:
        "payment_status follows the booking's ledger (listPayments, recordPayment, refundPayment): 'paid' records a payment of the balance, dated today, by `method` (unset: 'other') with `reference`, held to recordPayment's checks (duplicate_reference unless confirm_duplicate_reference, gateway_payment_recorded); `amount`, the balance the operator was shown, must still be the balance (409 balance_changed). Asking for the status the booking already has changes nothing; any other status is refused with 409, as is a stay the channel collects.",
    },
    async (request) => {
      const result = await withOperator(options.db, getOperator(request).id, async (tx) => {
        await markBookingPaid(tx, {
          bookingId: request.params.bookingId,
          wanted: request.body.payment_status,
          operatorId: getOperator(request).id,
          today: today(),
          method: request.body.method,
          reference: request.body.reference,
          expected: request.body.amount,
          confirmDuplicateReference: request.body.confirm_duplicate_reference,
        });
        const updated = await findBooking(tx, request.params.bookingId);
        return (await addRequestStates(tx, [updated!]))[0]!;
      });
      options.onEventsWritten?.();
      return result;
    },
  );

  registerEndpoint(
    app,
    bookingEndpoints.declinePendingRequests,
    {
      summary:
        "Decline (cancel) every pending booking from this booking's guest e-mail or request network, in one transaction",
      description:
        'For a stranger who floods the calendar with requests: `by: email` matches the guest e-mail in any case, `by: network` the IPv4 /24 or IPv6 /64 a guest request came from. No guest is e-mailed.',
    },
    (request) =>
      withOperator(options.db, getOperator(request).id, async (tx) => {
        const booking = await findBooking(tx, request.params.bookingId);
        if (!booking) throw notFound(BOOKING_NOT_FOUND);
        if (request.body.by === 'network' && !booking.request_network) {
          throw new HttpError(400, 'This booking did not come from the booking form, so it has no network');
        }
        // Deliberately no "declined" messages: requests sent in bulk are most likely spam, and a reply
        // would confirm to the sender that the address is read (the confirmation dialog says so).
        const ids = await declinePendingBookings(
          tx,
          request.body.by === 'email'
            ? { guestEmail: booking.guest_email }
            : { network: booking.request_network ?? '' },
        );
        return { declined: ids.length, booking_ids: ids };
      }),
  );
}
