import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RemovedSampleDataSchema, SampleDataSchema } from '../../domain/sample-data';
import { getOperator } from '../auth/plugin';
import type { Db } from '../db/client';
import { withOperator } from '../db/with-operator';
import { ErrorResponseSchema } from '../openapi';
import { countSampleBookings, removeSampleBookings } from './queries';

/** The seed's made-up bookings: how many are left, and removing them all at once. */
export async function registerSampleDataRoutes(app: FastifyInstance, options: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/sample-data',
    {
      onRequest: app.requireOperator,
      schema: {
        operationId: 'getSampleData',
        summary: 'How many sample bookings (made up by the seed) the account still has',
        tags: ['sample-data'],
        response: { 200: SampleDataSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => ({
      sample_bookings: await withOperator(options.db, getOperator(request).id, countSampleBookings),
    }),
  );
  api.delete(
    '/api/sample-data',
    {
      onRequest: app.requireOperator,
      schema: {
        operationId: 'removeSampleData',
        summary: 'Remove every sample booking in one transaction; real bookings are never touched',
        tags: ['sample-data'],
        response: { 200: RemovedSampleDataSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => {
      const removed = await withOperator(options.db, getOperator(request).id, removeSampleBookings);
      return { removed_bookings: removed, sample_bookings: 0 };
    },
  );
}
