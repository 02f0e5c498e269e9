import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { StoredBooking } from '../../domain/booking';
import { villaToday } from '../../domain/dates';
import { formatMoney, makeMoney, parseMinor, type MinorUnits, type Money } from '../../domain/money';
import {
  NOT_INVOICED,
  findMoneyToReturn,
  normalizeReference,
  PAYMENT_SETTINGS_DEFAULTS,
  summarizePayments,
  totalLedger,
  type PaymentEntry,
  type PaymentKind,
  type LedgerEntriesAndSummary,
  type PaymentMethod,
  type PaymentSettings,
  type PaymentSettingsUpdate,
  type PaymentSummary,
  type ToReturnReason,
} from '../../domain/payment';
import { findBooking, shapeBooking } from './bookings';
import type { Executor } from '../db/client';
import { bookings, payments, paymentSettings, properties } from '../db/schema';
import { findStaysInvoicing } from './invoices';
import { findPgError } from '../db/errors';

type PaymentRow = typeof payments.$inferSelect;

/** An entry as its row says it; whether it was voided is read from its void (listLedgerEntries). */
export function shapePaymentEntry(row: PaymentRow): PaymentEntry {
  return { ...row, created_at: row.created_at.toISOString(), voided: null };
}

/** Each entry with its void, when one reverses it (a void is an entry of its own, naming it). */
function markVoidedEntries(entries: PaymentEntry[]): PaymentEntry[] {
  const voids = new Map(
    entries
      .filter((entry) => entry.corrects_id && entry.void_reason)
      .map((entry) => [entry.corrects_id!, entry]),
  );
  return entries.map((entry) => {
    const void_ = voids.get(entry.id);
    return void_
      ? {
          ...entry,
          voided: {
            entry_id: void_.id,
            reason: void_.void_reason!,
            voided_at: void_.created_at,
            voided_by: void_.created_by,
          },
        }
      : entry;
  });
}

/**
 * The booking, its row locked until the transaction ends: entries of one booking are then checked against
 * its ledger one after another, so two refunds at once can never both pass against the same totals.
 * Undefined when row-level security hides it (another operator's) or it does not exist.
 */
export async function lockBooking(db: Executor, bookingId: string): Promise<StoredBooking | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1).for('update');
  return row ? shapeBooking(row) : undefined;
}

/** The booking's ledger, oldest first. */
export async function listLedgerEntries(db: Executor, bookingId: string): Promise<PaymentEntry[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.booking_id, bookingId))
    .orderBy(asc(payments.created_at), asc(payments.id));
  return markVoidedEntries(rows.map(shapePaymentEntry));
}

/** A property's payment settings, or the defaults when the operator saved none. */
export async function findPaymentSettings(
  db: Executor,
  property: { id: string; currency: string },
): Promise<PaymentSettings> {
  const [row] = await db
    .select()
    .from(paymentSettings)
    .where(eq(paymentSettings.property_id, property.id))
    .limit(1);
  return shapePaymentSettings(property, row);
}

/** Stored settings, or the defaults for those the operator never saved. */
function shapePaymentSettings(
  property: { id: string; currency: string },
  row:
    | Pick<
        typeof paymentSettings.$inferSelect,
        'deposit_percent' | 'balance_due_days' | 'security_deposit' | 'payment_instructions'
      >
    | undefined,
): PaymentSettings {
  return {
    property_id: property.id,
    currency: property.currency,
    deposit_percent: row?.deposit_percent ?? PAYMENT_SETTINGS_DEFAULTS.deposit_percent,
    balance_due_days: row?.balance_due_days ?? PAYMENT_SETTINGS_DEFAULTS.balance_due_days,
    security_deposit: row?.security_deposit ?? PAYMENT_SETTINGS_DEFAULTS.security_deposit,
    payment_instructions: row?.payment_instructions ?? PAYMENT_SETTINGS_DEFAULTS.payment_instructions,
  };
}

/** What a guest pays next and by when, and the operator's own words on paying ('' for none). */
export type GuestPaymentDue = { due: AmountDue | null; instructions: string };
export type AmountDue = { amount: Money; due_date: string };

function readNextDue(summary: PaymentSummary): AmountDue | null {
  return summary.next_due && summary.next_due.amount > 0
    ? { amount: makeMoney(summary.next_due.amount, summary.currency), due_date: summary.next_due.date }
    : null;
}

