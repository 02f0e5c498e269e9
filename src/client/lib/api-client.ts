/** An API answer other than 2xx: its HTTP status and the server's message (or a generic one). */
export class ApiError extends Error {
  readonly status: number;
  readonly field: string | undefined;

  constructor(status: number, message: string, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.field = field;
  }
}

type ApiRequest = {
  method?: 'GET' | 'POST' | 'DELETE' | 'PATCH' | 'PUT';
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, e.g. an Idempotency-Key. */
  headers?: Record<string, string>;
};

/** Reads `{ error: { message, field } }` when the server sent it; anything else yields undefined. */
async function readErrorBody(response: Response): Promise<{ message?: string; field?: string }> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'error' in body) {
      const error = (body as { error?: { message?: unknown; field?: unknown } }).error;
      return {
        message: typeof error?.message === 'string' && error.message ? error.message : undefined,
        field: typeof error?.field === 'string' ? error.field : undefined,
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
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
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
    const { message, field } = await readErrorBody(response);
    throw new ApiError(response.status, message ?? '', field);
  }
  return (await response.json()) as T;
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
