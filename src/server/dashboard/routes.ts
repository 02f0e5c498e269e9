import type { FastifyInstance } from 'fastify';
import { arrangeDashboard, DASHBOARD_DAYS_AHEAD } from '../../domain/dashboard';
import { addDaysToDate, villaToday } from '../../domain/dates';
import { getOperator } from '../auth/plugin';
import type { Db } from '../db/client';
import { withOperator } from '../db/with-operator';
import { requireProperty } from '../store/properties';
import { addRequestStates } from '../store/request-links';
import { listDashboardStays, listOverduePayments } from './queries';
import { reportEndpoints } from '../../domain/contracts/reports';
import { registerEndpoint } from '../http/register-endpoint';

export async function registerDashboardRoutes(app: FastifyInstance, options: { db: Db; now?: () => Date }) {
  const now = options.now ?? (() => new Date());
  registerEndpoint(
    app,
    reportEndpoints.getDashboard,
    {
      summary: `Today and the next ${DASHBOARD_DAYS_AHEAD} days: arrivals, departures, stays in progress, and what needs a decision (requests, overdue payments)`,
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
        const overdue = await listOverduePayments(tx, { today, propertyId: property });
        return {
          ...arrangeDashboard(await addRequestStates(tx, stays), { today, now: at }),
          overdue_payments: await addRequestStates(tx, overdue),
        };
      }),
  );
}
