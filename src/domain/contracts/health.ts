import { z } from 'zod';
import { defineEndpoint, ErrorResponseSchema } from './endpoint';
import { healthRoutes } from './routes';

export const healthEndpoints = {
  getHealth: defineEndpoint({
    ...healthRoutes.getHealth,
    tags: ['health'],
    session: false,
    responses: {
      200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
      503: ErrorResponseSchema,
    },
  }),
};
