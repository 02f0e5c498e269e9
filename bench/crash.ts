/**
 * Crash safety: SIGKILLs the server during concurrent guest requests, 20 times (BENCH_KILLS to change),
 * and prints how many acknowledged requests were written, how many were lost (must be 0) and each
 * restart's time to ready. Embedded database by default; `npm run bench:crash -- postgres://…` for
 * PostgreSQL (a scratch database is created there and dropped).
 */
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { createPlaceholderBuild } from '../src/server/test/spawn-server';
import { killDuringWrites } from '../src/server/test/kill-during-writes';
import { createScratchDatabase } from './support';
import { recordPrintedFigures } from './record-figures';

recordPrintedFigures('crash');

const serverUrl = process.argv[2];
const KILLS = Number(process.env.BENCH_KILLS ?? 20);

const scratch = await createScratchDatabase(serverUrl);
const buildDir = createPlaceholderBuild(mkdtempSync(join(scratch.dataDir, 'build-')));
try {
  const result = await killDuringWrites(
    { BUILD_DIR: buildDir, DATA_DIR: join(scratch.dataDir, 'data'), DATABASE_URL: scratch.databaseUrl ?? '' },
    {
      kills: KILLS,
      onRound: (round, acknowledged, restartMs) =>
        console.log(
          `kill ${round}: ${acknowledged} acknowledged so far, restart to ready ${Math.round(restartMs)} ms`,
        ),
    },
  );
  const sorted = [...result.restartMs].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  console.log(
    `${scratch.label}: ${result.kills} SIGKILLs during writes, ${result.acknowledged} acknowledged booking requests, ` +
      `${result.lost.length} lost; restart to ready median ${Math.round(median)} ms, max ${Math.round(sorted.at(-1) ?? 0)} ms`,
  );
  if (result.lost.length > 0) {
    console.error(`Lost: ${result.lost.join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await scratch.remove();
}
