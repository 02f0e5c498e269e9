import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

import { PRODUCTION_PASSWORD_HASH_COST } from '../env';

const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const MAX_MEMORY = 128 * 2 ** PRODUCTION_PASSWORD_HASH_COST * R * 2;

function deriveKey(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { N: n, r, p, maxmem: MAX_MEMORY * 2 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** Hashes a password with N = 2^`cost` as `scrypt$N$r$p$salt$key` (salt and key in base64). */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const n = 2 ** cost;
  const salt = randomBytes(16);
  const key = await deriveKey(password, salt, n, R, P);
  return ['scrypt', n, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await deriveKey(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

// Checked against when the e-mail is unknown, so that a miss costs the same time as a wrong password: made
// with the cost real hashes are made with (one per cost, as tests hash cheaper than production).
const decoyHashes = new Map<number, Promise<string>>();
export function getDecoyHash(cost: number): Promise<string> {
  let decoy = decoyHashes.get(cost);
  if (!decoy) {
    decoy = hashPassword(randomBytes(16).toString('hex'), cost);
    decoyHashes.set(cost, decoy);
  }
  return decoy;
}

/** A readable generated password: 20 characters from an alphabet without look-alikes. */
export function generatePassword(length = 20): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(length);
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}
