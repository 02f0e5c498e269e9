// The benchmarks and the browser tests run the same built server and the same Chromium, so the figures
// and the tests speak of one setup.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Chromium's flags for runs on a shared machine: no sandbox (containers), GPU or background traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Starts the built server as `npm start` does, on 127.0.0.1, with its data in a folder of its own. */
export function spawnBuiltServer({ port, dataDir, databaseUrl, buildDir, env, stdio }) {
  return spawn(process.execPath, [fileURLToPath(new URL('start.mjs', import.meta.url))], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      BUILD_DIR: buildDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio,
  });
}
