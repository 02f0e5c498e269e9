import { sendCsvAttachment } from '../csv';
import type { FastifyInstance } from 'fastify';
import { createManualBookingSchema, type StoredBooking } from '../../domain/booking';
import { BOOKING_PAGE_SIZE } from '../../domain/booking-list';
import { TOTAL_COUNT_HEADER } from '../../domain/contracts/routes';
import { villaToday } from '../../domain/dates';
import { getOperator } from '../auth/plugin';
import type { Db, Executor } from '../db/client';
import { withOperator } from '../db/with-operator';
import { addRequestStates } from '../store/request-links';
import type { MessageSettings } from '../env';
import { quoteBookingChange } from '../operations/quote-booking-change';
import { requireProperty } from '../store/properties';
import { findBooking, listBookingsPage, listMatchingBookings, searchBookingsPage } from '../store/bookings';
import { formatBookingsCsv } from './bookings-csv';
import { bookingEndpoints } from '../../domain/contracts/bookings';
import { markBookingPaid } from '../operations/mark-booking-paid';
import { changeBookingStatus } from '../operations/change-booking-status';
import { declinePendingRequests } from '../operations/decline-pending-requests';
import { addBooking } from '../operations/add-booking';
import { changeBooking } from '../operations/change-booking';
import { summarizeBookingsPayments } from '../payments/summaries';
import { registerEndpoint } from '../http/register-endpoint';
import { withRequestedProperty } from '../auth/operator-work';

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
      options.onEventsWritten?.();
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
      withOperator(options.db, getOperator(request).id, (tx) =>
        quoteBookingChange(tx, { bookingId: request.params.bookingId, stay: request.query, today: today() }),
      ),
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
      const result = await withOperator(options.db, getOperator(request).id, (tx) =>
        changeBooking(tx, { bookingId: request.params.bookingId, change: request.body, today: today() }),
      );
      options.onEventsWritten?.();
      return result;
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
      withOperator(options.db, getOperator(request).id, (tx) =>
        declinePendingRequests(tx, { bookingId: request.params.bookingId, by: request.body.by }),
      ),
  );
}
