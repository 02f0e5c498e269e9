import { BOOKING_NOT_FOUND } from '../../domain/booking';
import { DomainError } from '../../domain/domain-error';
import type { PaymentSummary } from '../../domain/payment';
import { findBooking } from '../store/bookings';
import type { Tx } from '../db/client';
import { readLedger } from '../store/payments';
import { requireProperty } from '../store/properties';

/**
 * A booking's ledger summary as of now: the booking read again, for the payment status the database derived
 * from its latest entry.
 */
export async function readLedgerSummary(tx: Tx, bookingId: string, today: string): Promise<PaymentSummary> {
  const booking = await findBooking(tx, bookingId);
  if (!booking) throw new DomainError('booking_not_found', BOOKING_NOT_FOUND);
  const property = await requireProperty(tx, booking.property_id);
  return (await readLedger(tx, { booking, property, today })).summary;
}
