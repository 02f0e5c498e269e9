import { describeRequestNetwork } from '../request-network';
import type { Executor } from '../db/client';
import type { Config } from '../env';
import { countSignInAttempts, deleteExpiredSignInCounters, forgetSignInAttempts } from './queries';

/**
 * Limits sign-in attempts with counters in the database (fixed windows), so that every server process on
 * one database shares them and no flood of junk keys can push a live counter out of memory.
 *
 * It follows OWASP's device-cookie approach: a browser that signed in successfully before carries a
 * device cookie, and while its own failures stay under `perDevice` it is limited only by those, so a
 * stranger's failures from elsewhere never lock the operator out of their own browser. Every other
 * client is untrusted and limited three ways:
 * - one account from one network (a person mistyping, or one guesser): the tightest;
 * - one network across accounts (a guesser trying many accounts);
 * - one account from every network (a distributed guesser).
 * A network is an IPv4 /24 or an IPv6 /64, since one host easily holds a whole IPv6 /64.
 *
 * An attempt is counted before the password is checked (one atomic statement), so a burst of parallel
 * requests cannot slip past a limit; a successful sign-in takes its attempt back.
 */
export type SignInLimits = Config['sessions']['signInLimits'];

export type SignInAttempt = {
  ip: string;
  email: string;
  /**
   * The hashed device cookie, when the browser sent one that belongs to this account (or, for a password
   * change, the signed-in session's hash: it has proved the password once already).
   */
  trustedDeviceId?: string;
};

export type ThrottleDecision = {
  /** 0: go ahead; otherwise the milliseconds to wait. */
  retryAfterMs: number;
  /** Whether the attempt was judged as coming from a trusted device. */
  trusted: boolean;
  /** Which limit refused it (for the security log). */
  limit?: 'device' | 'account-network' | 'network' | 'account';
};

export type SignInThrottle = {
  tryAttempt(attempt: SignInAttempt): Promise<ThrottleDecision>;
  /** Takes back the attempt of a successful sign-in, and forgets this client's failures for the account. */
  recordSuccess(attempt: SignInAttempt, decision: ThrottleDecision): Promise<void>;
};

export function createSignInThrottle(
  db: Executor,
  limits: SignInLimits,
  now: () => Date = () => new Date(),
): SignInThrottle {
  const count = (keys: string[]) => countSignInAttempts(db, { keys, at: now(), windowMs: limits.windowMs });

  const keysOf = (attempt: SignInAttempt) => {
    const account = attempt.email.toLowerCase();
    const network = describeRequestNetwork(attempt.ip);
    return {
      accountNetwork: `account-network:${account}|${network}`,
      network: `network:${network}`,
      account: `account:${account}`,
      device: attempt.trustedDeviceId ? `device:${attempt.trustedDeviceId}` : undefined,
    };
  };

  return {
    async tryAttempt(attempt) {
      const keys = keysOf(attempt);
      if (keys.device) {
        const counts = await count([keys.device]);
        const device = counts.get(keys.device)!;
        if (device.attempts <= limits.perDevice) return { retryAfterMs: 0, trusted: true };
        // A device cookie that fails too often is treated like any other client from here on.
      }
      const counts = await count([keys.accountNetwork, keys.network, keys.account]);
      const checks = [
        ['account-network', keys.accountNetwork, limits.perAccountAndNetwork],
        ['network', keys.network, limits.perNetwork],
        ['account', keys.account, limits.perAccount],
      ] as const;
      let decision: ThrottleDecision = { retryAfterMs: 0, trusted: false };
      for (const [limit, key, max] of checks) {
        const counter = counts.get(key)!;
        if (counter.attempts > max && counter.retryAfterMs > decision.retryAfterMs) {
          decision = { retryAfterMs: Math.max(1, counter.retryAfterMs), trusted: false, limit };
        }
      }
      return decision;
    },
    async recordSuccess(attempt, decision) {
      const keys = keysOf(attempt);
      if (decision.trusted && keys.device) {
        await forgetSignInAttempts(db, { forget: [keys.device], takeBack: [] });
      } else {
        await forgetSignInAttempts(db, {
          forget: [keys.accountNetwork],
          takeBack: [keys.network, keys.account],
        });
      }
      await deleteExpiredSignInCounters(db, new Date(now().getTime() - limits.windowMs));
    },
  };
}
