import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { authPlugin } from './auth/plugin';
import { registerAuthRoutes } from './auth/routes';
import { createSignInThrottle, type SignInThrottle } from './auth/sign-in-throttle';
import { registerBookingRequestRoutes } from './booking-requests/routes';
import { registerBookingRoutes } from './bookings/routes';
import { registerCalendarRoutes } from './calendar/routes';
import { registerDashboardRoutes } from './dashboard/routes';
import { registerChannelRoutes } from './channels/routes';
import { DEFAULT_CHANNEL_SETTINGS, type ChannelSettings } from './channels/sync';
import type { Database } from './db/client';
import { describeDatabaseRefusal } from './db/errors';
import { registerHealthRoutes } from './health/routes';
import { createRequestPageGuard, registerMessageRoutes } from './messages/routes';
import { DEFAULT_MESSAGE_SETTINGS, type MessageSettings } from './messages/settings';
import { HttpError, toErrorBody } from './http-error';
import { createLeaseHolder } from './jobs/lease';
import { registerPricingRoutes } from './pricing/routes';
import { registerPropertyRoutes } from './properties/routes';
import { registerReportRoutes } from './reports/routes';
import { registerSitePages } from './site/pages';

export type AppOptions = {
  database: Database;
  /** The built client (dist/client); without it only the API and a placeholder page are served. */
  clientDir?: string;
  /** A pino logger; silent when omitted. */
  logger?: FastifyBaseLogger;
  sessionTtlMs?: number;
  signInDelayMs?: number;
  throttle?: SignInThrottle;
  /** How many reverse proxies to believe X-Forwarded-* from (0: none). */
  trustProxy?: number;
  /** The property the public booking form books (SITE_PROPERTY_ID); else the oldest active one. */
  siteProperty?: string;
  /** Booking requests allowed per address per hour. */
  bookingRequestsPerHour?: number;
  /** The clock, for tests that freeze it. */
  now?: () => Date;
  /** Channel sync (CHANNEL_* variables); the defaults refuse private feed addresses. */
  channels?: ChannelSettings;
  /** This process's name for database leases (background work shared by several processes). */
  leaseHolder?: string;
  /** Messages: links, the operator's address, the request hold (REQUEST_HOLD_HOURS and friends). */
  messages?: MessageSettings;
  /** Called after a change wrote messages to the outbox (the worker's wake-up). */
  onMessagesWritten?: () => void;
  /** Guest request page lookups allowed per address per minute. */
  requestPageLookupsPerMinute?: number;
};

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const BODY_LIMIT_BYTES = 64 * 1024;

/** Messages for Fastify's own request errors, which otherwise speak in internal codes. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as application/json',
  FST_ERR_CTP_BODY_TOO_LARGE: `The request body is too large (at most ${BODY_LIMIT_BYTES / 1024} KB)`,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request has an invalid Content-Length',
  FST_ERR_CTP_INVALID_TYPE: 'Send the request body as application/json',
};

/** Builds the server without listening: tests drive it through `app.inject`. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { database } = options;
  const db = database.db;
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    bodyLimit: BODY_LIMIT_BYTES,
    // A hop count, not `true`: with `true` a client could name any address in X-Forwarded-For.
    trustProxy: options.trustProxy
      ? (_address: string, hop: number) => hop < (options.trustProxy ?? 0)
      : false,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  // Response schemas document the API (OpenAPI); checking every response against them cost more than
  // half the time of a 10,000-booking list, so responses are serialised as they are. Tests check shapes.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const message =
        first?.keyword === 'invalid_type' && first.instancePath === '/'
          ? 'The request body must be a JSON object'
          : (first?.message ?? 'The request is not valid');
      return reply.code(400).send(toErrorBody(message, { field: first?.instancePath.slice(1) || undefined }));
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(toErrorBody(error.message));
    }
    const refusal = describeDatabaseRefusal(error);
    if (refusal) return reply.code(refusal.statusCode).send(toErrorBody(refusal.message));
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        FRAMEWORK_MESSAGES[error.code] ?? (error.code === 'FST_ERR_RATE_LIMIT' ? error.message : undefined);
      return reply.code(status).send(toErrorBody(message ?? 'The request could not be understood'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(toErrorBody('Something went wrong on our side. Please try again.'));
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React and the toast library set style attributes; no script may be inline.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        manifestSrc: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Shanti Villa Retreat API',
        description:
          'The public site and the management area. Management operations need the session cookie set by signIn. Errors are JSON: { "error": { "message": string } }.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { sessionCookie: { type: 'apiKey', in: 'cookie', name: 'villa_session' } },
      },
    },
    transform: jsonSchemaTransform,
  });

  // Cross-site request forgery: the cookie is SameSite=Strict, and a state-changing request that a
  // browser marks as coming from another site is refused outright.
  // Every unsafe method is checked, whatever the path: request.url is not yet decoded here, so a
  // path test could be dodged with percent-encoding.
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const sameOrigin = origin
      ? isSameOrigin(origin, request.host)
      : fetchSite !== 'cross-site' && fetchSite !== 'same-site';
    if (!sameOrigin) throw new HttpError(403, 'Cross-site requests are not allowed');
  });

  await app.register(authPlugin, { db });
  const throttle = options.throttle ?? createSignInThrottle();

  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
  await registerHealthRoutes(app, { database });
  await registerAuthRoutes(app, {
    db,
    throttle,
    sessionTtlMs: options.sessionTtlMs ?? 7 * 24 * 3_600_000,
    signInDelayMs: options.signInDelayMs,
  });
  await registerPropertyRoutes(app, { db, now: options.now });
  await registerCalendarRoutes(app, { db, now: options.now });
  const messages = options.messages ?? DEFAULT_MESSAGE_SETTINGS;
  await registerBookingRoutes(app, {
    db,
    now: options.now,
    messages,
    onMessagesWritten: options.onMessagesWritten,
  });
  await registerDashboardRoutes(app, { db, now: options.now });
  await registerReportRoutes(app, { db });
  await registerPricingRoutes(app, { db, now: options.now });
  await registerBookingRequestRoutes(app, {
    db,
    now: options.now,
    siteProperty: options.siteProperty,
    requestsPerHour: options.bookingRequestsPerHour,
    messages,
    onMessagesWritten: options.onMessagesWritten,
  });
  await registerMessageRoutes(app, {
    db,
    settings: messages,
    onMessagesWritten: options.onMessagesWritten,
    requestPageLookupsPerMinute: options.requestPageLookupsPerMinute,
  });
  await registerChannelRoutes(app, {
    db,
    now: options.now,
    settings: options.channels ?? DEFAULT_CHANNEL_SETTINGS,
    holder: options.leaseHolder ?? createLeaseHolder(),
  });

  const site = await registerSitePages(app, {
    clientDir: options.clientDir,
    guards: { '/request/:token': createRequestPageGuard(db, options.requestPageLookupsPerMinute) },
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return reply
        .code(404)
        .send(toErrorBody(`There is no ${request.method} ${request.url.split('?')[0]} in this API`));
    }
    return site.sendNotFoundPage(reply);
  });

  return app;
}

function isSameOrigin(origin: string, host: string): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
