import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killDuringWrites } from './test/kill-during-writes';
import { createPlaceholderBuild } from './test/spawn-server';
import { createTestDatabase, listTestDatabaseKinds, type TestDatabase } from './test/test-database';

// A few kills per database keep the suite quick; `npm run bench:crash` runs 20 per database and prints the figures.
const KILLS = Number(process.env.CRASH_TEST_KILLS ?? 3);

describe.each(listTestDatabaseKinds())('a server killed during writes (%s)', (kind) => {
  let dir: string;
  let database: TestDatabase | undefined;
  let env: Record<string, string>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'villa-kill-'));
    env = { BUILD_DIR: createPlaceholderBuild(dir), DATA_DIR: join(dir, 'data'), DATABASE_URL: '' };
    if (kind === 'postgres') {
      database = await createTestDatabase('postgres');
      // Migrated and empty: the server seeds its sample data itself, as on a first start.
      env.DATABASE_URL = database.url!;
    }
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it(`loses no acknowledged booking request across ${KILLS} kills, and restarts without help`, async () => {
    const result = await killDuringWrites(env, { kills: KILLS });
    expect(result.acknowledged, `refused: ${JSON.stringify(result.refused)}`).toBeGreaterThanOrEqual(KILLS);
    expect(result.lost).toEqual([]);
    expect(result.restartMs).toHaveLength(KILLS);
    console.log(
      `${kind}: ${KILLS} SIGKILLs during writes, ${result.acknowledged} acknowledged booking requests, ${result.lost.length} lost (refused: ${JSON.stringify(result.refused)}); restart to ready ${result.restartMs.map((ms) => Math.round(ms)).join(', ')} ms`,
    );
  }, 240_000);
});
