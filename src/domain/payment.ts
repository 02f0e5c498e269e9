import { z } from 'zod';
import type { Booking, BookingSource, PaymentStatus } from './booking';
import { BookingSchema, PAYMENT_STATUSES, PaymentStatusUpdateSchema } from './booking';
import { addDaysToDate, countDaysBetween, villaToday } from './dates';
import { isoDate, money, optionalText, requiredText, wholeNumber } from './fields';
import { formatMoney, makeMoney, moneyFromMajor, scaleMinor, type MinorUnits, type Money } from './money';
import { AmountSchema, wireAmount } from './wire-amount';

/**
 * A booking's money: a ledger of entries that are never edited or deleted (a mistake is reversed by a
 * correcting entry), the property's payment schedule, and what follows from both (paid, balance, what is
 * due next, payment_status). Pure, so the server, the client and the database's derivation agree: the
 * database derives bookings.payment_status by the same rule (derive_payment_status in
 * src/server/db/rules/10-functions.sql).
 */

export const PAYMENT_KINDS = [
  'payment',
  'refund',
  'security_deposit_held',
  'security_deposit_returned',
] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
/** Money coming in (recordPayment) and going back (refundPayment). */
export const INCOMING_KINDS = ['payment', 'security_deposit_held'] as const satisfies readonly PaymentKind[];
export const OUTGOING_KINDS = [
  'refund',
  'security_deposit_returned',
] as const satisfies readonly PaymentKind[];

