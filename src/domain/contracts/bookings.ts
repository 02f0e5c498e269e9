import { z } from 'zod';
import {
  BookingSchema,
  BookingStatusUpdateSchema,
  createManualBookingSchema,
  DeclinedRequestsSchema,
  DeclinePendingRequestsSchema,
  PaymentStatusUpdateSchema,
} from '../booking';
import { BookingListQuerySchema, TOTAL_COUNT_HEADER } from '../booking-list';
import { villaToday } from '../dates';
import { BookingWithPaymentSchema } from '../payment';
import { defineEndpoint, errorResponses, PropertyIdParamsSchema } from './endpoint';

export const BookingIdParamsSchema = z.object({ bookingId: z.uuid({ error: 'Booking id must be a UUID' }) });

export const bookingEndpoints = {
  listBookings: defineEndpoint({
    operationId: 'listBookings',
    method: 'GET',
    path: '/api/properties/:propertyId/bookings',
    tags: ['bookings'],
    session: true,
    params: PropertyIdParamsSchema,
    query: BookingListQuerySchema,
    totalCountHeader: TOTAL_COUNT_HEADER,
    responses: { 200: z.array(BookingWithPaymentSchema), ...errorResponses(400, 401, 404) },
  }),
  exportBookingsCsv: defineEndpoint({
    operationId: 'exportBookingsCsv',
    method: 'GET',
    path: '/api/properties/:propertyId/bookings.csv',
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
  createBooking: defineEndpoint({
    operationId: 'createBooking',
    method: 'POST',
    path: '/api/properties/:propertyId/bookings',
    tags: ['bookings'],
    session: true,
    params: PropertyIdParamsSchema,
    // The server judges the dates by its own clock; this is the same schema on today's date.
    body: createManualBookingSchema(() => villaToday()),
    responses: { 201: BookingSchema, ...errorResponses(400, 401, 404, 409) },
  }),
  updateBookingStatus: defineEndpoint({
    operationId: 'updateBookingStatus',
    method: 'PATCH',
    path: '/api/bookings/:bookingId/status',
    tags: ['bookings'],
    session: true,
    params: BookingIdParamsSchema,
    body: BookingStatusUpdateSchema,
    responses: { 200: BookingSchema, ...errorResponses(400, 401, 404, 409) },
  }),
  updatePaymentStatus: defineEndpoint({
    operationId: 'updatePaymentStatus',
    method: 'PATCH',
    path: '/api/bookings/:bookingId/payment',
    tags: ['bookings'],
    session: true,
    params: BookingIdParamsSchema,
    body: PaymentStatusUpdateSchema,
    responses: { 200: BookingSchema, ...errorResponses(400, 401, 404, 409) },
  }),
  declinePendingRequests: defineEndpoint({
    operationId: 'declinePendingRequests',
    method: 'POST',
    path: '/api/bookings/:bookingId/decline-similar',
    tags: ['bookings'],
    session: true,
    params: BookingIdParamsSchema,
    body: DeclinePendingRequestsSchema,
    responses: { 200: DeclinedRequestsSchema, ...errorResponses(400, 401, 404) },
  }),
};
