/**
 * Channel sync benchmark: a 2,000-event Airbnb-shaped feed synced the first time, again unchanged (the
 * channel answers in full, and with 304 Not Modified), and the export of a property with 5,000 stays.
 * Feeds are served from a loopback server in this process; the database is PGlite or PostgreSQL.
 *
 *   npm run bench:channels                    # embedded PGlite
 *   npm run bench:channels -- postgres://postgres@127.0.0.1:5432/test   # PostgreSQL (a scratch database)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { upsertOperator } from '../src/server/auth/queries';
import { parseFeed } from '../src/server/channels/parse-feed';
import { hashExportToken } from '../src/server/channels/queries';
import { syncConnection } from '../src/server/channels/sync';
import { startFeedServer } from '../src/server/channels/test/feed-server';
import { airbnbUid, writeAirbnbFeed } from '../src/server/channels/test/fixtures';
import { openDatabase } from '../src/server/db/client';
import { buildConfig, readEnv } from '../src/server/env';
import { bookings, channelConnections, channelExports, properties } from '../src/server/db/schema';
import { addDaysToDate } from '../src/domain/dates';
import { toMinorUnits } from '../src/domain/money';
import { recordPrintedFigures } from './record-figures';
import { PRODUCTION_PASSWORD_HASH_COST } from '../src/server/env';

recordPrintedFigures('channels');

const EVENTS = 2_000;
const STAYS = 5_000;
const RUNS = 10;
const now = new Date('2026-11-22T06:30:00Z');
const today = '2026-11-22';

const serverUrlArgument = process.argv[2];
const dataDir = mkdtempSync(join(tmpdir(), 'villa-bench-channels-'));
let databaseUrl: string | undefined;
let dropDatabase = async () => {};
if (serverUrlArgument) {
  const name = `villa_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrlArgument });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrlArgument);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const cleaner = new pg.Client({ connectionString: serverUrlArgument });
    await cleaner.connect();
    await cleaner.query(`drop database if exists ${name} with (force)`);
    await cleaner.end();
  };
}

const database = await openDatabase({ databaseUrl, dataDir });
const feeds = await startFeedServer();
try {
  await database.migrate();
  const db = database.db;
  const owner = await upsertOperator(db, {
    email: 'bench@example.com',
    password: 'bench-password-1',
    hashCost: PRODUCTION_PASSWORD_HASH_COST,
  });
  const insertProperty = async (name: string) => {
    const [row] = await db
      .insert(properties)
      .values({ name, address: 'Road', city: 'Pune', country: 'India', owner_id: owner.id })
      .returning();
    return row!;
  };

  // 1. The feed: 1,500 reservations of two nights, three days apart, and 500 one-night closed ranges between them.
  const reservations = Array.from({ length: 1_500 }, (_, index) => ({
    uid: airbnbUid(`r${index}`),
    check_in: addDaysToDate(today, 1 + index * 3),
    check_out: addDaysToDate(today, 3 + index * 3),
    code: `HM${String(index).padStart(8, '0')}`,
  }));
  const blocks = Array.from({ length: EVENTS - reservations.length }, (_, index) => ({
    uid: airbnbUid(`b${index}`),
    start: addDaysToDate(today, 3 + index * 3),
    end: addDaysToDate(today, 4 + index * 3),
  }));
  const body = writeAirbnbFeed({ reservations, blocks });
  feeds.set('/full.ics', { kind: 'calendar', body });
  feeds.set('/etag.ics', { kind: 'calendar', body, etag: '"bench"' });

  const parseTimes: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const startedAt = performance.now();
    parseFeed(body, { channel: 'airbnb', from: today, to: '2030-01-01', timeZone: 'Asia/Kolkata' });
    parseTimes.push(performance.now() - startedAt);
  }

  const config = buildConfig(readEnv({}), { channels: { allowPrivateUrls: true } });
  const sync = { config, now: () => now };
  const timeSyncs = async (path: string) => {
    const property = await insertProperty(`Feed ${path}`);
    const [connection] = await db
      .insert(channelConnections)
      .values({
        property_id: property.id,
        channel: 'airbnb',
        import_url: feeds.url(path),
        export_token: hashExportToken(randomBytes(24).toString('base64url')),
      })
      .returning();
    const times: { outcome: string; ms: number; added: number }[] = [];
    for (let run = 0; run < 4; run += 1) {
      const startedAt = performance.now();
      const result = await syncConnection(db, sync, {
        connectionId: connection!.id,
        operatorId: owner.id,
      });
      times.push({ outcome: result.outcome, ms: performance.now() - startedAt, added: result.counts.added });
      if (result.error) throw new Error(result.error.message);
    }
    return times;
  };
  const full = await timeSyncs('/full.ics');
  const conditional = await timeSyncs('/etag.ics');

  // 2. The export of a property with 5,000 stays (one night each, every other day from today).
  const villa = await insertProperty('Export Villa');
  const rows = Array.from({ length: STAYS }, (_, index) => ({
    property_id: villa.id,
    guest_name: `Guest ${index}`,
    guest_email: `guest${index}@example.com`,
    check_in: addDaysToDate(today, index * 2),
    check_out: addDaysToDate(today, index * 2 + 1),
    guests_count: 2,
    total_amount: toMinorUnits(1000),
    status: 'confirmed' as const,
  }));
  for (let start = 0; start < rows.length; start += 1000)
    await db.insert(bookings).values(rows.slice(start, start + 1000));
  const token = randomBytes(24).toString('base64url');
  await db.insert(channelExports).values({ property_id: villa.id, token: hashExportToken(token) });
  const app = await buildApp(config, { database, now: () => now });
  await app.ready();
  const exportTimes: number[] = [];
  let size = 0;
  let etag = '';
  for (let run = 0; run < RUNS + 2; run += 1) {
    const startedAt = performance.now();
    const response = await app.inject({ method: 'GET', url: `/ical/${token}.ics` });
    const elapsed = performance.now() - startedAt;
    if (response.statusCode !== 200) throw new Error(`export answered ${response.statusCode}`);
    if (run >= 2) exportTimes.push(elapsed); // the first two warm up
    size = response.rawPayload.length;
    etag = String(response.headers.etag);
  }
  const revalidated = performance.now();
  const notModified = await app.inject({
    method: 'GET',
    url: `/ical/${token}.ics`,
    headers: { 'if-none-match': etag },
  });
  const revalidateMs = performance.now() - revalidated;
  await app.close();

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const ms = (value: number) => `${Math.round(value)} ms`;
  console.log(`\nChannel sync benchmark on ${database.kind} (Node ${process.version})`);
  console.log(
    `Feed: ${EVENTS} events (${reservations.length} reservations, ${blocks.length} closed ranges), ${(body.length / 1024).toFixed(0)} KB`,
  );
  console.log(`  parse (ical.js + classification), median of ${RUNS}: ${ms(median(parseTimes))}`);
  console.log(`  sync, first time:                ${ms(full[0]!.ms)} (${full[0]!.added} stays imported)`);
  console.log(
    `  sync, unchanged feed (200):      ${full
      .slice(1)
      .map((run) => ms(run.ms))
      .join(', ')}`,
  );
  console.log(
    `  sync, unchanged feed (304):      ${conditional
      .slice(1)
      .map((run) => `${ms(run.ms)} ${run.outcome}`)
      .join(', ')}`,
  );
  console.log(`Export: ${STAYS} stays, ${(size / 1024).toFixed(0)} KB`);
  console.log(
    `  GET /ical/<token>.ics, median of ${RUNS}: ${ms(median(exportTimes))} (min ${ms(Math.min(...exportTimes))}, max ${ms(Math.max(...exportTimes))})`,
  );
  console.log(`  revalidation with If-None-Match: ${ms(revalidateMs)} → ${notModified.statusCode}`);
} finally {
  await feeds.close();
  await database.close();
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
}
