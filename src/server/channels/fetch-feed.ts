import http from 'node:http';
import https from 'node:https';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable } from 'node:stream';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { assertNoTransactionOpen } from '../db/outside-calls';
import { FeedError } from './feed-error';

export { FeedError };

export type FeedFetchOptions = {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** Tests and local use only: allow loopback, private and link-local addresses. */
  allowPrivateUrls: boolean;
  /** Addresses allowed even though private (tests serve feeds on one loopback address). */
  trustedAddresses?: readonly string[];
  etag?: string | null;
  lastModified?: string | null;
};

export type FeedFetchResult =
  | { notModified: true }
  | { notModified: false; body: string; etag: string | null; lastModified: string | null };

const USER_AGENT = 'ShantiVillaCalendarSync/1.0 (+iCal import)';

// The agents check every address a host name resolves to when the socket connects (and every literal
// address before it), so a redirect or a DNS answer cannot lead a fetch into the host's own network.
const agents = new Map<string, { http: http.Agent; https: https.Agent }>();
function getAgents(options: FeedFetchOptions) {
  const allowIPAddressList = [...(options.trustedAddresses ?? [])];
  const key = `${options.allowPrivateUrls}|${allowIPAddressList.join(',')}`;
  let set = agents.get(key);
  if (!set) {
    const filter = { allowPrivateIPAddress: options.allowPrivateUrls, allowIPAddressList };
    set = { http: new RequestFilteringHttpAgent(filter), https: new RequestFilteringHttpsAgent(filter) };
    agents.set(key, set);
  }
  return set;
}

const formatMegabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * Fetches a channel's calendar: http or https only, a few redirects at most (each one checked like the
 * first), one deadline for the whole exchange, a size cap on the decoded body, and a conditional request
 * when the last answer gave an ETag or Last-Modified.
 */
export async function fetchFeed(url: string, options: FeedFetchOptions): Promise<FeedFetchResult> {
  assertNoTransactionOpen("A channel's feed");
  const signal = AbortSignal.timeout(options.timeoutMs);
  let current = parseFeedUrl(url);
  for (let redirects = 0; ; redirects += 1) {
    const response = await sendRequest(current, options, signal);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if ([301, 302, 303, 307, 308].includes(status) && location) {
      response.resume();
      if (redirects >= options.maxRedirects) {
        throw new FeedError(
          'too_many_redirects',
          `The calendar address redirected more than ${options.maxRedirects} times`,
        );
      }
      current = parseFeedUrl(new URL(location, current).toString(), 'redirected to');
      continue;
    }
    if (status === 304) {
      response.resume();
      return { notModified: true };
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new FeedError('http_error', describeStatus(status));
    }
    const body = await readBody(response, options, signal);
    return {
      notModified: false,
      body,
      etag: headerValue(response.headers.etag),
      lastModified: headerValue(response.headers['last-modified']),
    };
  }
}

function parseFeedUrl(value: string, verb = 'is'): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new FeedError('invalid_url', `The calendar address ${verb} not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FeedError(
      'invalid_url',
      `The calendar address ${verb} ${url.protocol}//…; only http and https are fetched`,
    );
  }
  return url;
}

function sendRequest(
  url: URL,
  options: FeedFetchOptions,
  signal: AbortSignal,
): Promise<http.IncomingMessage> {
  const set = getAgents(options);
  const transport = url.protocol === 'https:' ? https : http;
  const headers: Record<string, string> = {
    accept: 'text/calendar, text/plain;q=0.8, */*;q=0.1',
    'accept-encoding': 'gzip, deflate, br',
    'user-agent': USER_AGENT,
  };
  if (options.etag) headers['if-none-match'] = options.etag;
  if (options.lastModified) headers['if-modified-since'] = options.lastModified;
  return new Promise((resolve, reject) => {
    const request = transport.get(
      url,
      { agent: url.protocol === 'https:' ? set.https : set.http, headers, signal },
      resolve,
    );
    request.on('error', (error) => reject(describeNetworkError(error, url, options.timeoutMs, signal)));
  });
}

