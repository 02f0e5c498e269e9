import { DomainError } from '../../domain/domain-error';
import { buildCreditNoteDocument, findCreditNoteProblem, INVOICE_NOT_FOUND } from '../../domain/invoice';
import type { MinorUnits } from '../../domain/money';
import { findUnprintableReason, type FindUnprintableCharacters } from '../../domain/printable-text';
import type { Tx } from '../db/client';
import { findBusinessProfile } from '../store/business';
import { appendEvent } from '../store/events';
import { findInvoiceRow, insertInvoice, listCreditNoteRows } from '../store/invoices';
import { lockBooking } from '../store/payments';
import { takeInvoiceNumber } from './take-invoice-number';

/**
 * Issues a credit note against an invoice: all that is left of it, or part (tax included). The invoice's
 * booking is locked first, so two notes at once never take back more than the invoice. Writes
 * `invoice_issued`: the guest's e-mail with the note follows from it. `findUnprintable` is the PDF's check
 * of its fonts.
 */
export async function issueCreditNote(
  tx: Tx,
  input: {
    invoiceId: string;
    operatorId: string;
    issuedOn: string;
    /** Decoded to minor units; null credits all that is left. */
    amount: MinorUnits | null;
    reason: string;
    findUnprintable: FindUnprintableCharacters;
  },
) {
  const invoice = await findInvoiceRow(tx, input.invoiceId);
  if (!invoice) throw new DomainError('invoice_not_found', INVOICE_NOT_FOUND);
  if (invoice.kind === 'credit_note')
    throw new DomainError(
      'credit_note_of_credit_note',
      'A credit note corrects an invoice, not another credit note',
    );
  const booking = (await lockBooking(tx, invoice.booking_id))!;
  const notes = (await listCreditNoteRows(tx, invoice.id)).map((row) => row.document);
  const amountMinor = input.amount;
  const problem = findCreditNoteProblem(invoice.document, notes, amountMinor);
  // About the amount asked for when there is some left; else about the invoice itself.
  if (problem)
    throw new DomainError(
      'credit_note_above_invoice',
      problem,
      amountMinor === null ? {} : { field: 'amount' },
    );
  if (input.issuedOn < invoice.issued_on)
    throw new DomainError(
      'credit_note_before_invoice',
      `A credit note cannot be dated before the invoice it corrects (${invoice.issued_on})`,
      { invoice_issued_on: invoice.issued_on },
    );
  const unprintable = findUnprintableReason(input.reason, input.findUnprintable);
  if (unprintable) throw new DomainError('text_not_printable', unprintable.message, unprintable.params);
  const profile = await findBusinessProfile(tx, input.operatorId);
  const { fiscalYear, sequence, number } = await takeInvoiceNumber(tx, {
    operatorId: input.operatorId,
    prefix: profile.invoice_prefix,
    kind: 'credit_note',
    issuedOn: input.issuedOn,
  });
  const document = buildCreditNoteDocument({
    invoice: invoice.document,
    creditNotes: notes,
    amountMinor,
    number,
    issuedOn: input.issuedOn,
    reason: input.reason,
  });
  const row = await insertInvoice(tx, {
    operatorId: input.operatorId,
    bookingId: invoice.booking_id,
    propertyId: invoice.property_id,
    fiscalYear,
    sequence,
    document,
    correctsInvoiceId: invoice.id,
    createdBy: input.operatorId,
  });
  await appendEvent(tx, { kind: 'invoice_issued', booking_id: booking.id, payload: { invoice_id: row.id } });
  return { row, invoice };
}
