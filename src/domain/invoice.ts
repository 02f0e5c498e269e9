import { z } from 'zod';
import { writeAmountInWords } from './amount-in-words';
import { formatBookingReference, MAX_BOOKING_TOTAL } from './booking';
import { isInIndia } from './property';
import { ADDRESS_LINES_MAX, type BusinessProfile } from './business-profile';
import { formatStayDates } from './dates';
import { isoDate, optionalText, requiredText } from './fields';
import { GST_STATES, gstinProblem, isGstStateCode } from './gstin';
import {
  ACCOMMODATION_SAC,
  type InvoiceDocument,
  type InvoiceKind,
  type InvoiceLine,
  type InvoiceParty,
  type TaxSplit,
} from './invoice-document';
import {
  allocateMoney,
  formatMoney,
  hasWholeMinorUnits,
  makeMoney,
  scaleMinor,
  toMinor,
  type MinorUnits,
} from './money';
import { INDIAN_GST, toBasisPoints, type StayQuote, type Tax } from './pricing';
import { AmountSchema, wireAmount } from './wire-amount';

/**
 * Invoices from bookings, as Indian law asks of them: a tax invoice (CGST Rule 46) from a registered
 * operator, a bill of supply from one who is not, a receipt for a stay outside India, and credit notes that
 * correct an invoice. Pure functions: the server supplies the booking, the profile and the number.
 */

/** The refusal for an invoice that does not exist or is another operator's (the same words for both). */
export const INVOICE_NOT_FOUND = 'Invoice not found';

/** Each series is numbered on its own: invoices (and bills of supply), credit notes, receipts. */
export const INVOICE_SERIES = ['invoice', 'credit_note', 'receipt'] as const;
export type InvoiceSeries = (typeof INVOICE_SERIES)[number];

export const INVOICE_NUMBER_MAX_LENGTH = 16;
const SERIES_MARK: Record<InvoiceSeries, string> = { invoice: '', credit_note: 'C', receipt: 'R' };
const MIN_SEQUENCE_DIGITS = 4;

/** The series a kind of document is numbered in. */
export function findInvoiceSeries(kind: InvoiceKind): InvoiceSeries {
  return kind === 'credit_note' ? 'credit_note' : kind === 'receipt' ? 'receipt' : 'invoice';
}

/** A document's PDF file name: its number, its slashes made dashes (SV/2627/0001 → SV-2627-0001.pdf). */
export function formatInvoiceFileName(number: string): string {
  return `${number.replaceAll('/', '-')}.pdf`;
}

/** The financial year (April to March) a date falls in, named by the year it starts: 2027-03-31 → 2026. */
export function findFiscalYear(date: string): number {
  const year = Number(date.slice(0, 4));
  return Number(date.slice(5, 7)) >= 4 ? year : year - 1;
}

/** "2026-27", as a financial year is written. */
export function formatFiscalYear(fiscalYear: number): string {
  return `${fiscalYear}-${String((fiscalYear + 1) % 100).padStart(2, '0')}`;
}

function fixedPart(prefix: string, series: InvoiceSeries, fiscalYear: number): string {
  const years = `${String(fiscalYear % 100).padStart(2, '0')}${String((fiscalYear + 1) % 100).padStart(2, '0')}`;
  return `${prefix}/${years}${SERIES_MARK[series]}/`;
}

/** The highest sequence a series can number in a year: a number is at most 16 characters (Rule 46). */
export function findMaxSequence(prefix: string, series: InvoiceSeries, fiscalYear: number): number {
  return 10 ** (INVOICE_NUMBER_MAX_LENGTH - fixedPart(prefix, series, fiscalYear).length) - 1;
}

/**
 * "INV/2627/0001" (an invoice), "INV/2627C/0001" (a credit note), "INV/2627R/0001" (a receipt); with a
 * 6-character prefix, "ABCDEF/2627C/001", so it stays within 16 characters.
 */
