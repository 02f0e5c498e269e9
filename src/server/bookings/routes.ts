import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { site } from '../../content/site';
import {
  BOOKING_MESSAGES,
  BookingSchema,
  BookingStatusUpdateSchema,
  canChangeStatus,
  createManualBookingSchema,
  PaymentStatusUpdateSchema,
} from '../../domain/booking';
import { formatTodayInZone } from '../../domain/calendar';
import { computeQuote } from '../../domain/quote';
import { getOperator } from '../auth/plugin';
import { listCalendarRows } from '../calendar/queries';
import type { Db } from '../db/client';
import { withOperator } from '../db/with-operator';
import { HttpError, notFound } from '../http-error';
import { ErrorResponseSchema, PropertyIdParamsSchema } from '../openapi';
import { requireProperty } from '../properties/queries';
import {
  findBooking,
  insertBooking,
  listBookingsForProperty,
  updateBookingStatusFrom,
  updatePaymentStatus,
} from './queries';

const BookingIdParamsSchema = z.object({ bookingId: z.uuid({ error: 'Booking id must be a UUID' }) });
export const BOOKING_NOT_FOUND = 'Booking not found';

export async function registerBookingRoutes(app: FastifyInstance, options: { db: Db; now?: () => Date }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const today = () => formatTodayInZone(site.timeZone, options.now?.() ?? new Date());

  api.get(
    '/api/properties/:propertyId/bookings',
    {
      onRequest: app.requireOperator,
      schema: {
        operationId: 'listBookings',
        summary: "A property's bookings, newest first",
        tags: ['bookings'],
        params: PropertyIdParamsSchema,
        response: {
          200: z.array(BookingSchema),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    (request) =>
      withOperator(options.db, getOperator(request).id, async (tx) => {
        const property = await requireProperty(tx, request.params.propertyId);
        return listBookingsForProperty(tx, property.id);
      }),
  );

  api.post(
    '/api/properties/:propertyId/bookings',
    {
      onRequest: app.requireOperator,
      schema: {
        operationId: 'createBooking',
        summary:
          'Add a booking by hand (phone, walk-in, or one from Airbnb/Booking.com); overlaps are refused',
        tags: ['bookings'],
        params: PropertyIdParamsSchema,
        body: createManualBookingSchema(today),
        response: {
          201: BookingSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const booking = await withOperator(options.db, getOperator(request).id, async (tx) => {
        const property = await requireProperty(tx, request.params.propertyId);
        if (input.guests_count > property.max_guests) {
          throw new HttpError(400, BOOKING_MESSAGES.tooManyGuests(property.max_guests));
        }
        const totalAmount =
          input.total_amount ??
          computeQuote({
            checkIn: input.check_in,
            checkOut: input.check_out,
            basePrice: property.base_price,
            currency: property.currency,
            rows: await listCalendarRows(tx, {
              propertyId: property.id,
              start: input.check_in,
              end: input.check_out,
            }),
          }).total;
        return insertBooking(tx, {
          property_id: property.id,
          guest_name: input.guest_name,
          guest_email: input.guest_email,
          guest_phone: input.guest_phone,
          check_in: input.check_in,
          check_out: input.check_out,
          guests_count: input.guests_count,
          total_amount: totalAmount,
          currency: property.currency,
          status: input.status,
          booking_source: input.booking_source,
          payment_status: input.payment_status,
          special_requests: input.special_requests,
          external_booking_id: input.external_booking_id,
        });
      });
      return reply.code(201).send(booking);
    },
  );

  api.patch(
    '/api/bookings/:bookingId/status',
    {
      onRequest: app.requireOperator,
      schema: {
        operationId: 'updateBookingStatus',
        summary:
          'Confirm, cancel or complete a booking: pending → confirmed/cancelled, confirmed → completed/cancelled',
        tags: ['bookings'],
        params: BookingIdParamsSchema,
        body: BookingStatusUpdateSchema,
        response: {
          200: BookingSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    (request) =>
      withOperator(options.db, getOperator(request).id, async (tx) => {
        const booking = await findBooking(tx, request.params.bookingId);
        if (!booking) throw notFound(BOOKING_NOT_FOUND);
        const to = request.body.status;
        if (booking.status === to) return booking;
        if (!canChangeStatus(booking.status, to)) {
          throw new HttpError(409, `A ${booking.status} booking cannot become ${to}`);
        }
        const updated = await updateBookingStatusFrom(tx, {
          bookingId: booking.id,
          from: booking.status,
          to,
        });
        if (!updated) throw new HttpError(409, 'The booking was changed meanwhile; reload and try again');
        return updated;
      }),
  );

  api.patch(
    '/api/bookings/:bookingId/payment',
    {
      onRequest: app.requireOperator,
      schema: {
        operationId: 'updatePaymentStatus',
        summary: "Set a booking's payment status (unpaid, partial, paid, refunded)",
        tags: ['bookings'],
        params: BookingIdParamsSchema,
        body: PaymentStatusUpdateSchema,
        response: {
          200: BookingSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    (request) =>
      withOperator(options.db, getOperator(request).id, async (tx) => {
        const updated = await updatePaymentStatus(tx, {
          bookingId: request.params.bookingId,
          paymentStatus: request.body.payment_status,
        });
        if (!updated) throw notFound(BOOKING_NOT_FOUND);
        return updated;
      }),
  );
}
