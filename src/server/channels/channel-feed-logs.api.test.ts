import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDate } from '../../domain/dates';
import { createLogger, LOG_LINE_MAX_BYTES } from '../logger';
import { createTestContext, insertTestProperty, type TestContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';
import { startChannelScheduler } from './scheduler';
import { startFeedServer, type FeedServer } from './test/feed-server';
import { airbnbUid, writeAirbnbFeed } from './test/fixtures';

type Operator = Awaited<ReturnType<TestContext['createSignedInOperator']>>;

const GUEST_NAME = 'Asha Verma';
const GUEST_PHONE = '9822047391';

/** About 300 KB of Airbnb calendar whose every event names the guest and gives her phone number. */
function writeFeedFullOfGuests(): string {
  const reservations = Array.from({ length: 1_000 }, (_, index) => ({
    uid: airbnbUid(`guest-${index}`),
    check_in: addDaysToDate('2026-12-01', index * 3),
    check_out: addDaysToDate('2026-12-03', index * 3),
    code: `HMGST${String(index).padStart(5, '0')}`,
    phone: GUEST_PHONE.slice(-4),
  }));
  return writeAirbnbFeed({ reservations }).replace(
    /SUMMARY:Reserved/g,
    `SUMMARY:Reserved - ${GUEST_NAME} (+91 ${GUEST_PHONE})`,
  );
}

describe.each(listTestDatabaseKinds())('what a failing channel sync logs [%s]', (kind) => {
  let context: TestContext;
  let feeds: FeedServer;
  let operator: Operator;
  let logText = '';
  const clock = new Date('2026-11-22T06:30:00Z');
  const channels = { allowPrivateUrls: true, syncMinutes: 15, staleHours: 6, fetchTimeoutMs: 5_000 };

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logText += chunk.toString();
        done();
      },
    });
    feeds = await startFeedServer();
    context = await createTestContext(kind, {
      now: () => clock,
      channels,
      logger: createLogger({ level: 'info', stream }),
    });
    operator = await context.createSignedInOperator();
  });
  afterAll(async () => {
    await context?.close();
    await feeds?.close();
  });

  it('leaves no guest’s name or phone in the log, and no line longer than the cap', async () => {
    const guests = writeFeedFullOfGuests();
    const routes = {
      // PostgreSQL refuses a NUL in text: the copy of the feed kept for the next sync could not be saved.
      '/nul.ics': guests.replace('END:VCALENDAR', 'X-NOTE:\u0000\r\nEND:VCALENDAR'),
      // A line outside any event that the parser cannot read: the whole calendar fails, quoting nothing.
      '/broken.ics': guests.replace(
        'END:VCALENDAR',
        `X-GUESTS;NOTE="${`${GUEST_NAME} ${GUEST_PHONE} `.repeat(20_000)}\r\nEND:VCALENDAR`,
      ),
    };
    const channelIds: string[] = [];
    for (const [path, body] of Object.entries(routes)) {
      feeds.set(path, { kind: 'calendar', body });
      const property = await insertTestProperty(context.database, operator.id, {
        name: `Guest House ${path}`,
      });
      const created = await context.app.inject({
        method: 'POST',
        url: `/api/properties/${property.id}/channels`,
        payload: { channel: 'airbnb', import_url: feeds.url(path) },
        headers: { cookie: operator.cookie },
      });
      expect(created.statusCode, created.body).toBe(201);
      channelIds.push(created.json().id);
    }

    // Once as the operator's 'Sync now', once by the scheduler (which logs each failure).
    for (const channelId of channelIds) {
      await context.app.inject({
        method: 'POST',
        url: `/api/channels/${channelId}/sync`,
        headers: { cookie: operator.cookie },
      });
    }
    const scheduler = startChannelScheduler({
      db: context.database.db,
      config: context.config,
      holder: 'log-test',
      logger: context.app.log,
      now: () => clock,
      tickMs: 3_600_000,
      firstTickMs: 3_600_000,
    });
    const synced = await scheduler.tick().finally(() => scheduler.stop());

    const broken = (
      await context.app.inject({
        method: 'GET',
        url: `/api/channels/attention`,
        headers: { cookie: operator.cookie },
      })
    ).json().connections as Array<{ id: string; last_error: string }>;
    const failing = broken.find((connection) => connection.id === channelIds[1]);
    expect(failing?.last_error).toMatch(/could not be read/);
    expect(failing?.last_error.length).toBeLessThan(300);

    expect(logText).toMatch(/channel sync failed/);
    expect(logText).not.toContain(GUEST_NAME);
    expect(logText).not.toContain(GUEST_PHONE);
    for (const line of logText.split('\n')) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(LOG_LINE_MAX_BYTES);
    }
    // Both connections were synced by the scheduler (neither crashed it).
    expect(synced).toBe(channelIds.length);
  });
});
