import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { moneyFromMajor, toMinorUnits, type MinorUnits } from './money';
import {
  checkLedgerEntry,
  createRecordPaymentSchema,
  createRefundPaymentSchema,
  derivePaymentStatus,
  findCreditedMinor,
  NOT_INVOICED,
  describeIncomingExcess,
  findIncomingExcess,
  planVoid,
  PaymentSettingsUpdateSchema,
  PaymentSummarySchema,
  scheduleTotal,
  summarizePayments,
  totalLedger,
  type LedgerEntry,
  type PaymentBooking,
  type PaymentEntry,
  type PaymentKind,
  type PaymentSummary,
} from './payment';

const TODAY = '2026-11-22';
const SETTINGS = { deposit_percent: 30, balance_due_days: 14, security_deposit: toMinorUnits(0) };

const booking = (values: Partial<PaymentBooking> = {}): PaymentBooking => ({
  total_amount: 10_000,
  currency: 'INR',
  booking_source: 'direct',
  amount_known: true,
  status: 'confirmed',
  check_in: '2027-01-10',
  // 05:00 UTC is 10:30 in India: made on 2026-11-20 at the villa.
  created_at: '2026-11-20T05:00:00.000Z',
  confirmed_on: null,
  ...values,
});

let counter = 0;
/** An entry of `amount` rupees (the ledger holds it in paise). */
const entry = (kind: PaymentKind, amount: number, corrects_id: string | null = null): LedgerEntry => ({
  id: `e${(counter += 1)}`,
  kind,
  amount: toMinorUnits(amount),
  corrects_id,
});

/** A summary as the API sends it: every amount in rupees. */
const inRupees = (summary: PaymentSummary) => z.encode(PaymentSummarySchema, summary);
const summarizeInRupees = (...args: Parameters<typeof summarizePayments>) =>
  inRupees(summarizePayments(...args));

