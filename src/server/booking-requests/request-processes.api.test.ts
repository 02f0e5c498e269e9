import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDate, villaToday } from '../../domain/dates';
import { upsertOperator } from '../auth/queries';
import { openPostgres, type Database } from '../db/client';
import { bookings, properties } from '../db/schema';
import { readTestEnv } from '../env';
import { spawnServer } from '../test/spawn-server';

const serverUrl = readTestEnv().databaseUrl;

// The embedded database is one process by design; this is about several servers on one PostgreSQL.
describe.skipIf(!serverUrl)('guest requests spread over two server processes on one PostgreSQL', () => {
  let database: Database;
  let databaseName: string;
  let dir: string;
  let servers: Awaited<ReturnType<typeof spawnServer>>[] = [];

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
    const operator = await upsertOperator(database.db, {
      email: `requests-${Date.now()}@example.com`,
      password: 'processes-password-1',
    });
    await database.db.insert(properties).values({
      name: 'Shared Villa',
      address: 'Road',
      city: 'Pune',
      country: 'India',
      owner_id: operator.id,
      max_guests: 8,
    });
    dir = mkdtempSync(join(tmpdir(), 'villa-request-processes-'));
    mkdirSync(join(dir, 'client'), { recursive: true });
    writeFileSync(join(dir, 'client/index.html'), '<!doctype html><title>Placeholder</title>');
    writeFileSync(join(dir, 'client/.built'), 'test');
    const env = {
      DATABASE_URL: url.toString(),
      BUILD_DIR: dir,
      SEED_DEMO: 'false',
      OPERATOR_EMAIL: '',
      OPERATOR_PASSWORD: '',
      // Each request names its own client address, as a proxy in front of both processes would.
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
    };
    servers = await Promise.all([spawnServer(env), spawnServer(env)]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.close();
    if (databaseName) {
      const cleaner = new pg.Client({ connectionString: serverUrl });
      await cleaner.connect();
      await cleaner.query(`drop database if exists ${databaseName} with (force)`);
      await cleaner.end();
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const today = villaToday();
  const post = (index: number, body: object, address: string) =>
    fetch(`${servers[index % 2]!.baseUrl}/api/booking-requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ guests_count: 2, guest_name: `Guest ${index}`, ...body }),
    });

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
    expect(await database.db.select().from(bookings)).toHaveLength(1);
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
