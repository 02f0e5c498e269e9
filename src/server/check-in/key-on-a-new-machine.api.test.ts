import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertOperator } from '../auth/queries';
import { takeBackup } from '../backups/backups';
import { restorePgliteBackup, restorePostgresBackup } from '../backups/restore';
import { bookings, guestCheckIns, properties } from '../db/schema';
import { createBackupSubject, createRestoreTarget } from '../test/backup-subjects';
import {
  createPlaceholderBuild,
  PROJECT_ROOT,
  readResponseCookies,
  spawnServer,
  START_SCRIPT,
} from '../test/spawn-server';
import { TEST_PASSWORD_HASH_COST } from '../test/test-config';
import { listTestDatabaseKinds } from '../test/test-database';
import { encryptGuestData, readGuestDataKeys } from './guest-data-key';

const OPERATOR = { email: 'owner@example.com', password: 'test-operator-password' };
/** The key of the machine the backup was made on, and the new machine's own. */
const OLD_KEY = 'a1'.repeat(32);
const NEW_KEY = Buffer.from('b2'.repeat(32), 'hex').toString('base64');
const keyOf = (key: string) =>
  readGuestDataKeys({ key, oldKeys: [], keyFile: '/nonexistent/guest-data.key' }, []).current;
/** What the register shows of the two guests in full: the Aadhaar's last four, the passport and visa. */
const READABLE = [
  ['7305', null],
  ['C01X00T47', 'EV8812345'],
];