/** The guest's next payment, read as the operator (the confirmation e-mail is written in their change). */
export async function readGuestPaymentDue(
  db: Executor,
  bookingId: string,
  today: string,
): Promise<GuestPaymentDue | undefined> {
  const booking = await findBooking(db, bookingId);
  if (!booking) return undefined;
  const [property] = await db
    .select({ id: properties.id, currency: properties.currency })
    .from(properties)
    .where(eq(properties.id, booking.property_id))
    .limit(1);
  if (!property) return undefined;
  const { summary } = await readLedger(db, { booking, property, today });
  const settings = await findPaymentSettings(db, property);
  return { due: readNextDue(summary), instructions: settings.payment_instructions };
}

/**
 * The guest's next payment, read by the token of their request page's link: the public role reads no
 * ledger itself, find_guest_payment() hands it the entries' kinds and amounts only.
 */
export async function findGuestPaymentDue(
  db: Executor,
  input: {
    token: string;
    booking: Pick<StoredBooking, 'id' | 'property_id' | 'status' | 'total_amount' | 'currency' | 'check_in'>;
    today: string;
  },
): Promise<GuestPaymentDue | undefined> {
  const result = await db.execute(sql`select * from find_guest_payment(${input.token})`);
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  if (!row) return undefined;
  const currency = input.booking.currency;
  const entries = (
    row.out_entries as { id: string; kind: PaymentKind; amount: string; corrects_id: string | null }[]
  ).map((entry) => ({ ...entry, amount: parseMinor(entry.amount) as MinorUnits }));
  const settings = shapePaymentSettings(
    { id: input.booking.property_id, currency },
    row.out_deposit_percent === null
      ? undefined
      : {
          deposit_percent: Number(row.out_deposit_percent),
          balance_due_days: Number(row.out_balance_due_days),
          security_deposit: parseMinor(String(row.out_security_deposit)) as MinorUnits,
          payment_instructions: String(row.out_payment_instructions),
        },
  );
  const confirmedAt = row.out_confirmed_at ? new Date(row.out_confirmed_at as string) : null;
  const summary = summarizePayments(
    {
      ...input.booking,
      booking_source: row.out_booking_source as StoredBooking['booking_source'],
      amount_known: Boolean(row.out_amount_known),
      created_at: new Date(row.out_created_at as string).toISOString(),
      confirmed_on: confirmedAt ? villaToday(confirmedAt) : null,
    },
    entries,
    settings,
    input.today,
    row.out_invoice_total === null
      ? NOT_INVOICED
      : {
          invoice_minor: parseMinor(String(row.out_invoice_total)),
          credited_minor: parseMinor(String(row.out_invoice_credited)),
        },
  );
  return { due: readNextDue(summary), instructions: settings.payment_instructions };
}

/** Saves the fields given, keeping the others as they were (or their defaults). */
export async function savePaymentSettings(
  db: Executor,
  input: { propertyId: string; changes: PaymentSettingsUpdate },
): Promise<void> {
  const changes = Object.fromEntries(
    Object.entries(input.changes).filter(([, value]) => value !== undefined),
  );
  await db
    .insert(paymentSettings)
    .values({ property_id: input.propertyId, ...changes })
    .onConflictDoUpdate({
      target: paymentSettings.property_id,
      set: { ...changes, updated_at: sql`now()` },
    });
}

/** The day each booking was first confirmed (the villa's calendar); null when it never was. */
export async function findConfirmedDays(
  db: Executor,
  bookingIds: readonly string[],
): Promise<Map<string, string | null>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select({ id: bookings.id, at: bookings.confirmed_at })
    .from(bookings)
    .where(inArray(bookings.id, [...bookingIds]));
  return new Map(rows.map((row) => [row.id, row.at ? villaToday(row.at) : null]));
}

/** The day the operator confirmed one booking, as findConfirmedDays reads it. */
export async function findConfirmedOn(db: Executor, bookingId: string): Promise<string | null> {
  return (await findConfirmedDays(db, [bookingId])).get(bookingId) ?? null;
}

/** The booking's ledger and what follows from it, as of `today`. */
export async function readLedger(
  db: Executor,
  input: {
    booking: StoredBooking;
    property: { id: string; currency: string };
    today: string;
    /** The ledger as it stood once this entry was recorded (a receipt written later says what it said). */
    throughEntryId?: string;
  },
): Promise<LedgerEntriesAndSummary> {
  const all = await listLedgerEntries(db, input.booking.id);
  const through = input.throughEntryId ? all.findIndex((entry) => entry.id === input.throughEntryId) : -1;
  const entries = through >= 0 ? all.slice(0, through + 1) : all;
  const settings = await findPaymentSettings(db, input.property);
  const confirmedOn = await findConfirmedOn(db, input.booking.id);
  const invoicing = await findStaysInvoicing(db, [input.booking.id]);
  return {
    entries,
    summary: summarizePayments(
      { ...input.booking, confirmed_on: confirmedOn },
      entries,
      settings,
      input.today,
      invoicing.get(input.booking.id),
    ),
  };
}

