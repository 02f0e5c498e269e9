/**
 * What the API benchmarks share: a scratch database (embedded, or on the PostgreSQL server named on the
 * command line), the built server started as `npm start` starts it, a signed-in cookie, autocannon
 * runs, and direct query timings.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { upsertOperator } from '../src/server/auth/queries';
import { openDatabase } from '../src/server/db/client';
import { properties } from '../src/server/db/schema';
import { readResponseCookies } from '../src/server/test/spawn-server';
import { createEmptyPostgresDatabase } from '../src/server/test/test-database';
import autocannon from 'autocannon';
import { PRODUCTION_PASSWORD_HASH_COST } from '../src/server/env';

const root = fileURLToPath(new URL('..', import.meta.url));
export const BENCH_OPERATOR = {
  email: 'bench@example.com',
  password: 'bench-password-1',
  hashCost: PRODUCTION_PASSWORD_HASH_COST,
};
export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);

/** A throwaway data directory, and a scratch PostgreSQL database when a server URL is given. */
export async function createScratchDatabase(serverUrl: string | undefined) {
  const dataDir = mkdtempSync(join(tmpdir(), 'villa-bench-'));
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (serverUrl) {
    // BENCH_DATABASE_PREFIX: a name of one's own when several people bench on one PostgreSQL server.
    const scratch = await createEmptyPostgresDatabase(
      process.env.BENCH_DATABASE_PREFIX ?? 'villa_bench',
      serverUrl,
    );
    databaseUrl = scratch.url;
    drop = scratch.drop;
  }
  return {
    dataDir,
    databaseUrl,
    label: databaseUrl ? 'PostgreSQL' : 'PGlite',
    async remove() {
      rmSync(dataDir, { recursive: true, force: true });
      await drop();
    },
  };
}

/**
 * The scratch database, migrated, with one villa of the bench operator (`values` over the defaults) to
 * write the data set into. Close it before the server opens an embedded database.
 */
export async function openBenchVilla(
  scratch: Awaited<ReturnType<typeof createScratchDatabase>>,
  values: Partial<typeof properties.$inferInsert> = {},
) {
  const database = await openDatabase({ databaseUrl: scratch.databaseUrl, dataDir: scratch.dataDir });
  await database.migrate();
  const owner = await upsertOperator(database.db, BENCH_OPERATOR);
  const [villa] = await database.db
    .insert(properties)
    .values({
      name: 'Bench Villa',
      address: 'Road',
      city: 'Pune',
      country: 'India',
      owner_id: owner.id,
      ...values,
    })
    .returning();
  if (!villa) throw new Error('no property');
  return { database, villa };
}

/** Median and 99th percentile of `runs` sequential runs of `work`, in milliseconds. */
export async function timeDirect(work: () => Promise<unknown>, runs = 30) {
  // Unmeasured first runs: whichever query is timed first would otherwise pay for the warm-up of the
  // code and the database's caches (1–1.5 ms on the first of the bookings list's six queries).
  for (let run = 0; run < 10; run += 1) await work();
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const startedAt = performance.now();
    await work();
    times.push(performance.now() - startedAt);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(runs / 2)]!, p99: times[Math.min(runs - 1, Math.floor(runs * 0.99))]! };
}

async function findFreePort() {
  return new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The server as `npm start` runs it, on the scratch database, with the bench operator signed in. */
export async function startBenchServer(
  scratch: { dataDir: string; databaseUrl?: string },
  env: Record<string, string> = {},
) {
  // BENCH_PORT: a port of one's own when ports are shared out among several people on one machine.
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await findFreePort();
  const child: ChildProcess = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: scratch.dataDir,
      DATABASE_URL: scratch.databaseUrl ?? '',
      OPERATOR_EMAIL: BENCH_OPERATOR.email,
      OPERATOR_PASSWORD: BENCH_OPERATOR.password,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // No daily backup a minute in: on the embedded database it holds the database for seconds (3.5 s at
      // 10,000 bookings), which is a moment of the day, not what the measured requests cost.
      BACKUP_KEEP: '0',
      ...env,
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
  const cookie = await signInBench(base, BENCH_OPERATOR);
  return {
    base,
    cookie,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** Signs an operator in on the bench server: their session cookie. */
export async function signInBench(base: string, operator: { email: string; password: string }) {
  const signIn = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: operator.email, password: operator.password }),
  });
  return readResponseCookies(signIn);
}