export function formatInvoiceNumber(
  prefix: string,
  series: InvoiceSeries,
  fiscalYear: number,
  sequence: number,
): string {
  const fixed = fixedPart(prefix, series, fiscalYear);
  // Four digits where they fit; a 6-character prefix leaves a credit note or a receipt room for three.
  const digits = Math.min(MIN_SEQUENCE_DIGITS, INVOICE_NUMBER_MAX_LENGTH - fixed.length);
  const number = `${fixed}${String(sequence).padStart(digits, '0')}`;
  if (number.length > INVOICE_NUMBER_MAX_LENGTH)
    throw new RangeError(`Invoice number ${number} is longer than ${INVOICE_NUMBER_MAX_LENGTH} characters`);
  return number;
}

/** The document a stay gets: a receipt outside India, a bill of supply when not registered for GST. */
export function chooseInvoiceKind(input: {
  registered: boolean;
  country: string;
  currency: string;
}): Exclude<InvoiceKind, 'credit_note'> {
  if (!isInIndia(input.country) || input.currency !== 'INR') return 'receipt';
  return input.registered ? 'tax_invoice' : 'bill_of_supply';
}

/** Each document's title, as it heads the PDF (the guest's e-mail names it in their language). */
export const INVOICE_TITLES: Record<InvoiceKind, string> = {
  tax_invoice: 'Tax Invoice',
  bill_of_supply: 'Bill of Supply',
  receipt: 'Receipt',
  credit_note: 'Credit Note',
};

/** Above this value (₹50,000), a tax invoice names an unregistered guest's address and state (Rule 46(e)). */
export const RECIPIENT_ADDRESS_FROM_MINOR = 50_000_00;

/** Recipient details the operator may add: a business guest's company and GSTIN make a B2B invoice. */
export const InvoiceRecipientSchema = z
  .object({
    name: optionalText('Recipient name', { max: 200, name: true }),
    address: optionalText('Recipient address', { max: 500, multiline: true, maxLines: ADDRESS_LINES_MAX }),
    state_code: optionalText('Recipient state', { max: 2 }).refine(
      (value) => value === null || isGstStateCode(value),
      { message: 'Recipient state must be a GST state code such as 27 (Maharashtra)' },
    ),
    gstin: optionalText('Recipient GSTIN', { max: 15 })
      .transform((value) => (value ? value.toUpperCase() : null))
      .superRefine((value, context) => {
        const problem = value ? gstinProblem(value, null) : undefined;
        if (problem) context.addIssue({ code: 'custom', message: `Recipient GSTIN: ${problem}` });
      }),
  })
  .superRefine((recipient, context) => {
    if (recipient.gstin && !recipient.name)
      context.addIssue({
        code: 'custom',
        path: ['name'],
        message: 'A recipient with a GSTIN needs its registered (company) name',
      });
    if (recipient.gstin && !recipient.address)
      context.addIssue({
        code: 'custom',
        path: ['address'],
        message: 'A recipient with a GSTIN needs its registered address',
      });
  });
export type InvoiceRecipientInput = z.input<typeof InvoiceRecipientSchema>;
export type InvoiceRecipient = z.output<typeof InvoiceRecipientSchema>;

/**
 * The amount an invoice or a credit note is issued for, tax included (major units in JSON, minor units
 * once decoded); null when it is left out.
 */
const DocumentAmountSchema = wireAmount(
  z
    .number({ error: 'Amount must be a number' })
    .positive('Amount must be more than 0')
    .max(MAX_BOOKING_TOTAL, `Amount must be at most ${MAX_BOOKING_TOTAL.toLocaleString('en-IN')}`)
    .refine(hasWholeMinorUnits, { message: 'Amount can have at most two decimals' }),
)
  .nullish()
  .transform((value) => value ?? null);

export const IssueInvoiceSchema = z.object({
  recipient: InvoiceRecipientSchema.default({ name: null, address: null, state_code: null, gstin: null }),
  amount: DocumentAmountSchema.describe(
    "A channel stay only: what the channel paid, tax included (a direct stay's is its total)",
  ),
});
export type IssueInvoiceInput = z.input<typeof IssueInvoiceSchema>;

export const CREDIT_NOTE_REASON_MAX = 200;
export const IssueCreditNoteSchema = z.object({
  amount: DocumentAmountSchema.describe('Tax included; leave out to credit all that is left of the invoice'),
  // Printed on the note, in the guest's e-mail and in the register: typed text, line breaks but no controls.
  reason: requiredText('Reason', {
    max: CREDIT_NOTE_REASON_MAX,
    multiline: true,
    maxLines: 4,
    required: 'Reason is required: e.g. "Refund of the deposit" or "Stay cancelled"',
  }),
});
export type IssueCreditNoteInput = z.input<typeof IssueCreditNoteSchema>;