export type NewEntry = {
  kind: PaymentKind;
  amount: MinorUnits;
  method: PaymentMethod;
  received_on: string;
  reference: string | null;
  note: string | null;
  corrects_id: string | null;
  /** The gateway's id of the money moved (a Razorpay payment or refund), recorded at most once. */
  gateway_payment_id?: string | null;
  /** Set on a void (voidLedgerEntry): why all that is left of corrects_id is reversed. */
  void_reason?: string | null;
};

/** The normalized reference as the index payments_reference_idx states it. */
const normalizedReference = sql`lower(regexp_replace(${payments.reference}, '\\s+', '', 'g'))`;

/**
 * The entry of the operator's ledger (any booking; row-level security keeps to theirs) that already carries
 * this reference, case and spaces aside, leaving out corrections and what was voided; undefined if none.
 */
export async function findEntryWithReference(db: Executor, reference: string) {
  const [row] = await db
    .select({ entry: payments, guest_name: bookings.guest_name })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.booking_id))
    .where(
      and(
        sql`${normalizedReference} = ${normalizeReference(reference)}`,
        sql`${payments.reference} is not null`,
        isNull(payments.corrects_id),
        sql`not exists (select 1 from payments v where v.corrects_id = ${payments.id} and v.void_reason is not null)`,
      ),
    )
    .orderBy(asc(payments.created_at))
    .limit(1);
  return row;
}

/**
 * Inserts an entry into a booking's ledger as it is given: the operation that adds it checked it first
 * (operations/add-ledger-entry.ts). The database checks the ledger's rules again and derives the booking's
 * payment_status in the same transaction.
 */
export async function insertLedgerEntry(
  db: Executor,
  input: { booking: Pick<StoredBooking, 'id' | 'currency'>; entry: NewEntry; operatorId: string | null },
): Promise<PaymentEntry> {
  const { entry } = input;
  const [row] = await db
    .insert(payments)
    .values({
      booking_id: input.booking.id,
      kind: entry.kind,
      method: entry.method,
      received_on: entry.received_on,
      reference: entry.reference,
      note: entry.note,
      corrects_id: entry.corrects_id,
      gateway_payment_id: entry.gateway_payment_id ?? null,
      void_reason: entry.void_reason ?? null,
      amount: entry.amount,
      currency: input.booking.currency,
      created_by: input.operatorId,
    })
    .returning();
  if (!row) throw new Error('The entry was not saved');
  return shapePaymentEntry(row);
}

const TO_RETURN_WHY: Record<ToReturnReason, string> = {
  cancelled: 'the stay is cancelled',
  channel_collects: 'the channel collects this stay',
  overpaid: "it is above the stay's balance",
};

/**
 * The part of a payment arriving from a gateway that nothing is owed for (what it adds to the summary's
 * to_return), and the words that flag it on its entry and in the operator's notice; undefined when none.
 * Recorded all the same: the money arrived.
 */
export async function findGatewayMoneyToReturn(
  db: Executor,
  input: { booking: StoredBooking; amount: Money },
): Promise<{ amount: Money; why: string; note: string } | undefined> {
  const { booking } = input;
  const entries = await listLedgerEntries(db, booking.id);
  const next = [
    ...entries,
    {
      id: 'arriving',
      kind: 'payment' as const,
      amount: input.amount.minor as MinorUnits,
      method: 'razorpay' as const,
      corrects_id: null,
    },
  ];
  const before = findMoneyToReturn(booking, entries, totalLedger(entries));
  const after = findMoneyToReturn(booking, next, totalLedger(next));
  const extra = after.minor - before.minor;
  if (extra <= 0) return undefined;
  const amount = makeMoney(extra, booking.currency);
  const why = TO_RETURN_WHY[after.reason];
  return { amount, why, note: `Flagged: ${formatMoney(amount)} of this is to return (${why})` };
}

export function isGatewayIdTaken(error: unknown): boolean {
  return findPgError(error)?.constraint === 'payments_gateway_payment_id_key';
}
