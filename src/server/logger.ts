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
  // Razorpay's key and webhook secrets (config.payments.razorpay), and a webhook's signature.
  '*.keySecret',
  '*.webhookSecret',
  'req.headers["x-razorpay-signature"]',
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

/**
 * The size of one log line at most, and of one text in it: a log is read line by line, shipped and kept,
 * and a value that grows with its input (a feed, a query's parameters) must never make a line of megabytes.
 */
export const LOG_LINE_MAX_BYTES = 16 * 1024;
const LOG_TEXT_MAX_CHARS = 2_000;
const LOG_STACK_MAX_CHARS = 4_000;
const LOG_ARRAY_MAX_ITEMS = 50;

/** A text cut to `max` characters, saying how much was cut. */
function truncateText(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… [${text.length - max} more characters]`;
}

/**
 * A log value with every text cut to `maxChars`, arrays to their first items and nesting to a few levels.
 * Plain objects and arrays are copied (never the caller's); errors, requests and other instances are left
 * to their serializers.
 */
function limitValue(value: unknown, maxChars: number, depth = 0): unknown {
  if (typeof value === 'string') return truncateText(value, maxChars);
  if (!value || typeof value !== 'object') return value;
  // Bytes are no log's business (and pino takes seconds over a large Buffer): their size is enough.
  if (ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
  if (depth >= 6) return '[nested too deep]';
  if (Array.isArray(value)) {
    const items = value.slice(0, LOG_ARRAY_MAX_ITEMS).map((item) => limitValue(item, maxChars, depth + 1));
    if (value.length > LOG_ARRAY_MAX_ITEMS) items.push(`… ${value.length - LOG_ARRAY_MAX_ITEMS} more items`);
    return items;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return value;
  const limited: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) limited[key] = limitValue(item, maxChars, depth + 1);
  return limited;
}

/**
 * The last guard, on the written line: one still over the cap (a Buffer, a class instance, a huge message)
 * is written again with its texts cut short, or else as its level, time and message alone.
 */
export function capLogLine(line: string): string {
  if (line.length <= LOG_LINE_MAX_BYTES / 4 || Buffer.byteLength(line) <= LOG_LINE_MAX_BYTES) return line;
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(line) as Record<string, unknown>;
  } catch {
    // Not JSON (pino writes JSON): only the note below is written.
  }
  const note = { truncated: true, original_bytes: Buffer.byteLength(line) };
  const shortened = `${JSON.stringify({ ...(limitValue(parsed, 200) as object), ...note })}\n`;
  if (Buffer.byteLength(shortened) <= LOG_LINE_MAX_BYTES) return shortened;
  const { level, time, pid, hostname, reqId, msg } = parsed;
  const message = typeof msg === 'string' ? truncateText(msg, 200) : undefined;
  return `${JSON.stringify({ level, time, pid, hostname, reqId, msg: message, ...note })}\n`;
}

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
  const { stack, ...rest } = cleaned;
  const limited = limitValue(rest, LOG_TEXT_MAX_CHARS) as Record<string, unknown>;
  if (typeof stack === 'string') limited.stack = truncateText(stack, LOG_STACK_MAX_CHARS);
  if (cause && depth < 3) limited.cause = serializeError(cause, depth + 1);
  return limited;
}

export function redactQuotedValues(text: string): string {
  return text.replace(/"[^"\n]*"/g, '"[redacted]"');
}

/** Text from elsewhere (a mail server's refusal names the recipient) without the e-mail addresses in it. */
export function redactEmailAddresses(text: string): string {
  return text.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '[redacted]');
}

/**
 * "Failed query: … params: a@b.c,…" keeps the query and drops its parameters: all of them, up to the
 * stack's first frame or the end (a parameter may hold line breaks: a whole feed did).
 */
export function stripQueryParameters(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/g, '\nparams: [redacted]');
}

/**
 * Path segments whose next segment is a secret, wherever they stand (/request/…, /hi/request/…,
 * /api/requests/…): the guest's request page and its API (the token lets anyone see and withdraw the
 * request, and read the guest's check-in) and the calendar export (the token is the calendar's only
 * protection).
 */
const SECRET_BEFORE = new Set(['request', 'requests', 'ical']);

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/** A request's path as logged: no query string, and no secret that is part of the path. */
export function redactRequestPath(url: string | undefined): string | undefined {
  const path = url?.split(/[?#]/, 1)[0];
  if (path === undefined) return undefined;
  const segments = path.split('/');
  let secretNext = false;
  for (const [index, segment] of segments.entries()) {
    // Empty segments (//) are skipped: the router may read /request//<token> as /request/<token>.
    if (segment === '') continue;
    if (secretNext) {
      segments[index] = '[redacted]';
      secretNext = false;
      continue;
    }
    secretNext = SECRET_BEFORE.has(decodeSegment(segment));
  }
  return segments.join('/');
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
      formatters: { log: (object) => limitValue(object, LOG_TEXT_MAX_CHARS) as Record<string, unknown> },
      hooks: { streamWrite: capLogLine },
    },
    options.stream,
  );
}
