// What every endpoint a guest reaches by a link (their request page, their check-in) answers alike.

export { REQUEST_NOT_FOUND } from '../../domain/message';

/** A limit per network on the lookups of a guest's link: a token cannot be guessed by trying many. */
export function createRateLimit(perMinute: number) {
  return {
    max: perMinute,
    timeWindow: 60_000,
    errorResponseBuilder: (_request: unknown, context: { ttl: number }) => ({
      statusCode: 429,
      code: 'FST_ERR_RATE_LIMIT',
      message: `Too many requests from your network. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  };
}
