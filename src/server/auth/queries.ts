import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { operators, operatorSessions, trustedDevices } from '../db/schema';
import type { Operator } from '../../domain/auth';
import { hashPassword, verifyPassword } from './password';

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function findOperatorByEmail(db: Executor, email: string) {
  const [row] = await db.select().from(operators).where(eq(operators.email, email.toLowerCase())).limit(1);
  return row;
}

export async function countOperators(db: Executor): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(operators);
  return row?.count ?? 0;
}

export async function findFirstOperator(db: Executor): Promise<Operator | undefined> {
  const [row] = await db
    .select({ id: operators.id, email: operators.email })
    .from(operators)
    .orderBy(operators.created_at)
    .limit(1);
  return row;
}

/**
 * Creates the operator, or sets the password of the existing one with that e-mail; either way every
 * session of theirs ends (a new password shuts out whoever had the old one). `fromEnvironment` records the
 * hash as the one OPERATOR_PASSWORD was applied as.
 */
export async function upsertOperator(
  db: Executor,
  input: { email: string; password: string; fromEnvironment?: boolean; hashCost: number },
): Promise<Operator> {
  const password_hash = await hashPassword(input.password, input.hashCost);
  const env_password_hash = input.fromEnvironment ? password_hash : undefined;
  const [row] = await db
    .insert(operators)
    .values({ email: input.email.toLowerCase(), password_hash, env_password_hash })
    .onConflictDoUpdate({
      target: operators.email,
      set: { password_hash, ...(env_password_hash ? { env_password_hash } : {}), updated_at: sql`now()` },
    })
    .returning({ id: operators.id, email: operators.email });
  if (!row) throw new Error('The operator could not be saved');
  await db.delete(operatorSessions).where(eq(operatorSessions.operator_id, row.id));
  // A browser trusted under the old password (perhaps the one that stole it) is a stranger again.
  await db.delete(trustedDevices).where(eq(trustedDevices.operator_id, row.id));
  return row;
}

/**
 * Applies OPERATOR_PASSWORD only when it differs from what was applied last time, so a restart with the
 * same environment never undoes a password changed since (command line or management area).
 */
export async function applyEnvironmentOperator(
  db: Executor,
  input: { email: string; password: string; hashCost: number },
): Promise<{ operator: Operator; applied: boolean }> {
  const existing = await findOperatorByEmail(db, input.email);
  if (existing?.env_password_hash && (await verifyPassword(input.password, existing.env_password_hash))) {
    return { operator: { id: existing.id, email: existing.email }, applied: false };
  }
  const operator = await upsertOperator(db, { ...input, fromEnvironment: true });
  return { operator, applied: true };
}

/**
 * Sets a password for an existing operator and signs out every session of theirs but `keepSessionId`
 * (the one that changed it, from the management area). Every browser trusted under the old password
 * loses that trust, so whoever knew it gets no more guesses than a stranger; the operator's own browsers
 * are trusted again at their next sign-in. Undefined if unknown.
 */
export async function updateOperatorPassword(
  db: Executor,
  input: { email: string; password: string; keepSessionId?: string; hashCost: number },
): Promise<(Operator & { endedSessions: number }) | undefined> {
  const password_hash = await hashPassword(input.password, input.hashCost);
  const [row] = await db
    .update(operators)
    .set({ password_hash, updated_at: sql`now()` })
    .where(eq(operators.email, input.email.toLowerCase()))
    .returning({ id: operators.id, email: operators.email });
  if (!row) return undefined;
  const ended = await db
    .delete(operatorSessions)
    .where(
      and(
        eq(operatorSessions.operator_id, row.id),
        input.keepSessionId ? ne(operatorSessions.id, input.keepSessionId) : undefined,
      ),
    )
    .returning({ id: operatorSessions.id });
  await db.delete(trustedDevices).where(eq(trustedDevices.operator_id, row.id));
  return { ...row, endedSessions: ended.length };
}

/** Starts a session; returns the token for the cookie (only its hash is stored). */
export async function createSession(
  db: Executor,
  input: { operatorId: string; ttlMs: number; userAgent?: string; ipAddress?: string },
) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + input.ttlMs);
  await db.delete(operatorSessions).where(lte(operatorSessions.expires_at, new Date()));
  await db.insert(operatorSessions).values({
    id: hashSessionToken(token),
    operator_id: input.operatorId,
    expires_at: expiresAt,
    user_agent: input.userAgent?.slice(0, 512),
    ip_address: input.ipAddress?.slice(0, 64),
  });
  return { token, expiresAt };
}

/** How often a session's last use is written: often enough for the idle limit, not on every request. */
const TOUCH_EVERY_MS = 60_000;

/**
 * The operator of a live session: not past its absolute expiry, and used within `idleMs`. Marks it used.
 */
