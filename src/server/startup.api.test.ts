import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const startScript = join(root, 'scripts/start.mjs');

function findFreePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts `npm start`'s script, waits for health, and returns the output, the time to ready and a stop function. */
async function startServer(env: Record<string, string>) {
  const port = await findFreePort();
  const startedAt = performance.now();
  const child = spawn(process.execPath, [startScript], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output}`);
    if (performance.now() - startedAt > 60_000)
      throw new Error(`The server was not ready in time:\n${output}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const readyMs = performance.now() - startedAt;
  return {
    baseUrl,
    readyMs,
    output: () => output,
    stop: () =>
      new Promise<number | null>((resolve) => {
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}

describe('starting the server with npm start', () => {
  let dir: string;
  let buildDir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'villa-start-'));
    // A stand-in client build, so this test does not race the browser tests' build of dist/.
    buildDir = join(dir, 'build');
    mkdirSync(join(buildDir, 'client'), { recursive: true });
    writeFileSync(
      join(buildDir, 'client/index.html'),
      '<!doctype html><title>Placeholder</title><h1>Where Peace Lives</h1>',
    );
    writeFileSync(join(buildDir, 'client/.built'), 'test');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts on an empty data directory, prints a generated password once, seeds, and stops on SIGTERM', async () => {
    const env = {
      DATA_DIR: join(dir, 'data'),
      BUILD_DIR: buildDir,
      OPERATOR_EMAIL: '',
      OPERATOR_PASSWORD: '',
    };
    const first = await startServer(env);
    const home = await fetch(`${first.baseUrl}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Where Peace Lives');
    expect(first.output()).toMatch(/username: operator@example\.com\n\s+password: [a-zA-Z2-9]{20}/);
    expect(first.output()).toContain('"seeded":true');
    expect(await first.stop()).toBe(0);
    console.log(`npm start → ready: ${Math.round(first.readyMs)} ms on an empty data directory`);

    const second = await startServer(env);
    expect(second.output()).not.toContain('password:');
    expect(second.output()).toContain('"seeded":false');
    expect(await second.stop()).toBe(0);
    console.log(`npm start → ready: ${Math.round(second.readyMs)} ms on an existing data directory`);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ SEED_DEMO: 'perhaps' }, 'SEED_DEMO'],
    [{ OPERATOR_EMAIL: 'owner@example.com', OPERATOR_PASSWORD: '' }, 'OPERATOR_PASSWORD'],
  ])('refuses to start with %o and names the variable', (env, name) => {
    const result = spawnSync(process.execPath, [startScript], {
      cwd: root,
      env: { ...process.env, DATA_DIR: join(dir, 'unused'), BUILD_DIR: buildDir, ...env },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('The server cannot start.');
    expect(result.stderr).toContain(name);
  });
});
