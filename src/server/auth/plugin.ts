import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Operator } from '../../domain/auth';
import type { Db } from '../db/client';
import { HttpError } from '../http/http-error';
import { findSessionOperator } from './queries';

export const SESSION_COOKIE = 'villa_session';
export const NOT_SIGNED_IN_MESSAGE = 'Please sign in to continue';

declare module 'fastify' {
  interface FastifyRequest {
    operator: Operator | null;
    /** The hash of the session token of a request that passed `requireOperator`. */
    sessionId: string | null;
  }
  interface FastifyInstance {
    requireOperator: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/**
 * Looks up the session cookie's operator. `requireOperator` is the onRequest hook of every management
 * route, so a request without a session is refused before its body is even validated: being signed in is
 * checked before anything else. Management answers carry the operator's data, so no cache (browser or
 * shared) may keep them, whatever the answer.
 */
export const authPlugin = fp(async (app: FastifyInstance, options: { db: Db; idleMs: number }) => {
  app.decorateRequest('operator', null);
  app.decorateRequest('sessionId', null);
  app.decorate('requireOperator', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    const token = request.cookies[SESSION_COOKIE];
    const found = token
      ? await findSessionOperator(options.db, { token, idleMs: options.idleMs })
      : undefined;
    if (!found) throw new HttpError(401, NOT_SIGNED_IN_MESSAGE);
    request.operator = { id: found.id, email: found.email };
    request.sessionId = found.sessionId;
  });
});

/** The operator of a request that passed `requireOperator`. */
export function getOperator(request: FastifyRequest): Operator {
  if (!request.operator) throw new HttpError(401, NOT_SIGNED_IN_MESSAGE);
  return request.operator;
}