export async function findSessionOperator(
  db: Executor,
  input: { token: string; idleMs: number },
): Promise<(Operator & { sessionId: string }) | undefined> {
  const now = Date.now();
  const sessionId = hashSessionToken(input.token);
  const [row] = await db
    .select({ id: operators.id, email: operators.email, lastUsedAt: operatorSessions.last_used_at })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operator_id))
    .where(
      and(
        eq(operatorSessions.id, sessionId),
        gt(operatorSessions.expires_at, new Date(now)),
        gt(operatorSessions.last_used_at, new Date(now - input.idleMs)),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  if (now - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(operatorSessions)
      .set({ last_used_at: new Date(now) })
      .where(eq(operatorSessions.id, sessionId));
  }
  return { id: row.id, email: row.email, sessionId };
}

/** The operator's live sessions, most recently used first. */
export async function listOperatorSessions(db: Executor, input: { operatorId: string; idleMs: number }) {
  const now = Date.now();
  return db
    .select({
      id: operatorSessions.id,
      publicId: operatorSessions.public_id,
      userAgent: operatorSessions.user_agent,
      ipAddress: operatorSessions.ip_address,
      createdAt: operatorSessions.created_at,
      lastUsedAt: operatorSessions.last_used_at,
      expiresAt: operatorSessions.expires_at,
    })
    .from(operatorSessions)
    .where(
      and(
        eq(operatorSessions.operator_id, input.operatorId),
        gt(operatorSessions.expires_at, new Date(now)),
        gt(operatorSessions.last_used_at, new Date(now - input.idleMs)),
      ),
    )
    .orderBy(desc(operatorSessions.last_used_at));
}

/** Ends one of the operator's sessions by its public id; returns its token hash, undefined if none. */
export async function deleteOperatorSession(
  db: Executor,
  input: { operatorId: string; publicId: string },
): Promise<string | undefined> {
  const [row] = await db
    .delete(operatorSessions)
    .where(
      and(eq(operatorSessions.operator_id, input.operatorId), eq(operatorSessions.public_id, input.publicId)),
    )
    .returning({ id: operatorSessions.id });
  return row?.id;
}

/** Finds a trusted device (by its cookie's token) of the operator with this e-mail; returns its hash. */
export async function findTrustedDevice(
  db: Executor,
  input: { token: string; email: string },
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .innerJoin(operators, eq(operators.id, trustedDevices.operator_id))
    .where(and(eq(trustedDevices.id, hashSessionToken(input.token)), eq(operators.email, input.email)))
    .limit(1);
  return row?.id;
}

/** Remembers a browser that signed in; returns the token for its device cookie. */
export async function createTrustedDevice(db: Executor, operatorId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(trustedDevices).values({ id: hashSessionToken(token), operator_id: operatorId });
  return token;
}

export async function touchTrustedDevice(db: Executor, id: string): Promise<void> {
  await db
    .update(trustedDevices)
    .set({ last_used_at: sql`now()` })
    .where(eq(trustedDevices.id, id));
}

type CounterRow = { key: string; attempts: number | string; window_started_at: Date | string };

/**
 * Counts one sign-in attempt against each key in one statement (a fixed window per key, restarted once
 * it has passed) and returns each key's attempts and the milliseconds until its window ends.
 */
export async function countSignInAttempts(
  db: Executor,
  input: { keys: string[]; at: Date; windowMs: number },
): Promise<Map<string, { attempts: number; retryAfterMs: number }>> {
  const at = input.at.toISOString();
  // Sorted, so concurrent statements lock the rows in the same order (no deadlock).
  const values = sql.join(
    [...input.keys].sort().map((key) => sql`(${key}, ${at}::timestamptz, 1)`),
    sql`, `,
  );
  const expired = sql`c.window_started_at <= excluded.window_started_at - make_interval(secs => ${input.windowMs / 1000})`;
  const result = await db.execute(sql`
    INSERT INTO sign_in_counters AS c (key, window_started_at, attempts) VALUES ${values}
    ON CONFLICT (key) DO UPDATE SET
      attempts = CASE WHEN ${expired} THEN 1 ELSE c.attempts + 1 END,
      window_started_at = CASE WHEN ${expired} THEN excluded.window_started_at ELSE c.window_started_at END
    RETURNING c.key, c.attempts, c.window_started_at`);
  const rows = (result as unknown as { rows: CounterRow[] }).rows;
  return new Map(
    rows.map((row) => [
      row.key,
      {
        attempts: Number(row.attempts),
        retryAfterMs: new Date(row.window_started_at).getTime() + input.windowMs - input.at.getTime(),
      },
    ]),
  );
}

/** After a successful sign-in: forgets some counters and takes one attempt back from others. */
export async function forgetSignInAttempts(db: Executor, input: { forget: string[]; takeBack: string[] }) {
  if (input.forget.length > 0) {
    await db.execute(
      sql`DELETE FROM sign_in_counters WHERE key IN (${sql.join(
        input.forget.map((key) => sql`${key}`),
        sql`, `,
      )})`,
    );
  }
  if (input.takeBack.length > 0) {
    await db.execute(
      sql`UPDATE sign_in_counters SET attempts = greatest(attempts - 1, 0) WHERE key IN (${sql.join(
        input.takeBack.map((key) => sql`${key}`),
        sql`, `,
      )})`,
    );
  }
}

export async function deleteExpiredSignInCounters(db: Executor, before: Date) {
  await db.execute(
    sql`DELETE FROM sign_in_counters WHERE window_started_at <= ${before.toISOString()}::timestamptz`,
  );
}

export async function deleteSession(db: Executor, token: string): Promise<void> {
  await db.delete(operatorSessions).where(eq(operatorSessions.id, hashSessionToken(token)));
}
