import { z } from 'zod';

export const ErrorResponseSchema = z.object({
  error: z.object({ message: z.string() }).loose(),
});

export const PropertyIdParamsSchema = z.object({
  propertyId: z.uuid({ error: 'Property id must be a UUID' }),
});
