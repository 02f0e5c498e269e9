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
import { sessionRoutes } from './routes';

export const sessionEndpoints = {
  signIn: defineEndpoint({
    ...sessionRoutes.signIn,
    tags: ['session'],
    session: false,
    body: SignInSchema,
    responses: { 200: SessionResponseSchema, ...errorResponses(400, 401, 429) },
  }),
  getSession: defineEndpoint({
    ...sessionRoutes.getSession,
    tags: ['session'],
    session: true,
    responses: { 200: SessionResponseSchema, 401: ErrorResponseSchema },
  }),
  signOut: defineEndpoint({
    ...sessionRoutes.signOut,
    tags: ['session'],
    session: false,
    responses: { 200: z.object({ signedOut: z.literal(true) }) },
  }),
  changePassword: defineEndpoint({
    ...sessionRoutes.changePassword,
    tags: ['session'],
    session: true,
    body: ChangePasswordSchema,
    responses: { 200: ChangePasswordResponseSchema, ...errorResponses(400, 401, 429) },
  }),
  listSessions: defineEndpoint({
    ...sessionRoutes.listSessions,
    tags: ['session'],
    session: true,
    responses: { 200: SessionListSchema, 401: ErrorResponseSchema },
  }),
  revokeSession: defineEndpoint({
    ...sessionRoutes.revokeSession,
    tags: ['session'],
    session: true,
    params: SessionIdParamsSchema,
    responses: {
      200: z.object({ revoked: z.literal(true), current: z.boolean() }),
      ...errorResponses(400, 401, 404),
    },
  }),
};
