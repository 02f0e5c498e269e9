import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BookingSchema } from '../../domain/booking';
import { getOperator } from '../auth/plugin';
import type { Db } from '../db/client';
import { withOperator } from '../db/with-operator';
import { ErrorResponseSchema, PropertyIdParamsSchema } from '../openapi';
import { requireProperty } from '../properties/queries';
import { listBookingsForProperty } from './queries';

export async function registerBookingRoutes(app: FastifyInstance, options: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/properties/:propertyId/bookings',
    {
      preHandler: app.requireOperator,
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
}