/**
 * What a stay is invoiced for, in minor units: what the channel paid for a channel's stay (the decoded
 * request amount), else the booking's total, which bookings still hold in major units.
 */
export function findInvoicedTotal(input: {
  fromChannel: boolean;
  amount: MinorUnits | null;
  bookingTotal: number;
}): MinorUnits {
  return input.fromChannel ? input.amount! : (toMinor(input.bookingTotal) as MinorUnits);
}

/** One rate band of a stay: its taxable value, its tax and the nights charged at it (when known). */
export type InvoiceBand = { rateBp: number; taxable: number; tax: number; nights: number | null };

const isGst = (name: string) => /gst/i.test(name);

/**
 * The stay's rate bands. From the quote the guest accepted when its total is still the booking's total:
 * its GST at each rate, with what the quote charged outside GST as a band at 0 %. Otherwise (no quote, a
 * total changed since, a channel's payout) the amount counts as tax included, at the rate its average night
 * falls in under the property's GST (or India's).
 */
export function findInvoiceBands(input: {
  quote: StayQuote | null;
  totalMinor: number;
  nights: number;
  taxes: readonly Tax[];
}): InvoiceBand[] {
  const { quote, totalMinor, nights } = input;
  if (quote && toMinor(quote.total) === totalMinor) {
    const byRate = new Map<number, InvoiceBand>();
    for (const tax of quote.taxes.filter((entry) => isGst(entry.name))) {
      const rateBp = toBasisPoints(tax.rate);
      const band = byRate.get(rateBp) ?? {
        rateBp,
        taxable: toMinor(tax.base),
        tax: 0,
        nights: tax.nights ?? null,
      };
      band.tax += toMinor(tax.amount);
      byRate.set(rateBp, band);
    }
    const bands = [...byRate.values()].sort((a, b) => a.rateBp - b.rateBp);
    if (bands.length === 1 && bands[0]!.nights === null) bands[0]!.nights = nights;
    const rest = totalMinor - bands.reduce((sum, band) => sum + band.taxable + band.tax, 0);
    if (rest > 0 || bands.length === 0)
      bands.unshift({ rateBp: 0, taxable: rest, tax: 0, nights: bands.length === 0 ? nights : 0 });
    return bands.filter((band) => band.taxable > 0 || band.tax > 0 || bands.length === 1);
  }
  const gst = input.taxes.find((tax) => isGst(tax.name)) ?? INDIAN_GST;
  const perNight = Math.round(totalMinor / Math.max(1, nights));
  // The band whose limit the night's value before tax does not pass.
  const band =
    gst.bands.find(
      (entry) =>
        entry.up_to === null ||
        scaleMinor(perNight, 10_000, 10_000 + toBasisPoints(entry.rate)) <= toMinor(entry.up_to),
    ) ?? gst.bands.at(-1)!;
  const rateBp = toBasisPoints(band.rate);
  const taxable = scaleMinor(totalMinor, 10_000, 10_000 + rateBp);
  return [{ rateBp, taxable, tax: totalMinor - taxable, nights }];
}

/** A tax split between CGST and SGST, or all IGST (for a line whose taxable value it does not change). */
function splitTax(tax: number, split: TaxSplit) {
  if (split === 'inter_state') return { cgst_minor: 0, sgst_minor: 0, igst_minor: tax };
  if (split === 'none') return { cgst_minor: 0, sgst_minor: 0, igst_minor: 0 };
  const cgst = Math.ceil(tax / 2);
  return { cgst_minor: cgst, sgst_minor: tax - cgst, igst_minor: 0 };
}

/**
 * A line's value and tax. Within a state, CGST and SGST are charged at equal rates, so they are equal
 * amounts: each is computed on the taxable value at half the rate and rounded, and the taxable value is what
 * is left of the line's total (which the guest pays, and never changes), a paisa off at most.
 */
