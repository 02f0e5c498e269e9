import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import {
  BOOKING_MESSAGES,
  canChangeStatus,
  canCompleteStay,
  completeTooEarlyMessage,
  createManualBookingSchema,
  pickStay,
} from '../../domain/booking';
import { BOOKING_PAGE_SIZE } from '../../domain/booking-list';
import { TOTAL_COUNT_HEADER } from '../../domain/contracts/routes';
import { formatCalendarDate, villaToday } from '../../domain/dates';
import { moneyFromMajor, toMinorUnits } from '../../domain/money';
import { getOperator } from '../auth/plugin';
import type { Db } from '../db/client';
import { withOperator } from '../db/with-operator';
import { HttpError, notFound } from '../http-error';
import { releaseUnconfirmedRequests } from '../messages/queries';
import { addRequestStates } from '../messages/request-states';
import { recordBookingStatusChanged } from '../messages/record-messages';
import type { MessageSettings } from '../messages/settings';
import { quoteStay } from '../pricing/quote-stay';
import { requireProperty } from '../properties/queries';
import {
  declinePendingBookings,
  findBooking,
  findBookingQuote,
  insertBooking,
  listBookingsPage,
  listMatchingBookings,
  searchBookingsPage,
  updateBookingStatusFrom,
} from './queries';
import { formatBookingsCsv } from './bookings-csv';
import { bookingEndpoints } from '../../domain/contracts/bookings';
import { isChannelCollected, PAYMENT_STATUS_BY_HAND_MESSAGE } from '../../domain/payment';
import { lockBooking, recordPaidInFull } from '../payments/queries';
import { summarizeBookingsPayments } from '../payments/summaries';
import { registerEndpoint } from '../register-endpoint';

export const BOOKING_NOT_FOUND = 'Booking not found';

