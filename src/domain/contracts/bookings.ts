import { z } from 'zod';
import {
  BookingSchema,
  BookingStatusUpdateSchema,
  BookingUpdateSchema,
  createManualBookingSchema,
  DeclinedRequestsSchema,
  DeclinePendingRequestsSchema,
} from '../booking';
import { BookingChangeQuoteQuerySchema, BookingChangeQuoteSchema } from '../booking-reprice';
import { BookingListQuerySchema, BookingSearchQuerySchema } from '../booking-list';
import { villaToday } from '../dates';
import { InvoiceDisagreementSchema } from '../invoice';
import { BookingWithPaymentSchema, MarkPaidSchema } from '../payment';
import { defineEndpoint, errorResponses, PropertyIdParamsSchema } from './endpoint';
import { bookingRoutes } from './routes';

export const BookingIdParamsSchema = z.object({ bookingId: z.uuid({ error: 'Booking id must be a UUID' }) });

/** A changed booking, with the invoices the change left disagreeing with it. */
export const UpdatedBookingSchema = BookingSchema.extend({
  invoice_disagrees: z
    .array(InvoiceDisagreementSchema)
    .describe(
      "When the change touched the total or the guest's name: the booking's invoices (not yet taken back in full) that now disagree with it, each to correct with a credit note (issueCreditNote) and a new invoice; empty otherwise",
    ),
});

export const bookingEndpoints = {
  listBookings: defineEndpoint({
    ...bookingRoutes.listBookings,
    tags: ['bookings'],
    session: true,
    params: PropertyIdParamsSchema,
    query: BookingListQuerySchema,
    responses: { 200: z.array(BookingWithPaymentSchema), ...errorResponses(400, 401, 404) },
  }),
  exportBookingsCsv: defineEndpoint({
    ...bookingRoutes.exportBookingsCsv,
    tags: ['bookings'],
    session: true,
    params: PropertyIdParamsSchema,
    query: BookingListQuerySchema,
    produces: ['text/csv'],
    responses: {
      200: z.string().describe('text/csv; charset=utf-8'),
      ...errorResponses(400, 401, 404),
    },
  }),
  searchBookings: defineEndpoint({
    ...bookingRoutes.searchBookings,
    tags: ['bookings'],
    session: true,
    query: BookingSearchQuerySchema,
    responses: {
      200: z.array(
        BookingWithPaymentSchema.extend({
          property_name: z.string().describe("The booking's property, as the operator named it"),
        }),
      ),
      ...errorResponses(400, 401, 404),
    },
  }),
  exportSearchedBookingsCsv: defineEndpoint({
    ...bookingRoutes.exportSearchedBookingsCsv,
    tags: ['bookings'],
    session: true,
    query: BookingSearchQuerySchema,
    produces: ['text/csv'],
    responses: {
      200: z.string().describe('text/csv; charset=utf-8'),
      ...errorResponses(400, 401, 404),
    },
  }),
  createBooking: defineEndpoint({
    ...bookingRoutes.createBooking,
    tags: ['bookings'],
    session: true,
    params: PropertyIdParamsSchema,
    // The server judges the dates by its own clock; this is the same schema on today's date.
    body: createManualBookingSchema(() => villaToday()),
    responses: { 201: BookingSchema, ...errorResponses(400, 401, 404, 409) },
  }),
  updateBooking: defineEndpoint({
    ...bookingRoutes.updateBooking,
    tags: ['bookings'],
    session: true,
    params: BookingIdParamsSchema,
    body: BookingUpdateSchema,
    responses: { 200: UpdatedBookingSchema, ...errorResponses(400, 401, 404, 409) },
  }),
  quoteBookingChange: defineEndpoint({
    ...bookingRoutes.quoteBookingChange,
    tags: ['bookings'],
    session: true,
    params: BookingIdParamsSchema,
    query: BookingChangeQuoteQuerySchema,
    responses: { 200: BookingChangeQuoteSchema, ...errorResponses(400, 401, 404, 409) },
  }),
  updateBookingStatus: defineEndpoint({
    ...bookingRoutes.updateBookingStatus,
    tags: ['bookings'],
    session: true,
    params: BookingIdParamsSchema,
    body: BookingStatusUpdateSchema,
    responses: { 200: BookingSchema, ...errorResponses(400, 401, 404, 409) },
  }),
  updatePaymentStatus: defineEndpoint({
    ...bookingRoutes.updatePaymentStatus,
    tags: ['bookings'],
    session: true,
    params: BookingIdParamsSchema,
    body: MarkPaidSchema,
    responses: { 200: BookingSchema, ...errorResponses(400, 401, 404, 409) },
  }),
  declinePendingRequests: defineEndpoint({
    ...bookingRoutes.declinePendingRequests,
    tags: ['bookings'],
    session: true,
    params: BookingIdParamsSchema,
    body: DeclinePendingRequestsSchema,
    responses: { 200: DeclinedRequestsSchema, ...errorResponses(400, 401, 404) },
  }),
};
