import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageKind } from '../../domain/message';
import { buildApp } from '../app';
import { outboxMessages } from '../db/schema';
import {
  createTestContext,
  insertTestBooking,
  insertTestProperty,
  settleAfterEachRequest,
  type TestContext,
} from '../test/test-app';
import { createTestConfig } from '../test/test-config';
import { listTestDatabaseKinds } from '../test/test-database';
import { startFeedServer, type FeedServer } from './test/feed-server';
import { airbnbUid, writeAirbnbFeed } from './test/fixtures';

const CONFIG = {
  server: { publicUrl: 'http://villa.test' },
  messages: { messageIdDomain: 'villa.test' },
  channels: { allowPrivateUrls: true, fetchTimeoutMs: 2_000 },
};
const START = new Date('2026-11-22T06:30:00Z');
const HOUR = 3_600_000;

describe.each(listTestDatabaseKinds())("the operator's e-mails about channel calendars [%s]", (kind) => {
  let context: TestContext;
  let feeds: FeedServer;
  let operator: Awaited<ReturnType<TestContext['createSignedInOperator']>>;
  let clock = START;

  beforeAll(async () => {
    feeds = await startFeedServer();
    context = await createTestContext(kind, { now: () => clock, ...CONFIG });
    operator = await context.createSignedInOperator();
  });
  afterAll(async () => {
    await context?.close();
    await feeds?.close();
  });

  const connect = async (propertyId: string, path: string) => {
    const response = await context.app.inject({
      method: 'POST',
      url: `/api/properties/${propertyId}/channels`,
      headers: { cookie: operator.cookie },
      payload: { channel: 'airbnb', import_url: feeds.url(path) },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const sync = async (channelId: string, app = context.app) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/channels/${channelId}/sync`,
      headers: { cookie: operator.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { outcome: string };
  };
  const messagesOf = (propertyId: string, kind: MessageKind) =>
    context.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.property_id, propertyId), eq(outboxMessages.kind, kind)))
      .orderBy(asc(outboxMessages.created_at));
  const channelsLink = (propertyId: string) =>
    `http://villa.test/villa-management?view=channels&property=${propertyId}`;

  it('tells the operator once of each conflict a sync finds, with a link to Channels', async () => {
    const property = await insertTestProperty(context.database, operator.id, { name: 'Hill Cottage' });
    await insertTestBooking(context.database, property.id, {
      check_in: '2026-12-10',
      check_out: '2026-12-13',
      status: 'confirmed',
      guest_name: 'Direct Guest',
    });
    await insertTestBooking(context.database, property.id, {
      check_in: '2027-01-10',
      check_out: '2027-01-13',
      status: 'confirmed',
      guest_name: 'Later Guest',
    });
    const first = {
      uid: airbnbUid('overlap-1'),
      check_in: '2026-12-11',
      check_out: '2026-12-14',
      code: 'HMOVER0001',
    };
    const second = {
      uid: airbnbUid('overlap-2'),
      check_in: '2027-01-11',
      check_out: '2027-01-12',
      code: 'HMOVER0002',
    };
    feeds.set('/notices/hill.ics', { kind: 'calendar', body: writeAirbnbFeed({ reservations: [first] }) });
    const channelId = await connect(property.id, '/notices/hill.ics');

    await sync(channelId);
    const [message, ...others] = await messagesOf(property.id, 'channel_conflicts_operator');
    expect(others).toEqual([]);
    expect(message).toMatchObject({
      to_address: operator.email,
      subject: 'Airbnb calendar: 1 conflict at Hill Cottage',
      status: 'pending',
      booking_id: null,
    });
    expect(message!.text_body).toContain(`Open Channels: ${channelsLink(property.id)}`);
    expect(message!.html_body).toContain(`href="${channelsLink(property.id).replace('&', '&amp;')}"`);
    expect(message!.text_body).toMatch(/Fri, 11 Dec 2026 – Mon, 14 Dec 2026:\s+Airbnb has a stay/);
    expect(message!.text_body).toContain('(HMOVER0001) that overlaps a booking here');

    // The same conflict found again by later syncs, the feed changed or not: nothing more.
    await sync(channelId);
    await sync(channelId);
    expect(await messagesOf(property.id, 'channel_conflicts_operator')).toHaveLength(1);

    // A second conflict: one more message, about it alone.
    feeds.set('/notices/hill.ics', {
      kind: 'calendar',
      body: writeAirbnbFeed({ reservations: [first, second] }),
    });
    await sync(channelId);
    const messages = await messagesOf(property.id, 'channel_conflicts_operator');
    expect(messages).toHaveLength(2);
    expect(messages[1]!.subject).toBe('Airbnb calendar: 1 conflict at Hill Cottage');
    expect(messages[1]!.text_body).toContain('HMOVER0002');
    expect(messages[1]!.text_body).not.toContain('HMOVER0001');
  });

  it('sends the notices to OPERATOR_NOTIFY_EMAIL when it is set', async () => {
    const desk = settleAfterEachRequest(
      await buildApp(createTestConfig(CONFIG, { messages: { operatorNotifyEmail: 'desk@villa.test' } }), {
        database: context.database,
        now: () => clock,
      }),
    );
    try {
      const property = await insertTestProperty(context.database, operator.id, { name: 'River House' });
      await insertTestBooking(context.database, property.id, {
        check_in: '2026-12-20',
        check_out: '2026-12-22',
        status: 'confirmed',
      });
      feeds.set('/notices/river.ics', {
        kind: 'calendar',
        body: writeAirbnbFeed({
          reservations: [
            { uid: airbnbUid('river'), check_in: '2026-12-21', check_out: '2026-12-23', code: 'HMRIVER001' },
          ],
        }),
      });
      const channelId = await connect(property.id, '/notices/river.ics');
      await sync(channelId, desk);
      const messages = await messagesOf(property.id, 'channel_conflicts_operator');
      expect(messages.map((message) => message.to_address)).toEqual(['desk@villa.test']);
    } finally {
      await desk.close();
    }
  });

  it('tells the operator once when a connection stops syncing, and once when it syncs again', async () => {
    const property = await insertTestProperty(context.database, operator.id, { name: 'Garden Villa' });
    feeds.set('/notices/garden.ics', { kind: 'calendar', body: writeAirbnbFeed({ reservations: [] }) });
    const channelId = await connect(property.id, '/notices/garden.ics');
    try {
      expect((await sync(channelId)).outcome).toBe('synced');
      feeds.set('/notices/garden.ics', { kind: 'status', status: 500 });

      // A failed attempt within the stale limit is a blip: no message.
      clock = new Date(START.getTime() + 1 * HOUR);
      expect((await sync(channelId)).outcome).toBe('failed');
      expect(await messagesOf(property.id, 'channel_unhealthy_operator')).toEqual([]);

      // Past the limit without a success: one message, however many attempts fail after it.
      clock = new Date(START.getTime() + 7 * HOUR);
      await sync(channelId);
      clock = new Date(START.getTime() + 8 * HOUR);
      await sync(channelId);
      const [stopped, ...more] = await messagesOf(property.id, 'channel_unhealthy_operator');
      expect(more).toEqual([]);
      expect(stopped).toMatchObject({
        to_address: operator.email,
        subject: 'Airbnb calendar for Garden Villa stopped syncing',
      });
      expect(stopped!.text_body).toContain('has not synced for more than 6 hours');
      expect(stopped!.text_body).toMatch(/Last synced \(India time\):\s+Sun, 22 Nov 2026, 12:00/);
      expect(stopped!.text_body).toMatch(/Last error:\s+.*answered 500/);
      expect(stopped!.text_body).toContain(`Open Channels: ${channelsLink(property.id)}`);

      // It syncs again: one message saying so, and a later blip is a blip again.
      feeds.set('/notices/garden.ics', { kind: 'calendar', body: writeAirbnbFeed({ reservations: [] }) });
      clock = new Date(START.getTime() + 9 * HOUR);
      expect((await sync(channelId)).outcome).toBe('synced');
      await sync(channelId);
      const recovered = await messagesOf(property.id, 'channel_recovered_operator');
      expect(recovered.map((message) => [message.to_address, message.subject])).toEqual([
        [operator.email, 'Airbnb calendar for Garden Villa is syncing again'],
      ]);
      feeds.set('/notices/garden.ics', { kind: 'status', status: 500 });
      clock = new Date(START.getTime() + 10 * HOUR);
      await sync(channelId);
      expect(await messagesOf(property.id, 'channel_unhealthy_operator')).toHaveLength(1);
    } finally {
      clock = START;
    }
  });
});
