import { BOOKING_NOT_FOUND } from '../../domain/booking';
import { DomainError } from '../../domain/domain-error';
import { planVoid } from '../../domain/payment';
import type { Tx } from '../db/client';
import { listLedgerEntries, lockBooking } from '../store/payments';
import { addLedgerEntry } from './add-ledger-entry';
import { readLedgerSummary } from './read-ledger-summary';
import type { RecordedPayment } from './record-payment';

export const ENTRY_NOT_FOUND = "That entry is not in this booking's ledger";

/**
 * Voids an entry recorded by mistake (planVoid says which may be): a correction of all that is left of it,
 * dated the day it was received, with the reason; the activity log has its author. Nothing is edited or
 * deleted, so every total drops the entry. The booking is locked once for the check and the insert.
 */
export async function voidPayment(
  tx: Tx,
  input: { bookingId: string; entryId: string; reason: string; operatorId: string; today: string },
): Promise<RecordedPayment> {
  const booking = await lockBooking(tx, input.bookingId);
  if (!booking) throw new DomainError('booking_not_found', BOOKING_NOT_FOUND);
  const entries = await listLedgerEntries(tx, booking.id);
  const plan = planVoid(booking, entries, input.entryId);
  if (!plan) throw new DomainError('entry_not_found', ENTRY_NOT_FOUND, { entry_id: input.entryId });
  if ('refusal' in plan) throw new DomainError('entry_not_voidable', plan.refusal);
  const entry = await addLedgerEntry(tx, {
    booking,
    locked: true,
    entries,
    operatorId: input.operatorId,
    entry: {
      kind: plan.entry.kind,
      amount: plan.amount,
      method: plan.entry.method,
      received_on: plan.entry.received_on,
      reference: null,
      note: null,
      corrects_id: plan.entry.id,
      void_reason: input.reason,
    },
  });
  return { entry, summary: await readLedgerSummary(tx, booking.id, input.today) };
}
