import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { decodeGuestDataKey, type Config } from '../env';

/**
 * Guests' ID, passport and visa numbers are encrypted by the server before they reach the database
 * (AES-256-GCM), with a key kept outside it: GUEST_DATA_KEY, or a key generated into the data directory at
 * the first start. The database and its backups hold ciphertext only. Each value names the key that
 * encrypted it (the first 16 hex digits of the key's SHA-256), so a new key can be brought in later while
 * the old one still reads what it wrote.
 */
export type GuestDataKey = { id: string; key: Buffer };

const VERSION = 'v1';
const IV_BYTES = 12;

export class GuestDataKeyError extends Error {
  override name = 'GuestDataKeyError';
}

function identifyKey(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

function toKey(key: Buffer): GuestDataKey {
  return { id: identifyKey(key), key };
}

/** The key: GUEST_DATA_KEY when set; else the one in keyFile, written there first (mode 0600) when missing. */
export function loadGuestDataKey(settings: Config['guestData']): GuestDataKey {
  if (settings.key) {
    const key = decodeGuestDataKey(settings.key);
    if (!key) throw new GuestDataKeyError('GUEST_DATA_KEY is not a 32-byte key');
    return toKey(key);
  }
  let text: string | undefined;
  try {
    text = readFileSync(settings.keyFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (text === undefined) {
    mkdirSync(dirname(settings.keyFile), { recursive: true, mode: 0o700 });
    const fresh = randomBytes(32).toString('base64');
    try {
      // 'wx': never over a key another process wrote meanwhile (that one is read below).
      writeFileSync(settings.keyFile, `${fresh}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    text = readFileSync(settings.keyFile, 'utf8');
  }
  chmodSync(settings.keyFile, 0o600);
  const key = decodeGuestDataKey(text);
  if (!key)
    throw new GuestDataKeyError(
      `${settings.keyFile} does not hold a 32-byte key (64 hex digits or base64); restore the key you kept, or set GUEST_DATA_KEY`,
    );
  return toKey(key);
}

/** `v1.<key id>.<iv>.<tag>.<ciphertext>`, each part base64url. */
export function encryptGuestData(key: GuestDataKey, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [
    VERSION,
    key.id,
    iv.toString('base64url'),
    tag.toString('base64url'),
    body.toString('base64url'),
  ].join('.');
}

/** The plaintext, or null when the value was written with another key or has been tampered with. */
export function decryptGuestData(keys: readonly GuestDataKey[], value: string): string | null {
  const [version, keyId, iv, tag, body] = value.split('.');
  if (version !== VERSION || !keyId || !iv || !tag || body === undefined) return null;
  const key = keys.find((candidate) => candidate.id === keyId);
  if (!key) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
