import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuditEventPageSchema, AuditEventQuerySchema } from '../../domain/audit';
import { getOperator } from '../auth/plugin';
import type { Db } from '../db/client';
import { withOperator } from '../db/with-operator';
import { errorResponses } from '../openapi';
import { listAuditEventsPage } from './queries';

/** The audit log, read-only: the database writes it, and no route (or role) can change it. */
export async function registerAuditRoutes(app: FastifyInstance, options: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/audit-events',
    {
      onRequest: app.requireOperator,
      schema: {
        operationId: 'listAuditEvents',
        summary: 'Who changed what and when, newest first, with the values before and after',
        description:
          'Every change to a property, booking, calendar day, channel connection, pricing rules, password or session of the signed-in operator. Page with `before` (the `next_before` of the previous page).',
        tags: ['audit'],
        querystring: AuditEventQuerySchema,
        response: {
          200: AuditEventPageSchema,
          ...errorResponses(400, 401),
        },
      },
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
