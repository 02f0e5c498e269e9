#!/usr/bin/env node
// Fails when an installed runtime dependency declares an engines.node range that leaves out part of the
// project's own (package.json engines.node): the declared minimum must be the real one.
import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const semver = require('semver');
const root = new URL('..', import.meta.url).pathname;
const project = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
const range = project.engines?.node;
if (!range) {
  console.error('package.json declares no engines.node');
  process.exit(1);
}

const problems = [];
let checked = 0;
for (const [path, entry] of Object.entries(lock.packages ?? {})) {
  // Runtime dependencies only: what `npm ci --omit=dev` installs.
  if (!path || entry.dev || entry.devOptional || entry.optional) continue;
  const manifestPath = join(root, path, 'package.json');
  if (!existsSync(manifestPath)) continue;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  checked += 1;
  const theirs = manifest.engines?.node;
  if (!theirs || !semver.validRange(theirs)) continue;
  if (!semver.subset(range, theirs))
    problems.push(`${manifest.name}@${manifest.version} needs node ${theirs}`);
}

if (problems.length > 0) {
  console.error(`Runtime dependencies that do not support this project's node ${range}:`);
  for (const problem of problems) console.error(`  ${problem}`);
  console.error('Pin an older version through package.json "overrides", or raise engines.node.');
  process.exit(1);
}
console.log(`${checked} runtime dependencies support node ${range}`);
