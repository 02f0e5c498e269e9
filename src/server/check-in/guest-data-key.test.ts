import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readEnv, EnvError } from '../env';
import { decryptGuestData, encryptGuestData, loadGuestDataKey } from './guest-data-key';

const dirs: string[] = [];
const makeDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'villa-key-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const settings = (dir: string, key?: string) => ({
  key,
  keyFile: join(dir, 'data', 'guest-data.key'),
  retentionDays: 365,
  retentionEveryMs: 1,
});

describe("the guests' data key", () => {
  it('is generated into the data directory at the first start, readable by its owner only, and kept', () => {
    const dir = makeDir();
    const first = loadGuestDataKey(settings(dir));
    const file = settings(dir).keyFile;
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toHaveLength(32);
    const again = loadGuestDataKey(settings(dir));
    expect(again.id).toBe(first.id);
    const sealed = encryptGuestData(first, 'C01X00T47');
    expect(decryptGuestData([again], sealed)).toBe('C01X00T47');
  });

  it('comes from GUEST_DATA_KEY in hex or base64, and a value sealed with another key is not read', () => {
    const dir = makeDir();
    const hex = 'ab'.repeat(32);
    const fromHex = loadGuestDataKey(settings(dir, hex));
    const fromBase64 = loadGuestDataKey(settings(dir, Buffer.from(hex, 'hex').toString('base64')));
    expect(fromBase64.id).toBe(fromHex.id);
    const sealed = encryptGuestData(fromHex, 'ABCDE1234F');
    expect(sealed).toMatch(new RegExp(`^v1\\.${fromHex.id}\\.`));
    expect(sealed).not.toContain('ABCDE1234F');
    const other = loadGuestDataKey(settings(dir, 'cd'.repeat(32)));
    expect(decryptGuestData([other], sealed)).toBeNull();
    // Tampered with: refused, not read wrong.
    const parts = sealed.split('.');
    parts[4] = Buffer.from('ABCDE1234G').toString('base64url');
    expect(decryptGuestData([fromHex], parts.join('.'))).toBeNull();
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
