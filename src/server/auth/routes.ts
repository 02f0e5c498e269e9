import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SIGN_IN_FAILED_MESSAGE, WRONG_CURRENT_PASSWORD_MESSAGE } from '../../domain/auth';
import { DomainError } from '../../domain/domain-error';
import type { Db } from '../db/client';
import { HttpError } from '../http/http-error';
import { describeDevice } from './describe-device';
import { getDecoyHash, verifyPassword } from './password';
import {
  createSession,
  createTrustedDevice,
  deleteOperatorSession,
  deleteSession,
  findOperatorByEmail,
  findTrustedDevice,
  listOperatorSessions,
  touchTrustedDevice,
  updateOperatorPassword,
} from './queries';
import type { Config } from '../env';
import { getOperator, NOT_SIGNED_IN_MESSAGE, SESSION_COOKIE } from './plugin';
import { describeRequestNetwork } from '../request-network';
import { type SignInThrottle } from './sign-in-throttle';
import { sessionEndpoints } from '../../domain/contracts/session';
import { registerEndpoint } from '../http/register-endpoint';

/** The device cookie: a browser that signed in before (see sign-in-throttle.ts). */
export const DEVICE_COOKIE = 'villa_device';
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

export type AuthRouteOptions = {
  db: Db;
  throttle: SignInThrottle;
  /** No sign-in answer comes sooner than sessions.signInDelayMs: a brake on guessing, and the same time for any mismatch. */
  config: Pick<Config, 'sessions'>;
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

function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict' });
}

/** A security event as a structured log line: never a password, token, cookie or e-mail address. */
function logSecurityEvent(request: FastifyRequest, event: string, details: Record<string, unknown> = {}) {
  request.log.info(
    { security: event, network: describeRequestNetwork(request.ip), ...details },
    `security: ${event}`,
  );
}