export type BenchRow = {
  endpoint: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  directP50?: number;
};

/** An autocannon run against the server, as one row of figures. */
export async function measureEndpoint(
  server: { base: string; cookie: string },
  endpoint: string,
  options: Partial<autocannon.Options>,
  directP50?: number,
): Promise<BenchRow> {
  const result = await autocannon({
    url: server.base,
    connections: 10,
    duration: DURATION_S,
    headers: { cookie: server.cookie },
    ...options,
  });
  return {
    endpoint,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    directP50,
  };
}

/**
 * Several endpoints measured in turns: a short run of each, round after round, and each endpoint's
 * requests of all its rounds taken together. Load from elsewhere on the machine then falls on all of
 * them alike, instead of on whichever endpoint was being measured at that moment, so their figures can
 * be compared with one another. A first round, unmeasured, warms each one up (code, plans, pages).
 */
export async function measureEndpointsInTurn(
  server: { base: string; cookie: string },
  // `cookie`: another operator's session than the server's own (a list of someone else's data).
  endpoints: { endpoint: string; path: string; directP50?: number; cookie?: string }[],
  options: { rounds: number; warmupSeconds: number },
): Promise<BenchRow[]> {
  const roundSeconds = DURATION_S / options.rounds;
  const run = (endpoint: { path: string; cookie?: string }, duration: number) =>
    autocannon({
      url: server.base,
      connections: 10,
      duration,
      headers: { cookie: endpoint.cookie ?? server.cookie },
      requests: [{ method: 'GET', path: endpoint.path }],
      skipAggregateResult: true,
    });
  for (const endpoint of endpoints) await run(endpoint, options.warmupSeconds);
  const results = endpoints.map(() => [] as autocannon.Result[]);
  for (let round = 0; round < options.rounds; round += 1) {
    for (const [index, endpoint] of endpoints.entries())
      results[index]!.push(await run(endpoint, roundSeconds));
  }
  // autocannon adds up the latency histograms of separate runs (its types leave the function out).
  const aggregate = (autocannon as unknown as { aggregateResult: AggregateResult }).aggregateResult;
  return endpoints.map(({ endpoint, directP50 }, index) => {
    const rounds = results[index]! as unknown as RawRun[];
    const total = aggregate(rounds as unknown as autocannon.Result[], { url: server.base, connections: 10 });
    const completed = rounds.reduce((sum, round) => sum + round.totalCompletedRequests, 0);
    const seconds = rounds.reduce((sum, round) => sum + round.duration, 0);
    return {
      endpoint,
      rps: Math.round(completed / seconds),
      p50: total.latency.p50,
      p99: total.latency.p99,
      non2xx: total.non2xx,
      directP50,
    };
  });
}
type AggregateResult = (results: autocannon.Result[], options: autocannon.Options) => autocannon.Result;
/** What a run returns with skipAggregateResult, before its histograms are summarised. */
type RawRun = { totalCompletedRequests: number; duration: number };

export function printRows(title: string, rows: BenchRow[]) {
  console.log(`\n${title}`);
  console.log(
    'endpoint'.padEnd(60),
    'req/s'.padStart(7),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'non-2xx'.padStart(8),
    'direct SQL p50 ms'.padStart(18),
  );
  for (const row of rows) {
    console.log(
      row.endpoint.padEnd(60),
      String(row.rps).padStart(7),
      String(row.p50).padStart(8),
      String(row.p99).padStart(8),
      String(row.non2xx).padStart(8),
      (row.directP50 === undefined ? '' : row.directP50.toFixed(1)).padStart(18),
    );
  }
}
