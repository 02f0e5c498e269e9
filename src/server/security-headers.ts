import type { Socket } from 'node:net';
import { createHash } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { PAGE_LOADER_SCRIPT } from '../client/pages/page-loader';

/**
 * The Content-Security-Policy of every answer. Helmet sets it (and the headers below) on answers that go
 * through Fastify's hooks; answers written before any hook runs (a malformed URL, an unparseable request)
 * set SECURITY_HEADERS themselves, and a test keeps the two the same.
 */
export const CONTENT_SECURITY_POLICY_DIRECTIVES = {
  defaultSrc: ["'self'"],
  // The painted pages' one inline script, the loader of their entry module, is allowed by its hash; no
  // other script may be inline.
  scriptSrc: ["'self'", `'sha256-${createHash('sha256').update(PAGE_LOADER_SCRIPT).digest('base64')}'`],
  // The painted pages' critical CSS and font faces are inline; React and the toast library set style
  // attributes.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  // The English pages inline a font of the language switch's two Devanagari words (a data: URL).
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  manifestSrc: ["'self'"],
};

const toDirectiveName = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': Object.entries(CONTENT_SECURITY_POLICY_DIRECTIVES)
    .map(([name, values]) => `${toDirectiveName(name)} ${values.join(' ')}`)
    .join(';'),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** Messages for the errors Node's HTTP parser finds before Fastify sees a request. */
function describeClientError(code: string | undefined): { status: number; message: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, message: 'The request took too long to arrive' };
  if (code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, message: 'The request line or headers are too large' };
  }
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return { status: 413, message: 'The request is too large' };
  return { status: 400, message: 'The request could not be understood' };
}

/**
 * Answers a request Node's HTTP parser refused, in the API's error shape with the security headers, then
 * closes the connection (what Node does itself). Nothing the client sent is echoed.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  const { status, message } = describeClientError(error.code);
  const body = JSON.stringify({ error: { message } });
  const headers = {
    ...SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    connection: 'close',
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n');
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n\r\n${body}`);
}
