import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { toErrorBody } from '../http/http-error';
import { healthEndpoints } from '../../domain/contracts/health';
import { registerEndpoint } from '../http/register-endpoint';

const PING_TIMEOUT_MS = 2_000;

export async function registerHealthRoutes(app: FastifyInstance, options: { database: Database }) {
  registerEndpoint(
    app,
    healthEndpoints.getHealth,
    {
      summary: '200 when the database answers, 503 when it does not',
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
