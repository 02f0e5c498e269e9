import { z } from 'zod';
import { villaToday } from '../dates';
import { GatewayRefundSchema, RefundablePaymentSchema } from '../gateway-refund';
import {
  CreatePaymentLinkSchema,
  createRecordPaymentSchema,
  createRefundPaymentSchema,
  PaymentLedgerSchema,
  PaymentLinkSchema,
  RazorpayWebhookEventSchema,
  WebhookReceiptSchema,
  PaymentSettingsSchema,
  PaymentSettingsUpdateSchema,
  RecordedEntrySchema,
  PaymentSummarySchema,
  VoidPaymentSchema,
} from '../payment';
import { BookingIdParamsSchema } from './bookings';
import { defineEndpoint, errorResponses, PropertyIdParamsSchema } from './endpoint';
import { paymentRoutes } from './routes';

/** A booking's ledger, with its refunds through Razorpay and what each Razorpay payment has left. */
export const BookingLedgerSchema = PaymentLedgerSchema.extend({
  gateway_refunds: z
    .array(GatewayRefundSchema)
    .describe('Refunds through Razorpay, newest first: pending ones count against what may be refunded'),
  refundable_payments: z
    .array(RefundablePaymentSchema)
    .describe('The Razorpay payments of the booking, oldest first, with what each has left to refund'),
});

export const RecordedRefundSchema = RecordedEntrySchema.extend({
  refund: GatewayRefundSchema.optional().describe('The refund through Razorpay, when it was made through it'),
});

export const PendingRefundSchema = z.object({
  refund: GatewayRefundSchema,
  summary: PaymentSummarySchema,
  message: z.string().describe('Why the outcome is not known yet, and what happens next'),
});

export const ReconciledRefundsSchema = z.object({
  gateway_refunds: z.array(GatewayRefundSchema),
  summary: PaymentSummarySchema,
});

export const paymentEndpoints = {
  listPayments: defineEndpoint({
    ...paymentRoutes.listPayments,
    tags: ['payments'],
    session: true,
    params: BookingIdParamsSchema,
    responses: { 200: BookingLedgerSchema, ...errorResponses(400, 401, 404) },
  }),
  recordPayment: defineEndpoint({
    ...paymentRoutes.recordPayment,
    tags: ['payments'],
    session: true,
    params: BookingIdParamsSchema,
    // The server judges the day received by its own clock; this is the same schema on today's date.
    body: createRecordPaymentSchema(() => villaToday()),
    responses: { 201: RecordedEntrySchema, ...errorResponses(400, 401, 404, 409) },
  }),
  refundPayment: defineEndpoint({
    ...paymentRoutes.refundPayment,
    tags: ['payments'],
    session: true,
    params: BookingIdParamsSchema,
    body: createRefundPaymentSchema(() => villaToday()),
    responses: {
      201: RecordedRefundSchema,
      202: PendingRefundSchema,
      ...errorResponses(400, 401, 404, 409),
    },
  }),
  reconcileRefunds: defineEndpoint({
    ...paymentRoutes.reconcileRefunds,
    tags: ['payments'],
    session: true,
    params: BookingIdParamsSchema,
    responses: { 200: ReconciledRefundsSchema, ...errorResponses(400, 401, 404, 409) },
  }),
  voidPayment: defineEndpoint({
    ...paymentRoutes.voidPayment,
    tags: ['payments'],
    session: true,
    params: BookingIdParamsSchema.extend({
      entryId: z.uuid({ error: 'Entry id must be a UUID' }),
    }),
    body: VoidPaymentSchema,
    responses: { 201: RecordedEntrySchema, ...errorResponses(400, 401, 404, 409) },
  }),
  getPaymentSettings: defineEndpoint({
    ...paymentRoutes.getPaymentSettings,
    tags: ['payments'],
    session: true,
    params: PropertyIdParamsSchema,
    responses: { 200: PaymentSettingsSchema, ...errorResponses(400, 401, 404) },
  }),
  updatePaymentSettings: defineEndpoint({
    ...paymentRoutes.updatePaymentSettings,
    tags: ['payments'],
    session: true,
    params: PropertyIdParamsSchema,
    body: PaymentSettingsUpdateSchema,
    responses: { 200: PaymentSettingsSchema, ...errorResponses(400, 401, 404) },
  }),
  createPaymentLink: defineEndpoint({
    ...paymentRoutes.createPaymentLink,
    tags: ['payments'],
    session: true,
    params: BookingIdParamsSchema,
    body: CreatePaymentLinkSchema.nullish(),
    responses: {
      200: PaymentLinkSchema,
      201: PaymentLinkSchema,
      ...errorResponses(400, 401, 404, 409, 502),
    },
  }),
  receiveRazorpayWebhook: defineEndpoint({
    ...paymentRoutes.receiveRazorpayWebhook,
    tags: ['payments'],
    session: false,
    body: RazorpayWebhookEventSchema,
    responses: { 200: WebhookReceiptSchema, ...errorResponses(400, 409) },
  }),
};
