// `npm start`: builds the client if there is no build yet or the sources changed since (after a pull),
// then runs the server (TypeScript through tsx, in this same process so that SIGTERM and SIGINT reach its
// graceful shutdown).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = fileURLToPath(new URL('..', import.meta.url));
// .env applies here too (BUILD_DIR), as it does in the server; the environment wins over the file.
if (existsSync('.env')) process.loadEnvFile('.env');
const buildDir = process.env.BUILD_DIR || `${root}/dist`;
const marker = `${buildDir}/client/.built`;

/** The newest modification time of the files the client build reads. */
function findNewestSource() {
  let newest = 0;
  const visit = (path) => {
    const stats = statSync(path, { throwIfNoEntry: false });
    if (!stats) return;
    if (stats.isDirectory()) for (const entry of readdirSync(path)) visit(`${path}/${entry}`);
    else newest = Math.max(newest, stats.mtimeMs);
  };
  for (const path of [
    'src/client',
    'src/content',
    'src/domain',
    'scripts',
    'vite.config.ts',
    'package-lock.json',
  ])
    visit(`${root}/${path}`);
  return newest;
}

const built = existsSync(marker) ? statSync(marker).mtimeMs : 0;
if (built === 0 || findNewestSource() > built) {
  console.log(
    built === 0
      ? 'No build found: building the site first (once)…'
      : 'Sources changed: building the site again…',
  );
  const result = spawnSync(process.execPath, [`${root}/scripts/build.mjs`], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
register();
await import('../src/server/index.ts');
