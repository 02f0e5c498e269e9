/**
 * Whole Aadhaar numbers in free text. Of an Aadhaar only the last four digits are ever kept, so twelve digits
 * that are one have no place in a name, an address or any other text, however they are typed: in another
 * script's digits (०-९, full-width ０-９), with zero-width or other invisible characters, in groups split by
 * spaces, underscores, dashes, slashes or dots, or one digit at a time.
 *
 * What makes twelve digits an Aadhaar (and not a PIN code beside a phone number): the first digit is 2 to 9
 * and the last is the Verhoeff check digit of the others, as UIDAI issues them. Digits are read in groups
 * (digits with nothing but invisible characters between them); letters end a number, anything else
 * (spaces, punctuation, symbols) joins its groups. Twelve digits of whole groups count when they are the
 * whole number whatever their grouping, and inside a longer number only as an Aadhaar is written: twelve
 * digits in a row, or groups of at most four joined alike (so a six-digit PIN code, a five-digit half of a mobile number or two
 * landline numbers side by side are never an Aadhaar). A number after a '+' (or '91' then more groups) is
 * a phone number with its country code.
 */

const AADHAAR_DIGITS = 12;
/** Inside a longer number, only groups this short can be an Aadhaar's (as printed: 4 4 4; or one by one). */
const MAX_INNER_GROUP = 4;

// Verhoeff's dihedral group D5: multiplication, and the permutation applied at each position.
const VERHOEFF_MULTIPLY = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
] as const;
const VERHOEFF_PERMUTE = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
] as const;

/** Whether a string of ASCII digits ends with the Verhoeff check digit of the ones before it. */
export function hasVerhoeffCheckDigit(digits: string): boolean {
  let check = 0;
  for (let i = 0; i < digits.length; i += 1) {
    const digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    check = VERHOEFF_MULTIPLY[check]![VERHOEFF_PERMUTE[i % 8]![digit]!]!;
  }
  return check === 0;
}

/** Whether twelve ASCII digits are an Aadhaar number: first digit 2 to 9, Verhoeff check digit last. */
export function isAadhaarNumber(digits: string): boolean {
  return /^[2-9]\d{11}$/.test(digits) && hasVerhoeffCheckDigit(digits);
}

const DECIMAL_DIGIT = /^\p{Nd}$/u;
const INVISIBLE = /^[\p{Cf}\p{M}]$/u;
const LETTER = /^\p{L}$/u;
/** Whatever readDigit may read as a digit (decimal digits, and superscript or circled ones). */
const ANY_DIGIT = /[\p{Nd}\p{No}]/gu;

/**
 * A character's digit: ASCII, any script's decimal digit (Devanagari, Bengali, Arabic-Indic…), or one that
 * compatibility-decomposes to a digit (full-width, mathematical, superscript); null for anything else.
 */
export function readDigit(char: string): number | null {
  if (char < '\u0080') return char >= '0' && char <= '9' ? char.charCodeAt(0) - 48 : null;
  const folded = char.normalize('NFKC');
  if (folded.length === 1 && folded >= '0' && folded <= '9') return folded.charCodeAt(0) - 48;
  if (!DECIMAL_DIGIT.test(char)) return null;
  // Unicode encodes every script's decimal digits as runs of ten from zero, so a digit's value is its
  // distance from the start of its run (runs of several scripts touch, so modulo ten).
  let code = char.codePointAt(0)!;
  let distance = 0;
  while (DECIMAL_DIGIT.test(String.fromCodePoint(code - 1))) {
    code -= 1;
    distance += 1;
  }
  return distance % 10;
}

/** The text with every digit in ASCII and its format characters (zero-width spaces and joiners…) removed. */
export function normaliseDigits(text: string): string {
  let out = '';
  for (const char of text) {
    const digit = readDigit(char);
    if (digit !== null) out += String(digit);
    else if (!/^\p{Cf}$/u.test(char)) out += char;
  }
  return out;
}

