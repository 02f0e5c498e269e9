import { z } from 'zod';
import {
  GuestRequestSchema,
  MessageListQuerySchema,
  MessageSchema,
  MessageSummarySchema,
  RequestTokenParamsSchema,
} from '../message';
import { TOTAL_COUNT_HEADER } from '../booking-list';
import { defineEndpoint, errorResponses } from './endpoint';

export const MessageIdParamsSchema = z.object({ messageId: z.uuid({ error: 'Message id must be a UUID' }) });

export const messageEndpoints = {
  listMessages: defineEndpoint({
    operationId: 'listMessages',
    method: 'GET',
    path: '/api/messages',
    tags: ['messages'],
    session: true,
    query: MessageListQuerySchema,
    totalCountHeader: TOTAL_COUNT_HEADER,
    responses: { 200: z.array(MessageSummarySchema), ...errorResponses(400, 401) },
  }),
  getMessage: defineEndpoint({
    operationId: 'getMessage',
    method: 'GET',
    path: '/api/messages/:messageId',
    tags: ['messages'],
    session: true,
    params: MessageIdParamsSchema,
    responses: { 200: MessageSchema, ...errorResponses(400, 401, 404) },
  }),
  resendMessage: defineEndpoint({
    operationId: 'resendMessage',
    method: 'POST',
    path: '/api/messages/:messageId/resend',
    tags: ['messages'],
    session: true,
    params: MessageIdParamsSchema,
    responses: { 200: MessageSummarySchema, ...errorResponses(400, 401, 404, 409) },
  }),
  getGuestRequest: defineEndpoint({
    operationId: 'getGuestRequest',
    method: 'GET',
    path: '/api/requests/:token',
    tags: ['public'],
    session: false,
    params: RequestTokenParamsSchema,
    responses: { 200: GuestRequestSchema, ...errorResponses(400, 404, 429) },
  }),
  withdrawGuestRequest: defineEndpoint({
    operationId: 'withdrawGuestRequest',
    method: 'POST',
    path: '/api/requests/:token/withdraw',
    tags: ['public'],
    session: false,
    params: RequestTokenParamsSchema,
    responses: { 200: GuestRequestSchema, ...errorResponses(400, 404, 409, 429) },
  }),
};
