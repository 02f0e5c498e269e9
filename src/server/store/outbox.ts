import { and, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import {
  STAY_MESSAGE_KINDS,
  type MessageKind,
  type MessageListQuery,
  type MessageSummary,
  type Message,
} from '../../domain/message';
import { rowsOf, type Executor } from '../db/client';
import { bookings, outboxMessages } from '../db/schema';

export type NewOutboxMessage = {
  id: string;
  property_id: string | null;
  booking_id: string | null;
  kind: MessageKind;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  message_id: string;
  /** The token of the request-page link in the bodies (which hold REQUEST_TOKEN_PLACEHOLDER), until sent. */
  link_token?: string | null;
  /** An invoice e-mail: the document whose PDF is attached when it is sent. */
  invoice_id?: string | null;
};

/**
 * Where a request page's token goes in a stored message: the worker puts the token in when it sends the
 * message, and forgets it once sent; the Messages view shows it masked.
 */
export const REQUEST_TOKEN_PLACEHOLDER = '{request-token}';
const MASKED_TOKEN = '••••••';

/** A stored body as the operator may see it: the link's token masked. */
export function maskRequestTokens(body: string): string {
  return body.replaceAll(REQUEST_TOKEN_PLACEHOLDER, MASKED_TOKEN);
}

/** A stored body as it is sent: the link's token filled in. */
export function fillRequestToken(body: string, token: string | null): string {
  return token ? body.replaceAll(REQUEST_TOKEN_PLACEHOLDER, token) : body;
}

/** Writes messages to the outbox; no RETURNING, so the public role (which may not read them) can too. */
export async function insertOutboxMessages(db: Executor, messages: NewOutboxMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await db.insert(outboxMessages).values(messages);
}

/** Writes a message unless one with its Message-ID is there already (the owner's jobs); whether it did. */
export async function insertOutboxMessageOnce(db: Executor, message: NewOutboxMessage): Promise<boolean> {
  const rows = await db
    .insert(outboxMessages)
    .values(message)
    .onConflictDoNothing({ target: outboxMessages.message_id })
    .returning({ id: outboxMessages.id });
  return rows.length === 1;
}

export type ClaimedMessage = typeof outboxMessages.$inferSelect;

/**
 * Claims up to `limit` due messages for this holder for `leaseMs` (a lease per message) and counts the
 * attempt. SKIP LOCKED lets several processes claim side by side without waiting on each other; a holder
 * that dies leaves its claims to expire.
 */
export async function claimDueMessages(
  db: Executor,
  input: { holder: string; leaseMs: number; limit: number },
): Promise<ClaimedMessage[]> {
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.status, 'pending'),
        lte(outboxMessages.next_attempt_at, sql`now()`),
        or(isNull(outboxMessages.locked_until), lte(outboxMessages.locked_until, sql`now()`)),
      ),
    )
    .orderBy(outboxMessages.next_attempt_at)
    .limit(input.limit)
    .for('update', { skipLocked: true });
  return db
    .update(outboxMessages)
    .set({
      locked_by: input.holder,
      locked_until: sql`now() + ${input.leaseMs} * interval '1 millisecond'`,
      attempts: sql`${outboxMessages.attempts} + 1`,
      updated_at: sql`now()`,
    })
    .where(inArray(outboxMessages.id, due))
    .returning();
}

/** Of these claimed messages, those about a stay that is cancelled by now (STAY_MESSAGE_KINDS only). */
export async function findMessagesOfCancelledStays(
  db: Executor,
  claimed: readonly { id: string; kind: MessageKind; booking_id: string | null }[],
): Promise<Set<string>> {
  const about = claimed.filter((message) => message.booking_id && STAY_MESSAGE_KINDS.includes(message.kind));
  if (about.length === 0) return new Set();
  const cancelled = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        inArray(
          bookings.id,
          about.map((message) => message.booking_id!),
        ),
        eq(bookings.status, 'cancelled'),
      ),
    );
  const ids = new Set(cancelled.map((booking) => booking.id));
  return new Set(about.filter((message) => ids.has(message.booking_id!)).map((message) => message.id));
}

/** Records a delivery, if this holder still holds the claim. */
export async function markMessageSent(db: Executor, input: { id: string; holder: string }): Promise<void> {
  await db
    .update(outboxMessages)
    .set({
      status: 'sent',
      sent_at: sql`now()`,
      // Sent: no stored copy keeps a link that opens the guest's request.
      link_token: null,
      last_error: null,
      locked_by: null,
      locked_until: null,
      updated_at: sql`now()`,
    })
    .where(and(eq(outboxMessages.id, input.id), eq(outboxMessages.locked_by, input.holder)));
}

