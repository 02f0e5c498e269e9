import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, isNull } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertOperator } from '../auth/queries';
import { openPostgres, type Database } from '../db/client';
import { bookings, channelConnections, properties } from '../db/schema';
import { readTestEnv } from '../env';
import { readResponseCookies, spawnServer } from '../test/spawn-server';
import { startFeedServer, type FeedServer } from './test/feed-server';
import { airbnbUid, writeAirbnbFeed } from './test/fixtures';

const serverUrl = readTestEnv().databaseUrl;
const CONNECTIONS = 12;
const password = 'processes-password-1';

// The embedded database is one process by design; this is about several servers on one PostgreSQL.
describe.skipIf(!serverUrl)('two server processes on one PostgreSQL database', () => {
  let database: Database;
  let databaseName: string;
  let feeds: FeedServer;
  let dir: string;
  let servers: Awaited<ReturnType<typeof spawnServer>>[] = [];
  let email: string;

  beforeAll(async () => {
    databaseName = `villa_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${databaseName}`;
    database = await openPostgres(url.toString());
    await database.migrate();

    // Slow answers, so that both processes are at work while connections are still due.
    feeds = await startFeedServer({ delayMs: 300 });
    email = `processes-${Date.now()}@example.com`;
    const operator = await upsertOperator(database.db, { email, password });
    const [property] = await database.db
      .insert(properties)
      .values({
        name: 'Shared Villa',
        address: 'Road',
        city: 'Pune',
        country: 'India',
        owner_id: operator.id,
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
        export_token: randomBytes(24).toString('base64url'),
      });
    }

    dir = mkdtempSync(join(tmpdir(), 'villa-processes-'));
    mkdirSync(join(dir, 'client'), { recursive: true });
    writeFileSync(join(dir, 'client/index.html'), '<!doctype html><title>Placeholder</title>');
    writeFileSync(join(dir, 'client/.built'), 'test');
    const env = {
      DATABASE_URL: url.toString(),
      BUILD_DIR: dir,
      SEED_DEMO: 'false',
      OPERATOR_EMAIL: '',
      OPERATOR_PASSWORD: '',
      CHANNEL_ALLOW_PRIVATE_URLS: 'true',
      LOG_LEVEL: 'info',
    };
    servers = await Promise.all([spawnServer(env), spawnServer(env)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await feeds?.close();
    await database?.close();
    if (databaseName) {
      const cleaner = new pg.Client({ connectionString: serverUrl });
      await cleaner.connect();
      await cleaner.query(`drop database if exists ${databaseName} with (force)`);
      await cleaner.end();
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('syncs each due connection exactly once between them', async () => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const [row] = await database.db
        .select({ waiting: count() })
        .from(channelConnections)
        .where(isNull(channelConnections.last_synced_at));
      if (row?.waiting === 0) break;
      if (Date.now() > deadline)
        throw new Error(
          `Not all connections were synced:\n${servers.map((server) => server.output()).join('\n')}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    for (let index = 0; index < CONNECTIONS; index += 1) {
      expect(feeds.requests(`/feeds/${index}.ics`), `feed ${index}`).toBe(1);
    }
    const [imported] = await database.db.select({ total: count() }).from(bookings);
    expect(imported?.total).toBe(CONNECTIONS);
    // The servers' own account: one 'channel synced' line per connection, between the two of them.
    const synced = servers.map((server) => server.output().match(/"msg":"channel synced"/g)?.length ?? 0);
    expect(synced[0]! + synced[1]!).toBe(CONNECTIONS);
    console.log(`scheduled syncs per process: ${synced.join(' + ')}`);
  });

  it('runs two simultaneous "Sync now" of one connection one after the other', async () => {
    const signIn = await fetch(`${servers[0]!.baseUrl}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(signIn.status).toBe(200);
    const cookie = readResponseCookies(signIn);
    const [connection] = await database.db
      .select({ id: channelConnections.id, url: channelConnections.import_url })
      .from(channelConnections)
      .where(eq(channelConnections.import_url, feeds.url('/feeds/0.ics')));
    const answers = await Promise.all(
      servers.map((server) =>
        fetch(`${server.baseUrl}/api/channels/${connection!.id}/sync`, {
          method: 'POST',
          headers: { cookie },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const outcomes = await Promise.all(answers.map(async (answer) => (await answer.json()).outcome));
    expect(outcomes).toEqual(['synced', 'synced']);
    expect(feeds.requests('/feeds/0.ics')).toBe(3);
    expect(feeds.maxInFlight('/feeds/0.ics')).toBe(1);
    const [imported] = await database.db.select({ total: count() }).from(bookings);
    expect(imported?.total).toBe(CONNECTIONS);
  });
});
