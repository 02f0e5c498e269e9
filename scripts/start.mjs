// `npm start`: builds the client if there is no build yet, then runs the server (TypeScript through tsx,
// in this same process so that SIGTERM and SIGINT reach its graceful shutdown).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = fileURLToPath(new URL('..', import.meta.url));
// .env applies here too (BUILD_DIR), as it does in the server; the environment wins over the file.
if (existsSync('.env')) process.loadEnvFile('.env');
const buildDir = process.env.BUILD_DIR || `${root}/dist`;
if (!existsSync(`${buildDir}/client/.built`)) {
  console.log('No build found: building the site first (once)…');
  const result = spawnSync(process.execPath, [`${root}/scripts/build.mjs`], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
register();
await import('../src/server/index.ts');