async function readBody(
  response: http.IncomingMessage,
  options: FeedFetchOptions,
  signal: AbortSignal,
): Promise<string> {
  const declared = Number(response.headers['content-length']);
  const encoding = headerValue(response.headers['content-encoding'])?.toLowerCase() ?? 'identity';
  const tooLarge = () =>
    new FeedError('too_large', `The calendar is larger than ${formatMegabytes(options.maxBytes)}`);
  if (encoding === 'identity' && Number.isFinite(declared) && declared > options.maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  let stream: Readable = response;
  if (encoding === 'gzip' || encoding === 'x-gzip') stream = response.pipe(createGunzip());
  else if (encoding === 'deflate') stream = response.pipe(createInflate());
  else if (encoding === 'br') stream = response.pipe(createBrotliDecompress());
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      // Counted after decompression: a small compressed answer must not unpack into gigabytes.
      if (size > options.maxBytes) throw tooLarge();
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    response.destroy();
    if (error instanceof FeedError) throw error;
    if (signal.aborted) throw timeoutError(options.timeoutMs);
    throw new FeedError('unreachable', 'The connection to the channel broke off while reading the calendar');
  } finally {
    if (stream !== response) stream.destroy();
  }
  // A NUL is part of no calendar's text, and PostgreSQL refuses one in the copy of the feed kept for the
  // next sync, which would then fail every time: it is dropped here, for everything after.
  return new TextDecoder('utf-8')
    .decode(Buffer.concat(chunks))
    .replace(/^\uFEFF/, '')
    .replaceAll('\u0000', '');
}

function timeoutError(timeoutMs: number): FeedError {
  const seconds = Math.max(1, Math.round(timeoutMs / 1000));
  return new FeedError(
    'timeout',
    `The channel did not answer within ${seconds} second${seconds === 1 ? '' : 's'}`,
  );
}

function describeNetworkError(error: Error, url: URL, timeoutMs: number, signal: AbortSignal): FeedError {
  if (signal.aborted || error.name === 'AbortError' || error.name === 'TimeoutError') {
    return timeoutError(timeoutMs);
  }
  if (/is not allowed\. Because/.test(error.message)) {
    return new FeedError(
      'private_address',
      `Refused: ${url.hostname} leads to a private or local network address, which calendar addresses may not use`,
    );
  }
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new FeedError('unreachable', `The server name ${url.hostname} was not found`);
    case 'ECONNREFUSED':
      return new FeedError('unreachable', `${url.host} refused the connection`);
    case 'ECONNRESET':
    case 'EPIPE':
      return new FeedError('unreachable', `${url.host} closed the connection`);
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new FeedError('unreachable', `${url.host} cannot be reached from this server`);
    default:
      if (code?.startsWith('ERR_TLS') || /certificate|SSL|TLS/i.test(error.message)) {
        return new FeedError('unreachable', `A secure connection to ${url.host} could not be made`);
      }
      return new FeedError('unreachable', `The channel could not be reached (${code ?? error.message})`);
  }
}

function describeStatus(status: number): string {
  if (status === 404 || status === 410) {
    return `The channel answered ${status} (not found): check the calendar address in the channel's export settings`;
  }
  if (status === 401 || status === 403) {
    return `The channel refused access (${status}): the calendar address may have been reset on the channel`;
  }
  if (status === 429) return 'The channel asked us to slow down (429); the next sync will try again';
  if (status >= 500)
    return `The channel answered ${status} (a fault on their side); the next sync will try again`;
  return `The channel answered ${status} instead of the calendar`;
}

function headerValue(value: string | string[] | undefined): string | null {
  if (Array.isArray(value)) return value[0] ?? null;
  return value ?? null;
}
