import { BOOKING_NOT_FOUND, type PaymentStatus, type StoredBooking } from '../../domain/booking';
import { DomainError } from '../../domain/domain-error';
import {
  formatMoney,
  makeMoney,
  moneyFromMajor,
  subtractMoney,
  toColumnUnits,
  type MinorUnits,
} from '../../domain/money';
import {
  findCreditedMinor,
  isChannelCollected,
  NOT_INVOICED,
  PAYMENT_STATUS_BY_HAND_MESSAGE,
  totalLedger,
  type PaymentEntry,
  type PaymentMethod,
} from '../../domain/payment';
import type { Tx } from '../db/client';
import { findStaysInvoicing } from '../store/invoices';
import { listLedgerEntries, lockBooking } from '../store/payments';
import { addLedgerEntry } from './add-ledger-entry';
import { appendEvent } from '../store/events';

type PaidInFull = {
  operatorId: string;
  today: string;
  method?: PaymentMethod;
  reference?: string | null;
  /** The balance the operator was shown: it must still be what is left. */
  expected?: MinorUnits;
  confirmDuplicateReference?: boolean;
};

/**
 * Marks a booking paid, which now that the status follows the ledger means recording a payment of what is
 * left to pay, received today, and writing `payment_recorded` (the guest's receipt follows). Asking for the
 * status the booking has changes nothing; no other status can be set by hand.
 */
export async function markBookingPaid(
  tx: Tx,
  input: PaidInFull & { bookingId: string; wanted: PaymentStatus },
): Promise<void> {
  const booking = await lockBooking(tx, input.bookingId);
  if (!booking) throw new DomainError('booking_not_found', BOOKING_NOT_FOUND);
  if (booking.payment_status === input.wanted) return;
  if (input.wanted !== 'paid')
    throw new DomainError('payment_status_by_hand', PAYMENT_STATUS_BY_HAND_MESSAGE);
  const entry = await recordBalancePaid(tx, booking, { ...input, note: 'Marked paid' });
  await appendEvent(tx, {
    kind: 'payment_recorded',
    booking_id: booking.id,
    payload: { entry_id: entry.id },
  });
}

/**
 * Records a payment of what is left to pay on a booking the caller locked (lockBooking): by the method and
 * with the reference given (unset: 'other', none), held to the checks of a hand. Also what a booking added
 * as paid records.
 */
export async function recordBalancePaid(
  tx: Tx,
  booking: StoredBooking,
  input: PaidInFull & { note: string },
): Promise<PaymentEntry> {
  if (!booking.amount_known)
    throw new DomainError(
      'total_not_known',
      'The total of this stay is not known: record the payment with its amount instead',
    );
  if (isChannelCollected(booking.booking_source))
    throw new DomainError(
      'channel_collects_payment',
      "The channel collects this stay's payment: record its payout in Payments, with method 'Paid out by the channel'",
    );
  const entries = await listLedgerEntries(tx, booking.id);
  const totals = totalLedger(entries);
  const kept = makeMoney(totals.payment - totals.refund, booking.currency);
  // What is owed: the total less what credit notes took back of it.
  const total = moneyFromMajor(booking.total_amount, booking.currency);
  const invoicing = (await findStaysInvoicing(tx, [booking.id])).get(booking.id) ?? NOT_INVOICED;
  const owed = makeMoney(total.minor - findCreditedMinor(total.minor, invoicing), booking.currency);
  const left = subtractMoney(owed, kept);
  if (left.minor <= 0) throw new DomainError('nothing_left_to_pay', 'Nothing is left to pay on this booking');
  if (input.expected !== undefined && input.expected !== left.minor) {
    throw new DomainError(
      'balance_changed',
      `The balance is now ${formatMoney(left)}, not ${formatMoney(makeMoney(input.expected, booking.currency))}: look at it again before marking the booking paid`,
      { balance: left },
    );
  }
  return addLedgerEntry(tx, {
    booking,
    locked: true,
    entries,
    operatorId: input.operatorId,
    confirmDuplicateReference: input.confirmDuplicateReference,
    entry: {
      kind: 'payment',
      amount: toColumnUnits(left),
      method: input.method ?? 'other',
      received_on: input.today,
      reference: input.reference ?? null,
      note: input.note,
      corrects_id: null,
    },
  });
}