describe('a booking summary', () => {
  it('asks a 30% deposit when confirmed and the balance 14 days before check-in', () => {
    const summary = summarizeInRupees(booking(), [], SETTINGS, TODAY);
    expect(summary).toMatchObject({
      total: 10_000,
      paid: 0,
      balance: 10_000,
      payment_status: 'unpaid',
      schedule: [
        { part: 'deposit', amount: 3000, due_on: '2026-11-20' },
        { part: 'balance', amount: 7000, due_on: '2026-12-27' },
      ],
      // The deposit was due on the day it was made (the booking's confirmation is not known).
      next_due: { amount: 3000, date: '2026-11-20' },
      overdue: true,
    });
  });

  it('counts the deposit from the day the operator confirmed, and what is paid towards it', () => {
    const summary = summarizeInRupees(
      booking({ confirmed_on: TODAY }),
      [entry('payment', 1000)],
      SETTINGS,
      TODAY,
    );
    expect(summary).toMatchObject({
      paid: 1000,
      net_paid: 1000,
      balance: 9000,
      payment_status: 'partial',
      next_due: { amount: 2000, date: TODAY },
      overdue: false,
    });
    const depositPaid = summarizeInRupees(
      booking({ confirmed_on: TODAY }),
      [entry('payment', 3000)],
      SETTINGS,
      TODAY,
    );
    expect(depositPaid.next_due).toEqual({ amount: 7000, date: '2026-12-27' });
  });

  it('asks for everything at once when the stay is closer than the balance days', () => {
    const summary = summarizeInRupees(
      booking({ check_in: '2026-12-01', confirmed_on: TODAY }),
      [],
      SETTINGS,
      TODAY,
    );
    expect(summary.schedule).toEqual([{ part: 'full', amount: 10_000, due_on: TODAY }]);
    expect(summary.next_due).toEqual({ amount: 10_000, date: TODAY });
  });

  it('asks everything already due together, from the earliest day it fell due', () => {
    const summary = summarizeInRupees(booking({ check_in: '2026-12-01' }), [], SETTINGS, '2026-11-25');
    // Made on 2026-11-20, check-in 11 days later: all of it was due then.
    expect(summary.next_due).toEqual({ amount: 10_000, date: '2026-11-20' });
    const later = summarizeInRupees(
      booking({ check_in: '2026-12-20', confirmed_on: '2026-11-01' }),
      [entry('payment', 1000)],
      SETTINGS,
      '2026-12-10',
    );
    // Deposit (2,000 left) and balance (7,000, due 2026-12-06) are both past due.
    expect(later.next_due).toEqual({ amount: 9000, date: '2026-11-01' });
    expect(later.overdue).toBe(true);
  });

  it('rounds the deposit half up in minor units and asks none at 0%', () => {
    expect(
      scheduleTotal(
        1001,
        { deposit_percent: 50, balance_due_days: 14 },
        { confirmed_on: TODAY, check_in: '2027-01-10' },
      ),
    ).toEqual([
      { part: 'deposit', minor: 501, due_on: TODAY },
      { part: 'balance', minor: 500, due_on: '2026-12-27' },
    ]);
    expect(
      scheduleTotal(
        1001,
        { deposit_percent: 0, balance_due_days: 14 },
        { confirmed_on: TODAY, check_in: '2027-01-10' },
      ),
    ).toEqual([{ part: 'full', minor: 1001, due_on: '2026-12-27' }]);
    expect(
      scheduleTotal(
        1001,
        { deposit_percent: 100, balance_due_days: 14 },
        { confirmed_on: TODAY, check_in: '2027-01-10' },
      ),
    ).toEqual([{ part: 'full', minor: 1001, due_on: TODAY }]);
  });

  it("shows a stay the channel collects as 'channel', owing nothing, whatever is recorded here", () => {
    const airbnb = booking({ booking_source: 'airbnb' });
    expect(summarizeInRupees(airbnb, [], SETTINGS, TODAY)).toMatchObject({
      payment_status: 'channel',
      balance: 0,
      next_due: null,
      overdue: false,
      to_return: 0,
      to_return_reason: null,
    });
    // The channel's payout is the channel's; what the guest paid here besides is to return.
    const payout = { ...entry('payment', 8000), method: 'channel' as const };
    const here = { ...entry('payment', 2000), method: 'upi' as const };
    const summary = summarizeInRupees(airbnb, [payout, here], SETTINGS, TODAY);
    expect(summary).toMatchObject({
      payment_status: 'channel',
      paid: 10_000,
      balance: 0,
      to_return: 2000,
      to_return_reason: 'channel_collects',
    });
    // A correction counts with the method of the entry it reverses; a refund takes back what is to return.
    const undone = summarizeInRupees(
      airbnb,
      [payout, here, { ...entry('payment', 500, here.id), method: 'other' as const }, entry('refund', 1000)],
      SETTINGS,
      TODAY,
    );
    expect(undone).toMatchObject({ to_return: 500, payment_status: 'channel' });
  });

  it('owes nothing on a cancelled stay, shows refunds, and what is held there as to return', () => {
    const summary = summarizeInRupees(
      booking({ status: 'cancelled' }),
      [entry('payment', 3000), entry('refund', 3000)],
      SETTINGS,
      TODAY,
    );
    expect(summary).toMatchObject({ balance: 0, refunded: 3000, net_paid: 0, payment_status: 'refunded' });
    expect(summary.next_due).toBeNull();
    expect(summary).toMatchObject({ to_return: 0, to_return_reason: null });
    // ₹7,000 held on a cancelled stay showed a balance of 0 and nothing to return.
    const held = summarizeInRupees(
      booking({ status: 'cancelled' }),
      [entry('payment', 7000), entry('security_deposit_held', 2000)],
      { ...SETTINGS, security_deposit: toMinorUnits(2000) },
      TODAY,
    );
    expect(held).toMatchObject({ balance: 0, to_return: 9000, to_return_reason: 'cancelled' });
  });

  it('asks nothing of a pending request before the day it is confirmed', () => {
    const summary = summarizeInRupees(booking({ status: 'pending' }), [], SETTINGS, TODAY);
    expect(summary.next_due).toEqual({ amount: 3000, date: TODAY });
    expect(summary.overdue).toBe(false);
  });

  it('never shows a balance below 0: an overpayment is shown as overpaid, and as to return', () => {
    const summary = summarizeInRupees(booking(), [entry('payment', 12_000.5)], SETTINGS, TODAY);
    expect(summary).toMatchObject({ balance: 0, overpaid: 2000.5, payment_status: 'paid', next_due: null });
    expect(summary).toMatchObject({ to_return: 2000.5, to_return_reason: 'overpaid' });
  });

  it('keeps security deposits apart from what is paid for the stay', () => {
    const summary = summarizeInRupees(
      booking(),
      [entry('security_deposit_held', 5000), entry('security_deposit_returned', 2000)],
      { ...SETTINGS, security_deposit: toMinorUnits(5000) },
      TODAY,
    );
    expect(summary).toMatchObject({
      paid: 0,
      security_deposit_held: 3000,
      security_deposit_requested: 5000,
      payment_status: 'unpaid',
    });
  });

  it("counts a correction against the entry it reverses, and calls a stay of unknown total 'paid' once paid", () => {
    const mistake = entry('payment', 5000);
    const entries = [mistake, entry('payment', 5000, mistake.id), entry('payment', 500)];
    // ₹500 kept, in paise.
    expect(totalLedger(entries).payment).toBe(50_000);
    const unknown = booking({ amount_known: false, total_amount: 0, booking_source: 'vrbo' });
    expect(summarizeInRupees(unknown, entries, SETTINGS, TODAY)).toMatchObject({
      payment_status: 'paid',
      balance: 0,
      next_due: null,
    });
    expect(summarizeInRupees(unknown, [], SETTINGS, TODAY).payment_status).toBe('unpaid');
  });
});

