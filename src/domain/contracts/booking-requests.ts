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

/** The public site's booking form: what the villa has free, the price of a stay, and a guest's request. */
export const bookingRequestEndpoints = {
  getAvailability: defineEndpoint({
    operationId: 'getAvailability',
    method: 'GET',
    path: '/api/availability',
    tags: ['public'],
    session: false,
    query: AvailabilityQuerySchema,
    responses: { 200: AvailabilitySchema, ...errorResponses(400, 404) },
  }),
  getQuote: defineEndpoint({
    operationId: 'getQuote',
    method: 'GET',
    path: '/api/quote',
    tags: ['public'],
    session: false,
    query: QuoteQuerySchema,
    responses: { 200: QuoteResultSchema, ...errorResponses(400, 404) },
  }),
  requestBooking: defineEndpoint({
    operationId: 'requestBooking',
    method: 'POST',
    path: '/api/booking-requests',
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