/** Digits with nothing but invisible characters between them; `before`: what separates it from the last. */
type DigitGroup = { digits: string; start: number; end: number; before: string };
/** A number: digit groups with no letter between them; `phone` when it follows a '+'. */
type DigitNumber = { groups: DigitGroup[]; phone: boolean };

function listNumbers(text: string): DigitNumber[] {
  const numbers: DigitNumber[] = [];
  let current: DigitNumber = { groups: [], phone: false };
  let group: DigitGroup | null = null;
  let gap = '';
  const endNumber = (phone: boolean) => {
    if (current.groups.length > 0) numbers.push(current);
    current = { groups: [], phone };
    group = null;
    gap = '';
  };
  let index = 0;
  for (const char of text) {
    const at = index;
    index += char.length;
    const digit = readDigit(char);
    if (digit !== null) {
      if (!group) {
        group = { digits: '', start: at, end: at, before: gap };
        current.groups.push(group);
        gap = '';
      }
      group.digits += String(digit);
      group.end = index;
    } else if (char >= '\u0080' && INVISIBLE.test(char)) {
      continue;
    } else if (char < '\u0080' ? /[A-Za-z]/.test(char) : LETTER.test(char)) {
      endNumber(false);
    } else if (char === '+' && !group) {
      // '+91 98765 43210', '(+44) 20…': a country code starts a phone number of its own.
      endNumber(true);
    } else {
      group = null;
      gap += char;
    }
  }
  endNumber(false);
  return numbers;
}

/**
 * Whether groups[first..last] are an Aadhaar's twelve digits: the whole number however grouped, or inside a
 * longer one as an Aadhaar is written (twelve digits in a row, or groups of at most four joined alike).
 */
function isAadhaarSpan(number: DigitNumber, first: number, last: number, digits: string): boolean {
  const { groups } = number;
  if (digits.length !== AADHAAR_DIGITS || !isAadhaarNumber(digits)) return false;
  if (first === 0 && number.phone) return false;
  if (groups[first]!.digits === '91' && first < groups.length - 1) return false;
  if (first === 0 && last === groups.length - 1) return true;
  const span = groups.slice(first, last + 1);
  return (
    span.length === 1 ||
    (span.every((group) => group.digits.length <= MAX_INNER_GROUP) &&
      span.slice(2).every((group) => group.before === span[1]!.before))
  );
}

/** Where the text holds whole Aadhaar numbers: each one's first and past-last UTF-16 index, in order. */
export function findWholeAadhaars(text: string): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  // Most texts hold fewer than twelve digits of any kind: nothing to look for.
  if ((text.match(ANY_DIGIT)?.length ?? 0) < AADHAAR_DIGITS) return found;
  for (const number of listNumbers(text)) {
    const { groups } = number;
    for (let first = 0; first < groups.length; first += 1) {
      let digits = '';
      for (let last = first; last < groups.length && digits.length < AADHAAR_DIGITS; last += 1) {
        digits += groups[last]!.digits;
        if (!isAadhaarSpan(number, first, last, digits)) continue;
        const previous = found.at(-1);
        if (!previous || previous.end <= groups[first]!.start)
          found.push({ start: groups[first]!.start, end: groups[last]!.end });
      }
    }
  }
  return found;
}

/** Whether the text holds a whole Aadhaar number, however it is spelt. */
export function containsWholeAadhaar(text: string): boolean {
  return findWholeAadhaars(text).length > 0;
}

/** The text with each whole Aadhaar number in it masked to its last four digits (`•••• 0124`). */
export function maskWholeAadhaars(text: string): string {
  const found = findWholeAadhaars(text);
  if (found.length === 0) return text;
  let out = '';
  let from = 0;
  for (const { start, end } of found) {
    const digits = [...text.slice(start, end)].map(readDigit).filter((digit) => digit !== null);
    out += `${text.slice(from, start)}•••• ${digits.slice(-4).join('')}`;
    from = end;
  }
  return out + text.slice(from);
}
