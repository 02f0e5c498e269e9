import { describe, expect, it } from 'vitest';
import { generatePassword, getDecoyHash, hashPassword, verifyPassword } from './password';
import { PRODUCTION_PASSWORD_HASH_COST } from '../env';

// Tests hash at a low cost; what a hash was made with is stored in it, so verifying is the same either way.
const COST = 10;

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('a long passphrase', COST);
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$/);
    await expect(verifyPassword('a long passphrase', hash)).resolves.toBe(true);
    await expect(verifyPassword('a long passphrasE', hash)).resolves.toBe(false);
  });

  it("hashes at production's cost, 2^15, and still verifies hashes made at other costs", async () => {
    expect(PRODUCTION_PASSWORD_HASH_COST).toBe(15);
    const production = await hashPassword('a long passphrase', PRODUCTION_PASSWORD_HASH_COST);
    expect(production).toMatch(/^scrypt\$32768\$8\$1\$/);
    await expect(verifyPassword('a long passphrase', production)).resolves.toBe(true);
    await expect(verifyPassword('a long passphrasE', production)).resolves.toBe(false);
    const cheaper = await hashPassword('a long passphrase', 12);
    expect(cheaper).toMatch(/^scrypt\$4096\$8\$1\$/);
    await expect(verifyPassword('a long passphrase', cheaper)).resolves.toBe(true);
  });

  it('makes the decoy for unknown e-mails at the cost real hashes are made with', async () => {
    expect(await getDecoyHash(COST)).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await getDecoyHash(PRODUCTION_PASSWORD_HASH_COST)).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await getDecoyHash(COST)).toBe(await getDecoyHash(COST));
  });

  it('salts each hash', async () => {
    expect(await hashPassword('same', COST)).not.toBe(await hashPassword('same', COST));
  });

  it('refuses a malformed stored hash instead of throwing', async () => {
    await expect(verifyPassword('x', 'not-a-hash')).resolves.toBe(false);
  });

  it('generates readable passwords of the asked length', () => {
    expect(generatePassword()).toMatch(/^[a-zA-Z2-9]{20}$/);
  });
});
