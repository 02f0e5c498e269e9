import { countDaysBetween } from '../../domain/dates';
import {
  buildCreditNoteDocument,
  buildInvoiceDocument,
  chooseInvoiceKind,
  findCreditNoteProblem,
  findFiscalYear,
  findInvoiceBands,
  findInvoiceProblem,
  findInvoiceSeries,
  findMaxSequence,
  formatFiscalYear,
  formatInvoiceNumber,
  type InvoiceRecipient,
} from '../../domain/invoice';
import type { InvoiceKind } from '../../domain/invoice-document';
import { toMinor } from '../../domain/money';
import { findBusinessContact } from '../business/contact-queries';
import { findBusinessProfile } from '../business/queries';
import { findBookingQuote } from '../store/bookings';
import { BOOKING_NOT_FOUND } from '../../domain/booking';
import type { Tx } from '../db/client';
import { HttpError, notFound } from '../http/http-error';
import { lockBooking } from '../store/payments';
import { findPricingRules } from '../store/pricing-rules';
import { requireProperty } from '../store/properties';
import {
  findInvoiceRow,
  insertInvoice,
  listBookingInvoiceRows,
  listCreditNoteRows,
  takeNextSequence,
} from '../store/invoices';
import { appendEvent } from '../store/events';
import { refuseUnprintableDocument, refuseUnprintableReason } from './printable-text';

export const INVOICE_NOT_FOUND = 'Invoice not found';

const conflict = (message: string) => new HttpError(409, message);

/** The next number of a series, or a 409 when the year's numbers of this prefix are used up. */
async function takeNumber(
  tx: Tx,
  input: { operatorId: string; prefix: string; kind: InvoiceKind; issuedOn: string },
) {
  const series = findInvoiceSeries(input.kind);
  const fiscalYear = findFiscalYear(input.issuedOn);
  const sequence = await takeNextSequence(tx, { operatorId: input.operatorId, series, fiscalYear });
  if (sequence > findMaxSequence(input.prefix, series, fiscalYear))
    throw conflict(
      `The numbers of FY ${formatFiscalYear(fiscalYear)} with prefix ${input.prefix} are used up: choose a shorter invoice prefix in your business profile`,
    );
  return { fiscalYear, sequence, number: formatInvoiceNumber(input.prefix, series, fiscalYear, sequence) };
}

/**
 * Issues a booking's invoice (or bill of supply, or receipt) in the transaction, numbered in it. The
 * booking is locked first, so two requests for one booking make one invoice; a booking has one invoice
 * at a time (a second only once credit notes took all of the first back).
 */