describe('what a credit note takes off what the guest owes', () => {
  it('owes the total less the credit notes of the invoice in force, and asks the schedule of that', () => {
    // A ₹10,000 stay invoiced in full, ₹1,500 credited; ₹2,000 paid.
    const summary = summarizeInRupees(booking(), [entry('payment', 2000)], SETTINGS, TODAY, {
      invoice_minor: 10_000_00,
      credited_minor: 1500_00,
    });
    expect(summary).toMatchObject({
      total: 10_000,
      credited: 1500,
      net_paid: 2000,
      balance: 6500,
      payment_status: 'partial',
      schedule: [
        { part: 'deposit', amount: 2550 },
        { part: 'balance', amount: 5950 },
      ],
      next_due: { amount: 550, date: '2026-11-20' },
    });
    // Paying what is owed pays the stay; more than that is overpaid.
    const paid = summarizeInRupees(booking(), [entry('payment', 8500)], SETTINGS, TODAY, {
      invoice_minor: 10_000_00,
      credited_minor: 1500_00,
    });
    expect(paid).toMatchObject({ balance: 0, overpaid: 0, payment_status: 'paid', next_due: null });
    expect(
      summarizeInRupees(booking(), [entry('payment', 10_000)], SETTINGS, TODAY, {
        invoice_minor: 10_000_00,
        credited_minor: 1500_00,
      }),
    ).toMatchObject({ overpaid: 1500, payment_status: 'paid' });
  });

  it('never takes off what a lowered total already took, in whichever order the two came', () => {
    const invoice = { invoice_minor: 10_000_00, credited_minor: 1500_00 };
    expect(findCreditedMinor(10_000_00, invoice)).toBe(1500_00);
    // The total lowered by the same ₹1,500: nothing more to take off.
    expect(findCreditedMinor(8500_00, invoice)).toBe(0);
    // Lowered by ₹1,000 only: the other ₹500 of the credit note still counts.
    expect(findCreditedMinor(9000_00, invoice)).toBe(500_00);
    // Raised after the invoice (not invoiced yet): the credit note counts whole.
    expect(findCreditedMinor(12_000_00, invoice)).toBe(1500_00);
    // No invoice in force (none, or the last wholly credited and its successor not issued yet).
    expect(findCreditedMinor(10_000_00, NOT_INVOICED)).toBe(0);
    // Never more than the total.
    expect(findCreditedMinor(0, { invoice_minor: 0, credited_minor: 100 })).toBe(0);
  });
});

