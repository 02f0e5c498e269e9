import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDate, villaToday } from '../domain/dates';
import { isSendingHour } from '../domain/message-template';
import { upsertOperator } from './auth/queries';
import { startFeedServer, type FeedServer } from './channels/test/feed-server';
import { airbnbUid, writeAirbnbFeed } from './channels/test/fixtures';
import { hashExportToken } from './channels/queries';
import { bookings, channelConnections, outboxMessages, properties } from './db/schema';
import { PRODUCTION_DEFAULTS } from './test/test-config';
import { readTestEnv } from './test/test-env';
import { createTestDatabase, type TestDatabase } from './test/test-database';
import { createPlaceholderBuild, readResponseCookies, spawnServer } from './test/spawn-server';
import { waitUntil } from '../test/wait-until';
import { TEST_PASSWORD_HASH_COST } from './test/test-config';

const serverUrl = readTestEnv().databaseUrl;
const CONNECTIONS = 12;
const ARRIVALS = 2;
/** After the scheduled messages' first pass in a started server (7 s), with a margin. */
const FIRST_PASS_MS = 9_000;
let serversStartedAt = 0;
const password = 'processes-password-1';

/*
 * How a site outgrows one process: two servers behind one proxy, on one PostgreSQL database. Limits,
 * locks and the sync schedule live in the database, so the pair must behave as one server. One pair of
 * servers serves every check here, because starting servers is the slow part on a small machine. The
 * embedded database is one process by design, so this runs on PostgreSQL only.
 */