export async function registerBookingRoutes(
  app: FastifyInstance,
  options: { db: Db; now?: () => Date; messages: MessageSettings; onMessagesWritten?: () => void },
) {
  const today = () => villaToday(options.now?.());

  registerEndpoint(
    app,
    bookingEndpoints.listBookings,
    {
      summary: "A page of a property's bookings that match the search and filters",
      description: `Newest first unless sorted by check-in; ${BOOKING_PAGE_SIZE.default} a page unless \`limit\` says otherwise (at most ${BOOKING_PAGE_SIZE.max}). The number of all matching bookings is in the X-Total-Count header.`,
    },
    async (request, reply) => {
      const page = await withOperator(options.db, getOperator(request).id, async (tx) => {
        const property = await requireProperty(tx, request.params.propertyId);
        const found = await listBookingsPage(tx, { propertyId: property.id, query: request.query });
        const summaries = await summarizeBookingsPayments(tx, { bookings: found.bookings, today: today() });
        const withStates = await addRequestStates(tx, found.bookings);
        return {
          ...found,
          bookings: withStates.map((booking) => ({ ...booking, payment: summaries.get(booking.id)! })),
        };
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
      const { property, bookings } = await withOperator(options.db, getOperator(request).id, async (tx) => {
        const found = await requireProperty(tx, request.params.propertyId);
        return {
          property: found,
          bookings: await listMatchingBookings(tx, { propertyId: found.id, query: request.query }),
        };
      });
      const name = `${property.name.replace(/[^\w-]+/g, '-').replace(/^-|-$/g, '') || 'property'}-bookings-${villaToday(options.now?.())}.csv`;
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          // The CSV text, streamed line by line (the schema above documents it as a string).
          .send(Readable.from(formatBookingsCsv(bookings)) as unknown as string)
      );
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
        const summaries = await summarizeBookingsPayments(tx, { bookings: found.bookings, today: today() });
        const withStates = await addRequestStates(tx, found.bookings);
        return {
          ...found,
          bookings: withStates.map((booking) => ({ ...booking, payment: summaries.get(booking.id)! })),
        };
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
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(Readable.from(formatBookingsCsv(bookings, { withProperty: true })) as unknown as string);
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
      const input = request.body;
      // The status follows the ledger: 'paid' records the total as paid, 'channel' only says what the
      // source says already; an amount partly paid or refunded is recorded with its amount.
      if (
        input.payment_status === 'partial' ||
        input.payment_status === 'refunded' ||
        (input.payment_status === 'channel' && !isChannelCollected(input.booking_source))
      ) {
        throw new HttpError(400, PAYMENT_STATUS_BY_HAND_MESSAGE, {}, { field: 'payment_status' });
      }
      const booking = await withOperator(options.db, getOperator(request).id, async (tx) => {
        const property = await requireProperty(tx, request.params.propertyId);
        if (input.guests_count > property.max_guests) {
          throw new HttpError(400, BOOKING_MESSAGES.tooManyGuests(property.max_guests));
        }
        // A guest request never confirmed in time does not stand in the operator's way.
        await releaseUnconfirmedRequests(tx, property.id);
        // Priced by the rules unless the operator gave the total (an amount agreed by phone, say).
        const quote =
          input.total_amount === null || input.total_amount === undefined
            ? await quoteStay(tx, {
                property,
                checkIn: input.check_in,
                checkOut: input.check_out,
                guests: input.guests_count,
              })
            : null;
        const inserted = await insertBooking(tx, {
          property_id: property.id,
          ...pickStay(input),
          total_amount: toMinorUnits(quote?.total ?? input.total_amount ?? 0),
          quote,
          currency: property.currency,
          status: input.status,
          booking_source: input.booking_source,
          external_booking_id: input.external_booking_id,
        });
        // A stay with nothing to pay (a total of 0) has nothing to record.
        if (input.payment_status === 'paid' && inserted.amount_known && inserted.total_amount > 0) {
          await recordPaidInFull(tx, {
            booking: inserted,
            operatorId: getOperator(request).id,
            note: 'Marked paid when the booking was added',
            today: today(),
          });
        }
        // Entered by hand, so it never lapses; said the same way as for every booking.
        const [shaped] = await addRequestStates(tx, [(await findBooking(tx, inserted.id))!]);
        return shaped!;
      });
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
      const result = await withOperator(options.db, getOperator(request).id, async (tx) => {
        const booking = await findBooking(tx, request.params.bookingId);
        if (!booking) throw notFound(BOOKING_NOT_FOUND);
        const to = request.body.status;
        if (booking.status === to) return (await addRequestStates(tx, [booking]))[0]!;
        if (!canChangeStatus(booking.status, to)) {
          throw new HttpError(409, `A ${booking.status} booking cannot become ${to}`);
        }
        if (to === 'completed' && !canCompleteStay(booking, today())) {
          throw new HttpError(409, completeTooEarlyMessage(formatCalendarDate(booking.check_out)));
        }
        const updated = await updateBookingStatusFrom(tx, {
          bookingId: booking.id,
          from: booking.status,
          to,
        });
        if (!updated) throw new HttpError(409, 'The booking was changed meanwhile; reload and try again');
        // The guest's message is written with the change, so neither exists without the other.
        if (options.messages) {
          const property = await requireProperty(tx, updated.property_id);
          await recordBookingStatusChanged(tx, options.messages, {
            from: booking.status,
            to,
            today: today(),
            facts: {
              bookingId: updated.id,
              propertyId: property.id,
              propertyName: property.name,
              guestName: updated.guest_name,
              guestEmail: updated.guest_email,
              checkIn: updated.check_in,
              checkOut: updated.check_out,
              guests: updated.guests_count,
              total: moneyFromMajor(updated.total_amount, updated.currency),
              currency: updated.currency,
              quote: await findBookingQuote(tx, updated.id),
              hostMessage: request.body.message,
            },
          });
        }
        return (await addRequestStates(tx, [updated]))[0]!;
      });
      options.onMessagesWritten?.();
      return result;
    },
  );

  registerEndpoint(
    app,
    bookingEndpoints.updatePaymentStatus,
    {
      summary: "Mark a booking paid: records a payment of what is left to pay (method 'other')",
      description:
        "payment_status follows the booking's ledger (listPayments, recordPayment, refundPayment): 'paid' records a payment of the balance, dated today; asking for the status the booking already has changes nothing; any other status is refused with 409.",
    },
    (request) =>
      withOperator(options.db, getOperator(request).id, async (tx) => {
        const booking = await lockBooking(tx, request.params.bookingId);
        if (!booking) throw notFound(BOOKING_NOT_FOUND);
        const wanted = request.body.payment_status;
        if (booking.payment_status !== wanted) {
          if (wanted !== 'paid') throw new HttpError(409, PAYMENT_STATUS_BY_HAND_MESSAGE);
          await recordPaidInFull(tx, {
            booking,
            operatorId: getOperator(request).id,
            note: 'Marked paid',
            today: today(),
          });
        }
        const updated = await findBooking(tx, booking.id);
        return (await addRequestStates(tx, [updated!]))[0]!;
      }),
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
