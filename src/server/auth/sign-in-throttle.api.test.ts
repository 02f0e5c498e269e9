import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, listTestDatabaseKinds, type TestDatabase } from '../test/test-database';
import { createSignInThrottle, type SignInLimits } from './sign-in-throttle';

const LIMITS: SignInLimits = {
  windowMs: 60_000,
  perAccountAndNetwork: 3,
  perNetwork: 5,
  perAccount: 8,
  perDevice: 4,
};

describe.each(listTestDatabaseKinds())('the sign-in throttle [%s]', (kind) => {
  let database: TestDatabase;
  let time = Date.parse('2026-11-01T10:00:00Z');
  const makeThrottle = () => createSignInThrottle(database.db, LIMITS, () => new Date(time));
  let account = 0;
  const nextEmail = () => `a${(account += 1)}@example.com`;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('refuses a fourth attempt at one account from one network, until the window passes', async () => {
    const throttle = makeThrottle();
    const email = nextEmail();
    for (const ip of ['10.1.1.1', '10.1.1.2', '10.1.1.3']) {
      expect((await throttle.tryAttempt({ ip, email })).retryAfterMs).toBe(0);
    }
    const refused = await throttle.tryAttempt({ ip: '10.1.1.200', email });
    expect(refused).toMatchObject({ limit: 'account-network' });
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
    time += 60_001;
    expect((await throttle.tryAttempt({ ip: '10.1.1.1', email })).retryAfterMs).toBe(0);
  });

  it('counts an IPv6 /64 as one network', async () => {
    const throttle = makeThrottle();
    const email = nextEmail();
    for (let i = 1; i <= 3; i += 1)
      await throttle.tryAttempt({ ip: `2001:db8:5:5::${i.toString(16)}`, email });
    expect((await throttle.tryAttempt({ ip: '2001:db8:5:5:ffff::9', email })).retryAfterMs).toBeGreaterThan(
      0,
    );
    expect((await throttle.tryAttempt({ ip: '2001:db8:5:6::1', email })).retryAfterMs).toBe(0);
  });

  it('refuses a network that guesses across accounts', async () => {
    const throttle = makeThrottle();
    for (let i = 0; i < 5; i += 1) await throttle.tryAttempt({ ip: '10.2.2.2', email: nextEmail() });
    expect(await throttle.tryAttempt({ ip: '10.2.2.99', email: nextEmail() })).toMatchObject({
      limit: 'network',
    });
    expect((await throttle.tryAttempt({ ip: '10.3.3.3', email: nextEmail() })).retryAfterMs).toBe(0);
  });

  it('limits one account across many networks, yet lets its trusted device through', async () => {
    const throttle = makeThrottle();
    const email = nextEmail();
    for (let i = 0; i < 8; i += 1) {
      expect((await throttle.tryAttempt({ ip: `10.4.${i}.1`, email })).retryAfterMs).toBe(0);
    }
    expect(await throttle.tryAttempt({ ip: '10.4.99.1', email })).toMatchObject({ limit: 'account' });
    const trusted = await throttle.tryAttempt({ ip: '10.4.99.1', email, trustedDeviceId: 'device-1' });
    expect(trusted).toEqual({ retryAfterMs: 0, trusted: true });
  });

  it('treats a trusted device that keeps failing like any other client', async () => {
    const throttle = makeThrottle();
    const email = nextEmail();
    const attempt = { ip: '10.5.5.5', email, trustedDeviceId: 'device-2' };
    for (let i = 0; i < 4; i += 1)
      expect(await throttle.tryAttempt(attempt)).toMatchObject({ trusted: true });
    const fifth = await throttle.tryAttempt(attempt);
    expect(fifth.trusted).toBe(false);
  });

  it('takes back the attempt of a successful sign-in, so signing in all day is never limited', async () => {
    const throttle = makeThrottle();
    const attempt = { ip: '10.6.6.6', email: nextEmail() };
    for (let i = 0; i < 20; i += 1) {
      const decision = await throttle.tryAttempt(attempt);
      expect(decision.retryAfterMs).toBe(0);
      await throttle.recordSuccess(attempt, decision);
    }
  });

  it('counts parallel attempts exactly, in one process or several', async () => {
    const throttles = [makeThrottle(), makeThrottle()];
    const email = nextEmail();
    const decisions = await Promise.all(
      Array.from({ length: 10 }, (_, i) => throttles[i % 2]!.tryAttempt({ ip: '10.7.7.7', email })),
    );
    expect(decisions.filter((decision) => decision.retryAfterMs === 0)).toHaveLength(3);
  });
});