/** Records a failed attempt: retried after `retryInMs`, or marked failed when `giveUp`. */
export async function markMessageAttemptFailed(
  db: Executor,
  input: { id: string; holder: string; error: string; retryInMs: number; giveUp: boolean },
): Promise<void> {
  await db
    .update(outboxMessages)
    .set({
      status: input.giveUp ? 'failed' : 'pending',
      last_error: input.error.slice(0, 1000),
      next_attempt_at: sql`now() + ${input.retryInMs} * interval '1 millisecond'`,
      locked_by: null,
      locked_until: null,
      updated_at: sql`now()`,
    })
    .where(and(eq(outboxMessages.id, input.id), eq(outboxMessages.locked_by, input.holder)));
}

const summaryColumns = {
  id: outboxMessages.id,
  kind: outboxMessages.kind,
  property_id: outboxMessages.property_id,
  booking_id: outboxMessages.booking_id,
  to_address: outboxMessages.to_address,
  subject: outboxMessages.subject,
  status: outboxMessages.status,
  attempts: outboxMessages.attempts,
  last_error: outboxMessages.last_error,
  next_attempt_at: outboxMessages.next_attempt_at,
  sent_at: outboxMessages.sent_at,
  created_at: outboxMessages.created_at,
};

function shapeTimes<T extends { next_attempt_at: Date; sent_at: Date | null; created_at: Date }>(row: T) {
  return {
    ...row,
    next_attempt_at: row.next_attempt_at.toISOString(),
    sent_at: row.sent_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/** The operator's messages, newest first (row-level security limits them to their properties). */
export async function listMessages(
  db: Executor,
  query: MessageListQuery,
): Promise<{ messages: MessageSummary[]; total: number }> {
  const where = query.status ? eq(outboxMessages.status, query.status) : undefined;
  const rows = await db
    .select(summaryColumns)
    .from(outboxMessages)
    .where(where)
    .orderBy(desc(outboxMessages.created_at), desc(outboxMessages.id))
    .limit(query.limit)
    .offset(query.offset);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(outboxMessages)
    .where(where);
  return { messages: rows.map(shapeTimes), total: count?.total ?? 0 };
}

export async function findMessage(db: Executor, id: string): Promise<Message | undefined> {
  const [row] = await db
    .select({
      ...summaryColumns,
      message_id: outboxMessages.message_id,
      text_body: outboxMessages.text_body,
      html_body: outboxMessages.html_body,
    })
    .from(outboxMessages)
    .where(eq(outboxMessages.id, id))
    .limit(1);
  return row
    ? shapeTimes({
        ...row,
        text_body: maskRequestTokens(row.text_body),
        html_body: maskRequestTokens(row.html_body),
      })
    : undefined;
}

/** Puts a failed message back in the queue with a fresh set of attempts; undefined unless it had failed. */
export async function requeueFailedMessage(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(outboxMessages)
    .set({ status: 'pending', attempts: 0, next_attempt_at: sql`now()`, updated_at: sql`now()` })
    .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'failed')))
    .returning({ id: outboxMessages.id });
  return rows.length === 1;
}

/** Counts by status, for the dashboard and the view's header. */
export async function countMessagesByStatus(db: Executor): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: outboxMessages.status, count: sql<number>`count(*)::int` })
    .from(outboxMessages)
    .groupBy(outboxMessages.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.count]));
}

/** The operator's address for notifications about a property, when OPERATOR_NOTIFY_EMAIL is unset. */
export async function findOperatorAddress(db: Executor, propertyId: string): Promise<string | undefined> {
  const result = await db.execute(sql`select operator_notify_address(${propertyId}) as email`);
  const [row] = rowsOf<{ email: string | null }>(result);
  return row?.email ?? undefined;
}

// The lapse job (runs as the table owner).

/**
 * The guest's address an operator's e-mail about their request is answered to, so "Reply" writes to the
 * guest; none for other messages, or when the booking has no e-mail address.
 */
export async function findReplyToGuest(
  db: Executor,
  message: Pick<ClaimedMessage, 'kind' | 'booking_id'>,
): Promise<string | undefined> {
  if (!message.booking_id || !GUEST_REPLY_KINDS.has(message.kind)) return undefined;
  const [row] = await db
    .select({ email: bookings.guest_email })
    .from(bookings)
    .where(eq(bookings.id, message.booking_id))
    .limit(1);
  return row?.email || undefined;
}

const GUEST_REPLY_KINDS = new Set<ClaimedMessage['kind']>([
  'request_received_operator',
  'request_withdrawn_operator',
]);
