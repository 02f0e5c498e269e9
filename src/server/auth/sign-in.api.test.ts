import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_FAILED_MESSAGE } from '../../domain/auth';
import { operatorSessions } from '../db/schema';
import {
  createTestContext,
  readSessionCookie,
  TEST_PASSWORD,
  type TestContext,
  uniqueEmail,
} from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';
import { PRODUCTION_DEFAULTS } from '../test/test-config';
import { upsertOperator } from './queries';
import { TEST_PASSWORD_HASH_COST } from '../test/test-config';

describe.each(listTestDatabaseKinds())('signing in and out [%s]', (kind) => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext(kind);
  });
  afterAll(async () => {
    await context?.close();
  });

  const signIn = (payload: unknown, headers: Record<string, string> = {}) =>
    context.app.inject({ method: 'POST', url: '/api/session', payload: payload as object, headers });

  it('sets an HttpOnly, SameSite=Strict session cookie and knows the operator afterwards', async () => {
    const email = uniqueEmail();
    await upsertOperator(context.database.db, {
      email,
      password: TEST_PASSWORD,
      hashCost: TEST_PASSWORD_HASH_COST,
    });
    const response = await signIn({ email: email.toUpperCase(), password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ operator: { email } });
    const cookie = response.cookies.find((item) => item.name === 'villa_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    const session = await context.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: readSessionCookie(response) },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ operator: { email } });
  });

  it('answers a wrong password and an unknown e-mail alike, without a cookie', async () => {
    const email = uniqueEmail();
    await upsertOperator(context.database.db, {
      email,
      password: TEST_PASSWORD,
      hashCost: TEST_PASSWORD_HASH_COST,
    });
    for (const payload of [
      { email, password: 'wrong password' },
      { email: uniqueEmail('nobody'), password: TEST_PASSWORD },
    ]) {
      const response = await signIn(payload);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { message: SIGN_IN_FAILED_MESSAGE, code: 'sign_in_failed', params: {} },
      });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('refuses malformed sign-in requests with a clear 400', async () => {
    const cases: [string | object, string, string][] = [
      ['{"email": ', 'application/json', 'The request body is not valid JSON'],
      [{ email: 'not-an-email', password: 'x' }, 'application/json', 'Username must be an email address'],
      [{ email: 'a@example.com' }, 'application/json', 'Password is required'],
      [{ email: 'a@example.com', password: '' }, 'application/json', 'Password is required'],
      [{ email: 42, password: 'x' }, 'application/json', 'Username must be an email address'],
      ['[]', 'application/json', 'The request body must be a JSON object'],
    ];
    for (const [payload, contentType, message] of cases) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/session',
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
        headers: { 'content-type': contentType },
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
  });

  it('refuses a body that is not JSON with 415', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: 'email=a@example.com',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toBe('Send the request body as application/json');
  });

  it('refuses a body over the size limit with 413', async () => {
    const response = await signIn({ email: 'a@example.com', password: 'x'.repeat(70_000) });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toMatch(/too large/);
  });

  it('ends the session on sign-out, on the server too', async () => {
    const operator = await context.createSignedInOperator();
    const signOut = await context.app.inject({
      method: 'DELETE',
      url: '/api/session',
      headers: { cookie: operator.cookie },
    });
    expect(signOut.statusCode).toBe(200);
    expect(signOut.cookies.find((item) => item.name === 'villa_session')?.value).toBe('');
    const after = await context.app.inject({
      method: 'GET',
      url: '/api/properties',
      headers: { cookie: operator.cookie },
    });
    expect(after.statusCode).toBe(401);
  });

  it('refuses an expired session', async () => {
    const operator = await context.createSignedInOperator();
    await context.database.db
      .update(operatorSessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(operatorSessions.operator_id, operator.id));
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: operator.cookie },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { message: 'Please sign in to continue' } });
  });

  it('refuses a forged session token', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: 'villa_session=forged-token-value' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('rate limits repeated failures with 429 and Retry-After, counting parallel attempts too', async () => {
    const email = uniqueEmail();
    await upsertOperator(context.database.db, {
      email,
      password: TEST_PASSWORD,
      hashCost: TEST_PASSWORD_HASH_COST,
    });
    const burst = await Promise.all(Array.from({ length: 8 }, () => signIn({ email, password: 'wrong' })));
    expect(burst.map((response) => response.statusCode).sort()).toEqual([
      401, 401, 401, 401, 401, 429, 429, 429,
    ]);
    const blocked = await signIn({ email, password: TEST_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toMatch(
      /^Too many failed sign-in attempts\. Please wait 15 minutes/,
    );
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses a state-changing request from another site', async () => {
    const operator = await context.createSignedInOperator();
    const createPropertyFromEvil = (url: string) =>
      context.app.inject({
        method: 'POST',
        url,
        payload: { name: 'X', address: 'Y', city: 'Z', country: 'W' },
        headers: { cookie: operator.cookie, origin: 'https://evil.example.net' },
      });
    const response = await createPropertyFromEvil('/api/properties');
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe('Cross-site requests are not allowed');
    const fetchMetadata = await context.app.inject({
      method: 'DELETE',
      url: '/api/session',
      headers: { cookie: operator.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(fetchMetadata.statusCode).toBe(403);
    const encodedPath = await createPropertyFromEvil('/%61pi/properties');
    expect(encodedPath.statusCode).toBe(403);
  });
});

describe.each(listTestDatabaseKinds())('sign-in timing and HTTPS [%s]', (kind) => {
  it('answers no sooner than 800 ms, right or wrong', async () => {
    const context = await createTestContext(kind, {
      sessions: { signInDelayMs: PRODUCTION_DEFAULTS.sessions.signInDelayMs },
    });
    const email = uniqueEmail();
    await upsertOperator(context.database.db, {
      email,
      password: TEST_PASSWORD,
      hashCost: TEST_PASSWORD_HASH_COST,
    });
    for (const password of [TEST_PASSWORD, 'wrong']) {
      const startedAt = performance.now();
      await context.app.inject({ method: 'POST', url: '/api/session', payload: { email, password } });
      expect(performance.now() - startedAt).toBeGreaterThanOrEqual(790);
    }
    await context.close();
  });

  it("does not lock the operator out because of another address's failures", async () => {
    const context = await createTestContext(kind, { server: { trustProxy: 1 } });
    const email = uniqueEmail();
    await upsertOperator(context.database.db, {
      email,
      password: TEST_PASSWORD,
      hashCost: TEST_PASSWORD_HASH_COST,
    });
    const from = (ip: string, password: string) =>
      context.app.inject({
        method: 'POST',
        url: '/api/session',
        payload: { email, password },
        headers: { 'x-forwarded-for': ip },
      });
    for (let attempt = 0; attempt < 6; attempt += 1) await from('203.0.113.7', 'guess');
    expect((await from('203.0.113.7', TEST_PASSWORD)).statusCode).toBe(429);
    expect((await from('198.51.100.20', TEST_PASSWORD)).statusCode).toBe(200);
    await context.close();
  });

  it('marks the cookie Secure when served over HTTPS behind a trusted proxy', async () => {
    const context = await createTestContext(kind, { server: { trustProxy: 1 } });
    const email = uniqueEmail();
    await upsertOperator(context.database.db, {
      email,
      password: TEST_PASSWORD,
      hashCost: TEST_PASSWORD_HASH_COST,
    });
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email, password: TEST_PASSWORD },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.cookies.find((item) => item.name === 'villa_session')?.secure).toBe(true);
    await context.close();
  });
});
