import { z } from 'zod';
import { defineEndpoint, ErrorResponseSchema } from './endpoint';

export const healthEndpoints = {
  getHealth: defineEndpoint({
    operationId: 'getHealth',
    method: 'GET',
    path: '/api/health',
    tags: ['health'],
    session: false,
    responses: {
      200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
      503: ErrorResponseSchema,
    },
  }),
};
