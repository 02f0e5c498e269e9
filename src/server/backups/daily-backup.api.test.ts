import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobLeases } from '../db/schema';
import { createLeaseHolder } from '../jobs/lease';
import { createBackupSubject, type BackupSubject } from '../test/backup-subjects';
import { listTestDatabaseKinds } from '../test/test-database';
import { nameBackupFile, listBackupFiles } from './backup-files';
import { DAILY_BACKUP_LEASE, startBackupScheduler, takeBackup, type BackupScheduler } from './backups';
import { waitUntil } from '../../test/wait-until';

describe.each(listTestDatabaseKinds())('the daily backup on %s', (kind) => {
  let subject: BackupSubject;
  let schedulers: BackupScheduler[] = [];
  beforeAll(async () => {
    subject = await createBackupSubject(kind);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
    await subject.destroy();
    rmSync(subject.settings.dir, { recursive: true, force: true });
  });

  // Two processes' schedulers on one database; timers far away, so only the test's ticks run.
  const startTwo = (keep: number, take = () => takeBackup(subject.database, subject.settings, 'daily')) => {
    schedulers = [1, 2].map(() =>
      startBackupScheduler({
        db: subject.database.db,
        holder: createLeaseHolder(),
        keep,
        dir: subject.settings.dir,
        take,
        checkMs: 3_600_000,
        firstCheckMs: 3_600_000,
      }),
    );
    return schedulers;
  };
  const expireLease = () =>
    subject.database.db
      .update(jobLeases)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(jobLeases.key, DAILY_BACKUP_LEASE));
  const dailyFiles = () => listBackupFiles(subject.settings.dir).filter((file) => file.origin === 'daily');

  it('is taken by one process of several, once a day', async () => {
    const [first, second] = startTwo(3);
    const results = await Promise.all([first!.tick(), second!.tick()]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(dailyFiles()).toHaveLength(1);
    // Within the day neither process takes another, not even the one that took it.
    expect(await first!.tick()).toBeUndefined();
    expect(await second!.tick()).toBeUndefined();
    const [lease] = await subject.database.db
      .select()
      .from(jobLeases)
      .where(eq(jobLeases.key, DAILY_BACKUP_LEASE));
    const hoursLeft = (lease!.expires_at.getTime() - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(23);
    expect(hoursLeft).toBeLessThanOrEqual(24);
    await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
  });

  it('keeps the newest BACKUP_KEEP daily backups and never deletes manual ones', async () => {
    const manual = join(
      subject.settings.dir,
      nameBackupFile(kind, 'manual', new Date('2020-01-01T00:00:00Z')),
    );
    writeFileSync(manual, 'an operator’s own backup');
    const [first, second] = startTwo(2);
    for (const scheduler of [first!, second!, first!]) {
      await expireLease();
      // The clock in file names has millisecond steps; make sure each backup has its own name.
      const now = Date.now();
      await waitUntil(() => Date.now() > now, { interval: 1 });
      expect(await scheduler.tick()).toBeDefined();
    }
    const files = listBackupFiles(subject.settings.dir);
    expect(files.filter((file) => file.origin === 'daily')).toHaveLength(2);
    expect(files.map((file) => file.path)).toContain(manual);
    await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
  });

  it('tries again at the next check when a backup fails', async () => {
    await expireLease();
    let attempts = 0;
    const [flaky] = startTwo(2, async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('disk full');
      return takeBackup(subject.database, subject.settings, 'daily');
    });
    await expect(flaky!.tick()).rejects.toThrow('disk full');
    expect(await flaky!.tick()).toBeDefined();
    expect(attempts).toBe(2);
  });
});