function splitLine(band: { taxable: number; tax: number; rateBp: number }, split: TaxSplit): LineAmounts {
  const total = band.taxable + band.tax;
  if (split !== 'intra_state' || band.tax === 0) {
    return { taxable_minor: band.taxable, ...splitTax(band.tax, split), total_minor: total };
  }
  const half = scaleMinor(band.taxable, band.rateBp, 20_000);
  return {
    taxable_minor: total - 2 * half,
    cgst_minor: half,
    sgst_minor: half,
    igst_minor: 0,
    total_minor: total,
  };
}

function formatRate(rateBp: number): string {
  return `${rateBp / 100}%`;
}

type StayFacts = {
  booking: {
    id: string;
    guest_name: string;
    check_in: string;
    check_out: string;
    guests_count: number | null;
    booking_source: string;
  };
  property: { name: string; address: string; city: string; country: string; state_code: string | null };
  nights: number;
};

function describeStay(stay: StayFacts, band: { nights: number | null; rateBp: number }, kind: InvoiceKind) {
  const nights = band.nights === null ? '' : `, ${band.nights} night${band.nights === 1 ? '' : 's'}`;
  const at = kind === 'tax_invoice' && band.rateBp > 0 ? ` (GST ${formatRate(band.rateBp)})` : '';
  const service = band.rateBp === 0 && kind === 'tax_invoice' ? 'Other charges' : 'Accommodation';
  return `${service} at ${stay.property.name}${nights}, ${formatStayDates(stay.booking.check_in, stay.booking.check_out)}${at}`;
}

function stateOf(code: string | null) {
  return code
    ? { state_code: code, state_name: GST_STATES[code] ?? code }
    : { state_code: null, state_name: null };
}

/** Why an invoice cannot be made for this stay under this profile, or undefined. */
export function findInvoiceProblem(input: {
  profile: BusinessProfile;
  kind: InvoiceKind;
  property: StayFacts['property'];
}): string | undefined {
  if (!input.profile.saved || !input.profile.legal_name)
    return 'Fill in your business profile first (Account, Business): an invoice names the business that issues it';
  if (input.kind === 'receipt') return undefined;
  if (!input.property.state_code)
    return `Set the state of ${input.property.name} first (edit the property): it is the place of supply on its invoices`;
  if (input.kind === 'tax_invoice' && input.profile.gstins.length === 0)
    return 'Add a GSTIN to your business profile: a tax invoice carries the GSTIN of the business';
  return undefined;
}

/**
 * A stay's invoice, bill of supply or receipt, whole. Accommodation's place of supply is where the
 * property is; the supplier's GSTIN is its registration in that state (CGST and SGST), else its first
 * (IGST, as a supply from another state).
 */
