import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { spawnBuiltServer } from '../../../scripts/built-server.mjs';
import { readTestEnv } from '../../../src/server/test/test-env';
import { createEmptyPostgresDatabase } from '../../../src/server/test/test-database';
import { waitUntil } from '../../../src/test/wait-until';

/**
 * Starts the built server once for all browser tests, on a free port with a fresh data directory (or a
 * fresh PostgreSQL database when E2E_DATABASE_URL is set), a known operator and the sample data.
 */
export const E2E_OPERATOR = { email: 'owner@example.com', password: 'e2e-password-123' };

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    operator: { email: string; password: string };
    databaseKind: 'pglite' | 'postgres';
    /** Where the server writes its e-mails (no SMTP_URL); empty for a server the tests did not start. */
    outboxDir: string;
  }
}

const root = new URL('../../..', import.meta.url).pathname;

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string) {
  await waitUntil(
    async () => {
      if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${log()}`);
      // Not listening yet: a refused connection is a "not yet".
      const response = await fetch(`${url}/api/health`).catch(() => undefined);
      return response?.ok;
    },
    { timeout: 300_000, interval: 250, message: () => `the server did not become healthy:\n${log()}` },
  );
}

export default async function setup(project: TestProject) {
  const testEnv = readTestEnv();
  if (testEnv.baseUrl) {
    project.provide('baseUrl', testEnv.baseUrl);
    project.provide('operator', E2E_OPERATOR);
    project.provide('databaseKind', 'pglite');
    project.provide('outboxDir', '');
    return;
  }
  // Build the current sources (E2E_REUSE_BUILD=1 skips it when a build exists); BUILD_DIR picks where.
  const buildDir = testEnv.buildDir ?? join(root, 'dist');
  if (!testEnv.reuseBuild || !existsSync(join(buildDir, 'client/.built'))) {
    const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], {
      stdio: 'inherit',
      cwd: root,
      env: { ...process.env, BUILD_DIR: buildDir },
    });
    if (build.status !== 0) throw new Error('The build failed');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'villa-e2e-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (testEnv.e2eDatabaseUrl) {
    const scratch = await createEmptyPostgresDatabase('villa_e2e', testEnv.e2eDatabaseUrl);
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
  }
  const port = await findFreePort();
  let output = '';
  const child = spawnBuiltServer({
    port,
    dataDir,
    databaseUrl,
    buildDir,
    env: {
      OPERATOR_EMAIL: E2E_OPERATOR.email,
      OPERATOR_PASSWORD: E2E_OPERATOR.password,
      SEED_DEMO: 'true',
      // The channel tests serve their feeds from a loopback server inside the test.
      CHANNEL_ALLOW_PRIVATE_URLS: 'true',
      // Guests of confirmed stays in rupees are shown a UPI link and QR code for what is due.
      UPI_VPA: 'shantivilla@okaxis',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child, () => output);
  project.provide('baseUrl', baseUrl);
  project.provide('operator', E2E_OPERATOR);
  project.provide('databaseKind', databaseUrl ? 'postgres' : 'pglite');
  project.provide('outboxDir', join(dataDir, 'outbox'));

  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase();
  };
}
