import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { createTestContext, type TestContext } from './test/test-app';
import { listTestDatabaseKinds } from './test/test-database';
import { describeDatabaseRefusal } from './db/errors';
import { createLogger } from './logger';
import { SECURITY_HEADERS } from './security-headers';

/** Sends raw bytes to the listening server; returns the status, headers and body of the answer. */
function sendRaw(port: number, request: string) {
  return new Promise<{ status: number; headers: Record<string, string>; body: string }>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => {
          const index = line.indexOf(':');
          return [line.slice(0, index).toLowerCase(), line.slice(index + 1).trim()];
        }),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    // A server that answers but keeps the connection open is ended after 3 s of silence.
    socket.setTimeout(3000, () => socket.end());
  });
}

function expectSecurityHeaders(headers: Record<string, unknown>) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers[name], name).toBe(value);
}

describe.each(listTestDatabaseKinds())('HTTP errors, origins and logs [%s]', (kind) => {
  let context: TestContext;
  let port: number;
  let logText = '';

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logText += chunk.toString();
        done();
      },
    });
    context = await createTestContext(kind, { logger: createLogger({ level: 'info', stream }) });
    await context.app.listen({ port: 0, host: '127.0.0.1' });
    const address = context.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await context?.close();
  });

  it('sends the same security headers by hand as helmet does', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expectSecurityHeaders(response.headers);
  });

  it('answers malformed URLs through the error handler, with the security headers and no echo', async () => {
    for (const url of [
      '/api/properties/%c0',
      '/api/%E0%A4%A',
      '/%c0',
      '/api/properties/%c0/calendar?month=2026-01',
    ]) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({
        error: { message: 'The address is not valid (a malformed percent-encoding)' },
      });
      expectSecurityHeaders(response.headers);
    }
  });

  it('answers an over-long path parameter 414 in the API shape', async () => {
    const url = `/api/properties/${'a'.repeat(300)}/calendar`;
    const response = await context.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ error: { message: 'The address is too long' } });
    expect(response.body).not.toContain('aaaa');
    expectSecurityHeaders(response.headers);
  });

  it("answers the HTTP parser's refusals in the API shape: 431, 417, no Host, garbage", async () => {
    const huge = await sendRaw(
      port,
      `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
    );
    expect(huge.status).toBe(431);
    expect(JSON.parse(huge.body)).toEqual({
      error: { message: 'The request line or headers are too large' },
    });
    expectSecurityHeaders(huge.headers);

    const expect417 = await sendRaw(
      port,
      'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: something-odd\r\nConnection: close\r\n\r\n',
    );
    expect(expect417.status).toBe(417);
    expect(JSON.parse(expect417.body)).toEqual({
      error: { message: 'Only "Expect: 100-continue" is supported' },
    });
    expectSecurityHeaders(expect417.headers);

    const noHost = await sendRaw(port, 'GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(noHost.status).toBe(400);
    expect(JSON.parse(noHost.body)).toEqual({ error: { message: 'The request has no Host header' } });
    expectSecurityHeaders(noHost.headers);

    const garbage = await sendRaw(port, 'HELLO <script>\r\n\r\n');
    expect(garbage.status).toBe(400);
    expect(JSON.parse(garbage.body)).toEqual({ error: { message: 'The request could not be understood' } });
    expect(garbage.body).not.toContain('script');
    expectSecurityHeaders(garbage.headers);
  });

  it('compares scheme, host and port with the server’s own origin', async () => {
    const operator = await context.createSignedInOperator();
    const post = (origin: string, headers: Record<string, string> = {}) =>
      context.app.inject({
        method: 'POST',
        url: '/api/properties',
        payload: { name: 'Origin Villa', address: 'Road', city: 'Pune', country: 'India' },
        headers: { cookie: operator.cookie, origin, host: '127.0.0.1:4000', ...headers },
      });
    expect((await post('https://127.0.0.1:4000')).statusCode).toBe(403);
    expect((await post('http://127.0.0.1:4001')).statusCode).toBe(403);
    expect((await post('http://127.0.0.1')).statusCode).toBe(403);
    expect((await post('null')).statusCode).toBe(403);
    expect((await post('http://127.0.0.1:4000')).statusCode).toBe(201);
  });

  it('refuses a NUL byte and other control characters with a 400, and maps 22xxx errors to 400', async () => {
    const operator = await context.createSignedInOperator();
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/properties',
      payload: { name: 'Nul\u0000Villa', address: 'Road', city: 'Pune', country: 'India' },
      headers: { cookie: operator.cookie },
    });
    expect(response.statusCode).toBe(400);
    // Should one slip through: PostgreSQL's own refusal of the value is a 400, not a 500.
    const refusal = await context.database.db.execute(sql`select convert_from('\\x00'::bytea, 'UTF8')`).then(
      () => undefined,
      (error: unknown) => describeDatabaseRefusal(error),
    );
    expect(refusal?.statusCode).toBe(400);
    expect(describeDatabaseRefusal({ code: '22021', message: 'invalid byte sequence' })?.statusCode).toBe(
      400,
    );
    expect(describeDatabaseRefusal({ code: '22P05', message: 'untranslatable character' })?.statusCode).toBe(
      400,
    );
  });

  it('refuses wrong types instead of coercing them', async () => {
    const operator = await context.createSignedInOperator();
    for (const bedrooms of [true, [2], '0x10', ' 5 ', '1e1']) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/properties',
        payload: { name: 'Typed Villa', address: 'Road', city: 'Pune', country: 'India', bedrooms },
        headers: { cookie: operator.cookie },
      });
      expect(response.statusCode, JSON.stringify(bedrooms)).toBe(400);
    }
  });

  it('does not mark as required in the OpenAPI document what the server defaults', async () => {
    const document = (await context.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const body = document.paths['/api/properties'].post.requestBody.content['application/json'].schema;
    for (const name of ['property_type', 'bedrooms', 'bathrooms', 'max_guests', 'base_price', 'currency']) {
      expect(body.required ?? [], name).not.toContain(name);
    }
    const operationIds = Object.values(document.paths).flatMap((path) =>
      Object.values(path as Record<string, { operationId?: string }>).map(
        (operation) => operation.operationId,
      ),
    );
    expect(operationIds).toEqual(expect.arrayContaining(['changePassword', 'listSessions', 'revokeSession']));
  });

  it('refuses a plain-text body with 415, also where the operation takes no body', async () => {
    const operator = await context.createSignedInOperator();
    for (const [method, url] of [
      ['POST', '/api/booking-requests'],
      ['DELETE', '/api/sample-data'],
      ['DELETE', '/api/session'],
    ] as const) {
      const response = await context.app.inject({
        method,
        url,
        headers: { 'content-type': 'text/plain', cookie: operator.cookie },
        payload: '{}',
      });
      expect(response.statusCode, url).toBe(415);
      expect(response.json(), url).toEqual({
        error: { message: 'Send the request body as application/json' },
      });
      expectSecurityHeaders(response.headers);
    }
    const stillSignedIn = await context.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: operator.cookie },
    });
    expect(stillSignedIn.statusCode).toBe(200);
  });

  it('keeps query parameters, e-mails and cookies out of the logs', async () => {
    const failure = await context.database.db
      .execute(sql`select ${'guest.secret@example.com'}::int`)
      .catch((error: unknown) => error);
    context.app.log.error({ err: failure }, 'request failed');
    await context.app.inject({
      method: 'GET',
      url: '/api/bookings?q=guest.secret@example.com',
      headers: { cookie: 'villa_session=a-secret-token' },
    });
    expect(logText).toContain('request failed');
    expect(logText).not.toContain('guest.secret@example.com');
    expect(logText).not.toContain('a-secret-token');
  });

  it('keeps the secrets that are part of a path out of the logs: request page and calendar export tokens', async () => {
    const token = 'PathSecretToken0123456789abcdefX';
    for (const url of [
      `/request/${token}`,
      `/api/requests/${token}`,
      `/api/requests/${token}/withdraw`,
      `/ical/${token}.ics`,
      `/ical/${token}.ics/`,
      // The request page in each language, and a path spelled otherwise that still reaches it.
      `/hi/request/${token}`,
      `/mr/request/${token}?lang=mr`,
      `/hi/request/${token}/`,
      `/MR/Request/${token}`,
      `/hi/%72equest/${token}`,
      `//request/${token}`,
      `/request//${token}`,
      `/api/requests/${token}/check-in`,
    ]) {
      await context.app.inject({ method: url.endsWith('withdraw') ? 'POST' : 'GET', url });
    }
    expect(logText).toContain('/request/[redacted]');
    expect(logText).toContain('/ical/[redacted]');
    expect(logText).not.toContain(token);
  });
});

