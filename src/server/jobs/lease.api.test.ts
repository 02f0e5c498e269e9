import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, listTestDatabaseKinds, type TestDatabase } from '../test/test-database';
import { releaseLease, renewLease, runWithLease, tryAcquireLease } from './lease';
import { pause, waitUntil } from '../../test/wait-until';

describe.each(listTestDatabaseKinds())('database leases [%s]', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('lets one holder at a time hold a key, until it releases it', async () => {
    const db = database.db;
    expect(await tryAcquireLease(db, { key: 'job:a', holder: 'one', ttlMs: 60_000 })).toBe(true);
    expect(await tryAcquireLease(db, { key: 'job:a', holder: 'two', ttlMs: 60_000 })).toBe(false);
    // Other keys are independent; the holder may take its own lease again (a renewal).
    expect(await tryAcquireLease(db, { key: 'job:b', holder: 'two', ttlMs: 60_000 })).toBe(true);
    expect(await tryAcquireLease(db, { key: 'job:a', holder: 'one', ttlMs: 60_000 })).toBe(true);
    expect(await renewLease(db, { key: 'job:a', holder: 'two', ttlMs: 60_000 })).toBe(false);
    await releaseLease(db, { key: 'job:a', holder: 'two' });
    expect(await tryAcquireLease(db, { key: 'job:a', holder: 'two', ttlMs: 60_000 })).toBe(false);
    await releaseLease(db, { key: 'job:a', holder: 'one' });
    expect(await tryAcquireLease(db, { key: 'job:a', holder: 'two', ttlMs: 60_000 })).toBe(true);
  });

  it('passes an expired lease to the next holder (a crashed holder does not block the work)', async () => {
    const db = database.db;
    expect(await tryAcquireLease(db, { key: 'job:c', holder: 'crashed', ttlMs: 50 })).toBe(true);
    // Taken by the next holder once its 50 ms have run out.
    expect(await waitUntil(() => tryAcquireLease(db, { key: 'job:c', holder: 'next', ttlMs: 60_000 }))).toBe(
      true,
    );
    expect(await renewLease(db, { key: 'job:c', holder: 'crashed', ttlMs: 60_000 })).toBe(false);
  });

  it('runs work once among racing holders, and waits for a busy lease when asked to', async () => {
    const db = database.db;
    let running = 0;
    let most = 0;
    let runs = 0;
    // The winner holds the lease until every other racer has had its try (a loaded machine can start a
    // racer late), or 10 s at most, so a late racer meets a held lease rather than a released one.
    let openGate = () => {};
    let gate = new Promise<void>((resolve) => (openGate = resolve));
    const work = async () => {
      running += 1;
      most = Math.max(most, running);
      runs += 1;
      await Promise.race([gate, pause(10_000)]);
      running -= 1;
    };
    let tried = 0;
    const attempts = ['p1', 'p2', 'p3', 'p4'].map((holder) =>
      runWithLease(db, { key: 'job:d', holder, ttlMs: 60_000 }, work).then((run) => {
        if (!run.acquired && (tried += 1) === 3) openGate();
        return run;
      }),
    );
    const racing = await Promise.all(attempts);
    expect(racing.filter((run) => run.acquired)).toHaveLength(1);
    // Each waiting holder keeps the lease 50 ms, so the second must wait for the first.
    gate = pause(50);
    expect(runs).toBe(1);
    const waiting = await Promise.all(
      ['w1', 'w2'].map((holder) =>
        runWithLease(db, { key: 'job:e', holder, ttlMs: 60_000, waitMs: 5_000, pollMs: 20 }, work),
      ),
    );
    expect(waiting.every((run) => run.acquired)).toBe(true);
    expect(most).toBe(1);
  });
});
