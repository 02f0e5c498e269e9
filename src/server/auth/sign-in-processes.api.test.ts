import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../db/client';
import { readTestEnv } from '../env';
import { spawnServer } from '../test/spawn-server';
import { upsertOperator } from './queries';
import { SIGN_IN_LIMITS } from './sign-in-throttle';

const serverUrl = readTestEnv().databaseUrl;
const password = 'processes-password-1';

// The embedded database is one process by design; this is about several servers on one PostgreSQL.
describe.skipIf(!serverUrl)('sign-in limits across two server processes on one PostgreSQL database', () => {
  let database: Database;
  let databaseName: string;
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
    email = `processes-${Date.now()}@example.com`;
    await upsertOperator(database.db, { email, password });

    dir = mkdtempSync(join(tmpdir(), 'villa-sign-in-processes-'));
    mkdirSync(join(dir, 'client'), { recursive: true });
    writeFileSync(join(dir, 'client/index.html'), '<!doctype html><title>Placeholder</title>');
    writeFileSync(join(dir, 'client/.built'), 'test');
    const env = {
      DATABASE_URL: url.toString(),
      BUILD_DIR: dir,
      SEED_DEMO: 'false',
      OPERATOR_EMAIL: '',
      OPERATOR_PASSWORD: '',
      LOG_LEVEL: 'info',
    };
    servers = await Promise.all([spawnServer(env), spawnServer(env)]);
  }, 300_000);

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

  const signIn = (server: number, attempt: string) =>
    fetch(`${servers[server]!.baseUrl}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
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
    expect(statuses.filter((status) => status === 401)).toHaveLength(SIGN_IN_LIMITS.perAccountAndNetwork);
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      attempts - SIGN_IN_LIMITS.perAccountAndNetwork,
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
