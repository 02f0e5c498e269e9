import { BOOKING_NOT_FOUND } from '../../domain/booking';
import { DomainError } from '../../domain/domain-error';
import type { PaymentEntry, PaymentSummary } from '../../domain/payment';
import type { Tx } from '../db/client';
import { checkRefundAgainstLedger } from '../store/gateway-refunds';
import { listLedgerEntries, lockBooking, type NewEntry } from '../store/payments';
import { addLedgerEntry } from './add-ledger-entry';
import { appendEvent } from '../store/events';
import { readLedgerSummary } from './read-ledger-summary';

export type RecordedPayment = { entry: PaymentEntry; summary: PaymentSummary };

/**
 * Records money received or paid back by hand on a stay's ledger (a payment, a refund not made through
 * Razorpay, a security deposit held or returned, or a correction of one), with the booking locked once for
 * the checks and the insert, and writes `payment_recorded` in the same transaction: the guest's receipt
 * follows from it. The summary is read after the insert, with the payment status the database derived.
 */
export async function recordPayment(
  tx: Tx,
  input: {
    bookingId: string;
    operatorId: string;
    entry: NewEntry;
    confirmDuplicateReference?: boolean;
    today: string;
  },
): Promise<RecordedPayment> {
  const booking = await lockBooking(tx, input.bookingId);
  if (!booking) throw new DomainError('booking_not_found', BOOKING_NOT_FOUND);
  const entries = await listLedgerEntries(tx, booking.id);
  // A refund by hand is checked against refunds still pending at Razorpay too: they may yet be made.
  if (input.entry.kind === 'refund' && !input.entry.corrects_id) {
    const refusal = await checkRefundAgainstLedger(tx, booking, input.entry);
    if (refusal) throw new DomainError('entry_does_not_fit_ledger', refusal);
  }
  const entry = await addLedgerEntry(tx, {
    booking,
    entry: input.entry,
    locked: true,
    entries,
    operatorId: input.operatorId,
    confirmDuplicateReference: input.confirmDuplicateReference,
  });
  await appendEvent(tx, {
    kind: 'payment_recorded',
    booking_id: booking.id,
    payload: { entry_id: entry.id },
  });
  return { entry, summary: await readLedgerSummary(tx, booking.id, input.today) };
}
