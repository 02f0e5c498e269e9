import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GST_STATES, gstinCheckCharacter, gstinProblem, isValidGstin } from './gstin';

// Real GSTINs whose check character the mod-36 scheme confirms.
const VALID = ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '24AAACC1206D1ZM'];
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

describe('a GSTIN', () => {
  it('is accepted when real and typed right', () => {
    for (const gstin of VALID) expect(gstinProblem(gstin), gstin).toBeNull();
    expect(gstinProblem('27AAPFU0939F1ZV', 'AAPFU0939F')).toBeNull();
  });

  it('computes the standard check character', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckCharacter('29AAGCB7383J1Z')).toBe('4');
    expect(gstinCheckCharacter('07AAACC1206D1Z')).toBe('I');
  });

  it('with one character mistyped is refused, naming the check character it should have', () => {
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe(
      "GSTIN's check character should be V: a character is mistyped",
    );
    expect(gstinProblem('27AAPFU0938F1ZV')).toMatch(/check character should be W: a character is mistyped/);
    // The Delhi number often quoted as an example does not pass its own check.
    expect(gstinProblem('07AAACC1206D1ZM')).toBe(
      "GSTIN's check character should be I: a character is mistyped",
    );
  });

  it('of the wrong length or shape is refused saying so', () => {
    expect(gstinProblem('27AAPFU0939F1Z')).toBe('GSTIN must be 15 characters (this one has 14)');
    expect(gstinProblem('')).toMatch(/must be 15 characters/);
    expect(gstinProblem('27aapfu0939f1zv')).toMatch(/capital letters/);
    expect(gstinProblem('27AAPFU0939F1YV')).toMatch(/Z and a check character/);
    expect(gstinProblem('27AAPFU0939F0ZV')).toMatch(/entity number/);
  });

  it('with a state code that is not a GST state is refused', () => {
    const first14 = '99AAPFU0939F1Z';
    expect(gstinProblem(first14 + gstinCheckCharacter(first14))).toBe(
      "GSTIN's state code 99 is not a GST state",
    );
    expect(gstinProblem('00AAPFU0939F1ZV')).toMatch(/state code 00 is not a GST state/);
  });

  it("of another business's PAN is refused", () => {
    expect(gstinProblem('27AAPFU0939F1ZV', 'AAGCB7383J')).toBe(
      "GSTIN carries the PAN AAPFU0939F, not the business's PAN AAGCB7383J",
    );
  });

  it('knows the states by their codes', () => {
    expect(GST_STATES['27']).toBe('Maharashtra');
    expect(GST_STATES['29']).toBe('Karnataka');
    expect(GST_STATES['07']).toBe('Delhi');
    expect(GST_STATES['97']).toBe('Other Territory');
    expect(GST_STATES['99']).toBeUndefined();
  });

  it('with any one character changed is no longer valid', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...VALID),
        fc.integer({ min: 0, max: 14 }),
        fc.constantFrom(...ALPHABET, 'a', '-', ' '),
        (gstin, position, replacement) => {
          fc.pre(gstin[position] !== replacement);
          const changed = gstin.slice(0, position) + replacement + gstin.slice(position + 1);
          expect(isValidGstin(changed)).toBe(false);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
