import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readEnv, EnvError } from '../env';
import { decryptGuestData, encryptGuestData, GuestDataKeyError, readGuestDataKeys } from './guest-data-key';

const dirs: string[] = [];
const makeDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'villa-key-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const settings = (dir: string, key?: string, oldKeys: string[] = []) => ({
  key,
  oldKeys,
  keyFile: join(dir, 'data', 'guest-data.key'),
  retentionDays: 365,
  retentionEveryMs: 1,
});

describe("the guests' data key", () => {
  it('is generated into the data directory at the first start, readable by its owner only, and kept', () => {
    const dir = makeDir();
    const first = readGuestDataKeys(settings(dir), []).current;
    const file = settings(dir).keyFile;
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toHaveLength(32);
    const again = readGuestDataKeys(settings(dir), []).current;
    expect(again.id).toBe(first.id);
    const sealed = encryptGuestData(first, 'C01X00T47');
    expect(decryptGuestData([again], sealed)).toBe('C01X00T47');
  });

  it('comes from GUEST_DATA_KEY in hex or base64, and a value sealed with another key is not read', () => {
    const dir = makeDir();
    const hex = 'ab'.repeat(32);
    const fromHex = readGuestDataKeys(settings(dir, hex), []).current;
    const fromBase64 = readGuestDataKeys(
      settings(dir, Buffer.from(hex, 'hex').toString('base64')),
      [],
    ).current;
    expect(fromBase64.id).toBe(fromHex.id);
    const sealed = encryptGuestData(fromHex, 'ABCDE1234F');
    expect(sealed).toMatch(new RegExp(`^v1\\.${fromHex.id}\\.`));
    expect(sealed).not.toContain('ABCDE1234F');
    const other = readGuestDataKeys(settings(dir, 'cd'.repeat(32)), []).current;
    expect(decryptGuestData([other], sealed)).toBeNull();
    // Tampered with: refused, not read wrong.
    const parts = sealed.split('.');
    parts[4] = Buffer.from('ABCDE1234G').toString('base64url');
    expect(decryptGuestData([fromHex], parts.join('.'))).toBeNull();
  });

  it('is never made over stored numbers: a missing key file or a wrong key is refused, naming the key id', () => {
    const dir = makeDir();
    const lost = readGuestDataKeys(settings(makeDir(), 'ab'.repeat(32)), []).current;
    const stored = [{ id: lost.id, values: 3 }];
    // No GUEST_DATA_KEY and no key file, on a database with numbers: no key is made.
    expect(() => readGuestDataKeys(settings(dir), stored)).toThrow(GuestDataKeyError);
    expect(() => readGuestDataKeys(settings(dir), stored)).toThrow(
      new RegExp(`no key file .*guest-data\\.key.*key ${lost.id} \\(3 numbers\\)[^]*GUEST_DATA_KEYS_OLD`),
    );
    expect(existsSync(settings(dir).keyFile)).toBe(false);
    // Another key than the one the numbers name.
    const other = 'cd'.repeat(32);
    expect(() => readGuestDataKeys(settings(dir, other), stored)).toThrow(
      new RegExp(
        `encrypted with key ${lost.id} \\(3 numbers\\), which this server was not given[^]*GUEST_DATA_KEYS_OLD[^]*reencrypt`,
      ),
    );
    expect(() => readGuestDataKeys(settings(dir, other), stored)).not.toThrow('cd'.repeat(32));
    // Given as an old key, it reads; the current key writes.
    const keys = readGuestDataKeys(settings(dir, other, ['ab'.repeat(32)]), stored);
    expect(keys.current.id).not.toBe(lost.id);
    expect(keys.all.map((key) => key.id)).toEqual([keys.current.id, lost.id]);
    expect(decryptGuestData(keys.all, encryptGuestData(lost, 'C01X00T47'))).toBe('C01X00T47');
    expect(encryptGuestData(keys.current, 'C01X00T47').split('.')[1]).toBe(keys.current.id);
    expect(existsSync(settings(dir).keyFile)).toBe(false);
  });

  it('takes old keys in GUEST_DATA_KEYS_OLD, comma-separated, each as GUEST_DATA_KEY takes it', () => {
    const hex = 'ab'.repeat(32);
    const base64 = Buffer.from('cd'.repeat(32), 'hex').toString('base64');
    expect(readEnv({ GUEST_DATA_KEYS_OLD: ` ${hex} , ${base64},` }).GUEST_DATA_KEYS_OLD).toEqual([
      hex,
      base64,
    ]);
    expect(readEnv({}).GUEST_DATA_KEYS_OLD).toEqual([]);
    const wrong = () => readEnv({ GUEST_DATA_KEYS_OLD: `${hex},not-a-key` });
    expect(wrong).toThrow(EnvError);
    expect(wrong).toThrow('GUEST_DATA_KEYS_OLD: key 2 of 2 is not a 32-byte key');
    expect(wrong).not.toThrow('not-a-key');
  });

  it('stops the server with a clear message when GUEST_DATA_KEY is not a 32-byte key', () => {
    expect(() => readEnv({ GUEST_DATA_KEY: 'too-short' })).toThrow(EnvError);
    expect(() => readEnv({ GUEST_DATA_KEY: 'too-short' })).toThrow(
      'GUEST_DATA_KEY must be 32 bytes written as 64 hex digits or in base64 (make one with: openssl rand -base64 32)',
    );
    expect(() => readEnv({ GUEST_DATA_KEY: 'too-short' })).not.toThrow('too-short"');
    expect(readEnv({}).GUEST_DATA_RETENTION_DAYS).toBe(365);
    expect(() => readEnv({ GUEST_DATA_RETENTION_DAYS: '0' })).toThrow(
      'GUEST_DATA_RETENTION_DAYS must be at least 1',
    );
  });
});
