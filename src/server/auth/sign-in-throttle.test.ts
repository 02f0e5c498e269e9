import { describe, expect, it } from 'vitest';
import { createSignInThrottle } from './sign-in-throttle';

function makeThrottle() {
  let time = 0;
  const throttle = createSignInThrottle({
    windowMs: 1_000,
    maxFailuresPerAccount: 3,
    maxFailuresPerAddress: 5,
    now: () => time,
  });
  return { throttle, advance: (ms: number) => (time += ms) };
}

describe('the sign-in throttle', () => {
  it('blocks an account after its failures and lets it try again after the window', () => {
    const { throttle, advance } = makeThrottle();
    const keys = { ip: '1.1.1.1', email: 'a@example.com' };
    for (let i = 0; i < 3; i += 1) throttle.recordFailure(keys);
    expect(throttle.getRetryAfter(keys)).toBe(1_000);
    advance(1_001);
    expect(throttle.getRetryAfter(keys)).toBe(0);
  });

  it('blocks an address that guesses across accounts', () => {
    const { throttle } = makeThrottle();
    for (let i = 0; i < 5; i += 1) throttle.recordFailure({ ip: '2.2.2.2', email: `user${i}@example.com` });
    expect(throttle.getRetryAfter({ ip: '2.2.2.2', email: 'new@example.com' })).toBeGreaterThan(0);
    expect(throttle.getRetryAfter({ ip: '3.3.3.3', email: 'new@example.com' })).toBe(0);
  });

  it("forgets an account's failures after a successful sign-in", () => {
    const { throttle } = makeThrottle();
    const keys = { ip: '1.1.1.1', email: 'a@example.com' };
    throttle.recordFailure(keys);
    throttle.recordFailure(keys);
    throttle.recordSuccess(keys);
    throttle.recordFailure(keys);
    expect(throttle.getRetryAfter(keys)).toBe(0);
  });
});
