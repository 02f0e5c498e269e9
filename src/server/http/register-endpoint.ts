import type {
  FastifyInstance,
  FastifySchema,
  onRequestHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Endpoint } from '../../domain/contracts/endpoint';

/** The Fastify schema of an endpoint's contract (a new object each time: app.ts's hooks amend it). */
type RouteSchemaOf<E extends Endpoint> = {
  operationId: string;
  tags: string[];
  params: E['params'];
  headers: E['headers'];
  querystring: E['query'];
  body: E['body'];
  response: E['responses'];
};

export type EndpointHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  unknown,
  RouteSchemaOf<E>,
  ZodTypeProvider
>;

export type EndpointOptions<E extends Endpoint> = Omit<RouteShorthandOptions, 'schema'> & {
  /** The OpenAPI document's words for the operation. */
  summary?: string;
  description?: string;
  /** A body schema that needs the server's own state (its clock), in place of the contract's. */
  body?: E['body'] & z.ZodType;
};

/**
 * Registers the route of an endpoint's contract: method, path, schemas and operationId come from the
 * contract, and an endpoint that needs a session is guarded by `requireOperator` before any other hook.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: EndpointOptions<E>,
  handler: EndpointHandler<E>,
): void {
  const { summary, description, body, onRequest, ...routeOptions } = options;
  const schema: FastifySchema & Record<string, unknown> = {
    operationId: endpoint.operationId,
    ...(summary === undefined ? {} : { summary }),
    ...(description === undefined ? {} : { description }),
    tags: [...endpoint.tags],
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.headers ? { headers: endpoint.headers } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...((body ?? endpoint.body) ? { body: body ?? endpoint.body } : {}),
    ...(endpoint.produces ? { produces: [...endpoint.produces] } : {}),
    ...(Object.keys(endpoint.responses).length === 0 ? {} : { response: { ...endpoint.responses } }),
  };
  const hooks: onRequestHookHandler[] = [
    ...(endpoint.session ? [app.requireOperator as onRequestHookHandler] : []),
    ...[onRequest ?? []].flat(),
  ];
  app.route({
    ...routeOptions,
    method: endpoint.method,
    url: endpoint.path,
    schema,
    ...(hooks.length === 0 ? {} : { onRequest: hooks.length === 1 ? hooks[0] : hooks }),
    handler: handler as RouteHandlerMethod,
  });
}
