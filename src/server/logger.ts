import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Paths no log line may carry: secrets (passwords, session tokens, cookies) and a guest's personal data
 * (name, e-mail, phone, notes), wherever a log call might put a request body or a row.
 */
const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.password_hash',
  '*.token',
  '*.cookie',
  '*.email',
  '*.guest_email',
  '*.guest_name',
  '*.guest_phone',
  '*.notes',
  '*.special_requests',
  'err.params',
  'err.parameters',
  'err.detail',
];

type ErrorLike = { message?: unknown; cause?: unknown; [key: string]: unknown };

/**
 * An error as a log object without the values a failed query carried: Drizzle puts the SQL parameters
 * (a guest's e-mail, a token's hash) in the message and on `params`, and PostgreSQL repeats values in
 * `detail` ("Key (email)=(…) already exists").
 */
function serializeError(error: unknown, depth = 0): unknown {
  if (!error || typeof error !== 'object') return error;
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  const { message, cause } = error as ErrorLike;
  const cleaned: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(serialized)) {
    if (['params', 'parameters', 'detail', 'where', 'internalQuery'].includes(key)) continue;
    cleaned[key] = value;
  }
  // PostgreSQL quotes the offending value in its messages (invalid input syntax for type integer: "…").
  const fromDatabase = typeof serialized.code === 'string' && /^[0-9A-Z]{5}$/.test(serialized.code);
  if (typeof message === 'string') {
    cleaned.message = fromDatabase ? redactQuotedValues(message) : stripQueryParameters(message);
  }
  // The stack repeats every cause's message ("caused by: …"), so it is redacted whatever its origin.
  if (typeof cleaned.stack === 'string') {
    cleaned.stack = redactQuotedValues(stripQueryParameters(cleaned.stack));
  }
  if (cause && depth < 3) cleaned.cause = serializeError(cause, depth + 1);
  return cleaned;
}

export function redactQuotedValues(text: string): string {
  return text.replace(/"[^"\n]*"/g, '"[redacted]"');
}

/** Text from elsewhere (a mail server's refusal names the recipient) without the e-mail addresses in it. */
export function redactEmailAddresses(text: string): string {
  return text.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '[redacted]');
}

/** "Failed query: … params: a@b.c,…" keeps the query and drops its parameters. */
export function stripQueryParameters(text: string): string {
  return text.replace(/\nparams: [^\n]*/g, '\nparams: [redacted]');
}

/**
 * Paths whose next segment is a secret: the guest's request page and its API (the token lets anyone see
 * and withdraw the request) and the calendar export (the token is the calendar's only protection).
 */
const SECRET_PATH_SEGMENT = /^(\/request\/|\/api\/requests\/|\/ical\/)[^/]+/i;

/** A request's path as logged: no query string, and no secret that is part of the path. */
export function redactRequestPath(url: string | undefined): string | undefined {
  return url?.split('?', 1)[0]?.replace(SECRET_PATH_SEGMENT, '$1[redacted]');
}

/** A request as a log object: no query string (searches hold guests' names and e-mails), no headers. */
function serializeRequest(request: { method?: string; url?: string; ip?: string; id?: string }) {
  return {
    method: request.method,
    url: redactRequestPath(request.url),
    remoteAddress: request.ip,
  };
}

export function createLogger(options: { level: string; stream?: DestinationStream }): Logger {
  return pino(
    {
      level: options.level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { err: serializeError, error: serializeError, req: serializeRequest },
    },
    options.stream,
  );
}
