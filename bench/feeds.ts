/**
 * Channel feeds against the server's responsiveness: `/api/health` latency at rest, and while the server
 * (started as `npm start` starts it) syncs the worst calendars the caps let through, side by side. Each
 * feed is synced once on a new connection (its first import, which writes what it brings) and then again
 * and again (each sync reads the whole calendar again, as the scheduler does every 15 minutes when the
 * channel sends no ETag). Feeds are served from a loopback server in this process.
 *
 *   npm run bench:feeds                    # embedded PGlite
 *   npm run bench:feeds -- postgres://postgres@127.0.0.1:5432/test   # PostgreSQL (a scratch database)
 *
 * BENCH_SECONDS (default 8) is how long each repeated-sync window lasts; BENCH_FEEDS=name,… picks feeds.
 */
import { addDaysToDate } from '../src/domain/dates';
import { startFeedServer } from '../src/server/channels/test/feed-server';
import { airbnbUid, writeAirbnbFeed, writeGenericFeed } from '../src/server/channels/test/fixtures';
import { createScratchDatabase, DURATION_S, openBenchVilla, startBenchServer } from './support';
import { recordPrintedFigures } from './record-figures';

recordPrintedFigures('feeds');

const MB = 1024 * 1024;
const today = new Date().toISOString().slice(0, 10);
const compact = (date: string) => date.replace(/-/g, '');

/** The generic calendar of `fixed` events, then of `event(0)`, `event(1)`… as many as fit under the cap. */
function fillGenericFeed(fixed: string[][], event: (index: number) => string[]): string {
  const limit = 10 * MB - 16 * 1024;
  const base = Buffer.byteLength(writeGenericFeed(fixed));
  // Every event of one kind takes about as many bytes, folded, as the longest of a sample.
  const sample = Array.from({ length: 100 }, (_, index) => event(index * 997));
  const perEvent = Math.max(
    ...sample.map(
      (lines) => Buffer.byteLength(writeGenericFeed([lines])) - Buffer.byteLength(writeGenericFeed([])),
    ),
  );
  const count = Math.floor((limit - base) / perEvent);
  return writeGenericFeed([...fixed, ...Array.from({ length: count }, (_, index) => event(index))]);
}

const FEEDS: { name: string; what: string; body: () => string }[] = [
  {
    name: 'daily-since-2000',
    what: '1,000 closed ranges repeating daily since 2000 (the feed that froze the server)',
    body: () =>
      writeGenericFeed(
        Array.from({ length: 1_000 }, (_, index) => [
          `UID:daily-${index}@bench.example.com`,
          `DTSTART;VALUE=DATE:${compact(addDaysToDate('2000-01-01', index))}`,
          'RRULE:FREQ=DAILY',
          'SUMMARY:Not available',
        ]),
      ),
  },
  {
    name: 'rules-10mb',
    what: '10 MB of repeat rules no window skips (COUNT with BYDAY since 2000, rules that never match)',
    body: () =>
      fillGenericFeed([], (index) => [
        `UID:rule-${index}@bench.example.com`,
        index % 2 === 0 ? 'DTSTART;VALUE=DATE:20000103' : 'DTSTART:20261201T000000Z',
        index % 2 === 0
          ? 'RRULE:FREQ=DAILY;COUNT=20000;BYDAY=MO,TU,WE,TH,FR,SA,SU'
          : 'RRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30',
        'SUMMARY:Not available',
      ]),
  },
  {
    name: 'stays-20k',
    what: '20,000 one-night Airbnb reservations (the most items a calendar may bring)',
    body: () =>
      writeAirbnbFeed({
        reservations: Array.from({ length: 20_000 }, (_, index) => ({
          uid: airbnbUid(`bench-${index}`),
          check_in: addDaysToDate(today, 1 + index),
          check_out: addDaysToDate(today, 2 + index),
          code: `HM${String(index).padStart(8, '0')}`,
        })),
      }),
  },
  {
    name: 'mixed-10mb',
    what: '15,000 reservations and repeat rules for the 5,000 repeats, padded to 10 MB',
    body: () => {
      const reservations = Array.from({ length: 15_000 }, (_, index) => [
        `UID:${airbnbUid(`mixed-${index}`)}`,
        `DTSTART;VALUE=DATE:${compact(addDaysToDate(today, 1 + index))}`,
        `DTEND;VALUE=DATE:${compact(addDaysToDate(today, 2 + index))}`,
        'SUMMARY:Reserved',
        `DESCRIPTION:${'x'.repeat(300)}`,
      ]);
      const rules = Array.from({ length: 20 }, (_, index) => [
        `UID:daily-${index}@bench.example.com`,
        `DTSTART;VALUE=DATE:${compact(addDaysToDate('2000-01-03', index))}`,
        'RRULE:FREQ=DAILY',
        'SUMMARY:Not available',
      ]);
      // Then past stays (read, and dropped as ended) up to the size cap.
      return fillGenericFeed([...reservations, ...rules], (index) => [
        `UID:past-${index}@bench.example.com`,
        'DTSTART;VALUE=DATE:20010101',
        'DTEND;VALUE=DATE:20010102',
        'SUMMARY:Reserved',
        `DESCRIPTION:${'x'.repeat(300)}`,
      ]);
    },
  },
];

