import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT, spawnServer, START_SCRIPT } from './test/spawn-server';

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
    const first = await spawnServer(env);
    const home = await fetch(`${first.baseUrl}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Where Peace Lives');
    expect(first.output()).toMatch(/username: operator@example\.com\n\s+password: [a-zA-Z2-9]{20}/);
    expect(first.output()).toContain('"seeded":true');
    expect(await first.stop()).toBe(0);
    console.log(`npm start → ready: ${Math.round(first.readyMs)} ms on an empty data directory`);

    const second = await spawnServer(env);
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
    const result = spawnSync(process.execPath, [START_SCRIPT], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, DATA_DIR: join(dir, 'unused'), BUILD_DIR: buildDir, ...env },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('The server cannot start.');
    expect(result.stderr).toContain(name);
  });
});
