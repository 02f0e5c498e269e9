import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAllRows, createBackupSubject, createRestoreTarget, fillTables } from '../test/backup-subjects';
import type { BackupSubject } from '../test/backup-subjects';
import { listTestDatabaseKinds } from '../test/test-database';
import { takeBackup } from './backups';
import { restorePgliteBackup, restorePostgresBackup, RestoreRefusedError } from './restore';

const FILLED_TABLES = [
  'public.operators',
  'public.operator_sessions',
  'public.properties',
  'public.bookings',
  // Kept by triggers: a restore that loaded the bookings with the triggers in place would double it.
  'public.property_booking_counts',
  'public.property_calendar',
  'public.channel_connections',
  'public.channel_exports',
  'public.channel_blocks',
  'public.channel_conflicts',
  'public.pricing_rules',
  'public.job_leases',
  'drizzle.__drizzle_migrations',
];

describe.each(listTestDatabaseKinds())('backups on %s', (kind) => {
  const restore = (path: string, target: { dataDir: string; databaseUrl?: string }) =>
    kind === 'pglite'
      ? restorePgliteBackup(path, target.dataDir)
      : restorePostgresBackup(path, target.databaseUrl ?? '');

  let subject: BackupSubject;
  let backupPath: string;
  let before: Record<string, string[]>;
  beforeAll(async () => {
    subject = await createBackupSubject(kind);
    await fillTables(subject.database.db);
    backupPath = (await takeBackup(subject.database, subject.settings, 'manual')).path;
    before = await readAllRows(subject.database.db);
    await subject.destroy();
  }, 120_000);
  afterAll(() => rmSync(subject.settings.dir, { recursive: true, force: true }));

  it('writes one complete file, readable by its owner only', () => {
    expect(readdirSync(subject.settings.dir)).toEqual([backupPath.split('/').pop()]);
    expect(backupPath).toMatch(kind === 'pglite' ? /-manual\.pglite\.tar\.gz$/ : /-manual\.pgdump$/);
  });

  it('brings back every row of every table after the database was destroyed', async () => {
    for (const table of FILLED_TABLES) expect(before[table]?.length, table).toBeGreaterThan(0);
    const target = await createRestoreTarget(kind);
    try {
      const report = await restore(backupPath, target);
      const restored = await target.open();
      try {
        const after = await readAllRows(restored.db);
        expect(Object.keys(after)).toEqual(Object.keys(before));
        for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
        expect(report.tables.find((table) => table.table === 'bookings')?.rows).toBe(
          before['public.bookings']?.length,
        );
        // The restored database serves as before: migrations find nothing to do, the rules still hold.
        await restored.migrate();
        expect(await readAllRows(restored.db)).toEqual(after);
      } finally {
        await restored.close();
      }
    } finally {
      await target.drop();
    }
  });

  it('refuses to restore into a target that holds data, and changes nothing there', async () => {
    const target = await createRestoreTarget(kind);
    try {
      await restore(backupPath, target);
      const first = await target.open();
      const restoredRows = await readAllRows(first.db);
      await first.close();
      await expect(restore(backupPath, target)).rejects.toThrow(
        kind === 'pglite' ? /already holds a database/ : /is not empty/,
      );
      const again = await target.open();
      try {
        expect(await readAllRows(again.db)).toEqual(restoredRows);
      } finally {
        await again.close();
      }
    } finally {
      await target.drop();
    }
  });

  it('refuses a file that is not a backup, a damaged one, or one of the other database', async () => {
    const target = await createRestoreTarget(kind);
    const junk = join(subject.settings.dir, 'notes.txt');
    writeFileSync(junk, 'not a backup');
    const damaged = join(subject.settings.dir, 'damaged');
    writeFileSync(damaged, kind === 'pglite' ? Buffer.from([0x1f, 0x8b, 8, 0, 1, 2, 3]) : 'PGDMP garbage');
    const otherKind = join(subject.settings.dir, 'other');
    writeFileSync(otherKind, kind === 'pglite' ? 'PGDMP' : Buffer.from([0x1f, 0x8b, 8, 0]));
    try {
      await expect(restore(junk, target)).rejects.toThrow(/not a backup made by npm run backup/);
      await expect(restore(damaged, target)).rejects.toThrow(RestoreRefusedError);
      await expect(restore(otherKind, target)).rejects.toThrow(
        kind === 'pglite' ? /is a PostgreSQL backup/ : /is a backup of the embedded database/,
      );
      await expect(restore(join(subject.settings.dir, 'missing'), target)).rejects.toThrow(
        /There is no file/,
      );
      if (kind === 'pglite') {
        expect(existsSync(target.dataDir)).toBe(false);
      } else {
        const database = await target.open();
        try {
          expect(await readAllRows(database.db)).toEqual({});
        } finally {
          await database.close();
        }
      }
    } finally {
      await target.drop();
    }
  });
});
