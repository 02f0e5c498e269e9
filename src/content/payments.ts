import { site } from './site';

/**
 * What guests are told about paying, on their request page and in the confirmation e-mail. Placeholders:
 * {amount} (what is due now), {payee} (the name UPI apps show), {date} (when it is due). The owner edits the
 * words here, not in the templates.
 */
export const paymentTexts = {
  upiHeading: 'Pay {amount} by UPI',
  otherHeading: 'How to pay {amount}',
  dueLine: 'Due by {date}',
  upiButton: 'Pay with a UPI app',
  /** A Razorpay payment link: Razorpay's own page, where the guest picks how to pay. */
  onlineButton: 'Pay online (UPI, card, netbanking)',
  upiScan: 'Or scan this code with any UPI app (Google Pay, PhonePe, Paytm, BHIM, your bank’s app).',
  upiIdLabel: 'UPI ID',
  payeeLabel: 'Paid to',
  referenceLabel: 'Reference',
  qrLabel: 'UPI QR code to pay {amount} to {payee}',
  copy: 'Copy UPI ID',
  copied: 'UPI ID copied',
  // The operator matches a payment to the stay by its UTR (the 12-digit number the app shows once paid).
  keepUtr:
    'Once paid, keep the UTR (the 12-digit transaction number your app shows). We record your payment when it reaches us and confirm it to you.',
  /** Said when the operator has not written their own words and UPI cannot be offered. */
  fallbackInstructions: `We will send you our bank details for the payment: reply to this e-mail or write to ${site.email}, quoting your booking reference. You can also call ${site.phone}.`,
} as const;

/** The payment texts' shape, which the Hindi and Marathi versions (`src/content/hi/payments.ts`) follow. */
export type PaymentTexts = { [key in keyof typeof paymentTexts]: string };
