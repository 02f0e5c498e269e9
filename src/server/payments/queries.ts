import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { StoredBooking } from '../../domain/booking';
import { villaToday } from '../../domain/dates';
import {
  makeMoney,
  moneyFromMajor,
  parseMinor,
  subtractMoney,
  toMajor,
  toMinorUnits,
  type MinorUnits,
  type Money,
} from '../../domain/money';
import {
  checkLedgerEntry,
  findCreditedMinor,
  NOT_INVOICED,
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
} from '../../domain/payment';
import { findBooking, shapeBooking } from '../bookings/queries';
import type { Executor } from '../db/client';
import { auditEvents, bookings, payments, paymentSettings, properties } from '../db/schema';
import { findStaysInvoicing } from '../invoices/queries';
import { HttpError } from '../http-error';

type PaymentRow = typeof payments.$inferSelect;

export function shapePaymentEntry(row: PaymentRow): PaymentEntry {
  return { ...row, amount: toMajor(row.amount), created_at: row.created_at.toISOString() };
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
  return rows.map(shapePaymentEntry);
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
    security_deposit: row ? toMajor(row.security_deposit) : PAYMENT_SETTINGS_DEFAULTS.security_deposit,
    payment_instructions: row?.payment_instructions ?? PAYMENT_SETTINGS_DEFAULTS.payment_instructions,
  };
}

/** What a guest pays next and by when, and the operator's own words on paying ('' for none). */
export type GuestPaymentDue = { due: AmountDue | null; instructions: string };
export type AmountDue = { amount: Money; due_date: string };

function readNextDue(summary: PaymentSummary): AmountDue | null {
  return summary.next_due && summary.next_due.amount > 0
    ? { amount: moneyFromMajor(summary.next_due.amount, summary.currency), due_date: summary.next_due.date }
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
  ).map((entry) => ({ ...entry, amount: toMajor(makeMoney(parseMinor(entry.amount), currency)) }));
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
  const { security_deposit, ...rest } = input.changes;
  const changes = {
    ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)),
    ...(security_deposit === undefined ? {} : { security_deposit: toMinorUnits(security_deposit) }),
  };
  await db
    .insert(paymentSettings)
    .values({ property_id: input.propertyId, ...changes })
    .onConflictDoUpdate({
      target: paymentSettings.property_id,
      set: { ...changes, updated_at: sql`now()` },
    });
}

/**
 * The day the operator confirmed each booking (the villa's calendar), from the audit log, which records
 * every status change; null when it shows none (confirmed when it was made, or made before the log).
 */
export async function findConfirmedDays(
  db: Executor,
  bookingIds: readonly string[],
): Promise<Map<string, string | null>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select({ id: auditEvents.entity_id, at: sql<Date | string | null>`min(${auditEvents.occurred_at})` })
    .from(auditEvents)
    .where(
      and(
        inArray(auditEvents.entity_id, [...bookingIds]),
        // As written, not as parameters: the words of audit_events_booking_confirmed_idx's condition, so
        // that the database reads the confirmations alone whatever plan it makes.
        sql`${auditEvents.entity_type} = 'booking' and ${auditEvents.action} = 'update' and (${auditEvents.after} ->> 'status') = 'confirmed'`,
      ),
    )
    .groupBy(auditEvents.entity_id);
  return new Map(rows.map((row) => [row.id, row.at ? villaToday(new Date(row.at)) : null]));
}

/** The day the operator confirmed one booking, as findConfirmedDays reads it. */
export async function findConfirmedOn(db: Executor, bookingId: string): Promise<string | null> {
  return (await findConfirmedDays(db, [bookingId])).get(bookingId) ?? null;
}

/** The booking's ledger and what follows from it, as of `today`. */
export async function readLedger(
  db: Executor,
  input: { booking: StoredBooking; property: { id: string; currency: string }; today: string },
): Promise<LedgerEntriesAndSummary> {
  const entries = await listLedgerEntries(db, input.booking.id);
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
  amount: number;
  method: PaymentMethod;
  received_on: string;
  reference: string | null;
  note: string | null;
  corrects_id: string | null;
  /** The gateway's id of the money moved (a Razorpay payment or refund), recorded at most once. */
  gateway_payment_id?: string | null;
};

/**
 * Adds an entry to a booking's ledger, in the caller's transaction, after locking the booking and checking
 * the entry against its ledger (a 409 in words when it does not fit). The database checks the same rules
 * again and derives the booking's payment_status in the same transaction.
 */
export async function recordLedgerEntry(
  db: Executor,
  input: { booking: StoredBooking; entry: NewEntry; operatorId: string | null },
): Promise<PaymentEntry> {
  // Locked again (a no-op when the caller did): the check below must see every committed entry.
  await lockBooking(db, input.booking.id);
  const entries = await listLedgerEntries(db, input.booking.id);
  const refusal = checkLedgerEntry(input.booking, entries, input.entry);
  if (refusal) throw new HttpError(409, refusal);
  const [row] = await db
    .insert(payments)
    .values({
      booking_id: input.booking.id,
      ...input.entry,
      amount: toMinorUnits(input.entry.amount),
      currency: input.booking.currency,
      created_by: input.operatorId,
    })
    .returning();
  if (!row) throw new Error('The entry was not saved');
  return shapePaymentEntry(row);
}

/**
 * Records a payment of what is left to pay (method 'other', received today): what marking a booking paid
 * means now that the status follows the ledger. A 409 when the total is not known or nothing is left.
 */
export async function recordPaidInFull(
  db: Executor,
  input: { booking: StoredBooking; operatorId: string; note: string; today: string },
): Promise<PaymentEntry> {
  const { booking } = input;
  if (!booking.amount_known) {
    throw new HttpError(
      409,
      'The total of this stay is not known: record the payment with its amount instead',
    );
  }
  await lockBooking(db, booking.id);
  const totals = totalLedger(await listLedgerEntries(db, booking.id), booking.currency);
  const kept = makeMoney(totals.payment - totals.refund, booking.currency);
  // What is owed: the total less what credit notes took back of it.
  const total = moneyFromMajor(booking.total_amount, booking.currency);
  const invoicing = (await findStaysInvoicing(db, [booking.id])).get(booking.id) ?? NOT_INVOICED;
  const owed = makeMoney(total.minor - findCreditedMinor(total.minor, invoicing), booking.currency);
  const left = subtractMoney(owed, kept);
  if (left.minor <= 0) throw new HttpError(409, 'Nothing is left to pay on this booking');
  return recordLedgerEntry(db, {
    booking,
    operatorId: input.operatorId,
    entry: {
      kind: 'payment',
      amount: toMajor(left),
      method: 'other',
      received_on: input.today,
      reference: null,
      note: input.note,
      corrects_id: null,
    },
  });
}