export const PAYMENT_METHODS = [
  'upi',
  'bank_transfer',
  'cash',
  'card',
  'razorpay',
  'channel',
  'other',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Sources whose channel takes the guest's money: the operator is paid out by the channel. */
export const CHANNEL_COLLECTED_SOURCES: readonly BookingSource[] = ['airbnb', 'booking_com'];

export const PAYMENT_LIMITS = {
  maxAmount: 100_000_000,
  referenceMax: 100,
  noteMax: 1000,
  instructionsMax: 2000,
  /** How far back a day received may be: older is a typo, not a payment. */
  maxDaysBack: 3 * 366,
} as const;

export const PaymentEntrySchema = z.object({
  id: z.uuid(),
  booking_id: z.uuid(),
  kind: z.enum(PAYMENT_KINDS),
  amount: AmountSchema.describe('Major units, always above 0; the kind says which way the money went'),
  currency: z.string(),
  method: z.enum(PAYMENT_METHODS),
  received_on: z.string().describe("The day the money moved (yyyy-MM-dd, the villa's calendar)"),
  reference: z.string().nullable().describe('UTR, cheque number, gateway id'),
  note: z.string().nullable(),
  gateway_payment_id: z
    .string()
    .nullable()
    .describe("The payment gateway's id of this payment; each is recorded at most once"),
  corrects_id: z
    .uuid()
    .nullable()
    .describe('The entry this one reverses (a mistake): it counts against that entry, of the same kind'),
  void_reason: z
    .string()
    .nullable()
    .describe('Set on a void: the reason it reverses the whole of the entry corrects_id names'),
  voided: z
    .object({
      entry_id: z.uuid().describe('The void, an entry of its own'),
      reason: z.string(),
      voided_at: z.string(),
      voided_by: z.uuid().nullable(),
    })
    .nullable()
    .describe('This entry was voided: it counts for nothing, and the void says why and who'),
  created_at: z.string(),
  created_by: z.uuid().nullable().describe('The operator who recorded it; null when the system did'),
});
export type PaymentEntry = z.infer<typeof PaymentEntrySchema>;

/**
 * What the summary reads of an entry: its method (when known) tells a channel's payout from money the
 * guest paid here; a correction counts with the method of the entry it reverses.
 */
export type LedgerEntry = Pick<PaymentEntry, 'id' | 'kind' | 'amount' | 'corrects_id'> &
  Partial<Pick<PaymentEntry, 'currency' | 'method'>>;

const amountField = wireAmount(
  money('Amount', { max: PAYMENT_LIMITS.maxAmount }).refine((value) => value > 0, {
    message: 'Amount must be more than 0',
  }),
);

/** The day received: a real day, not after today at the villa and not years back. */
function receivedOnField(today: () => string) {
  return isoDate('Received on').superRefine((value, ctx) => {
    const now = today();
    if (value > now) ctx.addIssue({ code: 'custom', message: `Received on cannot be after today (${now})` });
    else if (countDaysBetween(value, now) > PAYMENT_LIMITS.maxDaysBack) {
      ctx.addIssue({ code: 'custom', message: 'Received on is too far in the past' });
    }
  });
}

function entryInputShape<const K extends readonly [PaymentKind, ...PaymentKind[]]>(
  kinds: K,
  today: () => string,
) {
  return {
    kind: z.enum(kinds, { error: `Kind must be one of ${kinds.join(', ')}` }).default(kinds[0]),
    amount: amountField,
    method: z.enum(PAYMENT_METHODS, { error: `Method must be one of ${PAYMENT_METHODS.join(', ')}` }),
    received_on: receivedOnField(today),
    reference: optionalText('Reference', { max: PAYMENT_LIMITS.referenceMax }),
    note: optionalText('Note', { max: PAYMENT_LIMITS.noteMax, multiline: true }),
    corrects_id: z
      .uuid({ error: 'corrects_id must be the id of an entry of this booking' })
      .nullish()
      .transform((value) => value ?? null)
      .describe('Reverse this entry of the same kind (a mistake) instead of recording new money'),
  };
}

/** Recording a reference already in the ledger again, knowingly (a 409 duplicate_reference otherwise). */
const confirmDuplicateReferenceField = z
  .boolean({ error: 'confirm_duplicate_reference must be true or false' })
  .optional()
  .describe(
    'Record it although its reference is already in your ledger (the 409 duplicate_reference named where)',
  );

/** Money in: a payment or a security deposit held (recordPayment). */
export function createRecordPaymentSchema(today: () => string) {
  return z.object({
    ...entryInputShape(INCOMING_KINDS, today),
    confirm_duplicate_reference: confirmDuplicateReferenceField,
  });
}
export type RecordPaymentInput = z.input<ReturnType<typeof createRecordPaymentSchema>>;

/** Money back: a refund or a security deposit returned (refundPayment). */
export function createRefundPaymentSchema(today: () => string) {
  return z.object(entryInputShape(OUTGOING_KINDS, today));
}
export type RefundPaymentInput = z.input<ReturnType<typeof createRefundPaymentSchema>>;

/** Voiding an entry (voidPayment): the reason is required, and said in the ledger and the activity log. */
export const VoidPaymentSchema = z.object({
  reason: requiredText('Reason', { max: PAYMENT_LIMITS.noteMax, multiline: true }).describe(
    'Why the entry is voided (a mistyped amount, the wrong stay)',
  ),
});
export type VoidPaymentInput = z.input<typeof VoidPaymentSchema>;

/**
 * Marking a booking paid (updatePaymentStatus): a payment of what is left to pay, by the method and with
 * the reference the operator gives; `amount`, what they were shown, must still be what is left.
 */
export const MarkPaidSchema = PaymentStatusUpdateSchema.extend({
  method: z
    .enum(PAYMENT_METHODS, { error: `Method must be one of ${PAYMENT_METHODS.join(', ')}` })
    .optional()
    .describe("How the balance was paid; unset: 'other'"),
  reference: optionalText('Reference', { max: PAYMENT_LIMITS.referenceMax }).describe(
    'UTR, cheque number, gateway id',
  ),
  amount: wireAmount(money('Amount', { max: PAYMENT_LIMITS.maxAmount }))
    .optional()
    .describe('What the operator was shown as left to pay: 409 balance_changed when it is no longer'),
  confirm_duplicate_reference: confirmDuplicateReferenceField,
});
export type MarkPaidInput = z.input<typeof MarkPaidSchema>;

/** The Mark paid dialog's form: the method is chosen, never assumed; the reference is optional. */
export const MarkPaidFormSchema = z.object({
  method: z.enum(PAYMENT_METHODS, { error: 'Choose how the balance was paid' }),
  reference: MarkPaidSchema.shape.reference,
});
export type MarkPaidFormValues = z.input<typeof MarkPaidFormSchema>;

/**
 * The codes of the ledger's refusals (the error body's `code`), for the client to recognise and word:
 * - duplicate_reference: the reference is already in the operator's ledger (DuplicateReferenceSchema);
 *   sent again with confirm_duplicate_reference: true, it is recorded;
 * - gateway_payment_recorded: that Razorpay payment (pay_…) is already recorded, where it says;
 * - payment_above_balance: more than is left of the total and security deposit (IncomingExcess);
 * - balance_changed: Mark paid was shown another balance than is left now (`balance`);
 * - entry_not_voidable: a Razorpay entry, a void or correction, or an entry already voided;
 * - entry_not_found: the entry is not in this booking's ledger (`entry_id`);
 * - payment_status_by_hand: a payment status other than 'paid' asked for by hand;
 * - total_not_known, channel_collects_payment, nothing_left_to_pay: Mark paid on a stay of unknown total,
 *   one its channel collects, or one with nothing left to pay;
 * - refunds through Razorpay: razorpay_not_set_up; no_razorpay_payment (none, or not the one the reference
 *   names: `gateway_payment_id`); refund_above_payment (more than the payment has left: `payments`, what each
 *   has left); refund_refused (Razorpay refused it, nothing moved); refund_not_found.
 */
export const PAYMENT_ERROR_CODES = [
  'duplicate_reference',
  'gateway_payment_recorded',
  'payment_above_balance',
  'balance_changed',
  'entry_not_voidable',
  'entry_not_found',
  'payment_status_by_hand',
  'total_not_known',
  'channel_collects_payment',
  'nothing_left_to_pay',
  'razorpay_not_set_up',
  'no_razorpay_payment',
  'refund_above_payment',
  'refund_refused',
  'refund_not_found',
] as const;
export type PaymentErrorCode = (typeof PAYMENT_ERROR_CODES)[number];

/** Where a reference already is in the ledger: the details of a duplicate_reference refusal. */
export const DuplicateReferenceSchema = z.object({
  code: z.literal('duplicate_reference'),
  reference: z.string(),
  booking_id: z.uuid(),
  booking_reference: z.string(),
  guest_name: z.string(),
  entry_id: z.uuid(),
  // As the error body gives it (major units): a refusal's amounts are encoded at the HTTP edge.
  amount: z.number(),
  currency: z.string(),
  received_on: z.string(),
});
export type DuplicateReference = z.infer<typeof DuplicateReferenceSchema>;

/**
 * A Razorpay payment id (pay_…) given as the reference of a payment by Razorpay recorded by hand: it is
 * that payment's gateway id, so the webhook's report of it finds it recorded (and the reverse).
 */
export function readGatewayPaymentId(entry: { method: PaymentMethod; reference: string | null }) {
  return entry.method === 'razorpay' && entry.reference && /^pay_[A-Za-z0-9]{1,60}$/.test(entry.reference)
    ? entry.reference
    : null;
}

/** A reference as the duplicate check compares it: case and spaces aside ("utr 4011 22" = "UTR401122"). */
export function normalizeReference(reference: string): string {
  return reference.replace(/\s+/g, '').toLowerCase();
}

/** A new entry as the rules check it (either endpoint's input, parsed). */
export type NewLedgerEntry = { kind: PaymentKind; amount: MinorUnits; corrects_id: string | null };

/**
 * Why a payment status cannot be set by hand (updatePaymentStatus, createBooking): only 'paid' can, which
 * records a payment of what is left to pay.
 */
export const PAYMENT_STATUS_BY_HAND_MESSAGE =
  "The payment status follows the booking's ledger and cannot be set by hand: record a payment (or a refund) with its amount instead. Only 'paid' can be set, which records a payment of what is left to pay.";

// ---------------------------------------------------------------------------------------------------------
// Payment settings: the property's schedule and how guests pay without a gateway.

export const PAYMENT_SETTINGS_DEFAULTS = {
  deposit_percent: 30,
  balance_due_days: 14,
  // None: zero minor units.
  security_deposit: 0 as MinorUnits,
  payment_instructions: '',
} as const;

export const PaymentSettingsSchema = z.object({
  property_id: z.uuid(),
  currency: z.string().describe("The property's currency, which security_deposit is in"),
  deposit_percent: z.number().int().describe('Share of the total due when the operator confirms (0: none)'),
  balance_due_days: z.number().int().describe('The balance is due this many days before check-in'),
  security_deposit: AmountSchema.describe('Refundable security deposit asked of each stay (0: none)'),
  payment_instructions: z
    .string()
    .describe("The operator's own words on how to pay, for when no UPI or gateway is set up ('' for none)"),
});
export type PaymentSettings = z.infer<typeof PaymentSettingsSchema>;
export type PaymentScheduleSettings = Pick<
  PaymentSettings,
  'deposit_percent' | 'balance_due_days' | 'security_deposit'
>;

export const PaymentSettingsUpdateSchema = z.object({
  deposit_percent: wholeNumber('Deposit percent', { min: 0, max: 100 }).optional(),
  balance_due_days: wholeNumber('Balance due days', { min: 0, max: 365 }).optional(),
  security_deposit: wireAmount(money('Security deposit', { max: PAYMENT_LIMITS.maxAmount })).optional(),
  payment_instructions: optionalText('Payment instructions', {
    max: PAYMENT_LIMITS.instructionsMax,
    multiline: true,
  })
    .transform((value) => value ?? '')
    .optional(),
});
export type PaymentSettingsUpdateInput = z.input<typeof PaymentSettingsUpdateSchema>;
export type PaymentSettingsUpdate = z.output<typeof PaymentSettingsUpdateSchema>;

// ---------------------------------------------------------------------------------------------------------
// The ledger's totals and the rules of a new entry.

/** Minor units of each kind, with correcting entries counted against the kind they reverse. */
export type LedgerTotals = Record<PaymentKind, number>;

export function totalLedger(entries: readonly LedgerEntry[]): LedgerTotals {
  const totals: LedgerTotals = {
    payment: 0,
    refund: 0,
    security_deposit_held: 0,
    security_deposit_returned: 0,
  };
  for (const entry of entries) {
    totals[entry.kind] += entry.corrects_id ? -entry.amount : entry.amount;
  }
  return totals;
}

/** What is left of an entry: its amount less the corrections that reverse it. */
function findLeftOfEntry(entries: readonly LedgerEntry[], target: LedgerEntry): MinorUnits {
  return entries
    .filter((item) => item.corrects_id === target.id)
    .reduce((left, { amount: minor }) => left - minor, target.amount as number) as MinorUnits;
}

/**
 * Why a new entry may not join the ledger, or undefined when it may: a refund never above what was paid
 * and not yet refunded, a security deposit returned never above what is held, and a correction only of
 * an entry of the same kind, never of more than is left of it, and never one that would leave more
 * refunded than paid (or more returned than held).
 */
export function checkLedgerEntry(
  booking: { currency: string },
  entries: readonly LedgerEntry[],
  entry: NewLedgerEntry,
): string | undefined {
  const { currency } = booking;
  const amount = makeMoney(entry.amount, currency);
  if (amount.minor <= 0) return 'Amount must be more than 0';
  const totals = totalLedger(entries);
  const show = (minor: number) => formatMoney(makeMoney(minor, currency));
  if (entry.corrects_id) {
    const corrected = entries.find((item) => item.id === entry.corrects_id);
    if (!corrected) return "The entry to correct is not in this booking's ledger";
    if (corrected.corrects_id)
      return 'A correcting entry cannot itself be corrected; record the entry again instead';
    if (corrected.kind !== entry.kind) {
      return `A correction reverses an entry of its own kind: this one is a ${corrected.kind.replace(/_/g, ' ')}`;
    }
    const left = findLeftOfEntry(entries, corrected);
    if (amount.minor > left)
      return `A correction can reverse at most what is left of that entry: ${show(left)}`;
    if (entry.kind === 'payment' && totals.payment - amount.minor < totals.refund) {
      return `This correction would leave more refunded than paid: refunds come to ${show(totals.refund)}`;
    }
    if (
      entry.kind === 'security_deposit_held' &&
      totals.security_deposit_held - amount.minor < totals.security_deposit_returned
    ) {
      return `This correction would leave more of the security deposit returned than held`;
    }
    return undefined;
  }
  if (entry.kind === 'refund') {
    const refundable = totals.payment - totals.refund;
    if (amount.minor > refundable) {
      return refundable <= 0
        ? 'Nothing has been paid that could be refunded'
        : `A refund can be at most what was paid and not yet refunded: ${show(refundable)}`;
    }
  }
  if (entry.kind === 'security_deposit_returned') {
    const held = totals.security_deposit_held - totals.security_deposit_returned;
    if (amount.minor > held) {
      return held <= 0
        ? 'No security deposit is held for this booking'
        : `At most the security deposit held can be returned: ${show(held)}`;
    }
  }
  return undefined;
}

/**
 * The void of an entry: a correction of all that is left of it, on the day the entry was received (so
 * every total by day, month or booking drops it), or why it cannot be voided. A Razorpay payment is not
 * voided: Razorpay holds the money and its id is recorded once, so it is refunded (through Razorpay)
 * instead; a refund made through Razorpay has left and is not voided either.
 */
export function planVoid(
  booking: { currency: string },
  entries: readonly PaymentEntry[],
  entryId: string,
): { entry: PaymentEntry; amount: MinorUnits } | { refusal: string } | undefined {
  const target = entries.find((item) => item.id === entryId);
  if (!target) return undefined;
  if (target.corrects_id) {
    return { refusal: 'A void or a correction cannot itself be voided: record the entry again instead' };
  }
  if (target.gateway_payment_id || target.method === 'razorpay') {
    return {
      refusal:
        target.kind === 'refund'
          ? 'A refund made through Razorpay cannot be voided: the money has left'
          : 'A Razorpay payment cannot be voided: the money is with Razorpay. Refund it instead',
    };
  }
  const amount = findLeftOfEntry(entries, target);
  if (amount <= 0) return { refusal: 'This entry is already voided' };
  const refusal = checkLedgerEntry(booking, entries, { kind: target.kind, amount, corrects_id: target.id });
  return refusal ? { refusal } : { entry: target, amount };
}

// ---------------------------------------------------------------------------------------------------------
// The summary.

export type PaymentBooking = Pick<
  Booking,
  'total_amount' | 'currency' | 'booking_source' | 'amount_known' | 'status' | 'check_in' | 'created_at'
> & {
  /** The day the operator confirmed it (villa time), when known; else the day it was made counts. */
  confirmed_on?: string | null;
};

export const SCHEDULE_PARTS = ['deposit', 'balance', 'full'] as const;
export const TO_RETURN_REASONS = ['cancelled', 'channel_collects', 'overpaid'] as const;
export type ToReturnReason = (typeof TO_RETURN_REASONS)[number];

const DueSchema = z.object({ amount: AmountSchema, date: z.string() });

export const PaymentSummarySchema = z.object({
  currency: z.string(),
  total: AmountSchema,
  credited: AmountSchema.describe(
    "Credit notes of the stay's invoices that its total does not already reflect (see findCreditedMinor): what the guest owes is total − credited",
  ),
  paid: AmountSchema.describe('Payments received (corrections deducted)'),
  refunded: AmountSchema,
  net_paid: AmountSchema.describe('paid − refunded'),
  balance: AmountSchema.describe(
    'What the guest still owes: total − credited − net_paid, never below 0 (see overpaid); 0 for a cancelled stay and for one the channel collects',
  ),
  overpaid: AmountSchema.describe('net_paid above total − credited, if any (0 otherwise)'),
  security_deposit_requested: AmountSchema.describe("The property's security deposit (0: none)"),
  security_deposit_held: AmountSchema.describe('Security deposit held now (held − returned)'),
  schedule: z
    .array(z.object({ part: z.enum(SCHEDULE_PARTS), amount: AmountSchema, due_on: z.string() }))
    .describe('What is due when: a deposit and the balance, or the full amount at once'),
  next_due: DueSchema.nullable().describe(
    'What to pay next and by when: everything already due (from the earliest unpaid due day), else the next part; null when nothing is owed',
  ),
  overdue: z.boolean().describe('A part of a confirmed or completed stay is unpaid past its due day'),
  payment_status: z.enum(PAYMENT_STATUSES),
  to_return: AmountSchema.describe(
    'Money held that nothing is owed for, for the operator to return (or keep by their terms): on a cancelled stay what was kept and the security deposit held; on a stay the channel collects what was paid here other than its payouts (method channel); else what was paid above the total',
  ),
  to_return_reason: z
    .enum(TO_RETURN_REASONS)
    .nullable()
    .describe('Why to_return is held: cancelled, channel_collects or overpaid; null when it is 0'),
});
export type PaymentSummary = z.infer<typeof PaymentSummarySchema>;

export const PaymentLedgerSchema = z.object({
  entries: z.array(PaymentEntrySchema).describe('Oldest first'),
  summary: PaymentSummarySchema,
  online_payments: z
    .object({ upi: z.boolean(), razorpay: z.boolean() })
    .describe('Which ways of paying online this server offers (UPI to the operator, Razorpay links)'),
  payment_link: z
    .object({ url: z.string(), amount: AmountSchema, expires_at: z.string() })
    .nullable()
    .describe("The booking's newest open Razorpay link (amount in the booking's currency), if any"),
});
export type PaymentLedger = z.infer<typeof PaymentLedgerSchema>;
/** The entries and their summary, as the ledger's queries read them. */
export type LedgerEntriesAndSummary = Pick<PaymentLedger, 'entries' | 'summary'>;

/** A booking as the operator's list shows it: with what was paid, what is owed and what is due next. */
export const BookingWithPaymentSchema = BookingSchema.extend({
  payment: PaymentSummarySchema.describe(
    "The booking's ledger summed up as of today (listPayments has the entries)",
  ),
});
export type BookingWithPayment = z.infer<typeof BookingWithPaymentSchema>;

export const RecordedEntrySchema = z.object({ entry: PaymentEntrySchema, summary: PaymentSummarySchema });
export type RecordedEntry = z.infer<typeof RecordedEntrySchema>;

export function isChannelCollected(source: BookingSource): boolean {
  return CHANNEL_COLLECTED_SOURCES.includes(source);
}

/**
 * The booking's payment status from its ledger: 'channel' for a stay the channel collects, whatever is
 * recorded here; else 'refunded' when refunds took back all that was paid, 'paid' when what is
 * kept covers the total (any amount when the total is not known), 'partial' when something is kept,
 * 'unpaid' when nothing is.
 */
export function derivePaymentStatus(
  booking: Pick<PaymentBooking, 'booking_source' | 'amount_known'>,
  totals: LedgerTotals,
  owedMinor: number,
): PaymentStatus {
  // The channel collects from the guest whatever is recorded here: a payout, or money to return
  // (PaymentSummary.to_return), never a guest's part-payment.
  if (isChannelCollected(booking.booking_source)) return 'channel';
  const net = totals.payment - totals.refund;
  if (net <= 0) return totals.refund > 0 ? 'refunded' : 'unpaid';
  if (!booking.amount_known || net >= owedMinor) return 'paid';
  return 'partial';
}

type Installment = { part: (typeof SCHEDULE_PARTS)[number]; minor: number; due_on: string };

/**
 * The schedule of a total: the deposit (its share, rounded half up in minor units) due on the day of
 * confirmation, the rest `balance_due_days` before check-in; all of it at once when that day is not after
 * the deposit's.
 */
export function scheduleTotal(
  totalMinor: number,
  settings: Pick<PaymentScheduleSettings, 'deposit_percent' | 'balance_due_days'>,
  dates: { confirmed_on: string; check_in: string },
): Installment[] {
  if (totalMinor <= 0) return [];
  const balanceDue = addDaysToDate(dates.check_in, -settings.balance_due_days);
  const deposit = scaleMinor(totalMinor, settings.deposit_percent, 100);
  if (balanceDue <= dates.confirmed_on || deposit >= totalMinor) {
    return [{ part: 'full', minor: totalMinor, due_on: dates.confirmed_on }];
  }
  if (deposit <= 0) return [{ part: 'full', minor: totalMinor, due_on: balanceDue }];
  return [
    { part: 'deposit', minor: deposit, due_on: dates.confirmed_on },
    { part: 'balance', minor: totalMinor - deposit, due_on: balanceDue },
  ];
}

/**
 * A stay's invoice in force (the one its credit notes have not wholly taken back; a booking has at most one),
 * in minor units: its total and the total of its credit notes. A wholly credited invoice is replaced by a
 * new one, so it and its credit notes no longer speak for the stay.
 */
export type StayInvoicing = { invoice_minor: number; credited_minor: number };
export const NOT_INVOICED: StayInvoicing = { invoice_minor: 0, credited_minor: 0 };

/**
 * How much of the credit notes of a stay's invoice in force its total does not reflect yet, in minor
 * units: the credit notes less how far the booking's total already stands below that invoice (the
 * operator lowered the total as well), never below 0 nor above the total. So a credit note and a lowered
 * total never take the same money off twice, in whichever order they come; a stay with no invoice in
 * force (none yet, or a new one still to be issued after a credit note took all of the last) owes its
 * total. The database's statement of it is find_stay_credited (src/server/db/rules/10-functions.sql).
 */
export function findCreditedMinor(totalMinor: number, invoicing: StayInvoicing): number {
  const reflected = Math.max(0, invoicing.invoice_minor - totalMinor);
  return Math.min(totalMinor, Math.max(0, invoicing.credited_minor - reflected));
}

export function summarizePayments(
  booking: PaymentBooking,
  entries: readonly LedgerEntry[],
  settings: PaymentScheduleSettings,
  today: string,
  invoicing: StayInvoicing = NOT_INVOICED,
): PaymentSummary {
  const { currency } = booking;
  const units = (minor: number) => minor as MinorUnits;
  const totals = totalLedger(entries);
  const total = moneyFromMajor(booking.total_amount, currency).minor;
  // What the guest owes for the stay: its total less what credit notes took back of it.
  const credited = findCreditedMinor(total, invoicing);
  const owed = total - credited;
  const net = totals.payment - totals.refund;
  const payment_status = derivePaymentStatus(booking, totals, owed);
  const owing = payment_status !== 'channel' && booking.status !== 'cancelled' && booking.amount_known;
  const balance = owing ? Math.max(0, owed - net) : 0;
  // A pending request is due when the operator confirms it: today at the earliest.
  const confirmedOn =
    booking.status === 'pending' ? today : (booking.confirmed_on ?? villaToday(new Date(booking.created_at)));
  const schedule = owing
    ? scheduleTotal(owed, settings, { confirmed_on: confirmedOn, check_in: booking.check_in })
    : [];
  // Money kept pays the parts in order; what is left of each is still owed.
  let covered = Math.max(0, net);
  const unpaid = schedule
    .map((part) => {
      const paidOfPart = Math.min(covered, part.minor);
      covered -= paidOfPart;
      return { ...part, left: part.minor - paidOfPart };
    })
    .filter((part) => part.left > 0);
  const dueNow = unpaid.filter((part) => part.due_on <= today);
  const next = dueNow.length > 0 ? dueNow : unpaid.slice(0, 1);
  const next_due =
    next.length > 0
      ? { amount: units(next.reduce((sum, part) => sum + part.left, 0)), date: next[0]!.due_on }
      : null;
  const overdue =
    (booking.status === 'confirmed' || booking.status === 'completed') &&
    next_due !== null &&
    next_due.date < today;
  const toReturn = findMoneyToReturn(booking, entries, totals);
  return {
    currency,
    total: units(total),
    credited: units(credited),
    paid: units(totals.payment),
    refunded: units(totals.refund),
    net_paid: units(net),
    balance: units(balance),
    overpaid: units(booking.amount_known ? Math.max(0, net - owed) : 0),
    security_deposit_requested: settings.security_deposit,
    security_deposit_held: units(totals.security_deposit_held - totals.security_deposit_returned),
    schedule: schedule.map((part) => ({ part: part.part, amount: units(part.minor), due_on: part.due_on })),
    next_due,
    overdue,
    payment_status,
    to_return: units(toReturn.minor),
    to_return_reason: toReturn.minor > 0 ? toReturn.reason : null,
  };
}

/**
 * Money held that nothing is owed for (minor units): a cancelled stay's, all of it (what the operator's
 * terms let them keep is theirs to decide); a channel-collected stay's, what the guest paid here rather
 * than the channel's payouts; another stay's, what was paid above its total.
 */
export function findMoneyToReturn(
  booking: Pick<PaymentBooking, 'booking_source' | 'status' | 'amount_known' | 'total_amount' | 'currency'>,
  entries: readonly LedgerEntry[],
  totals: LedgerTotals,
): { minor: number; reason: ToReturnReason } {
  const { currency } = booking;
  const deposit = Math.max(0, totals.security_deposit_held - totals.security_deposit_returned);
  if (isChannelCollected(booking.booking_source)) {
    const methodOf = new Map(entries.map((entry) => [entry.id, entry.method]));
    let paidHere = 0;
    for (const entry of entries) {
      if (entry.kind !== 'payment') continue;
      const method = entry.corrects_id ? methodOf.get(entry.corrects_id) : entry.method;
      if (method === 'channel') continue;
      paidHere += entry.corrects_id ? -entry.amount : entry.amount;
    }
    const kept = Math.max(0, paidHere - totals.refund);
    return booking.status === 'cancelled'
      ? { minor: kept + deposit, reason: 'cancelled' }
      : { minor: kept, reason: 'channel_collects' };
  }
  const net = totals.payment - totals.refund;
  if (booking.status === 'cancelled') return { minor: Math.max(0, net) + deposit, reason: 'cancelled' };
  const total = moneyFromMajor(booking.total_amount, currency).minor;
  return { minor: booking.amount_known ? Math.max(0, net - total) : 0, reason: 'overpaid' };
}

/** Why an incoming entry recorded by hand is refused as too large, with the figures to say it. */
export type IncomingExcess = {
  /** What is left of the stay's total (its balance, or what it was before it was cancelled). */
  balance: Money;
  /** The part of the security deposit asked and not yet held. */
  security_deposit: Money;
  /** The most that may be recorded: balance + security_deposit. */
  max: Money;
};

/**
 * A payment (or a security deposit held) recorded by hand is at most what is left of the stay's total
 * and of its security deposit: more is a typo (₹10,00,00,000 for ₹1,00,000), not money that arrived.
 * Undefined when it fits, when the total is not known, and for a correction. The webhook records what
 * Razorpay took whatever it is, and the summary's to_return shows the excess.
 */
export function findIncomingExcess(
  booking: Pick<PaymentBooking, 'amount_known' | 'total_amount' | 'currency'>,
  entries: readonly LedgerEntry[],
  settings: Pick<PaymentScheduleSettings, 'security_deposit'>,
  entry: NewLedgerEntry,
): IncomingExcess | undefined {
  if (!booking.amount_known || entry.corrects_id) return undefined;
  if (entry.kind !== 'payment' && entry.kind !== 'security_deposit_held') return undefined;
  const { currency } = booking;
  const totals = totalLedger(entries);
  const total = moneyFromMajor(booking.total_amount, currency).minor;
  const left = Math.max(0, total - (totals.payment - totals.refund));
  const depositLeft = Math.max(
    0,
    settings.security_deposit - (totals.security_deposit_held - totals.security_deposit_returned),
  );
  if (entry.amount <= left + depositLeft) return undefined;
  const money = (minor: number) => makeMoney(minor, currency);
  return { balance: money(left), security_deposit: money(depositLeft), max: money(left + depositLeft) };
}

/** The refusal of an excess in words, naming the balance (the client words it from the figures). */
export function describeIncomingExcess(excess: IncomingExcess): string {
  const deposit =
    excess.security_deposit.minor > 0
      ? ` and ${formatMoney(excess.security_deposit)} of security deposit`
      : '';
  return `This is more than the balance of ${formatMoney(excess.balance)}${deposit}: at most ${formatMoney(excess.max)} can be recorded on this stay`;
}

// ---------------------------------------------------------------------------------------------------------
// Razorpay: payment links for what is due, and the webhook that reports their payments.

export const CreatePaymentLinkSchema = z.object({
  amount: amountField
    .optional()
    .describe("What the link asks for, at most the balance; unset: what is due now (the summary's next_due)"),
});
export type CreatePaymentLinkInput = z.input<typeof CreatePaymentLinkSchema>;

export const PaymentLinkSchema = z.object({
  url: z.string().describe("Razorpay's page where the guest pays (UPI, card, netbanking)"),
  amount: AmountSchema,
  currency: z.string(),
  expires_at: z.string(),
  reused: z.boolean().describe('An open link for the same amount was handed out again'),
});
export type PaymentLink = z.infer<typeof PaymentLinkSchema>;

/** A webhook event as Razorpay sends it; only the fields read are named, the rest is kept as it came. */
export const RazorpayWebhookEventSchema = z
  .object({
    event: z
      .string()
      .max(100)
      .describe('payment_link.paid and payment.captured are recorded; others ignored'),
    payload: z.object({}).loose().optional(),
  })
  .loose();

export const WEBHOOK_OUTCOMES = ['recorded', 'duplicate', 'ignored'] as const;
export const WebhookReceiptSchema = z.object({
  status: z
    .enum(WEBHOOK_OUTCOMES)
    .describe('recorded: a new payment; duplicate: already recorded; ignored: nothing to record'),
});
