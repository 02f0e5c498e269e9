import { z } from 'zod';
import {
  AvailabilityQuerySchema,
  AvailabilitySchema,
  BookingRequestResultSchema,
  QuoteQuerySchema,
  QuoteResultSchema,
} from '../availability';
import { createBookingRequestSchema } from '../booking';
import { villaToday } from '../dates';
import { defineEndpoint, errorResponses } from './endpoint';
import { bookingRequestRoutes } from './routes';

/** The public site's booking form: what the villa has free, the price of a stay, and a guest's request. */
export const bookingRequestEndpoints = {
  getAvailability: defineEndpoint({
    ...bookingRequestRoutes.getAvailability,
    tags: ['public'],
    session: false,
    query: AvailabilityQuerySchema,
    responses: { 200: AvailabilitySchema, ...errorResponses(400, 404) },
  }),
  getQuote: defineEndpoint({
    ...bookingRequestRoutes.getQuote,
    tags: ['public'],
    session: false,
    query: QuoteQuerySchema,
    responses: { 200: QuoteResultSchema, ...errorResponses(400, 404) },
  }),
  requestBooking: defineEndpoint({
    ...bookingRequestRoutes.requestBooking,
    tags: ['public'],
    session: false,
    headers: z.object({
      'idempotency-key': z.uuid({ error: 'Idempotency-Key must be a UUID' }).optional(),
    }),
    // The server judges the dates by its own clock; this is the same schema on today's date.
    body: createBookingRequestSchema(() => villaToday()),
    responses: {
      200: BookingRequestResultSchema,
      201: BookingRequestResultSchema,
      ...errorResponses(400, 404, 409, 422, 429),
    },
  }),
};
