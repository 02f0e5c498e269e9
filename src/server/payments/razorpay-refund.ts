import { checkLedgerEntry } from '../../domain/payment';
import { moneyFromMajor } from '../../domain/money';
import { formatBookingReference } from '../../domain/booking';
import { BOOKING_NOT_FOUND } from '../bookings/routes';
import type { Executor } from '../db/client';
import type { RazorpayConfig } from '../env';
import { HttpError, notFound } from '../http-error';
import { listLedgerEntries, lockBooking, type NewEntry } from './queries';
import { refundRazorpayPayment } from './razorpay';
import { findRazorpayPayment } from './razorpay-queries';

/** Whether a refund the operator asks for is made through Razorpay rather than only recorded. */
export function isRazorpayRefund(entry: Pick<NewEntry, 'kind' | 'method' | 'corrects_id'>): boolean {
  return entry.kind === 'refund' && entry.method === 'razorpay' && !entry.corrects_id;
}

/**
 * Makes a refund through Razorpay and answers the entry to record: Razorpay's refund id as its reference.
 * The ledger is checked first (the booking locked until the transaction ends), so Razorpay is never asked
 * for a refund the ledger would then refuse; when Razorpay fails nothing is recorded. `reference` may name
 * the Razorpay payment (pay_…) to refund; else the booking's latest Razorpay payment is.
 */
export async function makeRazorpayRefund(
  tx: Executor,
  input: { razorpay: RazorpayConfig | null; bookingId: string; entry: NewEntry },
): Promise<NewEntry> {
  if (!input.razorpay) {
    throw new HttpError(
      409,
      'A refund by Razorpay is made through Razorpay, which is not set up on this server. If you refunded it yourself, record it with another method.',
    );
  }
  const booking = await lockBooking(tx, input.bookingId);
  if (!booking) throw notFound(BOOKING_NOT_FOUND);
  const refusal = checkLedgerEntry(booking, await listLedgerEntries(tx, booking.id), input.entry);
  if (refusal) throw new HttpError(409, refusal);
  const named = input.entry.reference?.startsWith('pay_') ? input.entry.reference : undefined;
  const payment = await findRazorpayPayment(tx, { bookingId: booking.id, gatewayPaymentId: named });
  if (!payment?.gateway_payment_id) {
    throw new HttpError(
      409,
      named
        ? `${named} is not a Razorpay payment of this booking`
        : 'This booking has no Razorpay payment to refund through Razorpay',
    );
  }
  const refund = await refundRazorpayPayment(input.razorpay, {
    paymentId: payment.gateway_payment_id,
    amount: moneyFromMajor(input.entry.amount, booking.currency).minor,
    notes: { booking_id: booking.id, booking_reference: formatBookingReference(booking.id) },
  });
  return {
    ...input.entry,
    reference: refund.id,
    gateway_payment_id: refund.id,
    note: input.entry.note ?? `Refund of Razorpay payment ${payment.gateway_payment_id}`,
  };
}
