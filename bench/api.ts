/**
 * API benchmark: the built server on a large data set (10,000 bookings on one property), measured with
 * autocannon per endpoint (requests/s and p99 latency), beside the same query run directly on the
 * database. Also times guest booking requests under load.
 *
 *   npm run bench:api                     # embedded PGlite
 *   npm run bench:api -- postgres://postgres@127.0.0.1:5432/test   # a PostgreSQL server (a scratch database is created)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { asc, desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { upsertOperator } from '../src/server/auth/queries';
import { openDatabase } from '../src/server/db/client';
import { bookings, properties } from '../src/server/db/schema';
import { addDaysToDate } from '../src/domain/calendar';

const root = fileURLToPath(new URL('..', import.meta.url));
const BOOKINGS = 10_000;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;
const operator = { email: 'bench@example.com', password: 'bench-password-1' };

const serverUrlArgument = process.argv[2];
const dataDir = mkdtempSync(join(tmpdir(), 'villa-bench-'));
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

// 1. The data set, and the direct query timings (before the server holds the embedded database).
const database = await openDatabase({ databaseUrl, dataDir });
await database.migrate();
const owner = await upsertOperator(database.db, operator);
const [villa] = await database.db
  .insert(properties)
  .values({
    name: 'Bench Villa',
    address: 'Road',
    city: 'Pune',
    country: 'India',
    owner_id: owner.id,
    max_guests: 10,
    base_price: 1000,
  })
  .returning();
if (!villa) throw new Error('no property');
const rows = Array.from({ length: BOOKINGS }, (_, index) => ({
  property_id: villa.id,
  guest_name: `Guest ${index}`,
  guest_email: `guest${index}@example.com`,
  check_in: addDaysToDate('2020-01-01', index * 2),
  check_out: addDaysToDate('2020-01-01', index * 2 + 1),
  guests_count: 2,
  total_amount: 1000,
  status: index % 7 === 0 ? 'cancelled' : 'confirmed',
  booking_source: (['direct', 'airbnb', 'booking_com'] as const)[index % 3],
}));
for (let start = 0; start < rows.length; start += 1000) {
  await database.db.insert(bookings).values(rows.slice(start, start + 1000));
}
const direct = async (work: () => Promise<unknown>, runs = 30) => {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const startedAt = performance.now();
    await work();
    times.push(performance.now() - startedAt);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(runs / 2)]!, p99: times[Math.min(runs - 1, Math.floor(runs * 0.99))]! };
};
const directTimes = {
  listBookings: await direct(() =>
    database.db
      .select()
      .from(bookings)
      .where(eq(bookings.property_id, villa.id))
      .orderBy(desc(bookings.created_at)),
  ),
  listProperties: await direct(() =>
    database.db
      .select()
      .from(properties)
      .where(eq(properties.is_active, true))
      .orderBy(asc(properties.created_at)),
  ),
};
await database.close();

// 2. The server, as `npm start` runs it.
const port = await new Promise<number>((resolve) => {
  const server = createServer();
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
  });
});
const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    OPERATOR_EMAIL: operator.email,
    OPERATOR_PASSWORD: operator.password,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    BOOKING_REQUESTS_PER_HOUR: '1000000',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (let attempt = 0; ; attempt += 1) {
  const ok = await fetch(`${base}/api/health`).then(
    (response) => response.ok,
    () => false,
  );
  if (ok) break;
  if (attempt > 600) throw new Error('server did not start');
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const signIn = await fetch(`${base}/api/session`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(operator),
});
const cookie = signIn.headers.get('set-cookie')?.split(';')[0] ?? '';

type Row = { endpoint: string; rps: number; p50: number; p99: number; non2xx: number; directP50?: number };
const results: Row[] = [];
async function measure(endpoint: string, options: Partial<autocannon.Options>, directP50?: number) {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { cookie },
    ...options,
  });
  results.push({
    endpoint,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    directP50,
  });
}

await measure('GET /api/health', { requests: [{ method: 'GET', path: '/api/health' }] });
await measure(
  'GET /api/properties',
  { requests: [{ method: 'GET', path: '/api/properties' }] },
  directTimes.listProperties.p50,
);
await measure(
  `GET /api/properties/:id/bookings (${BOOKINGS} rows)`,
  { requests: [{ method: 'GET', path: `/api/properties/${villa.id}/bookings` }], connections: 2 },
  directTimes.listBookings.p50,
);
await measure('GET /api/properties/:id/calendar', {
  requests: [{ method: 'GET', path: `/api/properties/${villa.id}/calendar?month=2030-06` }],
});
await measure('GET /api/stats', { requests: [{ method: 'GET', path: '/api/stats' }] });
await measure('GET /api/availability (public)', { requests: [{ method: 'GET', path: '/api/availability' }] });
await measure('GET /api/quote (public)', {
  requests: [{ method: 'GET', path: '/api/quote?check_in=2027-03-01&check_out=2027-03-08' }],
});
// Booking requests under load: each asks for random nights in the coming year; most are refused (409)
// once the calendar fills, which is the expensive path too (it reads, then the database refuses).
let counter = 0;
await measure('POST /api/booking-requests (201 or 409)', {
  requests: [
    {
      method: 'POST',
      path: '/api/booking-requests',
      headers: { 'content-type': 'application/json' },
      setupRequest: (request) => {
        counter += 1;
        const checkIn = addDaysToDate(
          new Date().toISOString().slice(0, 10),
          2 + Math.floor(Math.random() * 360),
        );
        return {
          ...request,
          body: JSON.stringify({
            check_in: checkIn,
            check_out: addDaysToDate(checkIn, 1 + (counter % 4)),
            guests_count: 2,
            guest_name: `Load ${counter}`,
            guest_email: `load${counter}@example.com`,
          }),
        };
      },
    },
  ],
});

child.kill('SIGTERM');
await new Promise((resolve) => child.once('exit', resolve));
rmSync(dataDir, { recursive: true, force: true });
await dropDatabase();

console.log(
  `\nAPI benchmark on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${CONNECTIONS} connections, ${DURATION_S} s per endpoint`,
);
console.log(
  'endpoint'.padEnd(52),
  'req/s'.padStart(7),
  'p50 ms'.padStart(8),
  'p99 ms'.padStart(8),
  'non-2xx'.padStart(8),
  'direct SQL p50 ms'.padStart(18),
);
for (const row of results) {
  console.log(
    row.endpoint.padEnd(52),
    String(row.rps).padStart(7),
    String(row.p50).padStart(8),
    String(row.p99).padStart(8),
    String(row.non2xx).padStart(8),
    (row.directP50 === undefined ? '' : row.directP50.toFixed(1)).padStart(18),
  );
}
