import type { FastifyInstance } from 'fastify';
import { getOperator } from '../auth/plugin';
import type { Db } from '../db/client';
import { withOperator } from '../db/with-operator';
import { listAuditEventsPage } from './queries';
import { reportEndpoints } from '../../domain/contracts/reports';
import { registerEndpoint } from '../http/register-endpoint';

/** The audit log, read-only: the database writes it, and no route (or role) can change it. */
export async function registerAuditRoutes(app: FastifyInstance, options: { db: Db }) {
  registerEndpoint(
    app,
    reportEndpoints.listAuditEvents,
    {
      summary: 'Who changed what and when, newest first, with the values before and after',
      description:
        'Every change to a property, booking, calendar day, channel connection, pricing rules, password or session of the signed-in operator. Page with `before` (the `next_before` of the previous page).',
    },
    async (request, reply) => {
      const page = await withOperator(options.db, getOperator(request).id, (tx) =>
        listAuditEventsPage(tx, request.query),
      );
      reply.header('cache-control', 'no-store');
      return page;
    },
  );
}
