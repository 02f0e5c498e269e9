import { z } from 'zod';
import {
  ChangePasswordResponseSchema,
  ChangePasswordSchema,
  SessionIdParamsSchema,
  SessionListSchema,
  SessionResponseSchema,
  SignInSchema,
} from '../auth';
import { defineEndpoint, ErrorResponseSchema, errorResponses } from './endpoint';

export const sessionEndpoints = {
  signIn: defineEndpoint({
    operationId: 'signIn',
    method: 'POST',
    path: '/api/session',
    tags: ['session'],
    session: false,
    body: SignInSchema,
    responses: { 200: SessionResponseSchema, ...errorResponses(400, 401, 429) },
  }),
  getSession: defineEndpoint({
    operationId: 'getSession',
    method: 'GET',
    path: '/api/session',
    tags: ['session'],
    session: true,
    responses: { 200: SessionResponseSchema, 401: ErrorResponseSchema },
  }),
  signOut: defineEndpoint({
    operationId: 'signOut',
    method: 'DELETE',
    path: '/api/session',
    tags: ['session'],
    session: false,
    responses: { 200: z.object({ signedOut: z.literal(true) }) },
  }),
  changePassword: defineEndpoint({
    operationId: 'changePassword',
    method: 'POST',
    path: '/api/account/password',
    tags: ['session'],
    session: true,
    body: ChangePasswordSchema,
    responses: { 200: ChangePasswordResponseSchema, ...errorResponses(400, 401, 429) },
  }),
  listSessions: defineEndpoint({
    operationId: 'listSessions',
    method: 'GET',
    path: '/api/sessions',
    tags: ['session'],
    session: true,
    responses: { 200: SessionListSchema, 401: ErrorResponseSchema },
  }),
  revokeSession: defineEndpoint({
    operationId: 'revokeSession',
    method: 'DELETE',
    path: '/api/sessions/:sessionId',
    tags: ['session'],
    session: true,
    params: SessionIdParamsSchema,
    responses: {
      200: z.object({ revoked: z.literal(true), current: z.boolean() }),
      ...errorResponses(400, 401, 404),
    },
  }),
};
