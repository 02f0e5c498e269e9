// The package registry this project installs from does not serve every platform build of native
// packages (@tailwindcss/oxide, @unrs/resolver-binding used by the lint resolver: only the Linux ones), so `npm install` leaves the others out of package-lock.json,
// and `npm ci` then refuses the lock file as out of sync. This adds lock entries for the missing
// platform builds, marked optional with their os/cpu, so `npm ci` skips them on Linux as it would
// anyway. Run it after `npm install` changes the lock file: node scripts/fix-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const platform = (name) => {
  const match =
    /-(android|darwin|freebsd|linux|win32|openharmony|wasm32)(?:-(arm64|x64|arm|ia32|loong64|ppc64|riscv64|s390x))?(?:-|$)/.exec(
      name,
    );
  if (!match) return null;
  const [, os, cpu] = match;
  if (os === 'wasm32') return { cpu: ['wasm32'] };
  return cpu ? { os: [os], cpu: [cpu] } : { os: [os] };
};
const NATIVE_PACKAGES = ['@tailwindcss/oxide-', '@unrs/resolver-binding-'];
let added = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    if (!NATIVE_PACKAGES.some((prefix) => name.startsWith(prefix))) continue;
    const target = `${key.slice(0, key.lastIndexOf('node_modules/') + 'node_modules/'.length)}${name}`;
    if (lock.packages[target] || lock.packages[`node_modules/${name}`]) continue;
    const os = platform(name);
    if (!os) continue;
    lock.packages[target] = { version, ...os, dev: entry.dev, optional: true, license: 'MIT' };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} missing optional platform entries`);
