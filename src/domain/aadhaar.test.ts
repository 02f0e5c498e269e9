import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  containsWholeAadhaar,
  findWholeAadhaars,
  hasVerhoeffCheckDigit,
  isAadhaarNumber,
  maskWholeAadhaars,
  normaliseDigits,
  readDigit,
} from './aadhaar';
import {
  arbitraryAadhaar,
  arbitraryAadhaarSpelling,
  arbitraryOrdinaryAddress,
} from '../test/aadhaar-spellings';

describe('Aadhaar numbers', () => {
  it("are twelve digits, the first 2 to 9, the last Verhoeff's check digit", () => {
    // Verhoeff's own example: the check digit of 236 is 3.
    expect(hasVerhoeffCheckDigit('2363')).toBe(true);
    expect(hasVerhoeffCheckDigit('2364')).toBe(false);
    expect(isAadhaarNumber('432187657305')).toBe(true);
    expect(isAadhaarNumber('234567890124')).toBe(true);
    // The example fails the check: no Aadhaar has that number.
    expect(isAadhaarNumber('234567890123')).toBe(false);
    expect(isAadhaarNumber('123456789014')).toBe(false);
    expect(isAadhaarNumber('23456789012')).toBe(false);
  });

  it('catch every single wrong digit and every swap of two neighbours (what Verhoeff is for)', () => {
    fc.assert(
      fc.property(arbitraryAadhaar, fc.nat(11), fc.integer({ min: 1, max: 9 }), (number, at, shift) => {
        const wrong = number.slice(0, at) + String((Number(number[at]) + shift) % 10) + number.slice(at + 1);
        expect(hasVerhoeffCheckDigit(wrong)).toBe(false);
        const swapped = number.slice(0, at) + number[at + 1] + number[at] + number.slice(at + 2);
        if (at < 11 && number[at] !== number[at + 1]) expect(hasVerhoeffCheckDigit(swapped)).toBe(false);
      }),
    );
  });

  it('read the digits of every script as ASCII, and drop invisible characters', () => {
    expect(normaliseDigits('७३०५')).toBe('7305');
    expect(normaliseDigits('\uFF17\uFF13\uFF10\uFF15')).toBe('7305');
    expect(normaliseDigits('٧٣٠٥ ৭৩০৫ ௭௩௦௫ 𝟕𝟑𝟎𝟓')).toBe('7305 7305 7305 7305');
    expect(normaliseDigits('73\u200B0\u20605')).toBe('7305');
    expect(readDigit('a')).toBeNull();
    expect(readDigit('९')).toBe(9);
  });
});

describe('a whole Aadhaar number in free text', () => {
  it('is found however it is spelt, and masked to its last four digits', () => {
    fc.assert(
      fc.property(arbitraryAadhaarSpelling, ({ number, spelling, text }) => {
        expect(containsWholeAadhaar(text), JSON.stringify(text)).toBe(true);
        const masked = maskWholeAadhaars(text);
        expect(masked).toContain(`•••• ${number.slice(-4)}`);
        expect(containsWholeAadhaar(masked)).toBe(false);
        expect(masked).not.toContain(spelling);
      }),
      { numRuns: 500 },
    );
  });

  it('is not a PIN code, a house number or a phone number, however those are spelt', () => {
    fc.assert(
      fc.property(arbitraryOrdinaryAddress, (address) => {
        expect(findWholeAadhaars(address), address).toEqual([]);
        expect(maskWholeAadhaars(address)).toBe(address);
      }),
      { numRuns: 500 },
    );
  });

  it.each([
    'Flat 12, Pune 411001, ph 9820011223',
    'Flat 1203, 12 MG Road, Pune 411001, +91 98765 43210',
    '12 MG Road, Pune 411 001, 91-98200-11223',
    'B-4, Sector 17, Vashi, Navi Mumbai 400703 (+91) 22 2789 1234',
    '1-2-345/6, Banjara Hills, Hyderabad 500034, 040 2335 6789',
    // Twelve digits that are not an Aadhaar: the first digit, or the check digit, says so.
    'Tel. 0203 4567 8901',
    'Ref 2345 6789 0123',
  ])('leaves "%s" as it is', (address) => {
    expect(findWholeAadhaars(address)).toEqual([]);
  });

  it('masks only the number, keeping the rest of the address', () => {
    expect(maskWholeAadhaars('Aadhaar 4321 8765 7305, 12 MG Road, Pune 411001')).toBe(
      'Aadhaar •••• 7305, 12 MG Road, Pune 411001',
    );
    expect(maskWholeAadhaars('४३२१-८७६५-७३०५\nPune')).toBe('•••• 7305\nPune');
  });
});