export function buildInvoiceDocument(
  input: StayFacts & {
    kind: Exclude<InvoiceKind, 'credit_note'>;
    number: string;
    issuedOn: string;
    currency: string;
    totalMinor: number;
    bands: readonly InvoiceBand[];
    profile: BusinessProfile;
    /** How the guest reaches the business (the contact settings), printed under the supplier. */
    contact?: { phone: string; email: string };
    recipient: InvoiceRecipient;
  },
): InvoiceDocument {
  const { kind, profile, property } = input;
  const placeCode = kind === 'receipt' ? null : property.state_code;
  const registration =
    kind === 'tax_invoice'
      ? (profile.gstins.find((entry) => entry.state_code === placeCode) ?? profile.gstins[0] ?? null)
      : null;
  const taxSplit: TaxSplit =
    kind !== 'tax_invoice' ? 'none' : registration?.state_code === placeCode ? 'intra_state' : 'inter_state';
  // A bill of supply and a receipt charge no tax: the whole amount is the value of the supply.
  const bands: InvoiceBand[] =
    kind === 'tax_invoice'
      ? [...input.bands]
      : [{ rateBp: 0, taxable: input.totalMinor, tax: 0, nights: input.nights }];
  const lines: InvoiceLine[] = bands.map((band) => ({
    description: describeStay(input, band, kind),
    sac: kind === 'receipt' ? null : ACCOMMODATION_SAC,
    nights: band.nights,
    rate_bp: band.rateBp,
    ...splitLine(band, taxSplit),
  }));
  const supplierState = kind === 'receipt' ? null : (registration?.state_code ?? profile.state_code);
  const recipientState = input.recipient.gstin
    ? input.recipient.gstin.slice(0, 2)
    : input.recipient.state_code;
  const supplier: InvoiceParty = {
    name: profile.legal_name,
    trade_name: profile.trade_name,
    address: profile.address,
    ...stateOf(supplierState),
    gstin: registration?.gstin ?? null,
    pan: kind === 'receipt' ? null : profile.pan,
    ...(input.contact ? { phone: input.contact.phone, email: input.contact.email } : {}),
  };
  const recipient: InvoiceParty = {
    name: input.recipient.name ?? input.booking.guest_name,
    trade_name: null,
    address: input.recipient.address,
    ...stateOf(kind === 'receipt' ? null : recipientState),
    gstin: kind === 'tax_invoice' ? input.recipient.gstin : null,
    pan: null,
  };
  return totalDocument({
    kind,
    title: INVOICE_TITLES[kind],
    number: input.number,
    issued_on: input.issuedOn,
    currency: input.currency,
    supplier,
    recipient,
    place_of_supply: placeCode
      ? { state_code: placeCode, state_name: GST_STATES[placeCode] ?? placeCode }
      : null,
    tax_split: taxSplit,
    reverse_charge: false,
    stay: {
      property_name: property.name,
      property_address: [property.address, property.city, property.country].filter(Boolean).join(', '),
      check_in: input.booking.check_in,
      check_out: input.booking.check_out,
      nights: input.nights,
      guests: input.booking.guests_count,
      booking_reference: formatBookingReference(input.booking.id),
    },
    lines,
    corrects: null,
    signatory: kind === 'receipt' ? null : profile.signatory_name,
    notes:
      kind === 'bill_of_supply'
        ? ['Supplier not registered under GST: no tax is charged on this bill of supply.']
        : kind === 'receipt'
          ? ['Received with thanks.']
          : [],
  });
}

/** Totals and the amount in words from the lines. */
function totalDocument(
  document: Omit<
    InvoiceDocument,
    'taxable_minor' | 'cgst_minor' | 'sgst_minor' | 'igst_minor' | 'total_minor' | 'total_in_words'
  >,
): InvoiceDocument {
  const sum = (key: 'taxable_minor' | 'cgst_minor' | 'sgst_minor' | 'igst_minor' | 'total_minor') =>
    document.lines.reduce((total, line) => total + line[key], 0);
  const total = sum('total_minor');
  return {
    ...document,
    taxable_minor: sum('taxable_minor'),
    cgst_minor: sum('cgst_minor'),
    sgst_minor: sum('sgst_minor'),
    igst_minor: sum('igst_minor'),
    total_minor: total,
    total_in_words: writeAmountInWords(total, document.currency),
  };
}

type LineAmounts = Pick<
  InvoiceLine,
  'taxable_minor' | 'cgst_minor' | 'sgst_minor' | 'igst_minor' | 'total_minor'
>;

/** What is left to credit of each line of an invoice, after the credit notes already issued against it. */
export function findCreditableLines(
  invoice: InvoiceDocument,
  creditNotes: readonly InvoiceDocument[],
): LineAmounts[] {
  return invoice.lines.map((line, index) => {
    const credited = creditNotes.map((note) => note.lines[index]);
    const left = (key: keyof LineAmounts) =>
      line[key] - credited.reduce((sum, entry) => sum + (entry?.[key] ?? 0), 0);
    return {
      taxable_minor: left('taxable_minor'),
      cgst_minor: left('cgst_minor'),
      sgst_minor: left('sgst_minor'),
      igst_minor: left('igst_minor'),
      total_minor: left('total_minor'),
    };
  });
}

/** Why a credit note of this amount cannot be issued, or undefined. */
export function findCreditNoteProblem(
  invoice: InvoiceDocument,
  creditNotes: readonly InvoiceDocument[],
  amountMinor: number | null,
): string | undefined {
  const left = findCreditableLines(invoice, creditNotes).reduce((sum, line) => sum + line.total_minor, 0);
  if (left <= 0) return `${invoice.number} is fully credited already`;
  if (amountMinor !== null && amountMinor > left)
    return `${invoice.number} has ${formatMoney(makeMoney(left, invoice.currency))} left to credit: the credit note can be at most that`;
  return undefined;
}

