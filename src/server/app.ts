import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors, jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerAuditRoutes } from './audit/routes';
import { createDatabaseBackups, readBackupSettings, type BackupService } from './backups/backups';
import { registerBackupRoutes } from './backups/routes';
import { authPlugin } from './auth/plugin';
import { registerAuthRoutes } from './auth/routes';
import { createSignInThrottle, type SignInThrottle } from './auth/sign-in-throttle';
import { registerBookingRequestRoutes } from './booking-requests/routes';
import { registerBookingRoutes } from './bookings/routes';
import { registerCalendarRoutes } from './calendar/routes';
import { registerDashboardRoutes } from './dashboard/routes';
import { EXPORT_NOT_FOUND, registerChannelRoutes } from './channels/routes';
import type { Database } from './db/client';
import { describeDatabaseRefusal } from './db/errors';
import type { Config } from './env';
import { registerHealthRoutes } from './health/routes';
import { createRequestPageLoader, registerMessageRoutes } from './messages/routes';
import { registerScheduledMessageRoutes } from './messages/scheduled-routes';
import { isDomainError } from '../domain/domain-error';
import { answerDomainError } from './http/error-statuses';
import { handlePendingEvents } from './messages/subscriber';
import { HttpError, toErrorBody, toIssueDetails } from './http/http-error';
import { checkResponsesAgainstContracts } from './check-responses';
import { createLeaseHolder } from './jobs/lease';
import { registerRazorpayRoutes } from './payments/razorpay-routes';
import { registerPaymentRoutes } from './payments/routes';
import { findSiteContact } from './business/contact-queries';
import { registerBusinessRoutes } from './business/routes';
import { registerInvoiceRoutes } from './invoices/routes';
import { registerPricingRoutes } from './pricing/routes';
import { registerPropertyRoutes } from './properties/routes';
import { registerReportRoutes } from './reports/routes';
import {
  compileRequestValidator,
  describeUnknownFields,
  isChangeMethod,
  refuseBodyFields,
  takesBody,
  refuseUnknownFields,
} from './request-body';
import { describeRequestNetwork } from './request-network';
import { registerSampleDataRoutes } from './sample-data/routes';
import { openGuestDataKeys, type GuestDataKeys } from './check-in/guest-data-key';
import { registerCheckInRoutes } from './check-in/routes';
import { registerTimelineRoutes } from './timeline/routes';
import { registerSitePages } from './site/pages';
import { answerClientError, CONTENT_SECURITY_POLICY_DIRECTIVES, SECURITY_HEADERS } from './security-headers';
import { compileAnswerEncoder } from './http/encode-answer';

/** What the server is given besides its configuration: the database, and what tests replace. */
export type AppDeps = {
  database: Database;
  /** A pino logger; silent when omitted. */
  logger?: FastifyBaseLogger;
  /** The clock, for tests that freeze it. */
  now?: () => Date;
  /** The sign-in throttle; by default one counting in the database under config.sessions.signInLimits. */
  throttle?: SignInThrottle;
  /** This process's name for database leases (background work shared by several processes). */
  leaseHolder?: string;
  /** Called after a change wrote messages to the outbox (the worker's wake-up). */
  onMessagesWritten?: () => void;
  /** Check every answer against its endpoint's contract, a mismatch being a 500 (tests turn it on). */
  checkResponses?: boolean;
  /**
   * The keys of guests' ID numbers (the server's start checked them against the database); by default
   * openGuestDataKeys: GUEST_DATA_KEY or the data directory's, with GUEST_DATA_KEYS_OLD.
   */
  guestDataKeys?: GuestDataKeys;
  /** Backups made from the management area; by default this database's, into config.backups.dir. */
  backups?: BackupService;
};

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const BODY_LIMIT_BYTES = 64 * 1024;
const MAX_PARAM_LENGTH = 200;
/** The longest request target (path and query) answered; no address of the site or the API comes near it. */
const MAX_URL_LENGTH = 2_048;

/**
 * An address refused 414 before any route sees it, on the API and the site alike: longer than
 * MAX_URL_LENGTH, or with a path segment longer than the router takes. Without this, the static files'
 * route met a name too long for the file system and answered 403, and the answer to a long segment
 * depended on whether a build's files were there.
 */
