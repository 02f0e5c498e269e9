import { villaToday } from '../dates';
import {
  createRecordPaymentSchema,
  createRefundPaymentSchema,
  PaymentLedgerSchema,
  PaymentSettingsSchema,
  PaymentSettingsUpdateSchema,
  RecordedEntrySchema,
} from '../payment';
import { BookingIdParamsSchema } from './bookings';
import { defineEndpoint, errorResponses, PropertyIdParamsSchema } from './endpoint';

export const paymentEndpoints = {
  listPayments: defineEndpoint({
    operationId: 'listPayments',
    method: 'GET',
    path: '/api/bookings/:bookingId/payments',
    tags: ['payments'],
    session: true,
    params: BookingIdParamsSchema,
    responses: { 200: PaymentLedgerSchema, ...errorResponses(400, 401, 404) },
  }),
  recordPayment: defineEndpoint({
    operationId: 'recordPayment',
    method: 'POST',
    path: '/api/bookings/:bookingId/payments',
    tags: ['payments'],
    session: true,
    params: BookingIdParamsSchema,
    // The server judges the day received by its own clock; this is the same schema on today's date.
    body: createRecordPaymentSchema(() => villaToday()),
    responses: { 201: RecordedEntrySchema, ...errorResponses(400, 401, 404, 409) },
  }),
  refundPayment: defineEndpoint({
    operationId: 'refundPayment',
    method: 'POST',
    path: '/api/bookings/:bookingId/refunds',
    tags: ['payments'],
    session: true,
    params: BookingIdParamsSchema,
    body: createRefundPaymentSchema(() => villaToday()),
    responses: { 201: RecordedEntrySchema, ...errorResponses(400, 401, 404, 409) },
  }),
  getPaymentSettings: defineEndpoint({
    operationId: 'getPaymentSettings',
    method: 'GET',
    path: '/api/properties/:propertyId/payment-settings',
    tags: ['payments'],
    session: true,
    params: PropertyIdParamsSchema,
    responses: { 200: PaymentSettingsSchema, ...errorResponses(400, 401, 404) },
  }),
  updatePaymentSettings: defineEndpoint({
    operationId: 'updatePaymentSettings',
    method: 'PUT',
    path: '/api/properties/:propertyId/payment-settings',
    tags: ['payments'],
    session: true,
    params: PropertyIdParamsSchema,
    body: PaymentSettingsUpdateSchema,
    responses: { 200: PaymentSettingsSchema, ...errorResponses(400, 401, 404) },
  }),
};
