import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { FeedError } from './feed-error';
import { isFeedParserRunning, parseFeedInWorker, stopFeedParser } from './parse-feed-in-worker';
import { airbnbUid, writeAirbnbFeed } from './test/fixtures';

const options = {
  channel: 'airbnb' as const,
  from: '2026-11-22',
  to: '2029-11-22',
  timeZone: 'Asia/Kolkata',
};

/** About 5 MB of reservations: a second or so of ical.js's time, as big as the size cap lets in about. */
const bigFeed = writeAirbnbFeed({
  reservations: Array.from({ length: 19_000 }, (_, index) => ({
    uid: airbnbUid(`big-${index}`),
    check_in: '2026-12-01',
    check_out: '2026-12-02',
    code: `HMBIG${String(index).padStart(5, '0')}`,
  })),
});
const smallFeed = writeAirbnbFeed({
  reservations: [
    { uid: airbnbUid('small'), check_in: '2026-12-01', check_out: '2026-12-03', code: 'HMSMALL001' },
  ],
});

describe('reading calendars in a worker thread', () => {
  afterAll(() => stopFeedParser());

  it('reads a calendar off the server’s thread: the event loop stays free meanwhile', async () => {
    await parseFeedInWorker(smallFeed, options);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const startedAt = performance.now();
    const feed = await parseFeedInWorker(bigFeed, options);
    const took = performance.now() - startedAt;
    delay.disable();
    expect(feed.items).toHaveLength(19_000);
    // Reading took far longer than the longest the event loop was held (copying the text and the items).
    expect(took).toBeGreaterThan(400);
    expect(delay.max / 1e6).toBeLessThan(Math.min(took / 2, 250));
  });

  it('stops the worker when a calendar takes longer than its time limit, and reads the next with a new one', async () => {
    await parseFeedInWorker(smallFeed, options);
    let caught: unknown;
    try {
      await parseFeedInWorker(bigFeed, options, { timeoutMs: 50 });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(FeedError);
    expect(caught).toMatchObject({
      code: 'too_large',
      message: expect.stringMatching(/took longer than 1 second/),
    });
    expect(isFeedParserRunning()).toBe(false);
    expect((await parseFeedInWorker(smallFeed, options)).items).toHaveLength(1);
  });

  it('passes on its own message when a calendar cannot be read, never the parser’s', async () => {
    const body = 'BEGIN:VCALENDAR\r\nAsha Verma 9822047391\r\nEND:VCALENDAR\r\n';
    await expect(parseFeedInWorker(body, options)).rejects.toMatchObject({
      code: 'not_a_calendar',
      message: expect.not.stringMatching(/Asha|9822/),
    });
  });

  it('reads calendars one after another when several syncs ask at once', async () => {
    const feeds = await Promise.all(
      [smallFeed, bigFeed, smallFeed].map((text) => parseFeedInWorker(text, options)),
    );
    expect(feeds.map((feed) => feed.items.length)).toEqual([1, 19_000, 1]);
  });
});
