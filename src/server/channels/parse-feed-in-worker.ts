import { Worker } from 'node:worker_threads';
import type { SyncErrorCode } from '../../domain/channel';
import { FeedError } from './feed-error';
import type { ParsedFeed, ParseFeedOptions } from './parse-feed';

export type FeedParseRequest = { id: number; text: string; options: ParseFeedOptions };
export type FeedParseReply =
  | { ready: true }
  | { id: number; ok: true; feed: ParsedFeed }
  | { id: number; ok: false; code: SyncErrorCode; message: string };

export const FEED_PARSE_DEFAULTS = {
  /** The longest a calendar may take to read; the worker is then stopped and the sync fails. */
  timeoutMs: 15_000,
  /** The reader's heap: a 10 MB calendar takes about 150 MB; a worse one fails alone. */
  maxMemoryMb: 512,
  /** An idle reader is stopped after this, giving its memory back. */
  idleMs: 60_000,
  /** A reader that has not loaded after this is taken for broken. */
  startMs: 60_000,
} as const;

type Job = {
  id: number;
  text: string;
  options: ParseFeedOptions;
  timeoutMs: number;
  resolve: (feed: ParsedFeed) => void;
  reject: (error: FeedError) => void;
  timer?: NodeJS.Timeout;
};

/**
 * One worker thread per process reads calendars, one at a time (a sync waits its turn): reading the
 * worst calendar the size cap lets through takes seconds of CPU, which on the server's own thread would
 * stall every request meanwhile. The worker is started on first use and stopped when idle, or when a
 * calendar takes longer than its time limit or more memory than the reader's heap.
 */
let worker: Worker | undefined;
/** The worker has loaded its modules (seconds at worst, on a busy machine) and listens. */
let ready = false;
let running: Job | undefined;
const queue: Job[] = [];
let idleTimer: NodeJS.Timeout | undefined;
let nextId = 1;

/** Reads a calendar in the worker (see parseFeed); fails with a FeedError, never quoting the calendar. */
export function parseFeedInWorker(
  text: string,
  options: ParseFeedOptions,
  settings: { timeoutMs?: number } = {},
): Promise<ParsedFeed> {
  return new Promise((resolve, reject) => {
    queue.push({
      id: nextId++,
      text,
      options,
      timeoutMs: settings.timeoutMs ?? FEED_PARSE_DEFAULTS.timeoutMs,
      resolve,
      reject,
    });
    runNext();
  });
}

/** Stops the worker (and fails what it was reading); the next calendar starts a new one. */
export async function stopFeedParser(): Promise<void> {
  const thread = worker;
  if (!thread) return;
  discard(thread, new FeedError('internal', 'The calendar reader was stopped; the next sync will try again'));
  await thread.terminate();
}

/** Whether a worker thread is running (for tests). */
export function isFeedParserRunning(): boolean {
  return worker !== undefined;
}

function runNext(): void {
  if (running || queue.length === 0) return;
  clearTimeout(idleTimer);
  const job = queue.shift()!;
  running = job;
  const thread = worker ?? startWorker();
  thread.ref();
  thread.postMessage({ id: job.id, text: job.text, options: job.options } satisfies FeedParseRequest);
  // The time limit counts reading, not the worker's start (a second or two on a busy machine).
  if (ready) startTimer(job);
  else {
    job.timer = setTimeout(() => {
      if (worker === thread && running === job) {
        discard(
          thread,
          new FeedError('internal', 'The calendar reader did not start; the next sync will try again'),
        );
        void thread.terminate();
      }
    }, FEED_PARSE_DEFAULTS.startMs);
  }
}

function startTimer(job: Job): void {
  job.timer = setTimeout(() => {
    const thread = worker;
    if (!thread || running !== job) return;
    const seconds = Math.max(1, Math.round(job.timeoutMs / 1000));
    discard(
      thread,
      new FeedError(
        'too_large',
        `The calendar took longer than ${seconds} second${seconds === 1 ? '' : 's'} to read (it may repeat too many events); nothing was changed`,
      ),
    );
    void thread.terminate();
  }, job.timeoutMs);
}

function startWorker(): Worker {
  const thread = new Worker(new URL('./parse-feed-worker.mjs', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: FEED_PARSE_DEFAULTS.maxMemoryMb },
  });
  worker = thread;
  ready = false;
  thread.on('message', (reply: FeedParseReply) => {
    if (worker !== thread) return;
    if ('ready' in reply) {
      ready = true;
      if (running) {
        clearTimeout(running.timer);
        startTimer(running);
      }
      return;
    }
    const job = running;
    if (!job || reply.id !== job.id) return;
    clearTimeout(job.timer);
    running = undefined;
    if (reply.ok) job.resolve(reply.feed);
    else job.reject(new FeedError(reply.code, reply.message));
    idle(thread);
    runNext();
  });
  thread.on('error', (error: Error & { code?: string }) => {
    if (worker !== thread) return;
    discard(
      thread,
      error.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? new FeedError(
            'too_large',
            'The calendar needed more memory to read than is allowed; nothing was changed',
          )
        : new FeedError('internal', 'The calendar reader stopped unexpectedly; the next sync will try again'),
    );
  });
  thread.on('exit', () => {
    if (worker !== thread) return;
    discard(
      thread,
      new FeedError('internal', 'The calendar reader stopped unexpectedly; the next sync will try again'),
    );
  });
  return thread;
}

/** Forgets a worker that is stopping, fails the calendar it was reading, and goes on with the next. */
function discard(thread: Worker, error: FeedError): void {
  if (worker === thread) {
    worker = undefined;
    ready = false;
  }
  const job = running;
  running = undefined;
  if (job) {
    clearTimeout(job.timer);
    job.reject(error);
  }
  runNext();
}

function idle(thread: Worker): void {
  if (queue.length > 0) return;
  // An idle worker keeps no process alive, and is stopped a while later.
  thread.unref();
  idleTimer = setTimeout(() => {
    if (worker !== thread || running) return;
    worker = undefined;
    ready = false;
    void thread.terminate();
  }, FEED_PARSE_DEFAULTS.idleMs);
  idleTimer.unref();
}