describe('the rules of a new entry', () => {
  const inr = { currency: 'INR' };

  it('refuses a refund above what was paid and not yet refunded', () => {
    const paid = [entry('payment', 3000), entry('refund', 1000)];
    expect(
      checkLedgerEntry(inr, paid, { kind: 'refund', amount: toMinorUnits(2000), corrects_id: null }),
    ).toBeUndefined();
    expect(
      checkLedgerEntry(inr, paid, { kind: 'refund', amount: toMinorUnits(2000.01), corrects_id: null }),
    ).toBe('A refund can be at most what was paid and not yet refunded: ₹2,000');
    expect(checkLedgerEntry(inr, [], { kind: 'refund', amount: toMinorUnits(1), corrects_id: null })).toBe(
      'Nothing has been paid that could be refunded',
    );
  });

  it('refuses a security deposit returned above what is held', () => {
    const held = [entry('security_deposit_held', 500)];
    expect(
      checkLedgerEntry(inr, held, {
        kind: 'security_deposit_returned',
        amount: toMinorUnits(500),
        corrects_id: null,
      }),
    ).toBeUndefined();
    expect(
      checkLedgerEntry(inr, held, {
        kind: 'security_deposit_returned',
        amount: toMinorUnits(501),
        corrects_id: null,
      }),
    ).toBe('At most the security deposit held can be returned: ₹500');
  });

  it('lets a correction reverse only what is left of an uncorrected entry of its own kind', () => {
    const payment = entry('payment', 3000);
    const correction = entry('payment', 1000, payment.id);
    const ledger = [payment, correction];
    expect(
      checkLedgerEntry(inr, ledger, { kind: 'payment', amount: toMinorUnits(2000), corrects_id: payment.id }),
    ).toBeUndefined();
    expect(
      checkLedgerEntry(inr, ledger, { kind: 'payment', amount: toMinorUnits(2001), corrects_id: payment.id }),
    ).toBe('A correction can reverse at most what is left of that entry: ₹2,000');
    expect(
      checkLedgerEntry(inr, ledger, { kind: 'refund', amount: toMinorUnits(10), corrects_id: payment.id }),
    ).toMatch(/reverses an entry of its own kind/);
    expect(
      checkLedgerEntry(inr, ledger, {
        kind: 'payment',
        amount: toMinorUnits(10),
        corrects_id: correction.id,
      }),
    ).toMatch(/cannot itself be corrected/);
    expect(
      checkLedgerEntry(inr, ledger, { kind: 'payment', amount: toMinorUnits(10), corrects_id: 'nope' }),
    ).toMatch(/not in this booking/);
    // Correcting a payment that was partly refunded may not leave more refunded than paid.
    const refunded = [payment, entry('refund', 2500)];
    expect(
      checkLedgerEntry(inr, refunded, {
        kind: 'payment',
        amount: toMinorUnits(600),
        corrects_id: payment.id,
      }),
    ).toMatch(/more refunded than paid/);
  });
});

describe('money in by hand, bounded by the stay', () => {
  const stay = booking({ total_amount: 227_150 });
  const pay = (amount: number, kind: PaymentKind = 'payment') => ({
    kind,
    amount: toMinorUnits(amount),
    corrects_id: null,
  });
  const rupees = (amount: number) => moneyFromMajor(amount, 'INR');

  it('takes at most the balance and the security deposit not yet held, and names the balance', () => {
    const paid = [entry('payment', 27_150)];
    expect(findIncomingExcess(stay, paid, SETTINGS, pay(200_000))).toBeUndefined();
    const excess = findIncomingExcess(stay, paid, SETTINGS, pay(100_000_000));
    expect(excess).toEqual({ balance: rupees(200_000), security_deposit: rupees(0), max: rupees(200_000) });
    expect(describeIncomingExcess(excess!)).toBe(
      'This is more than the balance of ₹2,00,000: at most ₹2,00,000 can be recorded on this stay',
    );
    const deposit = { ...SETTINGS, security_deposit: toMinorUnits(5000) };
    expect(findIncomingExcess(stay, paid, deposit, pay(205_000))).toBeUndefined();
    expect(findIncomingExcess(stay, paid, deposit, pay(205_000.01))).toMatchObject({ max: rupees(205_000) });
    expect(
      findIncomingExcess(
        stay,
        [...paid, entry('security_deposit_held', 5000)],
        deposit,
        pay(200_000.01, 'security_deposit_held'),
      ),
    ).toMatchObject({ balance: rupees(200_000), security_deposit: rupees(0) });
  });

  it('leaves a stay of unknown total, a correction and money going back unbounded', () => {
    const unknown = booking({ amount_known: false, total_amount: 0 });
    expect(findIncomingExcess(unknown, [], SETTINGS, pay(100_000_000))).toBeUndefined();
    const first = entry('payment', 1000);
    expect(
      findIncomingExcess(stay, [first], SETTINGS, {
        kind: 'payment',
        amount: toMinorUnits(1000),
        corrects_id: first.id,
      }),
    ).toBeUndefined();
    expect(findIncomingExcess(stay, [], SETTINGS, pay(1e6, 'refund'))).toBeUndefined();
  });
});

