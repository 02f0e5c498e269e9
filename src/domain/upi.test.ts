import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeMoney, parseMinor } from './money';
import { buildUpiPayUri, isVpa } from './upi';

const inr = (minor: number) => makeMoney(minor, 'INR');
const payee = { vpa: 'shantivilla@okaxis', payeeName: 'Shanti Villa Retreat' };

/** A link's fields as a UPI app reads them: split on '&' and '=', each value percent-decoded. */
function readFields(uri: string): Record<string, string> {
  expect(uri.startsWith('upi://pay?')).toBe(true);
  const query = uri.slice('upi://pay?'.length);
  return Object.fromEntries(
    query.split('&').map((pair) => {
      const [key, value = ''] = pair.split('=');
      return [key!, decodeURIComponent(value)];
    }),
  );
}

describe('a UPI payment link', () => {
  it('names the payee, the amount with two decimals, rupees and the booking reference', () => {
    expect(buildUpiPayUri({ ...payee, amount: inr(1_234_500), note: 'SV-1A2B3C4D' })).toBe(
      'upi://pay?pa=shantivilla@okaxis&pn=Shanti%20Villa%20Retreat&am=12345.00&cu=INR&tn=SV-1A2B3C4D',
    );
    expect(buildUpiPayUri({ ...payee, amount: inr(5), note: 'SV-1' })).toContain('&am=0.05&');
    expect(buildUpiPayUri({ ...payee, amount: inr(1_050), note: 'SV-1' })).toContain('&am=10.50&');
  });

  it('percent-encodes the name and note, so no character of theirs can add or change a field', () => {
    const uri = buildUpiPayUri({
      vpa: 'Villa.Stays@OKAXIS',
      payeeName: "Shanti & Sons' Villa (Pvt)+=#?",
      amount: inr(100),
      note: 'Ref 1&am=1',
    });
    expect(uri).not.toMatch(/[ '()+#]/);
    expect(uri.match(/&/g)).toHaveLength(4);
    expect(readFields(uri)).toEqual({
      pa: 'villa.stays@okaxis',
      pn: "Shanti & Sons' Villa (Pvt)+=#?",
      am: '1.00',
      cu: 'INR',
      tn: 'Ref 1&am=1',
    });
  });

  it('keeps the name and the note within what UPI apps take, never cutting a character in half', () => {
    const fields = readFields(
      buildUpiPayUri({
        ...payee,
        payeeName: 'ॐ'.repeat(80),
        amount: inr(100),
        note: `  ${'😀'.repeat(60)} `,
      }),
    );
    expect(Array.from(fields.pn!)).toHaveLength(50);
    expect(Array.from(fields.tn!)).toEqual(Array(50).fill('😀'));
  });

  it('refuses other currencies, nothing to pay, and a bad UPI ID', () => {
    expect(() => buildUpiPayUri({ ...payee, amount: makeMoney(100, 'AED'), note: 'x' })).toThrow(/INR/);
    expect(() => buildUpiPayUri({ ...payee, amount: inr(0), note: 'x' })).toThrow(RangeError);
    expect(() => buildUpiPayUri({ ...payee, amount: inr(-100), note: 'x' })).toThrow(RangeError);
    expect(() => buildUpiPayUri({ ...payee, vpa: 'villa', amount: inr(100), note: 'x' })).toThrow(/UPI ID/);
  });

  it('writes back exactly the paise it was given, for any amount (no float on the way)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (minor) => {
        const { am } = readFields(buildUpiPayUri({ ...payee, amount: inr(minor), note: 'SV-1' }));
        expect(am).toMatch(/^\d+\.\d{2}$/);
        expect(parseMinor(am!)).toBe(minor);
      }),
    );
  });

  it('carries any name and note through unchanged (within the length limits)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme' }),
        fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme' }),
        (name, note) => {
          const tidy = (text: string) => text.replace(/\s+/g, ' ').trim();
          fc.pre(tidy(name) !== '' && tidy(note) !== '');
          const uri = buildUpiPayUri({ ...payee, payeeName: name, amount: inr(100), note });
          expect(uri).toMatch(/^[\x21-\x7e]+$/);
          const fields = readFields(uri);
          expect(fields.pn).toBe(Array.from(tidy(name)).slice(0, 50).join('').trim());
          expect(fields.tn).toBe(Array.from(tidy(note)).slice(0, 50).join('').trim());
          expect(Object.keys(fields)).toEqual(['pa', 'pn', 'am', 'cu', 'tn']);
        },
      ),
    );
  });
});

describe('a UPI ID', () => {
  it.each(['shantivilla@okaxis', '9876543210@ybl', 'villa.stays-1_a@paytm'])('takes %s', (vpa) => {
    expect(isVpa(vpa)).toBe(true);
  });
  it.each([
    'villa',
    '@okaxis',
    'villa@',
    'a b@okaxis',
    'villa@ok.axis',
    'villa@1bank',
    'a@b@c',
    'Villa@okaxis',
  ])('refuses %s', (vpa) => {
    expect(isVpa(vpa)).toBe(false);
  });
});
