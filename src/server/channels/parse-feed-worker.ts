import { parentPort } from 'node:worker_threads';
import { FeedError } from './feed-error';
import { parseFeed } from './parse-feed';
import type { FeedParseReply, FeedParseRequest } from './parse-feed-in-worker';

// Runs in the worker thread only (started by parse-feed-in-worker.ts through parse-feed-worker.mjs).
parentPort?.on('message', (request: FeedParseRequest) => {
  let reply: FeedParseReply;
  try {
    reply = { id: request.id, ok: true, feed: parseFeed(request.text, request.options) };
  } catch (error) {
    // Only our own messages go back: the parser's quote the calendar, which names guests.
    reply =
      error instanceof FeedError
        ? { id: request.id, ok: false, code: error.code, message: error.message }
        : { id: request.id, ok: false, code: 'not_a_calendar', message: 'The calendar could not be read' };
  }
  parentPort?.postMessage(reply);
});
// Loaded and listening: the time limit of the first calendar counts from here.
parentPort?.postMessage({ ready: true } satisfies FeedParseReply);
