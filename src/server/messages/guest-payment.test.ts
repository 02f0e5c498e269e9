import { describe, expect, it } from 'vitest';
import { makeMoney, type Money } from '../../domain/money';
import { paymentTexts } from '../../content/payments';
import { planGuestPayment } from './guest-payment';

const UPI = {
  payments: {
    upi: { vpa: 'shantivilla@okaxis', payeeName: 'Shanti Villa Retreat' },
    reminderDays: 3,
    razorpay: null,
  },
};
const NO_UPI = { payments: { upi: null, reminderDays: 3, razorpay: null } };
const bookingId = '1a2b3c4d-0000-4000-8000-000000000000';
/** A booking whose ledger asks for `amount` by 1 December 2026, the operator's words on paying beside it. */
const owing = (amount: Money, instructions = '') => ({
  bookingId,
  payment: { due: { amount, due_date: '2026-12-01' }, instructions },
});

describe("the plan of a guest's payment", () => {
  it('offers UPI for what the ledger says is due in rupees, with the booking reference as the note', () => {
    expect(planGuestPayment(owing(makeMoney(30_000_00, 'INR')), UPI)).toEqual({
      due: { amount: makeMoney(30_000_00, 'INR'), due_date: '2026-12-01' },
      upi: {
        uri: 'upi://pay?pa=shantivilla@okaxis&pn=Shanti%20Villa%20Retreat&am=30000.00&cu=INR&tn=SV-1A2B3C4D',
        vpa: 'shantivilla@okaxis',
        payeeName: 'Shanti Villa Retreat',
      },
      instructions: null,
    });
  });

  it("keeps the operator's own words beside UPI, and says something when there is no UPI", () => {
    const deposit = makeMoney(30_000_00, 'INR');
    expect(planGuestPayment(owing(deposit, ' Cash at check-in is fine too. '), UPI)?.instructions).toBe(
      'Cash at check-in is fine too.',
    );
    expect(planGuestPayment(owing(deposit), NO_UPI)).toMatchObject({
      upi: null,
      instructions: paymentTexts.fallbackInstructions,
    });
    expect(planGuestPayment(owing(deposit, 'Bank transfer: …'), NO_UPI)?.instructions).toBe(
      'Bank transfer: …',
    );
  });

  it('offers no UPI for dirhams, nor above what one UPI payment may carry (₹1,00,000)', () => {
    const aed = planGuestPayment(owing(makeMoney(300_00, 'AED')), UPI);
    expect(aed).toMatchObject({ due: { amount: makeMoney(300_00, 'AED') }, upi: null });
    expect(aed?.instructions).toBe(paymentTexts.fallbackInstructions);
    expect(planGuestPayment(owing(makeMoney(1_00_000_00, 'INR')), UPI)?.upi).not.toBeNull();
    expect(planGuestPayment(owing(makeMoney(1_00_000_01, 'INR')), UPI)).toMatchObject({
      upi: null,
      instructions: paymentTexts.fallbackInstructions,
    });
  });

  it('asks nothing when the ledger says nothing is due, or was not read', () => {
    expect(planGuestPayment({ bookingId, payment: { due: null, instructions: 'Cash' } }, UPI)).toBeNull();
    expect(planGuestPayment({ bookingId, payment: undefined }, UPI)).toBeNull();
  });
});
