// Types only from the contracts: the schemas (and zod) load in development and tests alone, see readAnswer.
import type { ContractOf } from '@/domain/contracts/all-endpoints';
import type {
  Endpoint,
  EndpointBody,
  EndpointParams,
  EndpointQuery,
  EndpointResult,
} from '@/domain/contracts/endpoint';
import { buildEndpointPath, type EndpointRoute } from '@/domain/contracts/routes';

/** An API answer other than 2xx: its HTTP status and the server's message (or a generic one). */
export class ApiError extends Error {
  readonly status: number;
  readonly field: string | undefined;
  /** Everything else the error body carried (a `code`, a new `quote`…), unchecked: parse before use. */
  readonly details: Record<string, unknown>;

  constructor(status: number, message: string, field?: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.field = field;
    this.details = details;
  }
}

type ApiRequest = {
  method?: 'GET' | 'POST' | 'DELETE' | 'PATCH' | 'PUT';
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, e.g. an Idempotency-Key. */
  headers?: Record<string, string>;
};

/** Reads `{ error: { message, field, … } }` when the server sent it; anything else yields undefined. */
async function readErrorBody(
  response: Response,
): Promise<{ message?: string; field?: string; details?: Record<string, unknown> }> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'error' in body) {
      const error = (body as { error?: { message?: unknown; field?: unknown } }).error;
      return {
        message: typeof error?.message === 'string' && error.message ? error.message : undefined,
        field: typeof error?.field === 'string' ? error.field : undefined,
        details: error && typeof error === 'object' ? (error as Record<string, unknown>) : undefined,
      };
    }
  } catch {
    // Not JSON (a proxy's error page, say): the caller's fallback message applies.
  }
  return {};
}

/**
 * Calls the same-origin JSON API with the session cookie. Throws an ApiError for non-2xx answers and
 * for network failures (status 0), so callers handle one kind of error.
 */
async function send(path: string, request: ApiRequest): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: request.method ?? 'GET',
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...request.headers,
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'The server could not be reached. Check your connection and try again.');
  }
  if (!response.ok) {
    const { message, field, details } = await readErrorBody(response);
    throw new ApiError(response.status, message ?? '', field, details);
  }
  return response;
}

// Answers are checked against their contracts while developing and in tests, where a drift between the
// server and the client must show; a production build leaves this out (it costs time on every answer).
const CHECK_RESPONSES = import.meta.env.DEV || import.meta.env.MODE === 'test';

/** An answer its endpoint's contract does not allow: the server and the client disagree. */
export class ResponseContractError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResponseContractError';
  }
}

// A part of the call may be left out when the contract has none, or when every field of it is optional.
type Provided<Name extends string, Value> = undefined extends Value
  ? { [Key in Name]?: Value }
  : object extends Value
    ? { [Key in Name]?: Value }
    : { [Key in Name]: Value };

/** What a call of the endpoint sends: its path parameters, query and body, as its contract types them. */
export type EndpointCall<E extends Endpoint> = Provided<'params', EndpointParams<E>> &
  Provided<'query', EndpointQuery<E>> &
  Provided<'body', EndpointBody<E>> & {
    signal?: AbortSignal;
    /** Extra request headers, e.g. an Idempotency-Key. */
    headers?: Record<string, string>;
  };

/** The endpoint's address: its path with the parameters filled in, and the query's values that are set. */
export function buildEndpointUrl(route: EndpointRoute, call: { params?: unknown; query?: unknown }): string {
  const path = buildEndpointPath(route, (call.params ?? {}) as Record<string, unknown>);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((call.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

async function readAnswer(route: EndpointRoute, response: Response): Promise<unknown> {
  const body: unknown = await response.json();
  // A constant in a production build, so the check and the contracts it imports are left out of it.
  if (CHECK_RESPONSES) await checkAnswer(route, response.status, body);
  // The answer as sent, not as parsed: a production build, which does not parse, gets the same value.
  return body;
}

async function checkAnswer(route: EndpointRoute, status: number, body: unknown): Promise<void> {
  const { findEndpoint, findResponseSchema } = await import('@/domain/contracts/all-endpoints');
  // A contract passed as it is (a test's own endpoint) is its own; a route is looked up by its operationId.
  const endpoint = 'responses' in route ? (route as Endpoint) : findEndpoint(route.operationId);
  if (!endpoint) throw new ResponseContractError(`${route.operationId} has no contract`);
  const schema = findResponseSchema(endpoint, status);
  if (!schema) {
    throw new ResponseContractError(
      `${route.operationId} answered ${status}, which its contract does not document`,
    );
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new ResponseContractError(
      `${route.operationId} answered a body its contract refuses: ${result.error.issues
        .map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`)
        .join('; ')}`,
    );
  }
}

/** Sends one call of an endpoint: the address from its path and parameters, the method from its route. */
function sendEndpointCall(route: EndpointRoute, call: object): Promise<Response> {
  const { body, signal, headers } = call as {
    body?: unknown;
    signal?: AbortSignal;
    headers?: Record<string, string>;
  };
  return send(buildEndpointUrl(route, call), { method: route.method, body, signal, headers });
}

/**
 * Calls an endpoint by its route (`messageRoutes.getGuestRequest`): the address from its path and
 * parameters, the method from the route, and its answer typed (and, in development and tests, checked)
 * by the endpoint's contract.
 */
export async function callEndpoint<Route extends EndpointRoute>(
  route: Route,
  call: EndpointCall<ContractOf<Route>>,
): Promise<EndpointResult<ContractOf<Route>>> {
  const response = await sendEndpointCall(route, call);
  return (await readAnswer(route, response)) as EndpointResult<ContractOf<Route>>;
}

/** One page of a list endpoint's items, and the number of all matching items (the X-Total-Count header). */
export async function callEndpointPage<Route extends EndpointRoute & { totalCountHeader: string }>(
  route: Route,
  call: EndpointCall<ContractOf<Route>>,
): Promise<{ items: EndpointResult<ContractOf<Route>>; total: number }> {
  const response = await sendEndpointCall(route, call);
  const items = (await readAnswer(route, response)) as EndpointResult<ContractOf<Route>>;
  const total = Number(response.headers.get(route.totalCountHeader));
  return { items, total: Number.isFinite(total) ? total : (items as unknown[]).length };
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** The machine code of an API refusal (`{ error: { code } }`), for the client to recognise and word. */
export function readErrorCode(error: unknown): string | undefined {
  return isApiError(error) && typeof error.details.code === 'string' ? error.details.code : undefined;
}

/**
 * What to tell a person about a failure: the server's message when it sent one (it is written for
 * people), else the caller's fallback. A network failure has its own message, unless the caller asks
 * for the fallback instead.
 */
export function getErrorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.message ? error.message : fallback;
}
