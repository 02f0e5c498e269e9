import { gzipSync } from 'node:zlib';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchFeed, FeedError, type FeedFetchOptions } from './fetch-feed';
import { startFeedServer, type FeedServer } from './test/feed-server';
import { writeBookingComFeed } from './test/fixtures';

const calendar = writeBookingComFeed([{ uid: '1@booking.com', start: '2026-12-01', end: '2026-12-03' }]);
const open: FeedFetchOptions = {
  timeoutMs: 2_000,
  maxBytes: 1024 * 1024,
  maxRedirects: 3,
  allowPrivateUrls: true,
};

async function failure(promise: Promise<unknown>): Promise<FeedError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FeedError) return error;
    throw error;
  }
  throw new Error('expected the fetch to fail');
}

describe('fetching a channel feed', () => {
  let server: FeedServer;
  // A second loopback address: lets one test trust the first hop and see the redirect's hop refused.
  let trusted: FeedServer;
  beforeAll(async () => {
    server = await startFeedServer();
    trusted = await startFeedServer({ host: '127.0.0.2' });
  });
  afterAll(async () => {
    await server.close();
    await trusted.close();
  });

  it('reads a calendar and asks again conditionally with its ETag', async () => {
    server.set('/etag.ics', { kind: 'calendar', body: calendar, etag: '"v1"' });
    const first = await fetchFeed(server.url('/etag.ics'), open);
    expect(first).toEqual({ notModified: false, body: calendar, etag: '"v1"', lastModified: null });
    expect(await fetchFeed(server.url('/etag.ics'), { ...open, etag: '"v1"' })).toEqual({
      notModified: true,
    });
    expect(server.conditionalHits('/etag.ics')).toBe(1);
  });

  it('unpacks gzip and counts the size after unpacking', async () => {
    const packed = createServer((_request, response) => {
      response.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/calendar' });
      response.end(gzipSync(Buffer.from(calendar + 'X'.repeat(2 * 1024 * 1024))));
    });
    await new Promise<void>((resolve) => packed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(packed.address() as AddressInfo).port}/`;
    try {
      expect((await failure(fetchFeed(url, open))).code).toBe('too_large');
      const body = await fetchFeed(url, { ...open, maxBytes: 4 * 1024 * 1024 });
      expect(body.notModified === false && body.body.startsWith('BEGIN:VCALENDAR')).toBe(true);
    } finally {
      packed.closeAllConnections();
      await new Promise((resolve) => packed.close(resolve));
    }
  });

  it('follows a few redirects, and no more', async () => {
    server.set('/final.ics', { kind: 'calendar', body: calendar });
    server.set('/hop1', { kind: 'redirect', location: '/final.ics', status: 301 });
    server.set('/hop2', { kind: 'redirect', location: server.url('/hop1') });
    server.set('/loop', { kind: 'redirect', location: '/loop' });
    expect(await fetchFeed(server.url('/hop2'), open)).toMatchObject({ notModified: false, body: calendar });
    const loop = await failure(fetchFeed(server.url('/loop'), open));
    expect([loop.code, loop.message]).toEqual([
      'too_many_redirects',
      'The calendar address redirected more than 3 times',
    ]);
  });

  it('refuses loopback addresses, by number and by name, unless private addresses are allowed', async () => {
    server.set('/feed.ics', { kind: 'calendar', body: calendar });
    const guarded = { ...open, allowPrivateUrls: false };
    const byNumber = await failure(fetchFeed(server.url('/feed.ics'), guarded));
    expect(byNumber.code).toBe('private_address');
    expect(byNumber.message).toMatch(/private or local network address/);
    const byName = await failure(
      fetchFeed(server.url('/feed.ics').replace('127.0.0.1', 'localhost'), guarded),
    );
    expect(byName.code).toBe('private_address');
    expect(server.requests('/feed.ics')).toBe(0);
  });

  it('checks the address a redirect leads to when it connects: a redirect to 127.0.0.1 is refused', async () => {
    server.set('/inside.ics', { kind: 'calendar', body: calendar });
    trusted.set('/outside.ics', { kind: 'redirect', location: server.url('/inside.ics') });
    const guarded = { ...open, allowPrivateUrls: false, trustedAddresses: ['127.0.0.2'] };
    const refused = await failure(fetchFeed(trusted.url('/outside.ics'), guarded));
    expect(refused.code).toBe('private_address');
    expect(trusted.requests('/outside.ics')).toBe(1);
    expect(server.requests('/inside.ics')).toBe(0);
  });

  it('refuses addresses other than http and https, also as a redirect target', async () => {
    expect((await failure(fetchFeed('ftp://example.com/feed.ics', open))).code).toBe('invalid_url');
    server.set('/to-file', { kind: 'redirect', location: 'file:///etc/passwd' });
    expect((await failure(fetchFeed(server.url('/to-file'), open))).code).toBe('invalid_url');
  });

  it('gives up after the timeout', async () => {
    server.set('/hang', { kind: 'hang' });
    const startedAt = Date.now();
    const error = await failure(fetchFeed(server.url('/hang'), { ...open, timeoutMs: 300 }));
    expect([error.code, error.message]).toEqual(['timeout', 'The channel did not answer within 1 second']);
    expect(Date.now() - startedAt).toBeLessThan(2_000);
  });

  it('says what an error status means', async () => {
    server.set('/500', { kind: 'status', status: 500 });
    server.set('/403', { kind: 'status', status: 403 });
    expect((await failure(fetchFeed(server.url('/500'), open))).message).toMatch(
      /answered 500 \(a fault on their side\)/,
    );
    expect((await failure(fetchFeed(server.url('/403'), open))).message).toMatch(/refused access \(403\)/);
    expect((await failure(fetchFeed(server.url('/missing'), open))).message).toMatch(
      /answered 404 \(not found\)/,
    );
  });

  it('stops reading at the size cap, whether the size is declared or not', async () => {
    server.set('/declared', { kind: 'huge', bytes: 50 * 1024 * 1024, declareLength: true });
    server.set('/streamed', { kind: 'huge', bytes: 50 * 1024 * 1024 });
    expect((await failure(fetchFeed(server.url('/declared'), open))).message).toBe(
      'The calendar is larger than 1 MB',
    );
    expect((await failure(fetchFeed(server.url('/streamed'), open))).code).toBe('too_large');
  });

  it('reports a refused connection as unreachable', async () => {
    const error = await failure(fetchFeed('http://127.0.0.1:1/feed.ics', open));
    expect([error.code, error.message]).toEqual(['unreachable', '127.0.0.1:1 refused the connection']);
  });
});
