import { and, asc, eq, gte, inArray, lt, notInArray } from 'drizzle-orm';
import { formatBookingReference } from '../../domain/booking';
import { villaToday } from '../../domain/dates';
import { makeMoney, multiplyMoney, sumMoney, toColumnUnits } from '../../domain/money';
import { summarizePayments, type PaymentKind } from '../../domain/payment';
import {
  SOLD_STATUSES,
  type OutstandingBalance,
  type OutstandingBalances,
  type OutstandingQuery,
  type PaymentsCsvQuery,
} from '../../domain/report';
import { shapeBooking } from '../store/bookings';
import type { Executor } from '../db/client';
import { bookings, payments, properties } from '../db/schema';
import { findStaysInvoicing } from '../store/invoices';
import { findPaymentSettings, shapePaymentEntry } from '../store/payments';

/** The operator's active properties (row-level security), or the one asked for. */
const activeProperties = (property: string | undefined) =>
  and(eq(properties.is_active, true), property ? eq(properties.id, property) : undefined);

/**
 * Confirmed and completed stays whose guest still owes something, each with its ledger's summary as of
 * `today`, the soonest due first (then by check-in). Stays the channel collects, and those paid, owe
 * nothing and are left out; the summary has the last word on the rest.
 */
export async function listOutstandingBalances(
  db: Executor,
  input: OutstandingQuery & { today: string },
): Promise<OutstandingBalances> {
  const rows = await db
    .select({ booking: bookings, property_name: properties.name, property_currency: properties.currency })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.property_id))
    .where(
      and(
        activeProperties(input.property),
        inArray(bookings.status, [...SOLD_STATUSES]),
        eq(bookings.amount_known, true),
        notInArray(bookings.payment_status, ['paid', 'channel']),
      ),
    )
    .orderBy(asc(bookings.check_in), asc(bookings.id));
  if (rows.length === 0) return { balances: [], totals: [] };
  const ids = rows.map((row) => row.booking.id);
  const entries = await db
    .select()
    .from(payments)
    .where(inArray(payments.booking_id, ids))
    .orderBy(asc(payments.created_at), asc(payments.id));
  // The day each was confirmed, as the ledger's own summary reads it.
  const confirmedOn = new Map(
    rows.map((row) => [
      row.booking.id,
      row.booking.confirmed_at ? villaToday(row.booking.confirmed_at) : null,
    ]),
  );
  const invoicing = await findStaysInvoicing(db, ids);
  const settingsByProperty = new Map<string, Awaited<ReturnType<typeof findPaymentSettings>>>();
  const balances: OutstandingBalance[] = [];
  for (const row of rows) {
    const booking = shapeBooking(row.booking);
    let settings = settingsByProperty.get(booking.property_id);
    if (!settings) {
      settings = await findPaymentSettings(db, { id: booking.property_id, currency: row.property_currency });
      settingsByProperty.set(booking.property_id, settings);
    }
    const summary = summarizePayments(
      { ...booking, confirmed_on: confirmedOn.get(booking.id) ?? null },
      entries.filter((entry) => entry.booking_id === booking.id).map(shapePaymentEntry),
      settings,
      input.today,
      invoicing.get(booking.id),
    );
    if (summary.balance <= 0) continue;
    balances.push({
      booking_id: booking.id,
      reference: formatBookingReference(booking.id),
      property_id: booking.property_id,
      property_name: row.property_name,
      guest_name: booking.guest_name,
      check_in: booking.check_in,
      check_out: booking.check_out,
      status: booking.status as OutstandingBalance['status'],
      currency: booking.currency,
      total: summary.total,
      paid: summary.net_paid,
      balance: summary.balance,
      next_due: summary.next_due,
      overdue: summary.overdue,
    });
  }
  const dueOn = (balance: OutstandingBalance) => balance.next_due?.date ?? '9999-12-31';
  balances.sort((a, b) => dueOn(a).localeCompare(dueOn(b)) || a.check_in.localeCompare(b.check_in));
  const currencies = [...new Set(balances.map((balance) => balance.currency))].sort();
  const totals = currencies.map((currency) => {
    const of = balances.filter((balance) => balance.currency === currency);
    const sum = (list: OutstandingBalance[]) =>
      toColumnUnits(
        sumMoney(
          list.map((balance) => makeMoney(balance.balance, currency)),
          currency,
        ),
      );
    return { currency, balance: sum(of), overdue: sum(of.filter((balance) => balance.overdue)) };
  });
  return { balances, totals };
}

export type LedgerCsvRow = {
  received_on: string;
  booking_id: string;
  guest_name: string;
  property_name: string;
  kind: PaymentKind;
  method: string;
  reference: string | null;
  note: string | null;
  /** Minor units, signed: money out (refunds, deposits returned) and corrections of money in below 0. */
  signed_minor: number;
  currency: string;
  corrects_id: string | null;
  /** Set on a void (a correction of all of its entry), with its reason. */
  void_reason: string | null;
};

const MONEY_OUT: readonly PaymentKind[] = ['refund', 'security_deposit_returned'];

/** Ledger entries received in [from, to), over the active properties or one, in the order received. */
export async function listLedgerForCsv(db: Executor, query: PaymentsCsvQuery): Promise<LedgerCsvRow[]> {
  const rows = await db
    .select({
      entry: payments,
      guest_name: bookings.guest_name,
      property_name: properties.name,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.booking_id))
    .innerJoin(properties, eq(properties.id, bookings.property_id))
    .where(
      and(
        activeProperties(query.property),
        gte(payments.received_on, query.from),
        lt(payments.received_on, query.to),
      ),
    )
    .orderBy(asc(payments.received_on), asc(payments.created_at), asc(payments.id));
  return rows.map(({ entry, guest_name, property_name }) => {
    const out = MONEY_OUT.includes(entry.kind);
    const sign = (out ? -1 : 1) * (entry.corrects_id ? -1 : 1);
    return {
      received_on: entry.received_on,
      booking_id: entry.booking_id,
      guest_name,
      property_name,
      kind: entry.kind,
      method: entry.method,
      reference: entry.reference,
      note: entry.note,
      signed_minor: multiplyMoney(makeMoney(entry.amount, entry.currency), sign).minor,
      currency: entry.currency,
      corrects_id: entry.corrects_id,
      void_reason: entry.void_reason,
    };
  });
}
