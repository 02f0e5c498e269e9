import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const START_SCRIPT = `${PROJECT_ROOT}/scripts/start.mjs`;

export function findFreePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Runs `npm start`'s script as a child process, waits until /api/health answers, and measures how long that took. */
export async function spawnServer(env: Record<string, string>, options: { readyTimeoutMs?: number } = {}) {
  // Without it the server would use the project's own data directory (its database, its outbox of
  // e-mails): a test must never write into a developer's data.
  if (!env.DATA_DIR) throw new Error("spawnServer needs the test's own DATA_DIR");
  const port = await findFreePort();
  const startedAt = performance.now();
  const child = spawn(process.execPath, [START_SCRIPT], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output}`);
    if (performance.now() - startedAt > (options.readyTimeoutMs ?? 180_000)) {
      child.kill('SIGKILL');
      throw new Error(`The server was not ready in time:\n${output}`);
    }
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    baseUrl,
    readyMs: performance.now() - startedAt,
    output: () => output,
    stop: (signal: NodeJS.Signals = 'SIGTERM') => {
      child.kill(signal);
      return exited;
    },
  };
}

/** Every cookie a fetch response set, as a request's Cookie header (the session and the device cookie). */
export function readResponseCookies(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/**
 * A stand-in client build under `dir/build` for tests that start the server but never load its pages:
 * the server finds a build and starts without building the site. Returns the BUILD_DIR to pass.
 */
export function createPlaceholderBuild(dir: string): string {
  const buildDir = join(dir, 'build');
  mkdirSync(join(buildDir, 'client'), { recursive: true });
  writeFileSync(join(buildDir, 'client/index.html'), '<!doctype html><title>t</title>');
  writeFileSync(join(buildDir, 'client/.built'), 'test');
  return buildDir;
}
