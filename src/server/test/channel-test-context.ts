import { expect } from 'vitest';
import { startFeedServer, type FeedServer } from '../channels/test/feed-server';
import {
  createTestContext,
  type SignedInOperator,
  type TestAppOverrides,
  type TestContext,
} from './test-app';
import type { DatabaseKind } from './test-database';

/** A test app whose channels fetch from a local feed server, and an operator signed in to it. */
export type ChannelTestContext = { context: TestContext; feeds: FeedServer; operator: SignedInOperator };

/**
 * Starts a feed server and a test app that may fetch from it (private addresses allowed, a sync due every
 * 15 minutes, stale after 6 hours, 2 s to fetch), `overrides.channels` merged over that.
 */
export async function createChannelTestContext(
  kind: DatabaseKind,
  { channels, ...overrides }: TestAppOverrides = {},
): Promise<ChannelTestContext> {
  const feeds = await startFeedServer();
  let context: TestContext | undefined;
  try {
    context = await createTestContext(kind, {
      ...overrides,
      channels: {
        allowPrivateUrls: true,
        syncMinutes: 15,
        staleHours: 6,
        fetchTimeoutMs: 2_000,
        ...channels,
      },
    });
    return { context, feeds, operator: await context.createSignedInOperator() };
  } catch (error) {
    await context?.close();
    await feeds.close();
    throw error;
  }
}

/** Syncs a channel now, as the operator whose cookie this is; expects 200 and returns the result. */
export async function syncChannel(context: TestContext, cookie: string, channelId: string) {
  const response = await context.app.inject({
    method: 'POST',
    url: `/api/channels/${channelId}/sync`,
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A property's bookings as the operator whose cookie this is sees them. */
export async function listPropertyBookings(context: TestContext, cookie: string, propertyId: string) {
  const response = await context.app.inject({
    method: 'GET',
    url: `/api/properties/${propertyId}/bookings`,
    headers: { cookie },
  });
  return response.json() as Array<Record<string, unknown>>;
}
