import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../bootstrap';
import { operators, operatorSessions, signInCounters } from '../db/schema';
import { createLogger } from '../logger';
import {
  createTestContext,
  readSessionCookie,
  TEST_PASSWORD,
  type TestContext,
  uniqueEmail,
} from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';
import { verifyPassword } from './password';
import { updateOperatorPassword, upsertOperator } from './queries';
import { TEST_PASSWORD_HASH_COST } from '../test/test-config';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';

function readDeviceCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((item) => item.name === 'villa_device');
  if (!cookie) throw new Error(`No device cookie was set (status ${response.statusCode})`);
  return `villa_device=${cookie.value}`;
}

describe.each(listTestDatabaseKinds())('account security [%s]', (kind) => {
  let context: TestContext;
  const lines: Record<string, unknown>[] = [];
  let logText = '';

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logText += chunk.toString();
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    context = await createTestContext(kind, {
      server: { trustProxy: 1 },
      logger: createLogger({ level: 'info', stream }),
    });
  });
  afterAll(async () => {
    await context?.close();
  });

  const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
    context.app.inject({ method: 'POST', url: '/api/session', payload: { email, password }, headers });
  const get = (url: string, cookie: string) =>
    context.app.inject({ method: 'GET', url, headers: { cookie } });

  it('keeps a trusted browser signing in through 50 failures from 10 addresses, and still limits the attacker', async () => {
    const email = uniqueEmail();
    await upsertOperator(context.database.db, {
      email,
      password: TEST_PASSWORD,
      hashCost: TEST_PASSWORD_HASH_COST,
    });
    const first = await signIn(email, TEST_PASSWORD, { 'x-forwarded-for': '198.51.100.20' });
    expect(first.statusCode).toBe(200);
    const device = readDeviceCookie(first);

    const statuses: number[] = [];
    for (let address = 0; address < 10; address += 1) {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const response = await signIn(email, `guess-${attempt}`, { 'x-forwarded-for': `203.0.${address}.7` });
        statuses.push(response.statusCode);
      }
    }
    // The account's limit for untrusted clients stops the spread-out guessing early.
    expect(statuses.filter((status) => status === 401)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
    const attacker = await signIn(email, TEST_PASSWORD, { 'x-forwarded-for': '192.0.2.99' });
    expect(attacker.statusCode).toBe(429);
    expect(Number(attacker.headers['retry-after'])).toBeGreaterThan(0);

    // The operator's own browser, even from a new address (a phone on another network).
    const trusted = await signIn(email, TEST_PASSWORD, {
      'x-forwarded-for': '100.64.1.1',
      cookie: device,
    });
    expect(trusted.statusCode).toBe(200);
    // A device cookie of another account gives no trust for this one.
    const otherEmail = uniqueEmail();
    await upsertOperator(context.database.db, {
      email: otherEmail,
      password: TEST_PASSWORD,
      hashCost: TEST_PASSWORD_HASH_COST,
    });
    const other = await signIn(otherEmail, TEST_PASSWORD, { 'x-forwarded-for': '100.64.2.1' });
    const stolen = await signIn(email, TEST_PASSWORD, {
      'x-forwarded-for': '192.0.2.99',
      cookie: readDeviceCookie(other),
    });
    expect(stolen.statusCode).toBe(429);
  });

  it('takes the trust away from browsers that signed in with the old password, whichever way it changes', async () => {
    const email = uniqueEmail();
    await upsertOperator(context.database.db, {
      email,
      password: TEST_PASSWORD,
      hashCost: TEST_PASSWORD_HASH_COST,
    });
    const underAttack = async (prefix: string) => {
      // Twenty guesses from ten networks: the account is closed to untrusted clients.
      for (let attempt = 0; attempt < 20; attempt += 1) {
        await signIn(email, `guess-${attempt}`, { 'x-forwarded-for': `${prefix}.${attempt % 10}.7` });
      }
    };
    const thief = readDeviceCookie(
      await signIn(email, TEST_PASSWORD, { 'x-forwarded-for': '198.51.100.40' }),
    );
    const owner = await signIn(email, TEST_PASSWORD, { 'x-forwarded-for': '198.51.100.41' });

    // From the management area.
    const changed = await context.app.inject({
      method: 'POST',
      url: '/api/account/password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'a brand new password' },
      headers: { cookie: readSessionCookie(owner) },
    });
    expect(changed.statusCode).toBe(200);
    await underAttack('203.1');
    const retried = await signIn(email, 'a brand new password', {
      'x-forwarded-for': '192.0.2.50',
      cookie: thief,
    });
    expect(retried.statusCode).toBe(429);

    // From the command line (or OPERATOR_PASSWORD) too.
    await context.database.db.delete(signInCounters);
    const again = readDeviceCookie(
      await signIn(email, 'a brand new password', { 'x-forwarded-for': '198.51.100.42' }),
    );
    await upsertOperator(context.database.db, {
      email,
      password: 'the command line password',
      hashCost: TEST_PASSWORD_HASH_COST,
    });
    await underAttack('203.2');
    expect(
      (await signIn(email, 'the command line password', { 'x-forwarded-for': '192.0.2.51', cookie: again }))
        .statusCode,
    ).toBe(429);
  });

  it('sets the device cookie HttpOnly and SameSite=Strict, only for the sign-in path', async () => {
    const email = uniqueEmail();
    await upsertOperator(context.database.db, {
      email,
      password: TEST_PASSWORD,
      hashCost: TEST_PASSWORD_HASH_COST,
    });
    const response = await signIn(email, TEST_PASSWORD, { 'x-forwarded-for': '198.51.100.21' });
    const cookie = response.cookies.find((item) => item.name === 'villa_device');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/session' });
  });

  it('changes the password with the current one, ending every other session', async () => {
    const operator = await context.createSignedInOperator();
    const second = readSessionCookie(await signIn(operator.email, TEST_PASSWORD));
    const change = (payload: object) =>
      context.app.inject({
        method: 'POST',
        url: '/api/account/password',
        payload,
        headers: { cookie: operator.cookie },
      });
    const wrong = await change({ currentPassword: 'not it at all', newPassword: 'a new long password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: {
        message: 'The current password is not correct',
        field: 'currentPassword',
        code: 'wrong_current_password',
        params: { field: 'currentPassword' },
      },
    });
    const short = await change({ currentPassword: TEST_PASSWORD, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe('Password must be at least 10 characters');
    const same = await change({ currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD });
    expect(same.statusCode).toBe(400);

    const changed = await change({ currentPassword: TEST_PASSWORD, newPassword: 'a new long password' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ changed: true, endedSessions: 1 });
    expect((await get('/api/session', second)).statusCode).toBe(401);
    expect((await get('/api/session', operator.cookie)).statusCode).toBe(200);
    expect((await signIn(operator.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(operator.email, 'a new long password')).statusCode).toBe(200);
    expect(changed.headers['cache-control']).toBe('no-store');
  });

  it('lets the signed-in operator change the password while strangers are guessing it, and still limits wrong ones', async () => {
    const operator = await context.createSignedInOperator();
    for (let address = 0; address < 5; address += 1) {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await signIn(operator.email, `guess-${attempt}`, { 'x-forwarded-for': `203.0.${100 + address}.7` });
      }
    }
    expect(
      (await signIn(operator.email, TEST_PASSWORD, { 'x-forwarded-for': '192.0.2.50' })).statusCode,
    ).toBe(429);
    const change = (currentPassword: string) =>
      context.app.inject({
        method: 'POST',
        url: '/api/account/password',
        payload: { currentPassword, newPassword: 'changed under attack 1' },
        headers: { cookie: operator.cookie },
      });
    const changed = await change(TEST_PASSWORD);
    expect(changed.statusCode, changed.body).toBe(200);

    // A stolen session is still limited: its own wrong guesses, then the account's limits.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1)
      statuses.push((await change(`wrong ${attempt}`)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('ends every session when the password is set from the command line or by create', async () => {
    const operator = await context.createSignedInOperator();
    await updateOperatorPassword(context.database.db, {
      email: operator.email,
      password: 'cli password 1',
      hashCost: TEST_PASSWORD_HASH_COST,
    });
    expect((await get('/api/session', operator.cookie)).statusCode).toBe(401);
    const again = readSessionCookie(await signIn(operator.email, 'cli password 1'));
    await upsertOperator(context.database.db, {
      email: operator.email,
      password: 'cli password 2',
      hashCost: TEST_PASSWORD_HASH_COST,
    });
    expect((await get('/api/session', again)).statusCode).toBe(401);
  });

  it('applies OPERATOR_PASSWORD only when it changed, so it never undoes a later change', async () => {
    const email = uniqueEmail('env');
    const config = {
      operator: { email, password: 'from the environment', seedDemo: false },
      sessions: context.config.sessions,
      guestData: context.config.guestData,
    };
    await prepareDatabase(context.database, config);
    const session = readSessionCookie(await signIn(email, 'from the environment'));
    // A restart with the same environment changes nothing and signs nobody out.
    await prepareDatabase(context.database, config);
    expect((await get('/api/session', session)).statusCode).toBe(200);
    await updateOperatorPassword(context.database.db, {
      email,
      password: 'changed on the command line',
      hashCost: TEST_PASSWORD_HASH_COST,
    });
    await prepareDatabase(context.database, config);
    const [row] = await context.database.db.select().from(operators).where(eq(operators.email, email));
    expect(await verifyPassword('changed on the command line', row!.password_hash)).toBe(true);
    // A new value is applied, and ends the sessions.
    const current = readSessionCookie(await signIn(email, 'changed on the command line'));
    await prepareDatabase(context.database, {
      ...config,
      operator: { ...config.operator, password: 'a newer environment value' },
    });
    expect((await get('/api/session', current)).statusCode).toBe(401);
    expect((await signIn(email, 'a newer environment value')).statusCode).toBe(200);
  });

  it('ends a session left idle longer than the idle limit', async () => {
    const operator = await context.createSignedInOperator();
    expect((await get('/api/session', operator.cookie)).statusCode).toBe(200);
    await context.database.db
      .update(operatorSessions)
      .set({ last_used_at: new Date(Date.now() - 13 * 3_600_000) })
      .where(eq(operatorSessions.operator_id, operator.id));
    const response = await get('/api/session', operator.cookie);
    expect(response.statusCode).toBe(401);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('lists the sessions with device, address and which one is this, and signs one out', async () => {
    const email = uniqueEmail();
    await upsertOperator(context.database.db, {
      email,
      password: TEST_PASSWORD,
      hashCost: TEST_PASSWORD_HASH_COST,
    });
    const laptop = readSessionCookie(
      await signIn(email, TEST_PASSWORD, { 'user-agent': CHROME_WINDOWS, 'x-forwarded-for': '198.51.100.5' }),
    );
    const other = readSessionCookie(
      await signIn(email, TEST_PASSWORD, { 'user-agent': FIREFOX_LINUX, 'x-forwarded-for': '198.51.100.6' }),
    );
    const list = await get('/api/sessions', laptop);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const sessions = list.json().sessions as { id: string; device: string; current: boolean }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.find((session) => session.current)).toMatchObject({
      device: 'Chrome on Windows',
      ip_address: '198.51.100.5',
    });
    const firefox = sessions.find((session) => !session.current)!;
    expect(firefox).toMatchObject({ device: 'Firefox on Linux', ip_address: '198.51.100.6' });

    const revoke = (id: string, cookie: string) =>
      context.app.inject({ method: 'DELETE', url: `/api/sessions/${id}`, headers: { cookie } });
    const stranger = await context.createSignedInOperator();
    expect((await revoke(firefox.id, stranger.cookie)).statusCode).toBe(404);
    expect((await revoke('not-a-uuid', laptop)).statusCode).toBe(400);
    const revoked = await revoke(firefox.id, laptop);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ revoked: true, current: false });
    expect((await get('/api/session', other)).statusCode).toBe(401);
    expect((await revoke(firefox.id, laptop)).statusCode).toBe(404);
    expect((await get('/api/sessions', laptop)).json().sessions).toHaveLength(1);
  });

  it('marks every management answer no-store, the refusals too', async () => {
    const operator = await context.createSignedInOperator();
    for (const url of ['/api/properties', '/api/session', '/api/sessions', '/api/dashboard']) {
      const signedIn = await get(url, operator.cookie);
      expect(signedIn.headers['cache-control'], url).toBe('no-store');
      const anonymous = await context.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('logs security events as structured lines without secrets or e-mail addresses', () => {
    const events = lines.filter((line) => typeof line.security === 'string').map((line) => line.security);
    for (const event of [
      'sign-in-succeeded',
      'sign-in-failed',
      'sign-in-locked-out',
      'password-changed',
      'password-change-refused',
      'session-revoked',
    ]) {
      expect(events, event).toContain(event);
    }
    expect(logText).not.toMatch(/@example\.com/);
    expect(logText).not.toContain(TEST_PASSWORD);
    expect(logText).not.toContain('villa_session=');
    expect(logText).not.toContain('villa_device=');
  });
});
