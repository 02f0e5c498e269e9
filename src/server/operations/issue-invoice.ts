import { BOOKING_NOT_FOUND } from '../../domain/booking';
import { countDaysBetween } from '../../domain/dates';
import { DomainError } from '../../domain/domain-error';
import {
  buildInvoiceDocument,
  chooseInvoiceKind,
  findCreditNoteProblem,
  findInvoiceBands,
  findInvoicedTotal,
  findInvoiceProblem,
  type InvoiceRecipient,
} from '../../domain/invoice';
import type { MinorUnits } from '../../domain/money';
import { findUnprintableDocumentText, type FindUnprintableCharacters } from '../../domain/printable-text';
import type { Tx } from '../db/client';
import { findBookingQuote } from '../store/bookings';
import { findBusinessContact, findBusinessProfile } from '../store/business';
import { appendEvent } from '../store/events';
import { insertInvoice, listBookingInvoiceRows } from '../store/invoices';
import { lockBooking } from '../store/payments';
import { findPricingRules } from '../store/pricing-rules';
import { requireProperty } from '../store/properties';
import { takeInvoiceNumber } from './take-invoice-number';

/**
 * Issues a booking's invoice (or bill of supply, or receipt) in the transaction, numbered in it. The
 * booking is locked first, so two requests for one booking make one invoice; a booking has one invoice
 * at a time (a second only once credit notes took all of the first back). Writes `invoice_issued`: the
 * guest's e-mail with the document follows from it. `findUnprintable` is the PDF's check of its fonts.
 */
export async function issueInvoice(
  tx: Tx,
  input: {
    bookingId: string;
    operatorId: string;
    issuedOn: string;
    recipient: InvoiceRecipient;
    /** A channel stay's amount, decoded to minor units; null for a direct stay. */
    amount: MinorUnits | null;
    findUnprintable: FindUnprintableCharacters;
  },
) {
  const booking = await lockBooking(tx, input.bookingId);
  if (!booking) throw new DomainError('booking_not_found', BOOKING_NOT_FOUND);
  if (booking.is_sample)
    throw new DomainError(
      'sample_not_invoiced',
      'Sample bookings are not invoiced: they are made up to show the product',
    );
  if (booking.status !== 'confirmed' && booking.status !== 'completed')
    throw new DomainError(
      'stay_not_invoiceable',
      `Only confirmed or completed stays are invoiced; this booking is ${booking.status}`,
      { booking_status: booking.status },
    );
  const property = await requireProperty(tx, booking.property_id);
  const profile = await findBusinessProfile(tx, input.operatorId);
  const kind = chooseInvoiceKind({
    registered: profile.registered,
    country: property.country,
    currency: booking.currency,
  });
  const problem = findInvoiceProblem({ profile, kind, property });
  if (problem) throw new DomainError('invoice_details_missing', problem);

  const existing = await listBookingInvoiceRows(tx, booking.id);
  for (const row of existing.filter((entry) => entry.kind !== 'credit_note')) {
    const notes = existing
      .filter((entry) => entry.corrects_invoice_id === row.id)
      .map((entry) => entry.document);
    if (!findCreditNoteProblem(row.document, notes, null))
      throw new DomainError(
        'invoice_already_issued',
        `This booking has ${row.document.title.toLowerCase()} ${row.number} already: to change it, issue a credit note against it first`,
        { invoice_id: row.id, invoice_number: row.number },
      );
  }

  // A channel stay is invoiced only for what the channel paid, which the operator states.
  const fromChannel = booking.booking_source !== 'direct';
  if (fromChannel && input.amount === null)
    throw new DomainError(
      'invoice_amount_required',
      'Give the amount the channel paid you for this stay (tax included): it is what the invoice states',
      { field: 'amount' },
    );
  if (!fromChannel && input.amount !== null)
    throw new DomainError(
      'invoice_amount_not_taken',
      "A direct booking is invoiced for its total: change the booking's total instead",
      { field: 'amount' },
    );
  const totalMinor = findInvoicedTotal({
    fromChannel,
    amount: input.amount,
    bookingTotal: booking.total_amount,
  });
  if (totalMinor <= 0) throw new DomainError('nothing_to_invoice', 'This booking has no total to invoice');

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
    throw new DomainError(
      'recipient_address_required',
      "Give the guest's address: a tax invoice of ₹50,000 or more to a guest without a GSTIN names their address",
      { field: 'recipient.address' },
    );

  const { fiscalYear, sequence, number } = await takeInvoiceNumber(tx, {
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
  const unprintable = findUnprintableDocumentText(document, {
    recipientGiven: input.recipient.name !== null,
    findCharacters: input.findUnprintable,
  });
  if (unprintable) throw new DomainError('text_not_printable', unprintable.message, unprintable.params);
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
  await appendEvent(tx, { kind: 'invoice_issued', booking_id: booking.id, payload: { invoice_id: row.id } });
  return row;
}
