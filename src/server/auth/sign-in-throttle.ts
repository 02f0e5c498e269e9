/**
 * Counts failed sign-ins per address and per account in a sliding window. Only failures count, so an
 * operator who signs in and out all day is never locked out, while guessing is stopped after a few tries.
 */
export type SignInThrottle = {
  /** Milliseconds to wait before another attempt is allowed, or 0. */
  getRetryAfter(keys: { ip: string; email: string }): number;
  recordFailure(keys: { ip: string; email: string }): void;
  recordSuccess(keys: { ip: string; email: string }): void;
};

export function createSignInThrottle(options: {
  windowMs: number;
  maxFailuresPerAccount: number;
  maxFailuresPerAddress: number;
  now?: () => number;
}): SignInThrottle {
  const now = options.now ?? Date.now;
  const failures = new Map<string, number[]>();

  const recent = (key: string) => {
    const cutoff = now() - options.windowMs;
    const kept = (failures.get(key) ?? []).filter((time) => time > cutoff);
    if (kept.length === 0) failures.delete(key);
    else failures.set(key, kept);
    return kept;
  };
  const retryAfter = (key: string, max: number) => {
    const times = recent(key);
    if (times.length < max) return 0;
    return times[times.length - max]! + options.windowMs - now();
  };
  const keysOf = ({ ip, email }: { ip: string; email: string }) => [
    `ip:${ip}`,
    `account:${email.toLowerCase()}`,
  ];

  return {
    getRetryAfter(keys) {
      const [ipKey, accountKey] = keysOf(keys);
      return Math.max(
        retryAfter(ipKey!, options.maxFailuresPerAddress),
        retryAfter(accountKey!, options.maxFailuresPerAccount),
      );
    },
    recordFailure(keys) {
      for (const key of keysOf(keys)) failures.set(key, [...recent(key), now()]);
      // Bound memory under a spray of addresses: forget the oldest keys.
      if (failures.size > 10_000) failures.delete(failures.keys().next().value!);
    },
    recordSuccess(keys) {
      failures.delete(`account:${keys.email.toLowerCase()}`);
    },
  };
}
