import { formatBookingReference } from '../../domain/booking';
import type { GuestPayment } from '../../domain/message';
import { formatMoney, toColumnUnits, type Money } from '../../domain/money';
import { buildUpiPayUri, UPI_MAX_AMOUNT_MINOR } from '../../domain/upi';
import { paymentTexts } from '../../content/payments';
import type { Config } from '../env';
import type { AmountDue, GuestPaymentDue } from '../store/payments';
import { renderQrSvg } from './upi-qr';

/** What a guest is asked to pay now and how: the e-mail and the request page are written from it. */
export type GuestPaymentPlan = {
  due: AmountDue;
  upi: { uri: string; vpa: string; payeeName: string } | null;
  /** How to pay in words; null only when UPI is offered and the operator wrote nothing of their own. */
  instructions: string | null;
  /** A Razorpay payment link for the amount due now (UPI, card, netbanking), when the operator made one. */
  link?: { url: string } | null;
};

/**
 * The plan with the booking's open payment link, when the link asks for exactly what is due now: a link
 * made for an amount since paid another way, or for a part no longer due, is not offered.
 */
export function attachPaymentLink(
  plan: GuestPaymentPlan | null,
  link: { url: string; amount: Money } | null | undefined,
): GuestPaymentPlan | null {
  if (!plan || !link) return plan;
  const matches =
    link.amount.currency === plan.due.amount.currency && link.amount.minor === plan.due.amount.minor;
  return matches ? { ...plan, link: { url: link.url } } : plan;
}

/** A text of paymentTexts with its placeholders filled. */
export function fillPaymentText(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * What a booking's guest pays now and how, or null when nothing is due (the ledger's next payment). UPI
 * only for stays in rupees, when the operator set a UPI ID, and for no more than a UPI payment may carry;
 * otherwise the guest is told in the operator's words, or else in ours: never "how to pay" with nothing after.
 */
export function planGuestPayment(
  booking: { bookingId: string; payment: GuestPaymentDue | undefined },
  settings: Pick<Config, 'payments'>,
): GuestPaymentPlan | null {
  const due = booking.payment?.due;
  if (!due) return null;
  const operatorInstructions = booking.payment?.instructions ?? null;
  const upiSettings = settings.payments.upi;
  const upi =
    upiSettings && due.amount.currency === 'INR' && due.amount.minor <= UPI_MAX_AMOUNT_MINOR
      ? {
          uri: buildUpiPayUri({
            ...upiSettings,
            amount: due.amount,
            note: formatBookingReference(booking.bookingId),
          }),
          vpa: upiSettings.vpa,
          payeeName: upiSettings.payeeName,
        }
      : null;
  const instructions = operatorInstructions?.trim() || (upi ? null : paymentTexts.fallbackInstructions);
  return { due, upi, instructions };
}

/** The plan as the request page's API answers it: amounts as the API's other money fields, the QR drawn. */
export function shapeGuestPayment(plan: GuestPaymentPlan): GuestPayment {
  return {
    amount_due_now: toColumnUnits(plan.due.amount),
    due_date: plan.due.due_date,
    upi: plan.upi && {
      uri: plan.upi.uri,
      qr_svg: renderQrSvg(
        plan.upi.uri,
        fillPaymentText(paymentTexts.qrLabel, {
          amount: formatMoney(plan.due.amount),
          payee: plan.upi.payeeName,
        }),
      ),
      vpa: plan.upi.vpa,
      payee_name: plan.upi.payeeName,
    },
    instructions: plan.instructions,
    ...(plan.link ? { link: plan.link.url } : {}),
  };
}