function isOverLongUrl(url: string): boolean {
  if (url.length > MAX_URL_LENGTH) return true;
  return url
    .split('?', 1)[0]!
    .split('/')
    .some((segment) => segment.length > MAX_PARAM_LENGTH);
}

/** Messages for Fastify's own request errors, which otherwise speak in internal codes. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as application/json',
  FST_ERR_CTP_BODY_TOO_LARGE: `The request body is too large (at most ${BODY_LIMIT_BYTES / 1024} KB)`,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request has an invalid Content-Length',
  FST_ERR_CTP_INVALID_TYPE: 'Send the request body as application/json',
  FST_ERR_BAD_URL: 'The address is not valid (a malformed percent-encoding)',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long',
  FST_ERR_ASYNC_CONSTRAINT: 'The request could not be understood',
};

/** Statuses of the framework's own errors where the default (its statusCode) would be wrong. */
const FRAMEWORK_STATUSES: Record<string, number> = { FST_ERR_MAX_PARAM_LENGTH: 414, FST_ERR_BAD_URL: 400 };

/** A path that cannot be percent-decoded: answered by the error handler like any other bad request. */
function isMalformedPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}
const MALFORMED_URL_PATH = '/api/__malformed-url';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once the events written so far have been handled (their messages are in the outbox). */
    eventsHandled: () => Promise<void>;
  }
}

