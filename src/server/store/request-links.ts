import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { parseMinor, toMajor } from '../../domain/money';
import type { StayQuote } from '../../domain/pricing';
import { DEFAULT_LANGUAGE, LanguageSchema, type Language } from '../../domain/language';
import { rowsOf, type Executor } from '../db/client';
import { shapeBooking } from './bookings';
import { bookings, properties, requestLinks, requestTokens } from '../db/schema';

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

/** Pending requests from the public form whose hold, or whose time to be confirmed, has run out. */
export async function listLapsedRequests(db: Executor, limit: number) {
  const rows = await db
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
  return rows.map((row) => ({ ...row, booking: shapeBooking(row.booking) }));
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
 * Adds what a booking from the public form has that others do not: `lapses_at`, when a pending request
 * lapses (by the rule the lapse job uses), and `guest_confirmed`, whether its guest confirmed it from their
 * e-mail. Both null for every other booking, which never lapses and needs no confirmation.
 */
export async function addRequestStates<T extends { id: string; status: string }>(
  db: Executor,
  items: readonly T[],
): Promise<(T & { lapses_at: string | null; guest_confirmed: boolean | null })[]> {
  const states = await listRequestStates(
    db,
    items.map((item) => item.id),
  );
  return items.map((item) => {
    const state = states.get(item.id);
    return {
      ...item,
      lapses_at: state?.lapsesAt?.toISOString() ?? null,
      guest_confirmed: state ? state.guestConfirmed : null,
    };
  });
}
