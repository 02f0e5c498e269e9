import { z } from 'zod';
import { makeMoney, type Money } from './money';
import { AmountSchema } from './wire-amount';

/**
 * A refund made through a payment gateway (Razorpay) passes through two transactions with the gateway's
 * call between them: 'pending' from the moment it is asked until the gateway's answer is known, 'made' once
 * the gateway has it (its ledger entry is then written), 'failed' when the gateway refused or failed it.
 * Money being refunded counts against what may still be refunded from the moment it is pending.
 */
export const GATEWAY_REFUND_STATUSES = ['pending', 'made', 'failed'] as const;
export type GatewayRefundStatus = (typeof GATEWAY_REFUND_STATUSES)[number];

export const GatewayRefundSchema = z.object({
  id: z.uuid().describe("Ours; also the refund's idempotency key at Razorpay (X-Refund-Idempotency)"),
  booking_id: z.uuid(),
  gateway_payment_id: z.string().describe('The Razorpay payment refunded (pay_…)'),
  amount: AmountSchema.describe("Major units, in the booking's currency"),
  currency: z.string(),
  status: z.enum(GATEWAY_REFUND_STATUSES),
  gateway_refund_id: z.string().nullable().describe("Razorpay's refund id (rfnd_…), once known"),
  refund_entry_id: z.uuid().nullable().describe("The refund's ledger entry, once made"),
  failure: z.string().nullable().describe('Why Razorpay refused or failed it'),
  attempts: z.number().int().describe('How often Razorpay was asked (always with the same key)'),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export type GatewayRefund = z.infer<typeof GatewayRefundSchema>;

export const RefundablePaymentSchema = z.object({
  entry_id: z.uuid(),
  gateway_payment_id: z.string(),
  received_on: z.string(),
  amount: AmountSchema.describe('What the payment brought (corrections deducted)'),
  refundable: AmountSchema.describe(
    'What is left of it to refund: its amount less its refunds made or pending',
  ),
});
export type RefundablePayment = z.infer<typeof RefundablePaymentSchema>;

/** What a gateway payment has left to refund, in minor units. */
export type PaymentRoom = {
  entryId: string;
  gatewayPaymentId: string;
  receivedOn: string;
  paid: Money;
  left: Money;
};

/**
 * What each of a booking's gateway payments has left to refund: its amount, less the corrections of its
 * entry, less the refunds of it made or still pending (a pending one may yet be made).
 */
export function measurePaymentRoom(input: {
  currency: string;
  payments: readonly { id: string; gateway_payment_id: string; received_on: string; minor: number }[];
  corrections: readonly { corrects_id: string; minor: number }[];
  refunds: readonly { payment_entry_id: string; status: GatewayRefundStatus; minor: number }[];
}): PaymentRoom[] {
  return input.payments.map((payment) => {
    const corrected = input.corrections
      .filter((item) => item.corrects_id === payment.id)
      .reduce((sum, item) => sum + item.minor, 0);
    const refunded = input.refunds
      .filter((item) => item.payment_entry_id === payment.id && item.status !== 'failed')
      .reduce((sum, item) => sum + item.minor, 0);
    const paid = payment.minor - corrected;
    return {
      entryId: payment.id,
      gatewayPaymentId: payment.gateway_payment_id,
      receivedOn: payment.received_on,
      paid: makeMoney(paid, input.currency),
      left: makeMoney(Math.max(0, paid - refunded), input.currency),
    };
  });
}
