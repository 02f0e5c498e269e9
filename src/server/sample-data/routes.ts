import type { FastifyInstance } from 'fastify';
import { getOperator } from '../auth/plugin';
import type { Db } from '../db/client';
import { withOperator } from '../db/with-operator';
import { countSampleBookings, removeSampleBookings } from './queries';
import { reportEndpoints } from '../../domain/contracts/reports';
import { registerEndpoint } from '../http/register-endpoint';

/** The seed's made-up bookings: how many are left, and removing them all at once. */
export async function registerSampleDataRoutes(app: FastifyInstance, options: { db: Db }) {
  registerEndpoint(
    app,
    reportEndpoints.getSampleData,
    {
      summary: 'How many sample bookings (made up by the seed) the account still has',
    },
    async (request) => ({
      sample_bookings: await withOperator(options.db, getOperator(request).id, countSampleBookings),
    }),
  );
  registerEndpoint(
    app,
    reportEndpoints.removeSampleData,
    {
      summary: 'Remove every sample booking in one transaction; real bookings are never touched',
    },
    async (request) => {
      const removed = await withOperator(options.db, getOperator(request).id, removeSampleBookings);
      return { removed_bookings: removed, sample_bookings: 0 };
    },
  );
}