describe('a void', () => {
  const full = (kind: PaymentKind, amount: number, values: Partial<PaymentEntry> = {}): PaymentEntry => ({
    ...entry(kind, amount),
    booking_id: '00000000-0000-4000-8000-000000000001',
    currency: 'INR',
    method: 'upi',
    received_on: TODAY,
    reference: null,
    note: null,
    gateway_payment_id: null,
    void_reason: null,
    voided: null,
    created_at: '2026-11-22T06:00:00.000Z',
    created_by: null,
    ...values,
  });
  const inr = { currency: 'INR' };

  it('reverses all that is left of the entry', () => {
    const payment = full('payment', 3000);
    const corrected = full('payment', 1000, { corrects_id: payment.id });
    expect(planVoid(inr, [payment, corrected], payment.id)).toEqual({
      entry: payment,
      amount: toMinorUnits(2000),
    });
    expect(planVoid(inr, [payment], 'nope')).toBeUndefined();
  });

  it('refuses a void of a void, of what is voided, of Razorpay money, and one leaving more refunded than paid', () => {
    const payment = full('payment', 3000);
    const voided = full('payment', 3000, { corrects_id: payment.id, void_reason: 'Wrong stay' });
    expect(planVoid(inr, [payment, voided], voided.id)).toEqual({
      refusal: expect.stringMatching(/cannot itself be voided/),
    });
    expect(planVoid(inr, [payment, voided], payment.id)).toEqual({ refusal: 'This entry is already voided' });
    const razorpay = full('payment', 3000, { method: 'razorpay', gateway_payment_id: 'pay_A1' });
    expect(planVoid(inr, [razorpay], razorpay.id)).toEqual({
      refusal: expect.stringMatching(/Refund it instead/),
    });
    const refund = full('refund', 1000, { method: 'razorpay', gateway_payment_id: 'rfnd_A1' });
    expect(planVoid(inr, [razorpay, refund], refund.id)).toEqual({
      refusal: expect.stringMatching(/has left/),
    });
    const refunded = [payment, full('refund', 1000)];
    expect(planVoid(inr, refunded, payment.id)).toEqual({
      refusal: expect.stringMatching(/more refunded than paid/),
    });
    expect(planVoid(inr, refunded, refunded[1]!.id)).toMatchObject({ amount: toMinorUnits(1000) });
  });
});

