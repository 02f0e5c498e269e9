/**
 * Limits sign-in attempts in a sliding window. An attempt is counted before the password is checked,
 * so a burst of parallel requests cannot slip past the limit, and a successful sign-in takes its attempt
 * back, so an operator who signs in and out all day is never limited. Three limits apply:
 * - one account from one address (a person mistyping, or one guesser): the tightest;
 * - one address across accounts (a guesser trying many accounts);
 * - one account from all addresses (a distributed guesser): looser, so that a stranger's failures
 *   alone do not lock the operator out for long.
 */
export type SignInThrottle = {
  /** Counts the attempt and returns 0, or returns the milliseconds to wait (and counts nothing). */
  tryAttempt(keys: { ip: string; email: string }): number;
  /** Takes back the attempt of a successful sign-in, and forgets this address's failures for the account. */
  recordSuccess(keys: { ip: string; email: string }): void;
};

export type SignInLimits = {
  windowMs: number;
  perAccountAndAddress: number;
  perAddress: number;
  perAccount: number;
};

export const SIGN_IN_LIMITS: SignInLimits = {
  windowMs: 15 * 60_000,
  perAccountAndAddress: 5,
  perAddress: 20,
  perAccount: 50,
};

export function createSignInThrottle(
  limits: SignInLimits = SIGN_IN_LIMITS,
  now: () => number = Date.now,
): SignInThrottle {
  const attempts = new Map<string, number[]>();

  const recent = (key: string) => {
    const cutoff = now() - limits.windowMs;
    const kept = (attempts.get(key) ?? []).filter((time) => time > cutoff);
    if (kept.length === 0) attempts.delete(key);
    else attempts.set(key, kept);
    return kept;
  };
  const waitFor = (key: string, max: number) => {
    const times = recent(key);
    return times.length < max ? 0 : times[times.length - max]! + limits.windowMs - now();
  };
  const keysOf = ({ ip, email }: { ip: string; email: string }) => {
    const account = email.toLowerCase();
    return { pair: `pair:${account}|${ip}`, address: `ip:${ip}`, account: `account:${account}` };
  };

  return {
    tryAttempt(input) {
      const keys = keysOf(input);
      const wait = Math.max(
        waitFor(keys.pair, limits.perAccountAndAddress),
        waitFor(keys.address, limits.perAddress),
        waitFor(keys.account, limits.perAccount),
      );
      if (wait > 0) return wait;
      for (const key of Object.values(keys)) attempts.set(key, [...recent(key), now()]);
      // Bound memory under a spray of addresses: forget the oldest keys.
      while (attempts.size > 30_000) attempts.delete(attempts.keys().next().value!);
      return 0;
    },
    recordSuccess(input) {
      const keys = keysOf(input);
      attempts.delete(keys.pair);
      for (const key of [keys.address, keys.account]) attempts.set(key, recent(key).slice(0, -1));
    },
  };
}
