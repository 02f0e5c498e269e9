import { z } from 'zod';
import {
  GuestRequestSchema,
  MessageListQuerySchema,
  MessageSchema,
  MessageSummarySchema,
  RequestTokenParamsSchema,
} from '../message';
import {
  MessageTemplateKindParamsSchema,
  MessageTemplateListSchema,
  MessageTemplatePreviewSchema,
  MessageTemplateSchema,
  MessageTemplateUpdateSchema,
  RenderedTemplateSchema,
  BookingScheduleSchema,
  ScheduledMessageParamsSchema,
  TemplateTestResultSchema,
} from '../message-template';
import { BookingIdParamsSchema } from './bookings';
import { defineEndpoint, errorResponses, PropertyIdParamsSchema } from './endpoint';
import { InvoiceIdParamsSchema } from './invoices';
import { messageRoutes } from './routes';

export const MessageIdParamsSchema = z.object({ messageId: z.uuid({ error: 'Message id must be a UUID' }) });

export const messageEndpoints = {
  listMessages: defineEndpoint({
    ...messageRoutes.listMessages,
    tags: ['messages'],
    session: true,
    query: MessageListQuerySchema,
    responses: { 200: z.array(MessageSummarySchema), ...errorResponses(400, 401) },
  }),
  getMessage: defineEndpoint({
    ...messageRoutes.getMessage,
    tags: ['messages'],
    session: true,
    params: MessageIdParamsSchema,
    responses: { 200: MessageSchema, ...errorResponses(400, 401, 404) },
  }),
  resendMessage: defineEndpoint({
    ...messageRoutes.resendMessage,
    tags: ['messages'],
    session: true,
    params: MessageIdParamsSchema,
    responses: { 200: MessageSummarySchema, ...errorResponses(400, 401, 404, 409) },
  }),
  getGuestRequest: defineEndpoint({
    ...messageRoutes.getGuestRequest,
    tags: ['public'],
    session: false,
    params: RequestTokenParamsSchema,
    responses: { 200: GuestRequestSchema, ...errorResponses(400, 404, 429) },
  }),
  withdrawGuestRequest: defineEndpoint({
    ...messageRoutes.withdrawGuestRequest,
    tags: ['public'],
    session: false,
    params: RequestTokenParamsSchema,
    responses: { 200: GuestRequestSchema, ...errorResponses(400, 404, 409, 429) },
  }),
  getGuestInvoicePdf: defineEndpoint({
    ...messageRoutes.getGuestInvoicePdf,
    tags: ['public'],
    session: false,
    params: RequestTokenParamsSchema.extend(InvoiceIdParamsSchema.shape),
    produces: ['application/pdf'],
    responses: { 200: z.string().describe('application/pdf'), ...errorResponses(400, 404, 429) },
  }),
  listMessageTemplates: defineEndpoint({
    ...messageRoutes.listMessageTemplates,
    tags: ['messages'],
    session: true,
    params: PropertyIdParamsSchema,
    responses: { 200: MessageTemplateListSchema, ...errorResponses(400, 401, 404) },
  }),
  updateMessageTemplate: defineEndpoint({
    ...messageRoutes.updateMessageTemplate,
    tags: ['messages'],
    session: true,
    params: MessageTemplateKindParamsSchema,
    body: MessageTemplateUpdateSchema,
    responses: { 200: MessageTemplateSchema, ...errorResponses(400, 401, 404) },
  }),
  previewMessageTemplate: defineEndpoint({
    ...messageRoutes.previewMessageTemplate,
    tags: ['messages'],
    session: true,
    params: MessageTemplateKindParamsSchema,
    body: MessageTemplatePreviewSchema,
    responses: { 200: RenderedTemplateSchema, ...errorResponses(400, 401, 404) },
  }),
  sendMessageTemplateTest: defineEndpoint({
    ...messageRoutes.sendMessageTemplateTest,
    tags: ['messages'],
    session: true,
    params: MessageTemplateKindParamsSchema,
    body: MessageTemplatePreviewSchema,
    responses: { 202: TemplateTestResultSchema, ...errorResponses(400, 401, 404, 409) },
  }),
  listScheduledMessages: defineEndpoint({
    ...messageRoutes.listScheduledMessages,
    tags: ['messages'],
    session: true,
    params: BookingIdParamsSchema,
    responses: { 200: BookingScheduleSchema, ...errorResponses(400, 401, 404) },
  }),
  skipScheduledMessage: defineEndpoint({
    ...messageRoutes.skipScheduledMessage,
    tags: ['messages'],
    session: true,
    params: ScheduledMessageParamsSchema,
    responses: { 200: BookingScheduleSchema, ...errorResponses(400, 401, 404, 409) },
  }),
  restoreScheduledMessage: defineEndpoint({
    ...messageRoutes.restoreScheduledMessage,
    tags: ['messages'],
    session: true,
    params: ScheduledMessageParamsSchema,
    responses: { 200: BookingScheduleSchema, ...errorResponses(400, 401, 404, 409) },
  }),
};