describe('ledger invariants, whatever the sequence of payments, refunds and corrections', () => {
  type Step = { kind: PaymentKind; minor: number; correct: number | null };
  const step = fc.record({
    kind: fc.constantFrom<PaymentKind>(
      'payment',
      'refund',
      'security_deposit_held',
      'security_deposit_returned',
    ),
    minor: fc.integer({ min: 1, max: 5_000_00 }),
    correct: fc.option(fc.nat({ max: 30 }), { freq: 4 }),
  });

  it('adds up, keeps the status in step, and never lets more be refunded than paid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20_000_00 }),
        fc.constantFrom('direct', 'airbnb', 'booking_com', 'vrbo'),
        fc.boolean(),
        fc.array(step, { maxLength: 30 }),
        (totalMinor, source, amountKnown, steps: Step[]) => {
          const stay = booking({
            total_amount: totalMinor / 100,
            booking_source: source as PaymentBooking['booking_source'],
            amount_known: amountKnown,
          });
          const ledger: LedgerEntry[] = [];
          let paid = 0;
          let refunded = 0;
          for (const next of steps) {
            const target =
              next.correct === null ? undefined : ledger[next.correct % Math.max(1, ledger.length)];
            const candidate = {
              kind: target?.kind ?? next.kind,
              amount: next.minor as MinorUnits,
              corrects_id: target?.id ?? null,
            };
            const refusal = checkLedgerEntry(stay, ledger, candidate);
            const before = totalLedger(ledger);
            if (refusal === undefined) {
              ledger.push({ id: `s${ledger.length}`, ...candidate });
              const sign = candidate.corrects_id ? -1 : 1;
              if (candidate.kind === 'payment') paid += sign * next.minor;
              if (candidate.kind === 'refund') refunded += sign * next.minor;
            } else if (!candidate.corrects_id && candidate.kind === 'refund') {
              // Refused only because it is above what is left to refund.
              expect(next.minor).toBeGreaterThan(before.payment - before.refund);
            }
            const totals = totalLedger(ledger);
            expect(totals.refund).toBeLessThanOrEqual(totals.payment);
            expect(totals.security_deposit_returned).toBeLessThanOrEqual(totals.security_deposit_held);
          }
          const summary = summarizePayments(stay, ledger, SETTINGS, TODAY);
          const net = paid - refunded;
          expect(summary.paid).toBe(paid);
          expect(summary.refunded).toBe(refunded);
          expect(summary.net_paid).toBe(net);
          expect(net).toBeGreaterThanOrEqual(0);
          // The channel collects its stays whatever is recorded here (a payout, or money to return).
          const channel = source === 'airbnb' || source === 'booking_com';
          const owed = channel || !amountKnown ? 0 : Math.max(0, totalMinor - net);
          expect(summary.balance).toBe(owed);
          expect(summary.overpaid).toBe(amountKnown ? Math.max(0, net - totalMinor) : 0);
          // What is scheduled adds up to the total, and what is due next is never more than the balance.
          if (!channel && amountKnown) {
            expect(summary.schedule.reduce((sum, part) => sum + part.amount, 0)).toBe(totalMinor);
          }
          expect(summary.next_due?.amount ?? 0).toBeLessThanOrEqual(owed);
          const expected = channel
            ? 'channel'
            : net === 0
              ? refunded > 0
                ? 'refunded'
                : 'unpaid'
              : !amountKnown || net >= totalMinor
                ? 'paid'
                : 'partial';
          expect(summary.payment_status).toBe(expected);
          expect(derivePaymentStatus(stay, totalLedger(ledger), totalMinor)).toBe(expected);
          // What is to return: nothing paid here is owed on a channel's stay (no payout methods here).
          const toReturn = channel ? net : amountKnown ? Math.max(0, net - totalMinor) : 0;
          expect(summary.to_return).toBe(toReturn);
          expect(summary.to_return_reason).toBe(
            toReturn === 0 ? null : channel ? 'channel_collects' : 'overpaid',
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('payment inputs', () => {
  const record = createRecordPaymentSchema(() => TODAY);
  const valid = { amount: 2500.5, method: 'upi', received_on: TODAY, reference: 'UTR 4471' };

  it('takes a payment received up to today, a deposit held, and a correction', () => {
    // ₹2,500.50 is decoded to paise.
    expect(record.parse(valid)).toEqual({
      ...valid,
      amount: 250_050,
      kind: 'payment',
      note: null,
      corrects_id: null,
    });
    expect(record.parse({ ...valid, kind: 'security_deposit_held' }).kind).toBe('security_deposit_held');
  });

  it.each([
    [{ amount: 0 }, 'Amount must be more than 0'],
    [{ amount: 10.005 }, 'Amount can have at most two decimals'],
    [{ amount: '10' }, 'Amount must be a number'],
    [{ received_on: '2026-11-23' }, 'Received on cannot be after today (2026-11-22)'],
    [{ received_on: '2020-01-01' }, 'Received on is too far in the past'],
    [{ received_on: '2026-02-30' }, 'Received on is not a real date'],
    [{ method: 'cheque' }, 'Method must be one of upi, bank_transfer, cash, card, razorpay, channel, other'],
    [{ kind: 'refund' }, 'Kind must be one of payment, security_deposit_held'],
    [{ reference: 'x'.repeat(101) }, 'Reference must be at most 100 characters'],
  ])('refuses %o', (change, message) => {
    const result = record.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('takes refunds and security deposits returned on the refund side only', () => {
    const refund = createRefundPaymentSchema(() => TODAY);
    expect(refund.parse(valid).kind).toBe('refund');
    expect(refund.safeParse({ ...valid, kind: 'payment' }).success).toBe(false);
  });

  it('checks payment settings, keeping no instructions made of spaces', () => {
    expect(PaymentSettingsUpdateSchema.safeParse({ deposit_percent: 101 }).success).toBe(false);
    expect(PaymentSettingsUpdateSchema.safeParse({ balance_due_days: -1 }).success).toBe(false);
    expect(PaymentSettingsUpdateSchema.parse({ payment_instructions: '  ' })).toEqual({
      payment_instructions: '',
    });
  });
});
