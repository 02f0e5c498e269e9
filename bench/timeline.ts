/**
 * The timeline at its heaviest: three months of 20 properties holding 2,000 stays (one-night stays back to
 * back, the most bars a range can hold; 1,840 of them share a night with the range), read by getTimeline
 * in one request, and painted by the management area in headless Chromium. Figures: the queries alone
 * (direct, under row-level security), the HTTP request, and the paint from the data's arrival to the grid
 * on screen (performance marks the view sets), each a median of several runs. Goal: paint < 200 ms.
 *
 *   npx tsx bench/timeline.ts                                         # embedded PGlite
 *   npx tsx bench/timeline.ts postgres://postgres@127.0.0.1:5432/test  # PostgreSQL (scratch database)
 */
import { sql } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { BOOKING_SOURCES } from '../src/domain/booking';
import { addDaysToDate } from '../src/domain/dates';
import { toMinorUnits } from '../src/domain/money';
import { upsertOperator } from '../src/server/auth/queries';
import { openDatabase } from '../src/server/db/client';
import { bookings, properties } from '../src/server/db/schema';
import { withOperator } from '../src/server/db/with-operator';
import { readTimeline } from '../src/server/timeline/queries';
import { CHROMIUM_ARGS } from '../scripts/built-server.mjs';
import { recordPrintedFigures } from './record-figures';
import { BENCH_OPERATOR, createScratchDatabase, startBenchServer, timeDirect } from './support';

recordPrintedFigures('timeline');

const PROPERTIES = 20;
const STAYS = 2_000;
const FROM = '2027-03-01';
const TO = '2027-06-01';
// Four days before the range: each property's hundred stays cross both its edges.
const FIRST_NIGHT = addDaysToDate(FROM, -4);
const RUNS = 9;

const scratch = await createScratchDatabase(process.argv[2]);
const database = await openDatabase({ databaseUrl: scratch.databaseUrl, dataDir: scratch.dataDir });
await database.migrate();
const owner = await upsertOperator(database.db, BENCH_OPERATOR);
const villas = await database.db
  .insert(properties)
  .values(
    Array.from({ length: PROPERTIES }, (_, index) => ({
      name: `Villa ${String(index + 1).padStart(2, '0')}`,
      address: 'Road',
      city: 'Pune',
      country: 'India',
      owner_id: owner.id,
      created_at: new Date(Date.UTC(2026, 0, 1) + index * 60_000),
    })),
  )
  .returning();
const rows = Array.from({ length: STAYS }, (_, index) => {
  const villa = villas[index % PROPERTIES]!;
  const night = Math.floor(index / PROPERTIES);
  return {
    property_id: villa.id,
    guest_name: `Guest ${index + 1}`,
    guest_email: `guest${index}@example.com`,
    check_in: addDaysToDate(FIRST_NIGHT, night),
    check_out: addDaysToDate(FIRST_NIGHT, night + 1),
    guests_count: 2,
    total_amount: toMinorUnits(8000),
    status: index % 5 === 0 ? ('pending' as const) : ('confirmed' as const),
    booking_source: BOOKING_SOURCES[index % BOOKING_SOURCES.length]!,
  };
});
for (let start = 0; start < rows.length; start += 500) {
  await database.db.insert(bookings).values(rows.slice(start, start + 500));
}
await database.db.execute(sql`analyze`);

const read = () =>
  withOperator(database.db, owner.id, (tx) => readTimeline(tx, { start: FROM, end: TO, today: FROM }));
const inRange = (await read()).stays.length;
const direct = await timeDirect(read, RUNS * 3);
await database.close();

const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
const server = await startBenchServer(scratch);
if (!server.cookie) throw new Error('The bench operator could not sign in');
const path = `/api/timeline?from=${FROM}&to=${TO}`;
const httpTimes: number[] = [];
let bytes = 0;
for (let run = 0; run < RUNS + 3; run += 1) {
  const startedAt = performance.now();
  const response = await fetch(`${server.base}${path}`, { headers: { cookie: server.cookie } });
  const body = await response.text();
  if (!response.ok) throw new Error(`getTimeline answered ${response.status}: ${body}`);
  // The first runs warm the server up.
  if (run >= 3) httpTimes.push(performance.now() - startedAt);
  bytes = body.length;
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: server.base });
const page = await context.newPage();
const signIn = await page.request.post('/api/session', {
  data: { email: BENCH_OPERATOR.email, password: BENCH_OPERATOR.password },
});
if (signIn.status() !== 200) throw new Error(`sign-in answered ${signIn.status()}`);
// As text: tsx would wrap a function's inner functions in a helper the page does not have.
const READ_PAINT = `new Promise((resolve) => {
  const read = () => {
    const data = performance.getEntriesByName('timeline-data-received').at(-1);
    const painted = performance.getEntriesByName('timeline-grid-painted').at(-1);
    const committed = performance.getEntriesByName('timeline-grid-committed').at(-1);
    if (!data || !painted || !committed) return false;
    resolve({
      render: committed.startTime - data.startTime,
      paint: painted.startTime - data.startTime,
      total: painted.startTime,
      bars: document.querySelectorAll('[data-stay]').length,
    });
    return true;
  };
  if (read()) return;
  new PerformanceObserver((_list, observer) => {
    if (read()) observer.disconnect();
  }).observe({ entryTypes: ['mark'] });
})`;
const paints: { render: number; paint: number; total: number; bars: number }[] = [];
for (let run = 0; run < RUNS + 2; run += 1) {
  await page.goto(`/villa-management?view=timeline&span=3m&start=${FROM}`);
  const figures = (await page.evaluate(READ_PAINT)) as {
    render: number;
    paint: number;
    total: number;
    bars: number;
  };
  // The first runs warm the browser's caches up.
  if (run >= 2) paints.push(figures);
}
await browser.close();
await server.stop();
await scratch.remove();

const ms = (value: number) => `${value.toFixed(1)} ms`;
console.log(
  `Timeline on ${scratch.label}: ${PROPERTIES} properties, ${STAYS} stays, ${FROM} to ${TO} (${inRange} stays in the range, ${(bytes / 1024).toFixed(0)} KiB answer)`,
);
console.log(
  `getTimeline queries (direct, RLS): median ${ms(direct.p50)}, p99 ${ms(direct.p99)} (${RUNS * 3} runs)`,
);
console.log(
  `getTimeline over HTTP: median ${ms(median(httpTimes))}, slowest ${ms(Math.max(...httpTimes))} (${RUNS} runs)`,
);
console.log(
  `Paint, data received to grid on screen: median ${ms(median(paints.map((run) => run.paint)))}, slowest ${ms(Math.max(...paints.map((run) => run.paint)))} (${RUNS} runs, ${paints[0]?.bars} bars); goal < 200 ms`,
);
console.log(
  `  of which React's render to the page: median ${ms(median(paints.map((run) => run.render)))}; the rest is the browser's style, layout and paint`,
);
console.log(
  `Navigation start to grid on screen: median ${ms(median(paints.map((run) => run.total)))} (sign-in, the page, its data and the grid)`,
);
