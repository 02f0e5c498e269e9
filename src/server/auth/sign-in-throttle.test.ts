import { describe, expect, it } from 'vitest';
import { createSignInThrottle } from './sign-in-throttle';

function makeThrottle() {
  let time = 0;
  const throttle = createSignInThrottle(
    { windowMs: 1_000, perAccountAndAddress: 3, perAddress: 5, perAccount: 8 },
    () => time,
  );
  return { throttle, advance: (ms: number) => (time += ms) };
}

describe('the sign-in throttle', () => {
  it('refuses a fourth attempt at one account from one address, until the window passes', () => {
    const { throttle, advance } = makeThrottle();
    const keys = { ip: '1.1.1.1', email: 'a@example.com' };
    expect([1, 2, 3].map(() => throttle.tryAttempt(keys))).toEqual([0, 0, 0]);
    expect(throttle.tryAttempt(keys)).toBe(1_000);
    advance(1_001);
    expect(throttle.tryAttempt(keys)).toBe(0);
  });

  it('does not lock the account for another address', () => {
    const { throttle } = makeThrottle();
    for (let i = 0; i < 3; i += 1) throttle.tryAttempt({ ip: '1.1.1.1', email: 'a@example.com' });
    expect(throttle.tryAttempt({ ip: '9.9.9.9', email: 'a@example.com' })).toBe(0);
  });

  it('refuses an address that guesses across accounts', () => {
    const { throttle } = makeThrottle();
    for (let i = 0; i < 5; i += 1) throttle.tryAttempt({ ip: '2.2.2.2', email: `user${i}@example.com` });
    expect(throttle.tryAttempt({ ip: '2.2.2.2', email: 'new@example.com' })).toBeGreaterThan(0);
    expect(throttle.tryAttempt({ ip: '3.3.3.3', email: 'new@example.com' })).toBe(0);
  });

  it('limits one account across many addresses, more loosely', () => {
    const { throttle } = makeThrottle();
    for (let i = 0; i < 8; i += 1)
      expect(throttle.tryAttempt({ ip: `10.0.0.${i}`, email: 'a@example.com' })).toBe(0);
    expect(throttle.tryAttempt({ ip: '10.0.1.1', email: 'a@example.com' })).toBeGreaterThan(0);
  });

  it('takes back the attempt of a successful sign-in, and the address’s failures for that account', () => {
    const { throttle } = makeThrottle();
    const keys = { ip: '1.1.1.1', email: 'a@example.com' };
    throttle.tryAttempt(keys);
    throttle.tryAttempt(keys);
    throttle.tryAttempt(keys);
    throttle.recordSuccess(keys);
    for (let i = 0; i < 10; i += 1) {
      expect(throttle.tryAttempt(keys)).toBe(0);
      throttle.recordSuccess(keys);
    }
  });
});
