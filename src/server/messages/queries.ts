import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import {
  STAY_MESSAGE_KINDS,
  type MessageKind,
  type MessageListQuery,
  type MessageSummary,
  type Message,
} from '../../domain/message';
import { parseMinor, toMajor } from '../../domain/money';
import type { StayQuote } from '../../domain/pricing';
import { DEFAULT_LANGUAGE, LanguageSchema, type Language } from '../../domain/language';
import type { Executor } from '../db/client';
import { bookings, outboxMessages, properties, requestLinks, requestTokens } from '../db/schema';

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

// A guest's request page.

/** A new, unguessable token for a link to a request's page (192 bits; the short reference is guessable). */
export function createRequestToken(): string {
  return randomBytes(24).toString('base64url');
}

/** How a token is stored and looked up: its SHA-256 (the database function hashes the same way). */
export function hashRequestToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A new link to a request's page, for one message or answer: only its hash is kept. A 'confirm' link (the
 * first e-mail's) also confirms the request when it is opened.
 */
export async function insertRequestToken(
  db: Executor,
  input: { bookingId: string; purpose: 'page' | 'confirm' },
): Promise<string> {
  const token = createRequestToken();
  await db
    .insert(requestTokens)
    .values({ token_hash: hashRequestToken(token), booking_id: input.bookingId, purpose: input.purpose });
  return token;
}

/** Ends every link to a booking's request page (its guest's e-mail changed: they went to the old address). */
export async function deleteRequestTokens(db: Executor, bookingId: string): Promise<void> {
  await db.delete(requestTokens).where(eq(requestTokens.booking_id, bookingId));
}

export async function insertRequestLink(
  db: Executor,
  input: { bookingId: string; holdHours: number; verifyMinutes: number },
): Promise<{ holdUntil: Date; confirmBy: Date }> {
  const result = await db.execute(
    sql`select now() + ${input.holdHours} * interval '1 hour' as hold_until, now() + ${input.verifyMinutes} * interval '1 minute' as confirm_by`,
  );
  const [row] = rowsOf<{ hold_until: string | Date; confirm_by: string | Date }>(result);
  const holdUntil = new Date(row!.hold_until);
  const confirmBy = new Date(row!.confirm_by);
  await db
    .insert(requestLinks)
    .values({ booking_id: input.bookingId, hold_until: holdUntil, confirm_by: confirmBy });
  return { holdUntil, confirmBy };
}

/** The request page's hold of a booking, if it came from the public form. */
export async function findRequestLink(db: Executor, bookingId: string) {
  const [row] = await db.select().from(requestLinks).where(eq(requestLinks.booking_id, bookingId)).limit(1);
  return row;
}

/**
 * The lapse rule, in one place for the lapse job and for the times the operator is shown: a request from
 * the public form (it has a link) lapses when its hold runs out, while it is pending and not closed, and
 * sooner, at confirm_by, while the guest has not confirmed it from their e-mail.
 */
const awaitingLapse = () => and(isNull(requestLinks.closed_reason), eq(bookings.status, 'pending'));
const lapsesAt = sql<Date>`case when ${requestLinks.confirmed_at} is null then least(${requestLinks.hold_until}, ${requestLinks.confirm_by}) else ${requestLinks.hold_until} end`;

export type RequestState = { lapsesAt: Date | null; guestConfirmed: boolean };

/**
 * For each of these bookings that came from the public form: whether its guest confirmed it, and when it
 * lapses if it is still pending.
 */
export async function listRequestStates(
  db: Executor,
  bookingIds: string[],
): Promise<Map<string, RequestState>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select({
      booking_id: requestLinks.booking_id,
      lapses_at: lapsesAt,
      confirmed: sql<boolean>`${requestLinks.confirmed_at} is not null`,
      awaiting: sql<boolean>`${awaitingLapse()}`,
    })
    .from(requestLinks)
    .innerJoin(bookings, eq(bookings.id, requestLinks.booking_id))
    .where(inArray(requestLinks.booking_id, bookingIds));
  return new Map(
    rows.map((row) => [
      row.booking_id,
      {
        lapsesAt: row.awaiting ? new Date(row.lapses_at) : null,
        guestConfirmed: Boolean(row.confirmed),
      },
    ]),
  );
}

export type GuestRequestRow = {
  booking_id: string;
  property_id: string;
  property_name: string;
  status: 'pending' | 'confirmed' | 'completed' | 'cancelled';
  guest_name: string;
  guest_email: string;
  check_in: string;
  check_out: string;
  guests_count: number;
  total_amount: number;
  currency: string;
  created_at: Date;
  hold_until: Date;
  closed_reason: 'withdrawn' | 'lapsed' | 'unconfirmed' | null;
  confirm_by: Date;
  confirmed_at: Date | null;
  guest_phone: string | null;
  special_requests: string | null;
  quote: StayQuote | null;
  guest_language: Language;
};

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}

const toDateText = (value: unknown) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

