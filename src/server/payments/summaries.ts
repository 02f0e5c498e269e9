import { asc, inArray } from 'drizzle-orm';
import type { StoredBooking } from '../../domain/booking';
import {
  PAYMENT_SETTINGS_DEFAULTS,
  summarizePayments,
  type LedgerEntry,
  type PaymentScheduleSettings,
  type PaymentSummary,
} from '../../domain/payment';
import type { Executor } from '../db/client';
import { payments, paymentSettings } from '../db/schema';
import { findStaysInvoicing } from '../store/invoices';
import { findConfirmedDays } from '../store/payments';

/**
 * The payment summaries of many bookings at once (a page of the list, the dashboard's candidates): four
 * queries whatever their number (their ledgers, their properties' settings, the days they were
 * confirmed, their invoices' and credit notes' totals), then the same summarizePayments as one booking's
 * ledger.
 */
export async function summarizeBookingsPayments(
  db: Executor,
  input: { bookings: readonly StoredBooking[]; today: string },
): Promise<Map<string, PaymentSummary>> {
  const summaries = new Map<string, PaymentSummary>();
  if (input.bookings.length === 0) return summaries;
  const bookingIds = input.bookings.map((booking) => booking.id);
  const propertyIds = [...new Set(input.bookings.map((booking) => booking.property_id))];
  // One after another: a transaction's queries share one connection.
  const entryRows = await db
    .select({
      id: payments.id,
      booking_id: payments.booking_id,
      kind: payments.kind,
      amount: payments.amount,
      currency: payments.currency,
      method: payments.method,
      corrects_id: payments.corrects_id,
    })
    .from(payments)
    .where(inArray(payments.booking_id, bookingIds))
    .orderBy(asc(payments.created_at), asc(payments.id));
  const settingsRows = await db
    .select()
    .from(paymentSettings)
    .where(inArray(paymentSettings.property_id, propertyIds));
  const confirmedOn = await findConfirmedDays(db, bookingIds);
  const invoicing = await findStaysInvoicing(db, bookingIds);
  const entries = new Map<string, LedgerEntry[]>();
  for (const row of entryRows) {
    const list = entries.get(row.booking_id) ?? [];
    list.push(row);
    entries.set(row.booking_id, list);
  }
  const settings = new Map<string, PaymentScheduleSettings>(
    settingsRows.map((row) => [
      row.property_id,
      {
        deposit_percent: row.deposit_percent,
        balance_due_days: row.balance_due_days,
        security_deposit: row.security_deposit,
      },
    ]),
  );
  for (const booking of input.bookings) {
    summaries.set(
      booking.id,
      summarizePayments(
        { ...booking, confirmed_on: confirmedOn.get(booking.id) ?? null },
        entries.get(booking.id) ?? [],
        settings.get(booking.property_id) ?? PAYMENT_SETTINGS_DEFAULTS,
        input.today,
        invoicing.get(booking.id),
      ),
    );
  }
  return summaries;
}