/** Builds the server without listening: tests drive it through `app.inject`. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const { database } = deps;
  const db = database.db;
  const { trustProxy } = config.server;
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    bodyLimit: BODY_LIMIT_BYTES,
    // A hop count, not `true`: with `true` a client could name any address in X-Forwarded-For.
    trustProxy: trustProxy ? (_address: string, hop: number) => hop < trustProxy : false,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: MAX_PARAM_LENGTH },
    // A request without Host reaches the hooks (and is refused there in the API's error shape) instead of
    // Node's empty 400.
    http: { requireHostHeader: false },
    // A path that cannot be decoded goes to a route that refuses it, so the answer passes the same hooks
    // (security headers) and error handler as any other.
    rewriteUrl: (request) =>
      request.url && isMalformedPath(request.url) ? MALFORMED_URL_PATH : (request.url ?? '/'),
    // Errors the router finds before any hook runs: the same body, and the security headers set by hand.
    frameworkErrors: (error, _request, reply) => {
      const status = FRAMEWORK_STATUSES[error.code] ?? 400;
      void (reply as FastifyReply)
        .code(status)
        .headers({ ...SECURITY_HEADERS, 'cache-control': 'no-store' })
        .send(toErrorBody(FRAMEWORK_MESSAGES[error.code] ?? 'The request could not be understood'));
    },
    // Requests Node's HTTP parser refuses (oversized headers, garbage): the API's shape, nothing echoed.
    clientErrorHandler: answerClientError,
  });
  // An Expect other than 100-continue: Node would answer 417 with an empty body; the hooks refuse it instead.
  app.server.on('checkExpectation', (request, response) => app.routing(request, response));
  // The API reads JSON only: Fastify's default plain-text parser would hand a route without a body schema
  // (signOut, removeSampleData) a body no client of this API sends, and answer a route with one in words
  // about JSON objects. Without it, any other type is refused 415 by the error handler.
  app.removeContentTypeParser('text/plain');
  // JSON is UTF-8 (RFC 8259). Fastify's own parser decodes the body leniently, turning bytes that are not
  // UTF-8 into U+FFFD, so a name or note would be stored as something the client never sent: the bytes
  // are decoded strictly first, then parsed by Fastify's parser, with its refusal of __proto__ and
  // constructor.prototype and the body limit as before.
  const parseJsonText = app.getDefaultJsonParser('error', 'error');
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(new HttpError(400, 'The request body is not valid UTF-8'), undefined);
      return;
    }
    parseJsonText(request, text, done);
  });
  app.setValidatorCompiler(compileRequestValidator);
  // Responses are serialised as they are, their amounts encoded: checking each against its contract
  // costs too much to do in production, so tests turn it on (check-responses.ts).
  if (deps.checkResponses) checkResponsesAgainstContracts(app);
  else {
    app.setSerializerCompiler(({ schema }) => {
      const encode = compileAnswerEncoder(schema);
      return (data) => JSON.stringify(encode(data));
    });
  }

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      // An unknown field first: a misspelt one also leaves the field it meant missing.
      const unknown = describeUnknownFields(error.validation);
      if (unknown) return reply.code(400).send(toErrorBody(unknown.message, { field: unknown.field }));
      const first = error.validation[0];
      const message =
        first?.keyword === 'invalid_type' && first.instancePath === '/'
          ? 'The request body must be a JSON object'
          : (first?.message ?? 'The request is not valid');
      // A schema that names why (a code in its issue's params) has the client word it; others say the field.
      const issueParams = (first?.params as { params?: unknown } | undefined)?.params;
      return reply.code(400).send(
        toErrorBody(message, {
          field: first?.instancePath.slice(1) || undefined,
          ...toIssueDetails(issueParams),
        }),
      );
    }
    if (isDomainError(error)) {
      const answer = answerDomainError(error);
      return reply.code(answer.statusCode).send(answer.body);
    }
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send(toErrorBody(error.message, error.details));
    }
    const refusal = describeDatabaseRefusal(error);
    if (refusal) return reply.code(refusal.statusCode).send(toErrorBody(refusal.message));
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        FRAMEWORK_MESSAGES[error.code] ?? (error.code === 'FST_ERR_RATE_LIMIT' ? error.message : undefined);
      return reply
        .code(FRAMEWORK_STATUSES[error.code] ?? status)
        .send(toErrorBody(message ?? 'The request could not be understood'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(toErrorBody('Something went wrong on our side. Please try again.'));
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  await app.register(fastifyCookie);
  // Limits count a network (an IPv4 /24, an IPv6 /64), as their messages say: a client easily holds many
  // addresses of one network, so a count per address would limit nothing.
  await app.register(fastifyRateLimit, {
    global: false,
    keyGenerator: (request) => describeRequestNetwork(request.ip),
  });
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
    if (isOverLongUrl(request.url)) throw new HttpError(414, FRAMEWORK_MESSAGES.FST_ERR_MAX_PARAM_LENGTH!);
    if (!request.headers.host) throw new HttpError(400, 'The request has no Host header');
    const expect = request.headers.expect;
    if (expect !== undefined && expect.toLowerCase() !== '100-continue') {
      throw new HttpError(417, 'Only "Expect: 100-continue" is supported');
    }
    if (!UNSAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const sameOrigin = origin
      ? isSameOrigin(origin, `${request.protocol}://${request.host}`)
      : fetchSite !== 'cross-site' && fetchSite !== 'same-site';
    if (!sameOrigin) {
      request.log.warn({ security: 'csrf-refused', method: request.method }, 'security: csrf-refused');
      throw new HttpError(403, 'Cross-site requests are not allowed');
    }
  });

  app.all(MALFORMED_URL_PATH, { schema: { hide: true } }, () => {
    throw new HttpError(400, FRAMEWORK_MESSAGES.FST_ERR_BAD_URL!);
  });

  // Every body refuses a field the operation does not know, by name, and a change (PUT, PATCH) names at
  // least one field (see request-body.ts). Set on the schema itself, so that the OpenAPI document says it too.
  // An operation that takes no body (a withdrawal, 'Sync now', signing out) refuses one that names fields.
  app.addHook('onRoute', (route) => {
    const body: unknown = route.schema?.body;
    if (body instanceof z.ZodType && route.schema) {
      const strict = refuseUnknownFields(body);
      route.schema.body = isChangeMethod(route.method) ? strict.meta({ minProperties: 1 }) : strict;
      return;
    }
    if (!takesBody(route.method)) return;
    route.preValidation = [refuseBodyFields, ...[route.preValidation ?? []].flat()];
  });

  await app.register(authPlugin, { db, idleMs: config.sessions.idleMs });
  // A route guarded by requireOperator documents the session cookie: the OpenAPI document tells which
  // operations need a session from the guard itself, so the two cannot disagree.
  app.addHook('onRoute', (route) => {
    if (![route.onRequest].flat().includes(app.requireOperator) || !route.schema) return;
    route.schema.security ??= [{ sessionCookie: [] }];
  });
  const throttle =
    deps.throttle ?? createSignInThrottle(db, config.sessions.signInLimits, deps.now ?? (() => new Date()));
  const { now, onMessagesWritten } = deps;
  // The messages follow what the operations wrote: handled after the answer, so a guest is not kept
  // waiting while e-mails are written; one pass at a time, and a call during a pass asks for one more.
  // What a crash leaves is handled by the message worker's next pass.
  let eventPass: Promise<void> | undefined;
  let anotherPass = false;
  const passOverEvents = async (): Promise<void> => {
    anotherPass = false;
    try {
      if ((await handlePendingEvents(db, config, { now, logger: app.log })) > 0) onMessagesWritten?.();
    } catch (error) {
      app.log.error({ err: error }, 'events not handled after the answer; the worker handles them');
    }
  };
  const onEventsWritten = (): void => {
    if (eventPass) {
      anotherPass = true;
      return;
    }
    eventPass = passOverEvents().finally(() => {
      eventPass = undefined;
      if (anotherPass) onEventsWritten();
    });
  };
  app.decorate('eventsHandled', async () => {
    while (eventPass) await eventPass;
  });
  // Closing waits for the pass under way, so the database is not closed under it.
  app.addHook('onClose', () => app.eventsHandled());

  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
  await registerHealthRoutes(app, { database });
  await registerAuthRoutes(app, { db, throttle, config });
  await registerPropertyRoutes(app, { db, now });
  await registerCalendarRoutes(app, { db, now });
  await registerTimelineRoutes(app, { db, now, staleHours: config.channels.staleHours });
  await registerBookingRoutes(app, { db, now, messages: config, onMessagesWritten, onEventsWritten });
  await registerPaymentRoutes(app, {
    db,
    now,
    payments: config.payments,
    onEventsWritten,
  });
  await registerRazorpayRoutes(app, { db, config, now, onMessagesWritten, onEventsWritten });
  await registerDashboardRoutes(app, { db, now });
  await registerReportRoutes(app, { db, now });
  await registerPricingRoutes(app, { db, now });
  // The site's pages are registered last; a change of the contact details renders them again.
  let refreshSitePages = async () => {};
  await registerBusinessRoutes(app, { db, onContactChanged: () => refreshSitePages() });
  await registerInvoiceRoutes(app, { db, now, onEventsWritten });
  await registerScheduledMessageRoutes(app, { db, now, messages: config, onMessagesWritten });
  await registerAuditRoutes(app, { db });
  await registerSampleDataRoutes(app, { db });
  await registerBackupRoutes(app, {
    db,
    backups: deps.backups ?? createDatabaseBackups(database, readBackupSettings(config)),
    databaseKind: database.kind,
  });
  await registerBookingRequestRoutes(app, { db, config, now, messages: config, onEventsWritten });
  await registerMessageRoutes(app, { db, config, now, onMessagesWritten });
  await registerCheckInRoutes(app, {
    db,
    config,
    now,
    keys: deps.guestDataKeys ?? (await openGuestDataKeys(db, config.guestData)),
  });
  await registerChannelRoutes(app, {
    db,
    config,
    now,
    holder: deps.leaseHolder ?? createLeaseHolder(),
    onEventsWritten,
  });

  const site = await registerSitePages(app, {
    clientDir: config.server.clientDir,
    loaders: {
      '/request/:token': createRequestPageLoader({ db, config, onMessagesWritten, now }),
    },
    loadContact: async () => {
      const { updatedAt, ...contact } = await findSiteContact(db, config.requests.siteProperty);
      return { contact, version: updatedAt };
    },
  });
  refreshSitePages = site.refreshContact;
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return reply
        .code(404)
        .send(toErrorBody(`There is no ${request.method} ${request.url.split('?')[0]} in this API`));
    }
    // Any other calendar address is still a channel's request: the export's own answer.
    if (request.url.startsWith('/ical/')) return reply.code(404).send(toErrorBody(EXPORT_NOT_FOUND));
    return site.sendNotFoundPage(reply);
  });

  return app;
}

/** Scheme, host and port (default ports normalised), as the server itself is reached. */
function isSameOrigin(origin: string, serverOrigin: string): boolean {
  try {
    return new URL(origin).origin === new URL(serverOrigin).origin;
  } catch {
    return false;
  }
}