/**
 * What of a refund a credit note should take off the stay's invoice, in minor units: only what the guest no
 * longer pays of what the invoice still states (`left`), never more than the refund. Money paid twice and
 * returned leaves the guest paying at least what the invoice states: nothing to credit, as a credit note
 * then would take off tax on value that was supplied.
 */
export function findRefundToCredit(input: { refund: number; left: number; keptAfter: number }): number {
  return Math.max(0, Math.min(input.refund, input.left - input.keptAfter));
}

/**
 * A share of a credit note (tax included) taken back from what a line has left: into value and tax at the
 * line's rate, then kept within what is left of each, so that no amount of the line ever goes below zero
 * (the rounding of earlier notes may have left the value and the tax a paisa off the rate's ratio).
 */
function takeBackShare(share: number, rateBp: number, left: LineAmounts, split: TaxSplit): LineAmounts {
  const taxLeft = left.cgst_minor + left.sgst_minor + left.igst_minor;
  const atRate = scaleMinor(share, 10_000, 10_000 + rateBp);
  // Within [share − tax left, value left]: the tax then fits what is left of it, and so does the value.
  const taxable = Math.min(left.taxable_minor, Math.max(share - taxLeft, 0, atRate));
  const tax = share - taxable;
  if (split !== 'intra_state') return { taxable_minor: taxable, ...splitTax(tax, split), total_minor: share };
  if (left.cgst_minor === left.sgst_minor) {
    // Equal halves, as the invoice's: each at half the rate on the value, within what is left of it, and
    // never leaving more value than the line has left.
    const half = Math.min(
      left.cgst_minor,
      Math.max(Math.ceil((share - left.taxable_minor) / 2), scaleMinor(taxable, rateBp, 20_000)),
    );
    const value = share - 2 * half;
    if (value >= 0 && value <= left.taxable_minor) {
      return { taxable_minor: value, cgst_minor: half, sgst_minor: half, igst_minor: 0, total_minor: share };
    }
  }
  // An invoice issued before halves were equal (or a paisa that cannot be halved): taken back where it is.
  const sgst = Math.min(left.sgst_minor, tax - Math.min(left.cgst_minor, Math.ceil(tax / 2)));
  return {
    taxable_minor: taxable,
    cgst_minor: tax - sgst,
    sgst_minor: sgst,
    igst_minor: 0,
    total_minor: share,
  };
}

/**
 * A credit note against an invoice: all that is left of it, or an amount (tax included) shared over its
 * lines by what each has left; each share is taken back into value and tax at its line's rate. Its lines
 * stand in the invoice's order, so what any note credited can be read back line by line.
 */
export function buildCreditNoteDocument(input: {
  invoice: InvoiceDocument;
  creditNotes: readonly InvoiceDocument[];
  amountMinor: number | null;
  number: string;
  issuedOn: string;
  reason: string;
}): InvoiceDocument {
  const { invoice } = input;
  const left = findCreditableLines(invoice, input.creditNotes);
  const leftTotal = left.reduce((sum, line) => sum + line.total_minor, 0);
  const amount = input.amountMinor ?? leftTotal;
  const credited: LineAmounts[] =
    amount === leftTotal
      ? left
      : allocateMoney(
          makeMoney(amount, invoice.currency),
          left.map((line) => Math.max(0, line.total_minor)),
        ).map((share, index) =>
          takeBackShare(share.minor, invoice.lines[index]!.rate_bp, left[index]!, invoice.tax_split),
        );
  return totalDocument({
    ...invoice,
    kind: 'credit_note',
    title: INVOICE_TITLES.credit_note,
    number: input.number,
    issued_on: input.issuedOn,
    lines: invoice.lines.map((line, index) => ({ ...line, ...credited[index]! })),
    corrects: { number: invoice.number, issued_on: invoice.issued_on, reason: input.reason },
    notes: [
      `Issued against ${invoice.number} of ${invoice.issued_on}, which it reduces by the amounts shown.`,
    ],
  });
}

