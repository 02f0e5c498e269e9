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

/** The JSON answer of an API call. */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  return (await (await send(path, request)).json()) as T;
}

/** One page of a list, and the number of all matching items (the X-Total-Count header). */
export async function apiFetchPage<T>(
  path: string,
  request: ApiRequest = {},
): Promise<{ items: T[]; total: number }> {
  const response = await send(path, request);
  const items = (await response.json()) as T[];
  const total = Number(response.headers.get('x-total-count'));
  return { items, total: Number.isFinite(total) ? total : items.length };
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/**
 * What to tell a person about a failure: the server's message when it sent one (it is written for
 * people), else the caller's fallback. A network failure has its own message, unless the caller asks
 * for the fallback instead.
 */
export function getErrorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.message ? error.message : fallback;
}
