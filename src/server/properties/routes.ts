import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { villaToday } from '../../domain/dates';
import { PropertyInputSchema, PropertySchema, PropertyUpdateSchema } from '../../domain/property';
import { computeDashboardStats, DashboardStatsSchema } from '../../domain/stats';
import { getOperator } from '../auth/plugin';
import type { Db } from '../db/client';
import { isRowLevelSecurityError } from '../db/errors';
import { withOperator } from '../db/with-operator';
import { HttpError, notFound } from '../http-error';
import { errorResponses, ErrorResponseSchema, PropertyIdParamsSchema } from '../openapi';
import {
  countActiveBookings,
  insertProperty,
  listActiveProperties,
  PROPERTY_NOT_FOUND,
  updateProperty,
} from './queries';

export const CREATE_PROPERTY_FORBIDDEN_MESSAGE =
  "You don't have permission to create properties. Please check your authentication.";

export async function registerPropertyRoutes(app: FastifyInstance, options: { db: Db; now?: () => Date }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const now = options.now ?? (() => new Date());

  api.get(
    '/api/properties',
    {
      onRequest: app.requireOperator,
      schema: {
        operationId: 'listProperties',
        summary: "The operator's active properties, oldest first",
        tags: ['properties'],
        response: { 200: z.array(PropertySchema), 401: ErrorResponseSchema },
      },
    },
    (request) => withOperator(options.db, getOperator(request).id, (tx) => listActiveProperties(tx)),
  );

  api.post(
    '/api/properties',
    {
      onRequest: app.requireOperator,
      schema: {
        operationId: 'createProperty',
        summary: 'Create a property; numbers are coerced, amenities may be comma-separated text',
        tags: ['properties'],
        body: PropertyInputSchema,
        response: {
          201: PropertySchema,
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const operator = getOperator(request);
      try {
        const property = await withOperator(options.db, operator.id, (tx) =>
          insertProperty(tx, { ...request.body, owner_id: operator.id }),
        );
        return reply.code(201).send(property);
      } catch (error) {
        if (isRowLevelSecurityError(error)) throw new HttpError(403, CREATE_PROPERTY_FORBIDDEN_MESSAGE);
        throw error;
      }
    },
  );

  api.get(
    '/api/stats',
    {
      onRequest: app.requireOperator,
      schema: {
        operationId: 'getDashboardStats',
        summary: "The dashboard's four figures, with a live count of active bookings",
        tags: ['properties'],
        response: { 200: DashboardStatsSchema, 401: ErrorResponseSchema },
      },
    },
    (request) =>
      withOperator(options.db, getOperator(request).id, async (tx) => {
        const [list, activeBookings] = [
          await listActiveProperties(tx),
          await countActiveBookings(tx, villaToday(now())),
        ];
        return computeDashboardStats(list, activeBookings);
      }),
  );

  api.patch(
    '/api/properties/:propertyId',
    {
      onRequest: app.requireOperator,
      schema: {
        operationId: 'updateProperty',
        summary: 'Edit a property; { "is_active": false } deactivates it (its bookings stay)',
        tags: ['properties'],
        params: PropertyIdParamsSchema,
        body: PropertyUpdateSchema,
        response: {
          200: PropertySchema,
          ...errorResponses(400, 401, 404),
        },
      },
    },
    (request) =>
      withOperator(options.db, getOperator(request).id, async (tx) => {
        const updated = await updateProperty(tx, request.params.propertyId, request.body);
        if (!updated) throw notFound(PROPERTY_NOT_FOUND);
        return updated;
      }),
  );
}
