import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Executor } from '../db/client';
import { decodeGuestDataKey, type Config } from '../env';
import { listStoredKeyIds, type StoredKeyId } from './queries';

/**
 * Guests' ID, passport and visa numbers are encrypted by the server before they reach the database
 * (AES-256-GCM), with a key kept outside it: GUEST_DATA_KEY, or a key generated into the data directory at
 * the first start. The database and its backups hold ciphertext only. Each value names the key that
 * encrypted it (the first 16 hex digits of the key's SHA-256), so a new key can be brought in while the old
 * one (GUEST_DATA_KEYS_OLD) still reads what it wrote, and a server missing a key its numbers name refuses
 * to start rather than show them "unreadable" and write new ones under another key.
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

/**
 * The keys in hand: `current` encrypts every new number, `all` (current first, then GUEST_DATA_KEYS_OLD)
 * read what was written before.
 */
export type GuestDataKeys = { current: GuestDataKey; all: readonly GuestDataKey[] };

type KeySettings = Pick<Config['guestData'], 'key' | 'oldKeys' | 'keyFile'>;

const SEE_DOCS = `See "Guests' check-in details and their key" in docs/operations.md.`;

function decodeGiven(text: string, what: string): GuestDataKey {
  const key = decodeGuestDataKey(text);
  if (!key) throw new GuestDataKeyError(`${what} is not a 32-byte key`);
  return toKey(key);
}

/** The key file's key, or null when there is no key file. */
function readKeyFile(keyFile: string): GuestDataKey | null {
  let text: string;
  try {
    text = readFileSync(keyFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  chmodSync(keyFile, 0o600);
  const key = decodeGuestDataKey(text);
  if (!key)
    throw new GuestDataKeyError(
      `${keyFile} does not hold a 32-byte key (64 hex digits or base64); restore the key you kept, or set GUEST_DATA_KEY`,
    );
  return toKey(key);
}

/** Writes a new key into keyFile (mode 0600) and returns the one there (another process's, if it won). */
function generateKeyFile(keyFile: string): GuestDataKey {
  mkdirSync(dirname(keyFile), { recursive: true, mode: 0o700 });
  try {
    // 'wx': never over a key another process wrote meanwhile (that one is read below).
    writeFileSync(keyFile, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readKeyFile(keyFile)!;
}

/**
 * The keys given, without making any: GUEST_DATA_KEY or the key file's (null when neither is there) and
 * GUEST_DATA_KEYS_OLD's; `source` says where the current one comes from.
 */
export function findGivenGuestDataKeys(settings: KeySettings): {
  current: GuestDataKey | null;
  source: string;
  old: GuestDataKey[];
} {
  const old = settings.oldKeys.map((text, index) =>
    decodeGiven(text, `GUEST_DATA_KEYS_OLD's key ${index + 1}`),
  );
  if (settings.key)
    return { current: decodeGiven(settings.key, 'GUEST_DATA_KEY'), source: 'GUEST_DATA_KEY', old };
  return { current: readKeyFile(settings.keyFile), source: settings.keyFile, old };
}

function describeStored(stored: readonly StoredKeyId[]): string {
  const each = stored.map(({ id, values }) => `key ${id} (${values} ${values === 1 ? 'number' : 'numbers'})`);
  return each.length === 1 ? each[0]! : `${each.slice(0, -1).join(', ')} and ${each.at(-1)}`;
}

/**
 * The keys for a database whose numbers name `stored`. Refused (GuestDataKeyError, saying which key ids are
 * missing and how to give them) when a number would read "unreadable" for want of its key, or when the key
 * file is missing from a database that holds numbers: a key file is generated only on a database without
 * any, never over numbers a lost or moved key wrote.
 */
export function readGuestDataKeys(settings: KeySettings, stored: readonly StoredKeyId[]): GuestDataKeys {
  const given = findGivenGuestDataKeys(settings);
  let current = given.current;
  if (!current) {
    if (stored.length > 0)
      throw new GuestDataKeyError(
        [
          `GUEST_DATA_KEY is unset and there is no key file ${settings.keyFile}, but the database holds guests' ID, passport or visa numbers encrypted with ${describeStored(stored)}.`,
          'A new key is made only for a database that holds no numbers (with it they would all read "unreadable", and new ones would be written under another key).',
          `Put back the key file you kept, or set GUEST_DATA_KEY to that key; or set a new GUEST_DATA_KEY (openssl rand -base64 32) and give the old key in GUEST_DATA_KEYS_OLD. ${SEE_DOCS}`,
        ].join('\n'),
      );
    current = generateKeyFile(settings.keyFile);
  }
  const all = [current, ...given.old].filter(
    (key, index, keys) => keys.findIndex((other) => other.id === key.id) === index,
  );
  const missing = stored.filter(({ id }) => !all.some((key) => key.id === id));
  if (missing.length > 0)
    throw new GuestDataKeyError(
      [
        `The database holds guests' ID, passport or visa numbers encrypted with ${describeStored(missing)}, which this server was not given (its key is ${current.id}, from ${given.source}${all.length > 1 ? `, and ${all.length - 1} in GUEST_DATA_KEYS_OLD` : ''}): they would read "unreadable".`,
        `Give ${missing.length === 1 ? 'that key' : 'those keys'} in GUEST_DATA_KEYS_OLD (comma-separated, as GUEST_DATA_KEY takes a key) to read them while new numbers use the current key, or as GUEST_DATA_KEY; then \`npm run guest-data-key -- reencrypt\` moves every number under the current key. ${SEE_DOCS}`,
      ].join('\n'),
    );
  return { current, all };
}

/** The keys for the database (readGuestDataKeys, with the key ids its numbers name). */
export async function openGuestDataKeys(db: Executor, settings: KeySettings): Promise<GuestDataKeys> {
  return readGuestDataKeys(settings, await listStoredKeyIds(db));
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
