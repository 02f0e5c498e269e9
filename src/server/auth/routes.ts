import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SessionResponseSchema, SIGN_IN_FAILED_MESSAGE, SignInSchema } from '../../domain/auth';
import type { Db } from '../db/client';
import { ErrorResponseSchema } from '../openapi';
import { HttpError } from '../http-error';
import { getDecoyHash, verifyPassword } from './password';
import { createSession, deleteSession, findOperatorByEmail } from './queries';
import { getOperator, SESSION_COOKIE } from './plugin';
import type { SignInThrottle } from './sign-in-throttle';

/** No sign-in answer comes sooner than this: a brake on guessing, and the same time for any mismatch. */
export const SIGN_IN_DELAY_MS = 800;

export type AuthRouteOptions = {
  db: Db;
  throttle: SignInThrottle;
  sessionTtlMs: number;
  signInDelayMs?: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    expires: expiresAt,
  });
}

export async function registerAuthRoutes(app: FastifyInstance, options: AuthRouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const delayMs = options.signInDelayMs ?? SIGN_IN_DELAY_MS;

  api.post(
    '/api/session',
    {
      schema: {
        operationId: 'signIn',
        summary: 'Sign in as the operator; sets the HttpOnly session cookie',
        tags: ['session'],
        body: SignInSchema,
        response: {
          200: SessionResponseSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const startedAt = Date.now();
      const keys = { ip: request.ip, email: request.body.email };
      // Counted before any await, so parallel attempts cannot all pass the check first.
      const retryAfterMs = options.throttle.tryAttempt(keys);
      if (retryAfterMs > 0) {
        const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
        throw new HttpError(
          429,
          `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
          { 'retry-after': String(Math.ceil(retryAfterMs / 1000)) },
        );
      }
      const operator = await findOperatorByEmail(options.db, request.body.email);
      const valid = await verifyPassword(
        request.body.password,
        operator?.password_hash ?? (await getDecoyHash()),
      );
      const session =
        operator && valid
          ? await createSession(options.db, { operatorId: operator.id, ttlMs: options.sessionTtlMs })
          : undefined;
      await sleep(Math.max(0, delayMs - (Date.now() - startedAt)));
      if (!operator || !session) throw new HttpError(401, SIGN_IN_FAILED_MESSAGE);
      options.throttle.recordSuccess(keys);
      setSessionCookie(request, reply, session.token, session.expiresAt);
      return { operator: { id: operator.id, email: operator.email } };
    },
  );

  api.get(
    '/api/session',
    {
      onRequest: app.requireOperator,
      schema: {
        operationId: 'getSession',
        summary: 'The signed-in operator (401 when not signed in)',
        tags: ['session'],
        response: { 200: SessionResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => ({ operator: getOperator(request) }),
  );

  api.delete(
    '/api/session',
    {
      schema: {
        operationId: 'signOut',
        summary: 'Sign out: deletes the session and clears the cookie',
        tags: ['session'],
        response: { 200: z.object({ signedOut: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await deleteSession(options.db, token);
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict' });
      return { signedOut: true as const };
    },
  );
}