/** Runs a script of the project with this node (the server's start, a CLI); its exit code and output. */
function runScript(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
    const child = spawn(process.execPath, [...loader, script, ...args], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A server that starts when it should have refused would never exit.
      timeout: 120_000,
      killSignal: 'SIGKILL',
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe.each(listTestDatabaseKinds())("the guests' data key on a new machine [%s]", (kind) => {
  let dir: string;
  let env: Record<string, string>;
  let dropTarget: () => Promise<void>;

  beforeAll(async () => {
    // The old machine: a guest register written under its key, and a backup of it.
    const subject = await createBackupSubject(kind);
    const old = keyOf(OLD_KEY);
    try {
      const { db } = subject.database;
      const operator = await upsertOperator(db, { ...OPERATOR, hashCost: TEST_PASSWORD_HASH_COST });
      const [property] = await db
        .insert(properties)
        .values({
          name: 'The Villa',
          address: '1 Fort Road',
          city: 'Pune',
          country: 'India',
          owner_id: operator.id,
        })
        .returning();
      const [booking] = await db
        .insert(bookings)
        .values({
          property_id: property!.id,
          guest_name: 'Ananya Deshpande',
          guest_email: 'ananya@example.com',
          check_in: '2027-03-01',
          check_out: '2027-03-04',
          guests_count: 2,
          status: 'confirmed',
        })
        .returning();
      const stay = { booking_id: booking!.id, property_id: property!.id, expected_arrival_time: '14:30' };
      await db.insert(guestCheckIns).values([
        {
          ...stay,
          position: 1,
          full_name: 'Ananya Deshpande',
          nationality: 'IN',
          address: '12 MG Road, Pune 411001',
          id_type: 'aadhaar',
          id_number_encrypted: encryptGuestData(old, '7305'),
        },
        {
          ...stay,
          position: 2,
          full_name: 'Lena Fischer',
          nationality: 'DE',
          address: 'Hauptstraße 5, 10115 Berlin',
          id_type: 'passport',
          id_number_encrypted: encryptGuestData(old, 'C01X00T47'),
          passport_place_of_issue: 'Berlin',
          passport_issued_on: '2020-03-01',
          passport_expires_on: '2030-02-28',
          visa_number_encrypted: encryptGuestData(old, 'EV8812345'),
          visa_type: 'e-Tourist',
          visa_expires_on: '2027-06-01',
          arrived_in_india_on: '2027-02-20',
          arriving_from: 'Frankfurt, Germany',
          purpose_of_visit: 'Tourism',
          next_destination: 'Goa',
        },
      ]);
      const backup = await takeBackup(subject.database, subject.settings, 'manual');
      // The new machine: another data directory (and database), the backup restored into it.
      const target = await createRestoreTarget(kind);
      dropTarget = target.drop;
      if (kind === 'pglite') await restorePgliteBackup(backup.path, target.dataDir);
      else await restorePostgresBackup(backup.path, target.databaseUrl!);
      dir = mkdtempSync(join(tmpdir(), 'villa-new-machine-'));
      env = {
        DATA_DIR: kind === 'pglite' ? target.dataDir : join(dir, 'data'),
        DATABASE_URL: target.databaseUrl ?? '',
        BUILD_DIR: createPlaceholderBuild(dir),
        OPERATOR_EMAIL: OPERATOR.email,
        OPERATOR_PASSWORD: OPERATOR.password,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        GUEST_DATA_KEY: '',
        GUEST_DATA_KEYS_OLD: '',
      };
    } finally {
      await subject.destroy();
      rmSync(subject.settings.dir, { recursive: true, force: true });
    }
  }, 180_000);
  afterAll(async () => {
    await dropTarget?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const readRegister = async (extra: Record<string, string>) => {
    const server = await spawnServer({ ...env, ...extra });
    try {
      const signIn = await fetch(`${server.baseUrl}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(OPERATOR),
      });
      expect(signIn.status).toBe(200);
      const response = await fetch(`${server.baseUrl}/api/guest-register?reveal=true`, {
        headers: { cookie: readResponseCookies(signIn) },
      });
      expect(response.status).toBe(200);
      const stays = (await response.json()) as {
        guests: { id_number: string; form_c: { visa_number: string | null } | null }[];
      }[];
      return {
        numbers: stays.flatMap((stay) =>
          stay.guests.map((guest) => [guest.id_number, guest.form_c?.visa_number ?? null]),
        ),
        output: server.output(),
      };
    } finally {
      expect(await server.stop()).toBe(0);
    }
  };

  it('refuses to start without the key, naming it; reads with it as an old key; and with the new key alone once re-encrypted', async () => {
    const oldId = keyOf(OLD_KEY).id;
    const newId = keyOf(NEW_KEY).id;
    const keyFile = join(env.DATA_DIR!, 'guest-data.key');

    // The key file was not copied: the server says which key the numbers need, and makes no key of its own.
    const lost = await runScript(START_SCRIPT, [], env);
    expect(lost.code, lost.stdout + lost.stderr).toBe(1);
    expect(lost.stderr).toContain('The server cannot start.');
    expect(lost.stderr).toContain(`key ${oldId} (3 numbers)`);
    expect(lost.stderr).toContain('GUEST_DATA_KEYS_OLD');
    expect(existsSync(keyFile)).toBe(false);
    // What the command says: the key the numbers need, and that it is missing. (A server given a new key of
    // its own is refused too: guest-data-key.api.test.ts.)
    const cli = join(PROJECT_ROOT, 'src/server/cli/guest-data-key.ts');
    const before = await runScript(cli, ['status'], { ...env, GUEST_DATA_KEY: NEW_KEY });
    expect(before.stdout).toContain(`Current key: ${newId} (from GUEST_DATA_KEY)`);
    expect(before.stdout).toContain(`Numbers under ${oldId}: 3 (MISSING`);

    const withOld = await readRegister({ GUEST_DATA_KEY: NEW_KEY, GUEST_DATA_KEYS_OLD: OLD_KEY });
    expect(withOld.numbers).toEqual(READABLE);
    expect(withOld.output).toContain('npm run guest-data-key -- reencrypt');

    const reencrypted = await runScript(cli, ['reencrypt'], {
      ...env,
      GUEST_DATA_KEY: NEW_KEY,
      GUEST_DATA_KEYS_OLD: OLD_KEY,
    });
    expect(reencrypted.code, reencrypted.stdout + reencrypted.stderr).toBe(0);
    expect(reencrypted.stdout).toContain(`Re-encrypted 3 numbers of 2 guests under key ${newId}`);
    const alone = await readRegister({ GUEST_DATA_KEY: NEW_KEY });
    expect(alone.numbers).toEqual(READABLE);
    expect(alone.output).not.toContain('reencrypt');
    expect(existsSync(keyFile)).toBe(false);
  }, 300_000);
});