/** An issued document as lists show it (amounts in minor units, sent in major units as the API sends money). */
export const InvoiceSummarySchema = z.object({
  id: z.uuid(),
  booking_id: z.uuid(),
  property_id: z.uuid(),
  kind: z.enum(['tax_invoice', 'bill_of_supply', 'receipt', 'credit_note']),
  title: z.string(),
  number: z.string(),
  issued_on: z.string(),
  currency: z.string(),
  taxable_value: AmountSchema,
  cgst: AmountSchema,
  sgst: AmountSchema,
  igst: AmountSchema,
  total: AmountSchema,
  recipient_name: z.string(),
  recipient_gstin: z.string().nullable(),
  place_of_supply: z.string().nullable().describe('GST state code'),
  corrects: z
    .object({ id: z.uuid(), number: z.string(), reason: z.string() })
    .nullable()
    .describe('A credit note: the invoice it corrects, and why'),
  left_to_credit: AmountSchema.nullable().describe(
    'An invoice: what credit notes can still take back (tax included); null for a credit note',
  ),
  created_at: z.string(),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummarySchema>;

export const InvoiceListQuerySchema = z
  .object({
    booking_id: z.uuid({ error: 'booking_id must be a booking id' }).optional(),
    from: isoDate('from').optional().describe('Issued on or after (YYYY-MM-DD)'),
    to: isoDate('to').optional().describe('Issued before (YYYY-MM-DD)'),
  })
  .refine((query) => !query.from || !query.to || query.from < query.to, {
    message: 'from must be before to',
    path: ['to'],
  });

/** What of a booking an invoice states that a change of the booking can leave behind. */
export const INVOICE_DISAGREEMENT_FIELDS = ['total', 'recipient'] as const;
export type InvoiceDisagreementField = (typeof INVOICE_DISAGREEMENT_FIELDS)[number];

export const InvoiceDisagreementSchema = z.object({
  invoice_id: z.uuid(),
  number: z.string(),
  title: z.string(),
  fields: z
    .array(z.enum(INVOICE_DISAGREEMENT_FIELDS))
    .describe(
      "total: the invoice states another total than the booking's; recipient: it is made out (to a person, no GSTIN) to another name than the booking's guest",
    ),
  invoice_total: AmountSchema.describe('The total the invoice states (tax included)'),
  invoice_recipient: z.string(),
  left_to_credit: AmountSchema.describe('What a credit note can take back of it: all of it, unless part was'),
  message: z.string().describe('The same in plain words'),
});
export type InvoiceDisagreement = z.infer<typeof InvoiceDisagreementSchema>;

const sameName = (a: string, b: string) =>
  a.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase() ===
  b.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The booking's invoices that no longer agree with it: each one not yet taken back in full by credit notes
 * whose total differs from a direct booking's total (a channel's stay is invoiced for what the channel
 * paid, which its total does not say), or that is made out to a person by another name than its guest's.
 * An invoice stays as issued: a credit note and a new invoice correct it. The booking's total is still in
 * major units (as bookings hold it), so it is converted here to be compared.
 */
export function findInvoiceDisagreements(
  invoices: readonly InvoiceSummary[],
  booking: { total_amount: number; guest_name: string; booking_source: string },
): InvoiceDisagreement[] {
  const found: InvoiceDisagreement[] = [];
  for (const invoice of invoices) {
    if (invoice.kind === 'credit_note' || !invoice.left_to_credit || invoice.left_to_credit <= 0) continue;
    const fields: InvoiceDisagreementField[] = [];
    if (booking.booking_source === 'direct' && invoice.total !== toMinor(booking.total_amount))
      fields.push('total');
    if (!invoice.recipient_gstin && !sameName(invoice.recipient_name, booking.guest_name))
      fields.push('recipient');
    if (fields.length === 0) continue;
    const states = [
      ...(fields.includes('total')
        ? [`states a total of ${formatMoney(makeMoney(invoice.total, invoice.currency))}`]
        : []),
      ...(fields.includes('recipient') ? [`is made out to ${invoice.recipient_name}`] : []),
    ].join(' and ');
    found.push({
      invoice_id: invoice.id,
      number: invoice.number,
      title: invoice.title,
      fields,
      invoice_total: invoice.total,
      invoice_recipient: invoice.recipient_name,
      left_to_credit: invoice.left_to_credit,
      message: `${invoice.title} ${invoice.number} ${states}: it no longer agrees with this booking. Issue a credit note against it, then a new invoice`,
    });
  }
  return found;
}
