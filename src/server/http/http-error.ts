/** An error whose message is safe and useful to show the client, with the status to answer. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Extra fields of the error body, such as the `field` a message is about. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message: string) => new HttpError(404, message);

/** The one error body of the API: `{ "error": { "message": … } }`, with a 4xx status for bad requests. */
export function toErrorBody(message: string, details?: Record<string, unknown>) {
  return { error: { message, ...details } };
}

/**
 * The code and figures a schema put in its issue's `params` (`{ code, …figures }`), as an error body gives
 * them: `code`, and the figures in `params` as a DomainError's are; nothing for an issue without a code.
 */
export function toIssueDetails(issueParams: unknown): { code?: string; params?: Record<string, unknown> } {
  if (!issueParams || typeof issueParams !== 'object') return {};
  const { code, ...params } = issueParams as Record<string, unknown>;
  return typeof code === 'string' ? { code, params } : {};
}