export async function issueBookingInvoice(
  tx: Tx,
  input: {
    bookingId: string;
    operatorId: string;
    issuedOn: string;
    recipient: InvoiceRecipient;
    amount: number | null;
  },
) {
  const booking = await lockBooking(tx, input.bookingId);
  if (!booking) throw notFound(BOOKING_NOT_FOUND);
  if (booking.is_sample)
    throw conflict('Sample bookings are not invoiced: they are made up to show the product');
  if (booking.status !== 'confirmed' && booking.status !== 'completed')
    throw conflict(`Only confirmed or completed stays are invoiced; this booking is ${booking.status}`);
  const property = await requireProperty(tx, booking.property_id);
  const profile = await findBusinessProfile(tx, input.operatorId);
  const kind = chooseInvoiceKind({
    registered: profile.registered,
    country: property.country,
    currency: booking.currency,
  });
  const problem = findInvoiceProblem({ profile, kind, property });
  if (problem) throw conflict(problem);

  const existing = await listBookingInvoiceRows(tx, booking.id);
  for (const row of existing.filter((entry) => entry.kind !== 'credit_note')) {
    const notes = existing
      .filter((entry) => entry.corrects_invoice_id === row.id)
      .map((entry) => entry.document);
    if (!findCreditNoteProblem(row.document, notes, null))
      throw conflict(
        `This booking has ${row.document.title.toLowerCase()} ${row.number} already: to change it, issue a credit note against it first`,
      );
  }

  // A channel stay is invoiced only for what the channel paid, which the operator states.
  const fromChannel = booking.booking_source !== 'direct';
  if (fromChannel && input.amount === null)
    throw new HttpError(
      400,
      'Give the amount the channel paid you for this stay (tax included): it is what the invoice states',
      {},
      {
        field: 'amount',
      },
    );
  if (!fromChannel && input.amount !== null)
    throw new HttpError(
      400,
      "A direct booking is invoiced for its total: change the booking's total instead",
      {},
      {
        field: 'amount',
      },
    );
  const totalMinor = fromChannel ? toMinor(input.amount!) : toMinor(booking.total_amount);
  if (totalMinor <= 0) throw conflict('This booking has no total to invoice');

  const nights = countDaysBetween(booking.check_in, booking.check_out);
  const bands =
    kind === 'tax_invoice'
      ? findInvoiceBands({
          quote: fromChannel ? null : await findBookingQuote(tx, booking.id),
          totalMinor,
          nights,
          taxes: (await findPricingRules(tx, property.id)).taxes,
        })
      : [];
  const taxable = bands.reduce((sum, band) => sum + band.taxable, 0);
  if (kind === 'tax_invoice' && !input.recipient.gstin && taxable >= 50_000_00 && !input.recipient.address)
    throw new HttpError(
      400,
      "Give the guest's address: a tax invoice of ₹50,000 or more to a guest without a GSTIN names their address",
      {},
      { field: 'recipient.address' },
    );

  const { fiscalYear, sequence, number } = await takeNumber(tx, {
    operatorId: input.operatorId,
    prefix: profile.invoice_prefix,
    kind,
    issuedOn: input.issuedOn,
  });
  const document = buildInvoiceDocument({
    kind,
    number,
    issuedOn: input.issuedOn,
    currency: booking.currency,
    totalMinor,
    bands,
    profile,
    contact: await findBusinessContact(tx, input.operatorId),
    recipient: input.recipient,
    booking,
    property,
    nights,
  });
  refuseUnprintableDocument(document, { recipientGiven: input.recipient.name !== null });
  const row = await insertInvoice(tx, {
    operatorId: input.operatorId,
    bookingId: booking.id,
    propertyId: property.id,
    fiscalYear,
    sequence,
    document,
    correctsInvoiceId: null,
    createdBy: input.operatorId,
  });
  // The guest's e-mail with the document follows from it.
  await appendEvent(tx, { kind: 'invoice_issued', booking_id: booking.id, payload: { invoice_id: row.id } });
  return row;
}

/**
 * Issues a credit note against an invoice: all that is left of it, or part (tax included). The invoice's
 * booking is locked first, so two notes at once never take back more than the invoice.
 */
export async function issueInvoiceCreditNote(
  tx: Tx,
  input: {
    invoiceId: string;
    operatorId: string;
    issuedOn: string;
    amount: number | null;
    reason: string;
  },
) {
  const invoice = await findInvoiceRow(tx, input.invoiceId);
  if (!invoice) throw notFound(INVOICE_NOT_FOUND);
  if (invoice.kind === 'credit_note')
    throw conflict('A credit note corrects an invoice, not another credit note');
  const booking = (await lockBooking(tx, invoice.booking_id))!;
  const notes = (await listCreditNoteRows(tx, invoice.id)).map((row) => row.document);
  const amountMinor = input.amount === null ? null : toMinor(input.amount);
  const problem = findCreditNoteProblem(invoice.document, notes, amountMinor);
  // About the amount asked for when there is some left; else about the invoice itself.
  if (problem) throw new HttpError(409, problem, {}, amountMinor === null ? undefined : { field: 'amount' });
  if (input.issuedOn < invoice.issued_on)
    throw conflict(`A credit note cannot be dated before the invoice it corrects (${invoice.issued_on})`);
  refuseUnprintableReason(input.reason);
  const profile = await findBusinessProfile(tx, input.operatorId);
  const { fiscalYear, sequence, number } = await takeNumber(tx, {
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