describe.skipIf(!serverUrl)('two server processes on one PostgreSQL database', () => {
  let database: TestDatabase;
  let feeds: FeedServer;
  let dir: string;
  let servers: Awaited<ReturnType<typeof spawnServer>>[] = [];
  let email: string;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    // Slow answers, so that both processes are at work while connections are still due.
    feeds = await startFeedServer({ delayMs: 300 });
    email = `processes-${Date.now()}@example.com`;
    const operator = await upsertOperator(database.db, {
      email,
      password,
      hashCost: TEST_PASSWORD_HASH_COST,
    });
    const [property] = await database.db
      .insert(properties)
      .values({
        name: 'Shared Villa',
        address: 'Road',
        city: 'Pune',
        country: 'India',
        owner_id: operator.id,
        max_guests: 8,
      })
      .returning();
    for (let index = 0; index < CONNECTIONS; index += 1) {
      const path = `/feeds/${index}.ics`;
      const day = String(index + 1).padStart(2, '0');
      feeds.set(path, {
        kind: 'calendar',
        body: writeAirbnbFeed({
          reservations: [
            {
              uid: airbnbUid(`p${index}`),
              check_in: `2031-01-${day}`,
              check_out: `2031-01-${String(index + 2).padStart(2, '0')}`,
              code: `HMPROC${String(index).padStart(4, '0')}`,
            },
          ],
        }),
      });
      await database.db.insert(channelConnections).values({
        property_id: property!.id,
        channel: 'airbnb',
        import_url: feeds.url(path),
        export_token: hashExportToken(randomBytes(24).toString('base64url')),
      });
    }

    // Stays whose before-arrival message is due now (check-in tomorrow), on a property of their own.
    const [messagesVilla] = await database.db
      .insert(properties)
      .values({
        name: 'Messages Villa',
        address: 'Hill',
        city: 'Pune',
        country: 'India',
        owner_id: operator.id,
      })
      .returning();
    const tomorrow = addDaysToDate(villaToday(), 1);
    for (let index = 0; index < ARRIVALS; index += 1) {
      await database.db.insert(bookings).values({
        property_id: messagesVilla!.id,
        guest_name: `Arrival ${index}`,
        guest_email: `arrival-${index}@example.com`,
        check_in: addDaysToDate(tomorrow, index),
        check_out: addDaysToDate(tomorrow, index + 1),
        status: 'confirmed',
      });
    }

    dir = mkdtempSync(join(tmpdir(), 'villa-processes-'));
    const env = {
      DATABASE_URL: database.url!,
      // Shared by both processes, as one data directory on one machine would be (their e-mails' outbox).
      DATA_DIR: join(dir, 'data'),
      BUILD_DIR: createPlaceholderBuild(dir),
      SEED_DEMO: 'false',
      OPERATOR_EMAIL: '',
      OPERATOR_PASSWORD: '',
      // Each request names its own client address, as a proxy in front of both processes would.
      TRUST_PROXY: 'true',
      CHANNEL_ALLOW_PRIVATE_URLS: 'true',
      LOG_LEVEL: 'info',
      SCHEDULED_MESSAGES_MINUTES: '1',
    };
    servers = await Promise.all([spawnServer(env), spawnServer(env)]);
    serversStartedAt = performance.now();
  }, 300_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await feeds?.close();
    await database?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const countImported = async () => {
    const [row] = await database.db
      .select({ total: count() })
      .from(bookings)
      .where(isNotNull(bookings.channel_connection_id));
    return row?.total;
  };

  describe('channel sync', () => {
    it('syncs each due connection exactly once between them', async () => {
      await waitUntil(
        async () => {
          const [row] = await database.db
            .select({ waiting: count() })
            .from(channelConnections)
            .where(isNull(channelConnections.last_synced_at));
          return row?.waiting === 0;
        },
        {
          timeout: 60_000,
          interval: 200,
          message: () =>
            `not all connections were synced:\n${servers.map((server) => server.output()).join('\n')}`,
        },
      );
      for (let index = 0; index < CONNECTIONS; index += 1) {
        expect(feeds.requests(`/feeds/${index}.ics`), `feed ${index}`).toBe(1);
      }
      expect(await countImported()).toBe(CONNECTIONS);
      // The servers' own account: one 'channel synced' line per connection, between the two of them. A line
      // is written after its sync commits, so the last may reach the pipe a moment after the database says so.
      const countSynced = () =>
        servers.map((server) => server.output().match(/"msg":"channel synced"/g)?.length ?? 0);
      await waitUntil(
        () => {
          const [first, second] = countSynced();
          return first! + second! >= CONNECTIONS;
        },
        { interval: 100 },
      ).catch(() => undefined);
      const synced = countSynced();
      expect(synced[0]! + synced[1]!).toBe(CONNECTIONS);
      console.log(`scheduled syncs per process: ${synced.join(' + ')}`);
    });

    it('runs two simultaneous "Sync now" of one connection one after the other', async () => {
      const signIn = await fetch(`${servers[0]!.baseUrl}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
        body: JSON.stringify({ email, password }),
      });
      expect(signIn.status).toBe(200);
      const cookie = readResponseCookies(signIn);
      const [connection] = await database.db
        .select({ id: channelConnections.id })
        .from(channelConnections)
        .where(eq(channelConnections.import_url, feeds.url('/feeds/0.ics')));
      const answers = await Promise.all(
        servers.map((server) =>
          fetch(`${server.baseUrl}/api/channels/${connection!.id}/sync`, {
            method: 'POST',
            headers: { cookie, 'x-forwarded-for': '198.51.100.7' },
          }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      const outcomes = await Promise.all(answers.map(async (answer) => (await answer.json()).outcome));
      expect(outcomes).toEqual(['synced', 'synced']);
      expect(feeds.requests('/feeds/0.ics')).toBe(3);
      expect(feeds.maxInFlight('/feeds/0.ics')).toBe(1);
      expect(await countImported()).toBe(CONNECTIONS);
    });
  });

  describe('guest requests', () => {
    const today = villaToday();
    const post = (index: number, body: object, address: string) =>
      fetch(`${servers[index % 2]!.baseUrl}/api/booking-requests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ guests_count: 2, guest_name: `Guest ${index}`, ...body }),
      });
    const countRequests = async () => {
      const [row] = await database.db
        .select({ total: count() })
        .from(bookings)
        .where(and(isNull(bookings.channel_connection_id), isNotNull(bookings.request_network)));
      return row?.total;
    };

    it('leaves exactly one booking of 50 overlapping requests', async () => {
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          post(
            index,
            {
              check_in: addDaysToDate(today, 30),
              check_out: addDaysToDate(today, index % 2 === 0 ? 34 : 32),
              guest_email: `guest-${index}@example.com`,
            },
            `10.${index}.0.1`,
          ),
        ),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(49);
      expect(await countRequests()).toBe(1);
    }, 120_000);

    it('holds the per-network limit across both processes', async () => {
      const responses = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          post(
            index,
            {
              check_in: addDaysToDate(today, 100 + index * 3),
              check_out: addDaysToDate(today, 101 + index * 3),
              guest_email: `network-${index}@example.com`,
            },
            `192.0.2.${index + 1}`,
          ),
        ),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(2);
      expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    }, 120_000);
  });

  // Last: it locks the account out of this network for the rest of the file.
  describe('sign-in limits', () => {
    const signIn = (server: number, attempt: string) =>
      fetch(`${servers[server]!.baseUrl}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
        body: JSON.stringify({ email, password: attempt }),
      });

    it('limits a brute force spread over both processes as if it were one', async () => {
      const attempts = 16;
      const statuses = await Promise.all(
        Array.from({ length: attempts }, (_, index) =>
          signIn(index % 2, `guess-${index}`).then((r) => r.status),
        ),
      );
      // One address, one account: the tightest limit, counted once between the two processes.
      expect(statuses.filter((status) => status === 401)).toHaveLength(
        PRODUCTION_DEFAULTS.sessions.signInLimits.perAccountAndNetwork,
      );
      expect(statuses.filter((status) => status === 429)).toHaveLength(
        attempts - PRODUCTION_DEFAULTS.sessions.signInLimits.perAccountAndNetwork,
      );
      for (const server of [0, 1]) expect((await signIn(server, password)).status).toBe(429);
      const output = servers.map((server) => server.output()).join('\n');
      expect(output).toContain('"security":"sign-in-locked-out"');
      expect(output).not.toContain(email);
      expect(output).not.toContain(password);
      console.log(
        `two processes: ${statuses.filter((status) => status === 401).length} guesses checked of ${attempts}`,
      );
    }, 120_000);
  });

  describe('scheduled messages', () => {
    it("writes each guest message once between them, and none in the villa's night", async () => {
      const countArrivals = async () => {
        const rows = await database.db
          .select({ booking: outboxMessages.booking_id })
          .from(outboxMessages)
          .where(eq(outboxMessages.kind, 'before_arrival'));
        return rows.map((row) => row.booking);
      };
      if (isSendingHour(new Date())) {
        await waitUntil(async () => (await countArrivals()).length >= ARRIVALS, {
          timeout: 90_000,
          interval: 250,
          message: () =>
            `not every arrival message was written:\n${servers.map((server) => server.output()).join('\n')}`,
        });
        // Both processes have made their first pass (7 s after each start) by now.
        await waitUntil(() => performance.now() - serversStartedAt > FIRST_PASS_MS, { timeout: 30_000 });
        const written = await countArrivals();
        expect(written).toHaveLength(ARRIVALS);
        expect(new Set(written).size).toBe(ARRIVALS);
      } else {
        await waitUntil(() => performance.now() - serversStartedAt > FIRST_PASS_MS, { timeout: 30_000 });
        expect(await countArrivals()).toEqual([]);
      }
    }, 120_000);
  });
});
