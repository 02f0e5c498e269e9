import { z } from 'zod';
import type { Wire } from '../wire-amount';
import type { EndpointRoute } from './routes';

/**
 * One endpoint of the API, said once: the server registers its route from it (method, path, schemas,
 * operationId) and the client calls it through `callEndpoint`, so the two cannot drift apart. The prose
 * of the OpenAPI document (summary, description) stays with the route, out of the pages' bundles.
 */
export type Endpoint = EndpointRoute & {
  readonly tags: readonly string[];
  /** Whether the operator's session is needed (401 without one). */
  readonly session: boolean;
  readonly params?: z.ZodType;
  /** Request headers the endpoint reads (an Idempotency-Key). */
  readonly headers?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The answer's body for each status it documents; a 2xx status is the answer a caller gets. */
  readonly responses: Readonly<Record<number, z.ZodType>>;
  /** The answer's media types when it is not JSON (a CSV export, a calendar file). */
  readonly produces?: readonly string[];
};

export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

type SuccessStatus = 200 | 201 | 202 | 204;

/** The body of the endpoint's successful answer, as it travels (amounts in major units). */
export type EndpointResult<E extends Endpoint> = {
  [Status in keyof E['responses'] & SuccessStatus]: Wire<z.output<E['responses'][Status]>>;
}[keyof E['responses'] & SuccessStatus];

type InputOf<Schema> = Schema extends z.ZodType ? z.input<Schema> : undefined;
export type EndpointParams<E extends Endpoint> = InputOf<E['params']>;
export type EndpointQuery<E extends Endpoint> = InputOf<E['query']>;
export type EndpointBody<E extends Endpoint> = InputOf<E['body']>;

/** The schema of the answer with this status, if the endpoint documents one. */
export function findResponseSchema(endpoint: Endpoint, status: number): z.ZodType | undefined {
  return Object.hasOwn(endpoint.responses, status) ? endpoint.responses[status] : undefined;
}

/** The error answers an endpoint documents, all in the one error shape: `...errorResponses(400, 401, 404)`. */
export const ErrorResponseSchema = z.object({
  error: z
    .object({
      message: z.string(),
      code: z
        .string()
        .optional()
        .describe('What went wrong, for a client to recognise (the message is for people and logs)'),
      params: z
        .record(z.string(), z.unknown())
        .optional()
        .describe("The code's parameters, for a client to word the refusal in its own language"),
    })
    .loose(),
});

export function errorResponses<const Code extends number>(...codes: Code[]) {
  return Object.fromEntries(codes.map((code) => [code, ErrorResponseSchema])) as Record<
    Code,
    typeof ErrorResponseSchema
  >;
}

export const PropertyIdParamsSchema = z.object({
  propertyId: z.uuid({ error: 'Property id must be a UUID' }),
});