export async function registerAuthRoutes(app: FastifyInstance, options: AuthRouteOptions) {
  const delayMs = options.config.sessions.signInDelayMs;
  const idleMs = options.config.sessions.idleMs;

  registerEndpoint(
    app,
    sessionEndpoints.signIn,
    {
      summary: 'Sign in as the operator; sets the HttpOnly session cookie',
      description:
        'A browser that signed in before carries a device cookie and keeps signing in while the account is under attack from elsewhere; other clients are limited per account and per network.',
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const startedAt = Date.now();
      const deviceToken = request.cookies[DEVICE_COOKIE];
      const trustedDeviceId = deviceToken
        ? await findTrustedDevice(options.db, { token: deviceToken, email: request.body.email })
        : undefined;
      const attempt = { ip: request.ip, email: request.body.email, trustedDeviceId };
      // Counted before the password is checked, so parallel attempts cannot all pass the check first.
      const decision = await options.throttle.tryAttempt(attempt);
      if (decision.retryAfterMs > 0) {
        logSecurityEvent(request, 'sign-in-locked-out', { limit: decision.limit });
        const minutes = Math.max(1, Math.ceil(decision.retryAfterMs / 60_000));
        // A refusal carries no headers: the reply keeps the one set before it is thrown.
        reply.header('retry-after', String(Math.ceil(decision.retryAfterMs / 1000)));
        throw new DomainError(
          'sign_in_locked_out',
          `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
          { minutes },
        );
      }
      const operator = await findOperatorByEmail(options.db, request.body.email);
      const valid = await verifyPassword(
        request.body.password,
        operator?.password_hash ?? (await getDecoyHash(options.config.sessions.passwordHashCost)),
      );
      const session =
        operator && valid
          ? await createSession(options.db, {
              operatorId: operator.id,
              ttlMs: options.config.sessions.ttlMs,
              userAgent: request.headers['user-agent'],
              ipAddress: request.ip,
            })
          : undefined;
      await sleep(Math.max(0, delayMs - (Date.now() - startedAt)));
      if (!operator || !session) {
        logSecurityEvent(request, 'sign-in-failed', { trustedDevice: decision.trusted });
        throw new DomainError('sign_in_failed', SIGN_IN_FAILED_MESSAGE);
      }
      await options.throttle.recordSuccess(attempt, decision);
      if (trustedDeviceId) {
        await touchTrustedDevice(options.db, trustedDeviceId);
      } else {
        reply.setCookie(DEVICE_COOKIE, await createTrustedDevice(options.db, operator.id), {
          path: '/api/session',
          httpOnly: true,
          sameSite: 'strict',
          secure: request.protocol === 'https',
          maxAge: DEVICE_COOKIE_MAX_AGE_S,
        });
      }
      logSecurityEvent(request, 'sign-in-succeeded', {
        operatorId: operator.id,
        trustedDevice: decision.trusted,
      });
      setSessionCookie(request, reply, session.token, session.expiresAt);
      return { operator: { id: operator.id, email: operator.email } };
    },
  );

  registerEndpoint(
    app,
    sessionEndpoints.getSession,
    {
      summary: 'The signed-in operator (401 when not signed in)',
    },
    async (request) => ({ operator: getOperator(request) }),
  );

  registerEndpoint(
    app,
    sessionEndpoints.signOut,
    {
      summary: 'Sign out: deletes the session and clears the cookie',
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const token = request.cookies[SESSION_COOKIE];
      if (token) await deleteSession(options.db, token);
      clearSessionCookie(reply);
      return { signedOut: true as const };
    },
  );

  registerEndpoint(
    app,
    sessionEndpoints.changePassword,
    {
      summary: 'Change the password (the current one is required); every other session ends',
    },
    async (request, reply) => {
      const operator = getOperator(request);
      const startedAt = Date.now();
      // The current password is guessable through this form too: it shares the sign-in limits. The signed-in
      // session counts like a trusted device (its own failures first), so strangers guessing at the sign-in
      // form cannot stop the operator from changing the password they are guessing.
      const attempt = {
        ip: request.ip,
        email: operator.email,
        trustedDeviceId: request.sessionId ? `session:${request.sessionId}` : undefined,
      };
      const decision = await options.throttle.tryAttempt(attempt);
      if (decision.retryAfterMs > 0) {
        logSecurityEvent(request, 'password-change-locked-out', { operatorId: operator.id });
        reply.header('retry-after', String(Math.ceil(decision.retryAfterMs / 1000)));
        throw new DomainError(
          'password_change_locked_out',
          'Too many wrong passwords. Please wait and try again.',
        );
      }
      const stored = await findOperatorByEmail(options.db, operator.email);
      const valid = stored ? await verifyPassword(request.body.currentPassword, stored.password_hash) : false;
      if (!valid) {
        await sleep(Math.max(0, delayMs - (Date.now() - startedAt)));
        logSecurityEvent(request, 'password-change-refused', { operatorId: operator.id });
        throw new DomainError('wrong_current_password', WRONG_CURRENT_PASSWORD_MESSAGE, {
          field: 'currentPassword',
        });
      }
      await options.throttle.recordSuccess(attempt, decision);
      const updated = await updateOperatorPassword(options.db, {
        email: operator.email,
        password: request.body.newPassword,
        keepSessionId: request.sessionId ?? undefined,
        hashCost: options.config.sessions.passwordHashCost,
      });
      // The operator is gone since the session was checked: answered as any request not signed in.
      if (!updated) throw new HttpError(401, NOT_SIGNED_IN_MESSAGE);
      logSecurityEvent(request, 'password-changed', {
        operatorId: operator.id,
        endedSessions: updated.endedSessions,
      });
      return { changed: true as const, endedSessions: updated.endedSessions };
    },
  );

  registerEndpoint(
    app,
    sessionEndpoints.listSessions,
    {
      summary: "The operator's signed-in sessions: device, address, when started and last used",
    },
    async (request) => {
      const operator = getOperator(request);
      const rows = await listOperatorSessions(options.db, { operatorId: operator.id, idleMs });
      return {
        sessions: rows.map((row) => ({
          id: row.publicId,
          device: describeDevice(row.userAgent),
          ip_address: row.ipAddress,
          created_at: row.createdAt.toISOString(),
          last_used_at: row.lastUsedAt.toISOString(),
          expires_at: row.expiresAt.toISOString(),
          current: row.id === request.sessionId,
        })),
      };
    },
  );

  registerEndpoint(
    app,
    sessionEndpoints.revokeSession,
    {
      summary: 'Sign out one session (this one too, which also clears its cookie)',
    },
    async (request, reply) => {
      const operator = getOperator(request);
      const id = await deleteOperatorSession(options.db, {
        operatorId: operator.id,
        publicId: request.params.sessionId,
      });
      if (!id) throw new DomainError('session_ended', 'That session has already ended');
      const current = id === request.sessionId;
      if (current) clearSessionCookie(reply);
      logSecurityEvent(request, 'session-revoked', { operatorId: operator.id, current });
      return { revoked: true as const, current };
    },
  );
}
