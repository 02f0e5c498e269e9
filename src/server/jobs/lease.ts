import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { jobLeases } from '../db/schema';

/**
 * Leases on background work that several server processes share through one database (PostgreSQL, or
 * the embedded database with its one process). A lease is a row keyed by the work's name: whoever holds
 * an unexpired lease does that work, and a holder that crashed simply lets it run out. Expiry uses the
 * database's clock, so processes with skewed clocks agree.
 */

/** A name for this process's leases: host, pid and a random part (a restarted process is a new holder). */
export function createLeaseHolder(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

export type LeaseInput = { key: string; holder: string; ttlMs: number };

/**
 * Takes the lease if it is free, expired, or already ours (which renews it). One statement: two
 * processes racing for one key cannot both win, on PostgreSQL's row locks as on PGlite.
 */
export async function tryAcquireLease(db: Executor, input: LeaseInput): Promise<boolean> {
  const rows = await db
    .insert(jobLeases)
    .values({
      key: input.key,
      holder: input.holder,
      acquired_at: sql`now()`,
      expires_at: sql`now() + ${input.ttlMs} * interval '1 millisecond'`,
    })
    .onConflictDoUpdate({
      target: jobLeases.key,
      set: {
        holder: sql`excluded.holder`,
        acquired_at: sql`excluded.acquired_at`,
        expires_at: sql`excluded.expires_at`,
      },
      setWhere: sql`${jobLeases.expires_at} <= now() or ${jobLeases.holder} = excluded.holder`,
    })
    .returning({ key: jobLeases.key });
  return rows.length === 1;
}

/** Extends a lease we hold; false if it was lost (expired and taken by another holder). */
export async function renewLease(db: Executor, input: LeaseInput): Promise<boolean> {
  const rows = await db
    .update(jobLeases)
    .set({ expires_at: sql`now() + ${input.ttlMs} * interval '1 millisecond'` })
    .where(and(eq(jobLeases.key, input.key), eq(jobLeases.holder, input.holder)))
    .returning({ key: jobLeases.key });
  return rows.length === 1;
}

export async function releaseLease(db: Executor, input: { key: string; holder: string }): Promise<void> {
  await db.delete(jobLeases).where(and(eq(jobLeases.key, input.key), eq(jobLeases.holder, input.holder)));
}

export type LeasedRun<T> = { acquired: true; value: T } | { acquired: false };

/**
 * Runs `work` while holding the lease on `key`, renewing it every third of its lifetime, and releases it
 * afterwards. With `waitMs`, waits that long for a busy lease (polling); otherwise gives up at once.
 */
export async function runWithLease<T>(
  db: Executor,
  input: LeaseInput & { waitMs?: number; pollMs?: number },
  work: () => Promise<T>,
): Promise<LeasedRun<T>> {
  const deadline = Date.now() + (input.waitMs ?? 0);
  while (!(await tryAcquireLease(db, input))) {
    if (Date.now() >= deadline) return { acquired: false };
    await new Promise((resolve) => setTimeout(resolve, input.pollMs ?? 200));
  }
  const heartbeat = setInterval(
    () => {
      renewLease(db, input).catch(() => {});
    },
    Math.max(1_000, Math.floor(input.ttlMs / 3)),
  );
  heartbeat.unref();
  try {
    return { acquired: true, value: await work() };
  } finally {
    clearInterval(heartbeat);
    await releaseLease(db, input).catch(() => {});
  }
}
