import { formatBookingReference, type StoredBooking } from '../../domain/booking';
import { DomainError } from '../../domain/domain-error';
import { formatMoney, makeMoney } from '../../domain/money';
import {
  checkLedgerEntry,
  describeIncomingExcess,
  findIncomingExcess,
  readGatewayPaymentId,
  type PaymentEntry,
  type PaymentKind,
} from '../../domain/payment';
import type { Tx } from '../db/client';
import { findPaymentByGatewayId } from '../store/payment-links';
import {
  findEntryWithReference,
  findPaymentSettings,
  insertLedgerEntry,
  isGatewayIdTaken,
  listLedgerEntries,
  lockBooking,
  type NewEntry,
} from '../store/payments';

/** Who records an entry: the operator by hand (held to the checks of a hand), or a gateway's report. */
export type EntryRecorder =
  | { operatorId: string; confirmDuplicateReference?: boolean }
  | { operatorId: null; confirmDuplicateReference?: undefined };

function refuseGatewayPaymentRecorded(id: string, held?: { id: string; booking_id: string }): never {
  throw new DomainError(
    'gateway_payment_recorded',
    held
      ? `Razorpay payment ${id} is already recorded, on booking ${formatBookingReference(held.booking_id)}`
      : `Razorpay payment ${id} is already recorded`,
    {
      gateway_payment_id: id,
      ...(held
        ? {
            booking_id: held.booking_id,
            booking_reference: formatBookingReference(held.booking_id),
            entry_id: held.id,
          }
        : {}),
    },
  );
}

/**
 * The checks of an entry recorded by hand, besides the ledger's own: a Razorpay payment named by its id
 * (pay_…) is that payment, recorded once; a reference already in the operator's ledger is recorded again
 * only when confirmed; money in is at most what is left of the stay's total and security deposit.
 */
async function checkEntryByHand(
  db: Tx,
  input: {
    booking: StoredBooking;
    entries: readonly PaymentEntry[];
    entry: NewEntry;
    confirmDuplicateReference: boolean;
  },
): Promise<NewEntry> {
  const { booking, entry } = input;
  // Money back is the refund path's own (a Razorpay refund names the payment it refunds).
  if (entry.kind !== 'payment' && entry.kind !== 'security_deposit_held') return entry;
  const gatewayPaymentId = entry.corrects_id || entry.kind !== 'payment' ? null : readGatewayPaymentId(entry);
  if (gatewayPaymentId) {
    const held = await findPaymentByGatewayId(db, gatewayPaymentId);
    if (held) refuseGatewayPaymentRecorded(gatewayPaymentId, held);
  }
  if (entry.reference && !entry.corrects_id && !input.confirmDuplicateReference) {
    const found = await findEntryWithReference(db, entry.reference);
    if (found) {
      const amount = makeMoney(found.entry.amount, found.entry.currency);
      // The details of DuplicateReferenceSchema, the amount encoded at the edge.
      const params = {
        reference: entry.reference,
        booking_id: found.entry.booking_id,
        booking_reference: formatBookingReference(found.entry.booking_id),
        guest_name: found.guest_name,
        entry_id: found.entry.id,
        amount,
        currency: found.entry.currency,
        received_on: found.entry.received_on,
      };
      throw new DomainError(
        'duplicate_reference',
        `Reference ${entry.reference} is already in your ledger: ${PAYMENT_KIND_WORDS[found.entry.kind]} of ${formatMoney(amount)} received ${found.entry.received_on}, booking ${params.booking_reference} (${found.guest_name}). Send confirm_duplicate_reference: true to record it again.`,
        params,
      );
    }
  }
  const settings = await findPaymentSettings(db, { id: booking.property_id, currency: booking.currency });
  const excess = findIncomingExcess(booking, input.entries, settings, entry);
  if (excess) {
    throw new DomainError('payment_above_balance', describeIncomingExcess(excess), { ...excess });
  }
  return { ...entry, gateway_payment_id: gatewayPaymentId ?? entry.gateway_payment_id ?? null };
}

const PAYMENT_KIND_WORDS: Record<PaymentKind, string> = {
  payment: 'a payment',
  refund: 'a refund',
  security_deposit_held: 'a security deposit held',
  security_deposit_returned: 'a security deposit returned',
};

/**
 * Adds an entry to a booking's ledger, in the caller's transaction, after locking the booking and checking
 * the entry against its ledger (a 409 in words, with a code, when it does not fit), and, recorded by hand,
 * against the checks of a hand (checkEntryByHand). The database checks the ledger's rules again and
 * derives the booking's payment_status in the same transaction.
 */
export async function addLedgerEntry(
  db: Tx,
  input: {
    booking: StoredBooking;
    entry: NewEntry;
    /** The caller locked the booking (lockBooking) in this transaction; else it is locked here. */
    locked?: boolean;
    /** The ledger as read under that lock, when the caller has it. */
    entries?: PaymentEntry[];
  } & EntryRecorder,
): Promise<PaymentEntry> {
  // The check below must see every committed entry: the booking is locked before the ledger is read.
  if (!input.locked) await lockBooking(db, input.booking.id);
  const entries = input.entries ?? (await listLedgerEntries(db, input.booking.id));
  const refusal = checkLedgerEntry(input.booking, entries, input.entry);
  if (refusal) throw new DomainError('entry_does_not_fit_ledger', refusal);
  const entry =
    input.operatorId === null
      ? input.entry
      : await checkEntryByHand(db, {
          booking: input.booking,
          entries,
          entry: input.entry,
          confirmDuplicateReference: input.confirmDuplicateReference ?? false,
        });
  try {
    return await insertLedgerEntry(db, { booking: input.booking, entry, operatorId: input.operatorId });
  } catch (error) {
    // Another operator's ledger holds it (unseen here), or the webhook recorded it a moment ago: the
    // webhook's caller answers 'duplicate' from this same refusal.
    if (input.operatorId !== null && entry.gateway_payment_id && isGatewayIdTaken(error)) {
      refuseGatewayPaymentRecorded(entry.gateway_payment_id);
    }
    throw error;
  }
}