describe('addresses too long to answer', () => {
  let context: TestContext;
  let port: number;
  let clientDir: string;
  beforeAll(async () => {
    // A build's files (a home page and an asset), so that static files are served as in production.
    clientDir = mkdtempSync(join(tmpdir(), 'villa-client-'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Home</title>');
    mkdirSync(join(clientDir, 'assets'));
    writeFileSync(join(clientDir, 'assets', 'app.js'), 'console.log(1);');
    context = await createTestContext('pglite', { server: { clientDir } });
    await context.app.listen({ port: 0, host: '127.0.0.1' });
    const address = context.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await context?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('answers 414 for an over-long address or path segment, on the API and the site alike', async () => {
    const urls = [
      `/${'a'.repeat(300)}`,
      `/assets/${'a'.repeat(300)}.js`,
      `/partnership/${'a'.repeat(201)}`,
      `/ical/${'a'.repeat(250)}.ics`,
      `/${'a/'.repeat(2_100)}`,
      `/api/${'a/'.repeat(2_100)}`,
      `/api/properties?q=${'a'.repeat(4_100)}`,
      `/?${'a'.repeat(2_100)}`,
    ];
    for (const url of urls) {
      const injected = await context.app.inject({ method: 'GET', url });
      const sent = await fetch(`http://127.0.0.1:${port}${url}`);
      for (const [how, status, body, headers] of [
        ['inject', injected.statusCode, injected.json(), injected.headers],
        ['listen', sent.status, await sent.json(), Object.fromEntries(sent.headers)],
      ] as const) {
        expect(status, `${how} ${url.slice(0, 40)}`).toBe(414);
        expect(body).toEqual({ error: { message: 'The address is too long' } });
        expectSecurityHeaders(headers);
      }
    }
    // Just within the limits: answered as usual.
    expect((await context.app.inject({ url: `/${'a'.repeat(200)}` })).statusCode).toBe(404);
    expect((await context.app.inject({ url: `/api/nothing?q=${'a'.repeat(2_000)}` })).statusCode).toBe(404);
    expect((await context.app.inject({ url: '/assets/app.js' })).statusCode).toBe(200);
  });
});
