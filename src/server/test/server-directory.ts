import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createPlaceholderBuild } from './spawn-server';

/**
 * For a test file that starts the server as a child process: a temporary directory, made before its
 * tests and removed after them, holding the embedded database and a placeholder build. `env` is what to
 * start the server with: that directory, a known operator, quiet logs, and `extra`.
 */
export function useServerDirectory(prefix: string, extra: Record<string, string> = {}) {
  const server = { dir: '', env: {} as Record<string, string> };
  beforeAll(() => {
    server.dir = mkdtempSync(join(tmpdir(), prefix));
    server.env = {
      DATA_DIR: join(server.dir, 'data'),
      BUILD_DIR: createPlaceholderBuild(server.dir),
      DATABASE_URL: '',
      OPERATOR_EMAIL: 'owner@example.com',
      OPERATOR_PASSWORD: 'test-operator-password',
      LOG_LEVEL: 'warn',
      ...extra,
    };
  });
  afterAll(() => rmSync(server.dir, { recursive: true, force: true }));
  return server;
}
