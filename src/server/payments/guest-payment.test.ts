import { describe, expect, it } from 'vitest';
import { makeMoney } from '../../domain/money';
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
const booking = {
  bookingId: '1a2b3c4d-0000-4000-8000-000000000000',
  status: 'confirmed' as const,
  total: makeMoney(1_00_000_00, 'INR'),
  checkIn: '2027-01-20',
};

describe("the plan of a guest's payment", () => {
  it('offers UPI for a rupee deposit, with the booking reference as the note', () => {
    const plan = planGuestPayment(booking, UPI, '2026-12-01');
    expect(plan).toEqual({
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
    expect(
      planGuestPayment(booking, UPI, '2026-12-01', ' Cash at check-in is fine too. ')?.instructions,
    ).toBe('Cash at check-in is fine too.');
    expect(planGuestPayment(booking, NO_UPI, '2026-12-01')).toMatchObject({
      upi: null,
      instructions: paymentTexts.fallbackInstructions,
    });
    expect(planGuestPayment(booking, NO_UPI, '2026-12-01', 'Bank transfer: …')?.instructions).toBe(
      'Bank transfer: …',
    );
  });

  it('offers no UPI for dirhams, nor above what one UPI payment may carry (₹1,00,000)', () => {
    const aed = planGuestPayment({ ...booking, total: makeMoney(1_000_00, 'AED') }, UPI, '2026-12-01');
    expect(aed).toMatchObject({ due: { amount: makeMoney(300_00, 'AED') }, upi: null });
    expect(aed?.instructions).toBe(paymentTexts.fallbackInstructions);
    // All of ₹1,00,000 is due at once 14 days before the stay: exactly the most UPI takes.
    expect(planGuestPayment(booking, UPI, '2027-01-06')?.upi).not.toBeNull();
    const more = { ...booking, total: makeMoney(1_00_000_01, 'INR') };
    expect(planGuestPayment(more, UPI, '2027-01-06')).toMatchObject({
      upi: null,
      instructions: paymentTexts.fallbackInstructions,
    });
  });

  it('asks nothing of a request the operator has not confirmed', () => {
    expect(planGuestPayment({ ...booking, status: 'pending' }, UPI, '2026-12-01')).toBeNull();
  });
});
