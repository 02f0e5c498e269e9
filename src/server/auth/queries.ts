import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { operators, operatorSessions } from '../db/schema';
import type { Operator } from '../../domain/auth';
import { hashPassword } from './password';

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

/** Creates the operator, or sets the password of the existing one with that e-mail. */
export async function upsertOperator(
  db: Executor,
  input: { email: string; password: string },
): Promise<Operator> {
  const password_hash = await hashPassword(input.password);
  const [row] = await db
    .insert(operators)
    .values({ email: input.email.toLowerCase(), password_hash })
    .onConflictDoUpdate({ target: operators.email, set: { password_hash, updated_at: sql`now()` } })
    .returning({ id: operators.id, email: operators.email });
  if (!row) throw new Error('The operator could not be saved');
  return row;
}

/** Sets a password for an existing operator; signs out every session of theirs. Undefined if unknown. */
export async function updateOperatorPassword(
  db: Executor,
  input: { email: string; password: string },
): Promise<Operator | undefined> {
  const password_hash = await hashPassword(input.password);
  const [row] = await db
    .update(operators)
    .set({ password_hash, updated_at: sql`now()` })
    .where(eq(operators.email, input.email.toLowerCase()))
    .returning({ id: operators.id, email: operators.email });
  if (row) await db.delete(operatorSessions).where(eq(operatorSessions.operator_id, row.id));
  return row;
}

/** Starts a session; returns the token for the cookie (only its hash is stored). */
export async function createSession(db: Executor, input: { operatorId: string; ttlMs: number }) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + input.ttlMs);
  await db.delete(operatorSessions).where(lte(operatorSessions.expires_at, new Date()));
  await db
    .insert(operatorSessions)
    .values({ id: hashSessionToken(token), operator_id: input.operatorId, expires_at: expiresAt });
  return { token, expiresAt };
}

export async function findSessionOperator(db: Executor, token: string): Promise<Operator | undefined> {
  const [row] = await db
    .select({ id: operators.id, email: operators.email })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operator_id))
    .where(and(eq(operatorSessions.id, hashSessionToken(token)), gt(operatorSessions.expires_at, new Date())))
    .limit(1);
  return row;
}

export async function deleteSession(db: Executor, token: string): Promise<void> {
  await db.delete(operatorSessions).where(eq(operatorSessions.id, hashSessionToken(token)));
}
