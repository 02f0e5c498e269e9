import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT, spawnServer, START_SCRIPT } from './test/spawn-server';

function runOperatorCli(args: string[], env: Record<string, string>, input: string) {
  return spawnSync(
    process.execPath,
    ['--import', 'tsx', `${PROJECT_ROOT}/src/server/cli/operator.ts`, ...args],
    {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ...env, OPERATOR_PASSWORD: '' },
      input: `${input}\n`,
      encoding: 'utf8',
      timeout: 90_000,
    },
  );
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

  it('starts on an empty data directory, prints a generated password once, seeds, keeps the directory to itself, and stops on SIGTERM', async () => {
    const env = {
      DATA_DIR: join(dir, 'data'),
      BUILD_DIR: buildDir,
      OPERATOR_EMAIL: '',
      OPERATOR_PASSWORD: '',
    };
    const first = await spawnServer(env);
    const home = await fetch(`${first.baseUrl}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Where Peace Lives');
    expect(first.output()).toMatch(/username: operator@example\.com\n\s+password: [a-zA-Z2-9]{20}/);
    expect(first.output()).toContain('"seeded":true');
    // A database without guests' numbers: the key of the numbers to come is made into the data directory.
    expect(existsSync(join(env.DATA_DIR, 'guest-data.key'))).toBe(true);
    // One process at a time on the embedded database: a second server and the CLI are refused.
    const second = spawnSync(process.execPath, [START_SCRIPT], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ...env, PORT: '0' },
      encoding: 'utf8',
      timeout: 90_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toMatch(/is in use by another process \(pid \d+\)/);
    const cliWhileRunning = runOperatorCli(['set-password', 'operator@example.com'], env, 'a-new-password-1');
    expect(cliWhileRunning.stderr).toMatch(/is in use by another process/);
    expect(await first.stop()).toBe(0);
    const cli = runOperatorCli(['set-password', 'operator@example.com'], env, 'a-new-password-1');
    expect(cli.stdout).toContain('The password of operator@example.com is changed');
    expect(runOperatorCli(['set-password', 'operator@example.com'], env, 'short').stderr).toContain(
      'Password must be at least 10 characters',
    );
    console.log(`npm start → ready: ${Math.round(first.readyMs)} ms on an empty data directory`);

    const restarted = await spawnServer(env);
    expect(restarted.output()).not.toContain('password:');
    expect(restarted.output()).toContain('"seeded":false');
    const signIn = await fetch(`${restarted.baseUrl}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'operator@example.com', password: 'a-new-password-1' }),
    });
    expect(signIn.status).toBe(200);
    expect(await restarted.stop()).toBe(0);
    console.log(`npm start → ready: ${Math.round(restarted.readyMs)} ms on an existing data directory`);
  }, 240_000);

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ SEED_DEMO: 'perhaps' }, 'SEED_DEMO'],
    [{ OPERATOR_EMAIL: 'owner@example.com', OPERATOR_PASSWORD: '' }, 'OPERATOR_PASSWORD'],
  ])('refuses to start with %o and names the variable', (env, name) => {
    const result = spawnSync(process.execPath, [START_SCRIPT], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, DATA_DIR: join(dir, 'unused'), BUILD_DIR: buildDir, ...env },
      encoding: 'utf8',
      timeout: 90_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('The server cannot start.');
    expect(result.stderr).toContain(name);
  });
});
