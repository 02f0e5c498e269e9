import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('a long passphrase');
    expect(hash).toMatch(/^scrypt\$\d+\$8\$1\$/);
    await expect(verifyPassword('a long passphrase', hash)).resolves.toBe(true);
    await expect(verifyPassword('a long passphrasE', hash)).resolves.toBe(false);
  });

  it('salts each hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('refuses a malformed stored hash instead of throwing', async () => {
    await expect(verifyPassword('x', 'not-a-hash')).resolves.toBe(false);
  });

  it('generates readable passwords of the asked length', () => {
    expect(generatePassword()).toMatch(/^[a-zA-Z2-9]{20}$/);
  });
});
