import { z } from 'zod';
import { villaToday } from '../dates';
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
  VoidPaymentSchema,
} from '../payment';
import { BookingIdParamsSchema } from './bookings';
import { defineEndpoint, errorResponses, PropertyIdParamsSchema } from './endpoint';
import { paymentRoutes } from './routes';

export const paymentEndpoints = {
  listPayments: defineEndpoint({
    ...paymentRoutes.listPayments,
    tags: ['payments'],
    session: true,
    params: BookingIdParamsSchema,
    responses: { 200: PaymentLedgerSchema, ...errorResponses(400, 401, 404) },
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
    responses: { 201: RecordedEntrySchema, ...errorResponses(400, 401, 404, 409) },
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
