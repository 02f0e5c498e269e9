import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  arrangeDashboard,
  DASHBOARD_DAYS_AHEAD,
  DashboardQuerySchema,
  DashboardSchema,
} from '../../domain/dashboard';
import { addDaysToDate, villaToday } from '../../domain/dates';
import { getOperator } from '../auth/plugin';
import type { Db } from '../db/client';
import { withOperator } from '../db/with-operator';
import { errorResponses } from '../openapi';
import { requireProperty } from '../properties/queries';
import { addRequestStates } from '../messages/request-states';
import { listDashboardStays } from './queries';

export async function registerDashboardRoutes(app: FastifyInstance, options: { db: Db; now?: () => Date }) {
  const now = options.now ?? (() => new Date());
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/dashboard',
    {
      onRequest: app.requireOperator,
      schema: {
        operationId: 'getDashboard',
        summary: `Today and the next ${DASHBOARD_DAYS_AHEAD} days: arrivals, departures, stays in progress, and what needs a decision`,
        tags: ['reports'],
        querystring: DashboardQuerySchema,
        response: {
          200: DashboardSchema,
          ...errorResponses(400, 401, 404),
        },
      },
    },
    (request) =>
      withOperator(options.db, getOperator(request).id, async (tx) => {
        const { property } = request.query;
        if (property) await requireProperty(tx, property);
        const at = now();
        const today = villaToday(at);
        const stays = await listDashboardStays(tx, {
          today,
          until: addDaysToDate(today, DASHBOARD_DAYS_AHEAD),
          propertyId: property,
        });
        return arrangeDashboard(await addRequestStates(tx, stays), { today, now: at });
      }),
  );
}