type Latencies = { p50: number; p99: number; max: number; count: number; failed: number };

/** `/api/health`, asked by 4 clients back to back until `until` resolves. */
async function probeHealth(base: string, until: Promise<unknown>): Promise<Latencies> {
  let done = false;
  until.then(
    () => (done = true),
    () => (done = true),
  );
  const times: number[] = [];
  let failed = 0;
  const client = async () => {
    while (!done) {
      const startedAt = performance.now();
      const response = await fetch(`${base}/api/health`).catch(() => undefined);
      times.push(performance.now() - startedAt);
      if (!response?.ok) failed += 1;
      await response?.arrayBuffer();
    }
  };
  await Promise.all([client(), client(), client(), client()]);
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(times.length * share))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), max: times.at(-1) ?? 0, count: times.length, failed };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const serverUrlArgument = process.argv[2];
const chosen = process.env.BENCH_FEEDS?.split(',');
// Written before the server starts: the biggest take a while to write.
const bodies = FEEDS.filter((feed) => !chosen || chosen.includes(feed.name)).map((feed) => {
  const body = feed.body();
  if (Buffer.byteLength(body) > 10 * MB) throw new Error(`${feed.name} is over the size cap`);
  return { feed, body };
});
const scratch = await createScratchDatabase(serverUrlArgument);
const feeds = await startFeedServer();
let server: Awaited<ReturnType<typeof startBenchServer>> | undefined;
try {
  const { database } = await openBenchVilla(scratch);
  await database.close();
  server = await startBenchServer(scratch, { CHANNEL_ALLOW_PRIVATE_URLS: 'true' });
  const { base, cookie } = server;
  const api = async (method: string, path: string, body?: object) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { cookie, origin: base, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };

  const rows: { label: string; latencies: Latencies; note: string }[] = [];
  rows.push({ label: 'at rest', latencies: await probeHealth(base, sleep(DURATION_S * 1000)), note: '' });

  for (const { feed, body } of bodies) {
    feeds.set(`/${feed.name}.ics`, { kind: 'calendar', body });
    const property = await api('POST', '/api/properties', {
      name: `Bench ${feed.name}`,
      address: '1 Fort Road',
      city: 'Pune',
      country: 'India',
    });
    const connection = await api('POST', `/api/properties/${property.id}/channels`, {
      channel: feed.name.startsWith('stays') || feed.name.startsWith('mixed') ? 'airbnb' : 'other',
      import_url: feeds.url(`/${feed.name}.ics`),
    });
    const sync = async () => {
      const startedAt = performance.now();
      const result = await api('POST', `/api/channels/${connection.id}/sync`);
      return { ms: performance.now() - startedAt, result };
    };
    const size = `${(Buffer.byteLength(body) / MB).toFixed(2)} MB`;
    console.log(`\n${feed.name}: ${feed.what}, ${size}`);

    // The first sync imports what the calendar brings (the scheduler may have begun it: Sync now waits).
    let first!: Awaited<ReturnType<typeof sync>>;
    const firstLatencies = await probeHealth(
      base,
      sync().then((run) => (first = run)),
    );
    const describe = ({ ms, result }: typeof first) =>
      `${(ms / 1000).toFixed(1)} s, ${result.outcome}${result.error ? ` (${result.error.message})` : ''}, ` +
      `${result.counts.added} stays and ${result.counts.blocked} ranges added, ` +
      `${result.connection.left_out?.total ?? 'no list of'} items left out`;
    console.log(`  first sync: ${describe(first)}`);
    rows.push({ label: `${feed.name}: first sync`, latencies: firstLatencies, note: describe(first) });

    // Then back to back for a while, each reading the whole calendar again.
    const runs: number[] = [];
    let stop = false;
    const loop = (async () => {
      while (!stop) runs.push((await sync()).ms);
    })();
    const window = sleep(DURATION_S * 1000).then(() => (stop = true));
    const againLatencies = await probeHealth(
      base,
      window.then(() => loop),
    );
    const median = [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)] ?? 0;
    const note = `${runs.length} syncs, median ${(median / 1000).toFixed(2)} s`;
    console.log(`  again: ${note}`);
    rows.push({ label: `${feed.name}: syncs again`, latencies: againLatencies, note });
  }

  const ms = (value: number) => value.toFixed(1).padStart(9);
  console.log(
    `\n/api/health while channel feeds sync (${scratch.label}, Node ${process.version}, 4 clients back to back)`,
  );
  console.log(
    'while'.padEnd(34),
    'p50 ms'.padStart(9),
    'p99 ms'.padStart(9),
    'max ms'.padStart(9),
    'requests'.padStart(9),
    'failed'.padStart(7),
  );
  for (const { label, latencies } of rows) {
    console.log(
      label.padEnd(34),
      ms(latencies.p50),
      ms(latencies.p99),
      ms(latencies.max),
      String(latencies.count).padStart(9),
      String(latencies.failed).padStart(7),
    );
  }
} finally {
  await server?.stop();
  await feeds.close();
  await scratch.remove();
}
