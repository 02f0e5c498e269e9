import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addDaysToDate } from '../../domain/dates';
import { openPglite, openPostgres } from '../db/client';
import { fillTables, readAllRows } from '../test/backup-subjects';
import { createEmptyPostgresDatabase } from '../test/test-database';
import { PROJECT_ROOT, spawnServer } from '../test/spawn-server';
import { useServerDirectory } from '../test/server-directory';
import { readTestEnv } from '../test/test-env';
import { waitUntil } from '../../test/wait-until';

/** Runs one of the backup commands as an operator would; resolves with its exit code and output. */
function runCommand(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    // tsx as a loader of this same node, not its command (which starts a second node process).
    const command = [join(PROJECT_ROOT, `src/server/cli/${script}.ts`), ...args];
    const child = spawn(process.execPath, ['--import', 'tsx', ...command], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
const lastLine = (text: string) => text.trim().split('\n').at(-1) ?? '';

describe('npm run backup and npm run restore on the embedded database', () => {
  const files = useServerDirectory('villa-backup-cli-', {
    BOOKING_REQUESTS_PER_HOUR: '100000',
    BACKUP_KEEP: '0',
    // Each request comes from its own network (X-Forwarded-For), so the per-network limit of pending
    // requests does not stop the writes at two.
    TRUST_PROXY: '1',
  });

  it('backs up a running server during writes; the copy restores into an empty data directory only', async () => {
    const server = await spawnServer(files.env, { readyTimeoutMs: 180_000 });
    let stopWriting = false;
    const acknowledged: string[] = [];
    let writing: Promise<void> = Promise.resolve();
    try {
      const availability = (await (await fetch(`${server.baseUrl}/api/availability`)).json()) as {
        today: string;
      };
      writing = (async () => {
        for (let index = 0; !stopWriting && index < 200; index += 1) {
          const checkIn = addDaysToDate(availability.today, 200 + index);
          const response = await fetch(`${server.baseUrl}/api/booking-requests`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.${index}.1` },
            body: JSON.stringify({
              check_in: checkIn,
              check_out: addDaysToDate(checkIn, 1),
              guests_count: 1,
              guest_name: `Guest ${index}`,
              guest_email: `guest-${index}@example.com`,
            }),
          }).catch(() => undefined);
          if (response?.status === 201) acknowledged.push(checkIn);
        }
      })();
      // Some requests acknowledged before the backup begins, so that "every one of them is in it" is a check.
      await waitUntil(() => acknowledged.length >= 3, { timeout: 60_000 });
      const before = acknowledged.length;
      const backup = await runCommand('backup', [], files.env);
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toMatch(/taken by the running server/);
      const file = lastLine(backup.stdout);
      expect(file).toMatch(/villa-backup-\d{8}T\d{9}Z-manual\.pglite\.tar\.gz$/);
      expect(existsSync(file)).toBe(true);
      stopWriting = true;
      await writing;

      // Not over the running server's data, nor over any data.
      const over = await runCommand('restore', [file], files.env);
      expect(over.code).toBe(1);
      expect(over.stderr).toMatch(/Nothing was restored\. .*already holds a database/);

      const restoredDir = join(files.dir, 'restored');
      const restore = await runCommand('restore', [file], { ...files.env, DATA_DIR: restoredDir });
      expect(restore.code, restore.stderr).toBe(0);
      expect(restore.stdout).toMatch(/Restored .* \d+ tables, \d+ rows/);
      const restored = await openPglite({ dataDir: restoredDir });
      try {
        await restored.migrate();
        const rows = await readAllRows(restored.db);
        const requested = (rows['public.bookings'] ?? []).filter((row) => row.includes('guest-'));
        // Every request acknowledged before the backup began is in it, and only whole ones.
        expect(before).toBeGreaterThanOrEqual(3);
        expect(requested.length).toBeGreaterThanOrEqual(before);
        expect(requested.length).toBeLessThanOrEqual(acknowledged.length);
      } finally {
        await restored.close();
      }
    } finally {
      stopWriting = true;
      await writing;
      await server.stop();
    }
    const bad = await runCommand('restore', [join(files.dir, 'build/client/index.html')], {
      ...files.env,
      DATA_DIR: join(files.dir, 'other'),
    });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/not a backup made by npm run backup/);
    expect(existsSync(join(files.dir, 'other'))).toBe(false);
  }, 420_000);

  it('backs up a stopped server’s data directory by opening it', async () => {
    const backup = await runCommand('backup', [], files.env);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/no server was running/);
    expect(existsSync(lastLine(backup.stdout))).toBe(true);
  }, 120_000);
});

describe.skipIf(!readTestEnv().databaseUrl)('npm run backup and npm run restore on PostgreSQL', () => {
  it('dumps with pg_dump and restores into an empty database only', async () => {
    const source = await createEmptyPostgresDatabase('villa_backup');
    const target = await createEmptyPostgresDatabase('villa_backup');
    const dir = mkdtempSync(join(tmpdir(), 'villa-backup-cli-pg-'));
    try {
      const database = await openPostgres(source.url);
      await database.migrate();
      await fillTables(database.db);
      const before = await readAllRows(database.db);
      await database.close();
      const backup = await runCommand('backup', [], { DATABASE_URL: source.url, BACKUP_DIR: dir });
      expect(backup.code, backup.stderr).toBe(0);
      const file = lastLine(backup.stdout);
      expect(file).toMatch(/-manual\.pgdump$/);
      await source.drop();

      const restore = await runCommand('restore', [file], { DATABASE_URL: target.url });
      expect(restore.code, restore.stderr).toBe(0);
      const again = await runCommand('restore', [file], { DATABASE_URL: target.url });
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/is not empty/);
      const restored = await openPostgres(target.url);
      try {
        expect(await readAllRows(restored.db)).toEqual(before);
      } finally {
        await restored.close();
      }
    } finally {
      await source.drop();
      await target.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
