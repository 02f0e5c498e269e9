import type { SyncErrorCode } from '../../domain/channel';

/**
 * A failed fetch or parse, with a code for the client and a message the operator can act on. The message
 * is shown, stored and logged: it never quotes the feed (which names guests).
 */
export class FeedError extends Error {
  constructor(
    readonly code: SyncErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'FeedError';
  }
}
