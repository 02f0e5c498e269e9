import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/client';
import { ErrorResponseSchema } from '../openapi';
import { toErrorBody } from '../http-error';

const PING_TIMEOUT_MS = 2_000;

export async function registerHealthRoutes(app: FastifyInstance, options: { database: Database }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        operationId: 'getHealth',
        summary: '200 when the database answers, 503 when it does not',
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
          503: ErrorResponseSchema,
        },
      },
    },
    async (_request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          options.database.ping(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('timeout')), PING_TIMEOUT_MS);
          }),
        ]);
        reply.header('cache-control', 'no-store');
        return { status: 'ok' as const, database: options.database.kind };
      } catch {
        return reply
          .code(503)
          .header('cache-control', 'no-store')
          .send(toErrorBody('The database is not answering'));
      } finally {
        clearTimeout(timer);
      }
    },
  );
}
