import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupList } from '../../domain/backup';
import { waitUntil } from '../../test/wait-until';
import { buildApp } from '../app';
import { upsertOperator } from '../auth/queries';
import { readSessionCookie, TEST_PASSWORD, uniqueEmail } from '../test/test-app';
import { createTestConfig } from '../test/test-config';
import { createTestDatabase, listTestDatabaseKinds, type TestDatabase } from '../test/test-database';
import { createBackupService, takeBackup } from './backups';

describe.each(listTestDatabaseKinds())('backups in the management area on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let dir: string;
  let cookie: string;
  // A backup of the embedded database takes seconds on a loaded two-core machine.
  const BACKUP_WAIT = { timeout: 60_000, interval: 100 };
  // While set, a backup waits for it before writing: a backup that is "running" for as long as a test needs.
  let gate: Promise<void> | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    dir = mkdtempSync(join(tmpdir(), 'villa-backup-api-'));
    const settings = { dir, databaseUrl: database.url };
    const config = createTestConfig({ backups: { dir, keep: 0 } });
    const backups = createBackupService({
      dir,
      take: async (origin) => {
        await gate;
        return takeBackup(database, settings, origin);
      },
    });
    app = await buildApp(config, { database, checkResponses: true, backups });
    await app.ready();
    const email = uniqueEmail();
    await upsertOperator(database.db, {
      email,
      password: TEST_PASSWORD,
      hashCost: config.sessions.passwordHashCost,
    });
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email, password: TEST_PASSWORD },
    });
    cookie = readSessionCookie(signIn);
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const list = async (): Promise<BackupList> => {
    const response = await app.inject({ method: 'GET', url: '/api/backups', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return response.json<BackupList>();
  };
  const make = () => app.inject({ method: 'POST', url: '/api/backups', headers: { cookie } });
  const auditedBackups = async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/audit-events?entity_type=backup',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ events: { entity_id: string; action: string; actor: string }[] }>().events;
  };

  it('answers 401 to every backup endpoint without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/backups'],
      ['POST', '/api/backups'],
      ['GET', '/api/backups/villa-backup-20261123T203144123Z-daily.pglite.tar.gz'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('lists none at first, with the folder and the restore command', async () => {
    const answer = await list();
    expect(answer).toMatchObject({ backups: [], running: null, last_failure: null, folder: dir });
    expect(answer.restore_command).toContain('npm run restore <file>');
  });

  it('makes one in the background, lists it with its size, time and kind, and audits it', async () => {
    const before = Date.now();
    const response = await make();
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ running: { kind: 'manual' } });
    await waitUntil(async () => {
      const answer = await list();
      return answer.backups.length === 1 && answer.running === null;
    }, BACKUP_WAIT);
    const [backup] = (await list()).backups;
    const extension = kind === 'pglite' ? '.pglite.tar.gz' : '.pgdump';
    expect(backup!.name).toMatch(
      new RegExp(`^villa-backup-\\d{8}T\\d{9}Z-manual${extension.replace(/\./g, '\\.')}$`),
    );
    expect(backup!.kind).toBe('manual');
    expect(backup!.bytes).toBe(readFileSync(join(dir, backup!.name)).length);
    expect(backup!.bytes).toBeGreaterThan(1000);
    const createdAt = Date.parse(backup!.created_at);
    expect(createdAt).toBeGreaterThanOrEqual(before - 1);
    expect(createdAt).toBeLessThanOrEqual(Date.now());
    await waitUntil(async () => (await auditedBackups()).length === 1, BACKUP_WAIT);
    expect(await auditedBackups()).toMatchObject([
      { entity_id: backup!.name, action: 'insert', actor: 'operator' },
    ]);
  }, 180_000);

  it('refuses a second backup with 409 while one runs, and answers other requests meanwhile', async () => {
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    try {
      expect((await make()).statusCode).toBe(202);
      const second = await make();
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({ error: { code: 'backup_running' } });
      expect((await list()).running).toMatchObject({ kind: 'manual' });
      // The running backup holds no request: the session's own endpoint answers as usual.
      const session = await app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
      expect(session.statusCode).toBe(200);
    } finally {
      open();
      gate = undefined;
    }
    await waitUntil(async () => (await list()).running === null, BACKUP_WAIT);
    expect((await list()).backups).toHaveLength(2);
    // Once it is done, the next may start.
    expect((await make()).statusCode).toBe(202);
    await waitUntil(async () => {
      const answer = await list();
      return answer.running === null && answer.backups.length === 3;
    }, BACKUP_WAIT);
  }, 180_000);

  it('downloads a listed backup as an attachment, byte for byte, and audits the download', async () => {
    const [newest] = (await list()).backups;
    const response = await app.inject({
      method: 'GET',
      url: `/api/backups/${newest!.name}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${newest!.name}"`);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.equals(readFileSync(join(dir, newest!.name)))).toBe(true);
    await waitUntil(async () => (await auditedBackups()).some((event) => event.action === 'read'));
    expect((await auditedBackups()).find((event) => event.action === 'read')).toMatchObject({
      entity_id: newest!.name,
      actor: 'operator',
    });
  });

  it('answers 404 for a backup name not in the list, and 400 for anything that is not a backup name', async () => {
    const missing = await app.inject({
      method: 'GET',
      url: '/api/backups/villa-backup-20200101T000000000Z-daily.pglite.tar.gz',
      headers: { cookie },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'backup_not_found' } });
    // A file in the folder by another name, and paths out of it, never reach a file.
    writeFileSync(join(dir, 'notes.txt'), 'not a backup');
    for (const name of ['notes.txt', '..%2F..%2Fetc%2Fpasswd', '%2Fetc%2Fpasswd', '..']) {
      const response = await app.inject({ method: 'GET', url: `/api/backups/${name}`, headers: { cookie } });
      expect(response.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, name).toBeLessThan(500);
      expect(response.body).not.toContain('not a backup');
      expect(response.body).not.toContain('root:');
    }
    expect((await list()).backups.map((backup) => backup.name)).not.toContain('notes.txt');
  });
});
