import { z } from 'zod';

export const ErrorResponseSchema = z.object({
  error: z.object({ message: z.string() }).loose(),
});

export const PropertyIdParamsSchema = z.object({
  propertyId: z.uuid({ error: 'Property id must be a UUID' }),
});

/** The error answers a route documents, all in the one error shape: `...errorResponses(400, 401, 404)`. */
export function errorResponses<const Code extends number>(...codes: Code[]) {
  return Object.fromEntries(codes.map((code) => [code, ErrorResponseSchema])) as Record<
    Code,
    typeof ErrorResponseSchema
  >;
}