/** A request by its page's token, through the one lookup the public role may make. */
export async function findGuestRequest(db: Executor, token: string): Promise<GuestRequestRow | undefined> {
  const result = await db.execute(sql`select * from find_guest_request(${token})`);
  const [row] = rowsOf<Record<string, unknown>>(result);
  if (!row) return undefined;
  return {
    booking_id: String(row.out_booking_id),
    property_id: String(row.out_property_id),
    property_name: String(row.out_property_name),
    status: row.out_status as GuestRequestRow['status'],
    guest_name: String(row.out_guest_name),
    guest_email: String(row.out_guest_email),
    check_in: toDateText(row.out_check_in),
    check_out: toDateText(row.out_check_out),
    guests_count: Number(row.out_guests_count),
    // numeric arrives as its decimal text: read exactly, then as the API's major-unit number.
    total_amount: toMajor(parseMinor(String(row.out_total_amount))),
    currency: String(row.out_currency),
    created_at: new Date(row.out_created_at as string),
    hold_until: new Date(row.out_hold_until as string),
    closed_reason: (row.out_closed_reason ?? null) as GuestRequestRow['closed_reason'],
    confirm_by: new Date(row.out_confirm_by as string),
    confirmed_at: row.out_confirmed_at ? new Date(row.out_confirmed_at as string) : null,
    guest_phone: (row.out_guest_phone as string | null) ?? null,
    special_requests: (row.out_special_requests as string | null) ?? null,
    quote: (row.out_quote as StayQuote | null) ?? null,
    guest_language: LanguageSchema.catch(DEFAULT_LANGUAGE).parse(row.out_guest_language),
  };
}

/** The guest opened their first e-mail's link: the request's id when this confirmed it. */
export async function confirmGuestRequest(db: Executor, token: string): Promise<string | undefined> {
  const result = await db.execute(sql`select confirm_guest_request(${token}) as booking_id`);
  const [row] = rowsOf<{ booking_id: string | null }>(result);
  return row?.booking_id ?? undefined;
}

/**
 * Cancels, quietly, a property's requests whose guest did not confirm them in time: called before nights
 * of it are taken, so such a request holds them no longer than it may.
 */
export async function releaseUnconfirmedRequests(db: Executor, propertyId: string): Promise<void> {
  await db.execute(sql`select release_unconfirmed_requests(${propertyId}::uuid)`);
}

/** Withdraws a pending request by its token; the booking's id, or undefined if nothing was withdrawn. */
export async function withdrawGuestRequest(db: Executor, token: string): Promise<string | undefined> {
  const result = await db.execute(sql`select withdraw_guest_request(${token}) as booking_id`);
  const [row] = rowsOf<{ booking_id: string | null }>(result);
  return row?.booking_id ?? undefined;
}

/** The operator's address for notifications about a property, when OPERATOR_NOTIFY_EMAIL is unset. */
export async function findOperatorAddress(db: Executor, propertyId: string): Promise<string | undefined> {
  const result = await db.execute(sql`select operator_notify_address(${propertyId}) as email`);
  const [row] = rowsOf<{ email: string | null }>(result);
  return row?.email ?? undefined;
}

// The lapse job (runs as the table owner).

/** Pending requests from the public form whose hold, or whose time to be confirmed, has run out. */
export async function listLapsedRequests(db: Executor, limit: number) {
  return db
    .select({
      booking: bookings,
      property_name: properties.name,
      hold_until: requestLinks.hold_until,
      confirmed: sql<boolean>`${requestLinks.confirmed_at} is not null`,
    })
    .from(requestLinks)
    .innerJoin(bookings, eq(bookings.id, requestLinks.booking_id))
    .innerJoin(properties, eq(properties.id, bookings.property_id))
    .where(and(awaitingLapse(), lte(lapsesAt, sql`now()`)))
    .orderBy(lapsesAt)
    .limit(limit);
}

/**
 * Cancels a lapsed request if it is still pending; false if the operator or the guest got there first.
 * `unconfirmed`: the guest never confirmed it from their e-mail.
 */
export async function lapseRequest(
  db: Executor,
  input: { bookingId: string; reason: 'lapsed' | 'unconfirmed' },
): Promise<boolean> {
  // The booking is locked against the operator's decisions, and the link row decides against the guest's
  // confirmation (which writes it too): a request confirmed meanwhile is left alone, whichever commits first.
  const [pending] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.id, input.bookingId), eq(bookings.status, 'pending')))
    .for('update');
  if (!pending) return false;
  const closed = await db
    .update(requestLinks)
    .set({ closed_reason: input.reason, closed_at: sql`now()` })
    .where(
      and(
        eq(requestLinks.booking_id, input.bookingId),
        isNull(requestLinks.closed_reason),
        input.reason === 'unconfirmed' ? isNull(requestLinks.confirmed_at) : undefined,
      ),
    )
    .returning({ id: requestLinks.booking_id });
  if (closed.length === 0) return false;
  const rows = await db
    .update(bookings)
    .set({ status: 'cancelled', updated_at: sql`now()` })
    .where(and(eq(bookings.id, input.bookingId), eq(bookings.status, 'pending')))
    .returning({ id: bookings.id });
  return rows.length === 1;
}

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
