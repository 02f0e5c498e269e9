/**
 * An amount in Indian words, as an invoice states its total: the Indian system groups by thousand, lakh
 * (1,00,000) and crore (1,00,00,000), so ₹1,10,330.50 reads "Indian Rupees One Lakh Ten Thousand Three
 * Hundred Thirty and Fifty Paise Only".
 */

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function wordsBelowHundred(n: number): string {
  return n < 20 ? ONES[n]! : [TENS[Math.floor(n / 10)]!, ONES[n % 10]!].filter(Boolean).join(' ');
}

function wordsBelowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', wordsBelowHundred(n % 100)].filter(Boolean).join(' ');
}

/** A whole number in Indian words ("One Crore Two Lakh Three Thousand Four"); zero is "Zero". */
export function writeIndianNumber(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole number of 0 or more: ${n}`);
  if (n === 0) return 'Zero';
  const crores = Math.floor(n / 10_000_000);
  const rest = n % 10_000_000;
  const parts = [
    // Beyond 99 crore the crores are themselves counted in lakhs and thousands ("One Thousand Crore").
    crores ? `${writeIndianNumber(crores)} Crore` : '',
    Math.floor(rest / 100_000) ? `${wordsBelowHundred(Math.floor(rest / 100_000))} Lakh` : '',
    Math.floor((rest % 100_000) / 1000)
      ? `${wordsBelowHundred(Math.floor((rest % 100_000) / 1000))} Thousand`
      : '',
    wordsBelowThousand(rest % 1000),
  ];
  return parts.filter(Boolean).join(' ');
}

const CURRENCY_WORDS: Record<string, { major: string; minor: string }> = {
  INR: { major: 'Indian Rupees', minor: 'Paise' },
  AED: { major: 'UAE Dirhams', minor: 'Fils' },
};

/** An amount in minor units in words, with its currency's names, ending "Only". */
export function writeAmountInWords(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`An amount in minor units is whole: ${minor}`);
  const names = CURRENCY_WORDS[currency] ?? { major: currency, minor: 'Cents' };
  const size = Math.abs(minor);
  const major = Math.floor(size / 100);
  const cents = size % 100;
  const sign = minor < 0 ? 'Minus ' : '';
  const fraction = cents ? `${wordsBelowHundred(cents)} ${names.minor}` : '';
  // Under a rupee, the paise alone: "Fifty Paise Only", not "Zero and Fifty Paise".
  if (major === 0 && fraction) return `${sign}${fraction} Only`;
  return `${sign}${names.major} ${writeIndianNumber(major)}${fraction ? ` and ${fraction}` : ''} Only`;
}
