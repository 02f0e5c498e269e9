import fc from 'fast-check';
import { hasVerhoeffCheckDigit } from '../domain/aadhaar';

/**
 * Generators for the tests of the whole-Aadhaar rule: the spellings a guest (or someone getting past the
 * rule) may type a real Aadhaar number in, and ordinary addresses whose PIN codes, house and phone numbers
 * must never be taken for one.
 */

const digit = fc.integer({ min: 0, max: 9 });

/** A number an Aadhaar may have: first digit 2 to 9, its last the Verhoeff check digit of the others. */
export const arbitraryAadhaar = fc
  .tuple(fc.integer({ min: 2, max: 9 }), fc.array(digit, { minLength: 10, maxLength: 10 }))
  .map(([first, rest]) => {
    const body = `${first}${rest.join('')}`;
    const check = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].find((candidate) => hasVerhoeffCheckDigit(body + candidate));
    return body + String(check);
  });

/** The zero of each script's digits (ASCII, Devanagari, full-width, Bengali, Gujarati, Arabic-Indic…). */
const ZEROS = [
  0x30, 0x966, 0xff10, 0x9e6, 0xae6, 0xa66, 0xbe6, 0xc66, 0xce6, 0xd66, 0xb66, 0x660, 0x6f0, 0x1d7ce, 0x1d7f6,
];
const zero = fc.constantFrom(...ZEROS);
/** Each digit in a script: all in one, or each in its own. */
const scripts = fc.oneof(
  zero.map((one) => Array<number>(12).fill(one)),
  fc.array(zero, { minLength: 12, maxLength: 12 }),
);

/** What may stand between two digits: nothing, a separator (never a letter), and invisible characters. */
const SEPARATORS = [' ', '  ', '_', '-', '–', '—', '‒', '−', '/', '.', '·', ',', ':', '|', '*', '#'];
const WIDE_SEPARATORS = ['\u00A0', '\u2009', '\u202F', ' - ', ' / ', ' . ', ', '];
const INVISIBLES = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD'];
const gap = fc
  .tuple(
    fc.oneof(
      { weight: 3, arbitrary: fc.constant('') },
      { weight: 2, arbitrary: fc.constantFrom(...SEPARATORS, ...WIDE_SEPARATORS) },
    ),
    fc.oneof(
      { weight: 3, arbitrary: fc.constant('') },
      { weight: 1, arbitrary: fc.constantFrom(...INVISIBLES) },
    ),
    fc.boolean(),
  )
  .map(([separator, invisible, before]) => (before ? invisible + separator : separator + invisible));

/** A real Aadhaar number spelt some way, alone or in an address: `text` holds `spelling`. */
export const arbitraryAadhaarSpelling = fc
  .record({
    number: arbitraryAadhaar,
    scripts,
    gaps: fc.array(gap, { minLength: 11, maxLength: 11 }),
    // One digit at a time, or in the groups of four an Aadhaar card prints.
    style: fc.constantFrom('free', 'free', 'one-by-one', 'fours'),
    separator: fc.constantFrom(...SEPARATORS, ...WIDE_SEPARATORS),
    before: fc.constantFrom('', 'Aadhaar ', 'Aadhaar: ', 'UID - ', 'Flat 12, MG Road, Pune ', 'आधार '),
    after: fc.constantFrom('', ' MG Road', ', Pune 411001', '\nPune 411 001', ' (आधार)'),
  })
  .map(({ number, scripts, gaps, style, separator, before, after }) => {
    // '91' standing apart before ten more digits is India's country code, read as a phone number.
    const phoneLike = (index: number) => index === 1 && number.startsWith('91');
    const gapAt = (index: number) =>
      style === 'free'
        ? phoneLike(index)
          ? ''
          : gaps[index]!
        : style === 'one-by-one' || index % 4 === 3
          ? separator
          : '';
    const spelling = [...number]
      .map(
        (char, index) =>
          String.fromCodePoint(scripts[index]! + Number(char)) + (index < 11 ? gapAt(index) : ''),
      )
      .join('');
    return { number, spelling, text: `${before}${spelling}${after}` };
  });

const digits = (count: number, first = digit) =>
  fc
    .tuple(first, fc.array(digit, { minLength: count - 1, maxLength: count - 1 }))
    .map(([head, rest]) => `${head}${rest.join('')}`);

const pinCode = digits(6, fc.integer({ min: 1, max: 8 })).chain((pin) =>
  fc.constantFrom(pin, `${pin.slice(0, 3)} ${pin.slice(3)}`),
);
const mobile = digits(10, fc.integer({ min: 6, max: 9 })).chain((number) => {
  const halves = `${number.slice(0, 5)} ${number.slice(5)}`;
  return fc.constantFrom(
    number,
    halves,
    `${number.slice(0, 5)}-${number.slice(5)}`,
    `+91 ${number}`,
    `+91 ${halves}`,
    `+91-${number}`,
    `(+91) ${halves}`,
    `91 ${halves}`,
    `91-${number}`,
    `0${number}`,
    `0 ${halves}`,
  );
});
const landline = digits(8, fc.integer({ min: 2, max: 7 })).chain((number) => {
  const halves = `${number.slice(0, 4)} ${number.slice(4)}`;
  return fc.constantFrom(`020 ${halves}`, `020-${number}`, `(020) ${number}`, `+91 20 ${halves}`, halves);
});
const houseNumber = fc
  .tuple(fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 1, max: 99 }))
  .chain(([n, m]) =>
    fc.constantFrom(`Flat ${n}`, `House No. ${n}`, `Plot ${n}/${m}`, `B-${n}`, `${n}/${m}`, `${n}`),
  );
const street = fc.constantFrom('MG Road', 'Lane 5, Prabhat Road', 'Koregaon Park', 'कर्वे रोड', 'Sector 17');
const city = fc.constantFrom('Pune', 'Navi Mumbai', 'पुणे', 'Kolhapur');
const JOINERS = [', ', ' / ', ', ph ', ', Mobile: ', ' Tel. ', '\n', ' · '];
// A PIN code and a phone number may stand side by side; two phone numbers are told apart by more.
const joiner = fc.constantFrom(' ', ...JOINERS);
const phoneJoiner = fc.constantFrom(...JOINERS);

/** An Indian address with its PIN code and one or two phone numbers, in the orders and spellings in use. */
export const arbitraryOrdinaryAddress = fc
  .record({
    house: houseNumber,
    street,
    city,
    pin: pinCode,
    phones: fc.array(fc.oneof(mobile, landline), { minLength: 1, maxLength: 2 }),
    joiners: fc.tuple(joiner, phoneJoiner, joiner),
    phoneFirst: fc.boolean(),
  })
  .map(({ house, street, city, pin, phones, joiners, phoneFirst }) => {
    const [first, second, third] = joiners;
    const numbers = phones.join(second);
    return phoneFirst
      ? `${house}, ${street}, ${city}${first}${numbers}${third}${pin}`
      : `${house}, ${street}, ${city} ${pin}${first}${numbers}`;
  });
