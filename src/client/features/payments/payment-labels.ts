import type { PaymentKind, PaymentMethod } from '@/domain/payment';

export const PAYMENT_KIND_LABELS: Record<PaymentKind, string> = {
  payment: 'Payment',
  refund: 'Refund',
  security_deposit_held: 'Security deposit held',
  security_deposit_returned: 'Security deposit returned',
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  upi: 'UPI',
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
  card: 'Card',
  razorpay: 'Razorpay',
  channel: 'Paid out by the channel',
  other: 'Other',
};
