// The package registry this project installs from does not serve every platform build of
// @tailwindcss/oxide (only the Linux ones), so `npm install` leaves the others out of package-lock.json,
// and `npm ci` then refuses the lock file as out of sync. This adds lock entries for the missing
// platform builds, marked optional with their os/cpu, so `npm ci` skips them on Linux as it would
// anyway. Run it after `npm install` changes the lock file: node scripts/fix-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const platform = (name) => {
  const match = /oxide-(android|darwin|freebsd|linux|win32|wasm32)-?([a-z0-9]*)/.exec(name);
  if (!match) return {};
  const [, os, cpu] = match;
  if (os === 'wasm32') return { cpu: ['wasm32'] };
  return { os: [os], cpu: [cpu === 'arm' ? 'arm' : cpu] };
};
let added = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    if (!name.startsWith('@tailwindcss/oxide-')) continue;
    const base = key.endsWith('/@tailwindcss/oxide')
      ? key.slice(0, -'@tailwindcss/oxide'.length)
      : 'node_modules/';
    const target = `${base}${name}`;
    if (lock.packages[target]) continue;
    lock.packages[target] = { version, ...platform(name), dev: entry.dev, optional: true, license: 'MIT' };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} missing optional platform entries`);
