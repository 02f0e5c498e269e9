/**
 * Money as integers: an amount is a whole number of minor units (paise for rupees, fils for dirhams,
 * cents otherwise) with its currency, so sums, shares and taxes are exact. Every currency the product
 * takes (any three-letter code on a property, AED by default, INR for the villa) has two decimals: the
 * database keeps `numeric(12,2)` for all of them.
 *
 * Amounts come in as decimal text (the database) or as major-unit JSON numbers (the API, pricing rules);
 * they go out the same two ways and to people through `formatMoney`, the one place amounts are written
 * for reading. This is the only module that does arithmetic on amounts in major units.
 */

export type CurrencyCode = string;

export type Money = { readonly minor: number; readonly currency: CurrencyCode };

/**
 * A bare count of minor units, as a database column holds it (its currency sits in another column).
 * Branded so a major-unit number (2800.5) cannot be written where minor units belong.
 */
export type MinorUnits = number & { readonly __unit: 'minor' };

/** Minor units in one major unit, the same for every currency the product takes. */
export const MINOR_PER_MAJOR = 100;
const DECIMALS = 2;

function assertMinor(minor: number): number {
  if (!Number.isSafeInteger(minor))
    throw new RangeError(`An amount in minor units must be a whole number: ${minor}`);
  return minor;
}

/** An amount of `minor` units (a whole number) in `currency`. */
export function makeMoney(minor: number, currency: CurrencyCode): Money {
  return { minor: assertMinor(minor) + 0, currency };
}

export function makeZeroMoney(currency: CurrencyCode): Money {
  return { minor: 0, currency };
}

const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/**
 * Minor units of a decimal text ("1234.5", "-0.10", "1e3"), read digit by digit (no float on the way).
 * Digits past the second decimal round half away from zero, as a person rounds a price.
 */
export function parseMinor(text: string): number {
  const match = DECIMAL_TEXT.exec(text.trim());
  if (!match || (match[2] === '' && (match[3] ?? '') === ''))
    throw new RangeError(`Not an amount: "${text}"`);
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  const digits = `${whole}${fraction}`.replace(/^0+/, '');
  if (digits === '') return 0;
  // value = digits × 10^(exponent − decimals written); minor units are a hundred times that.
  const shift = Number(exponent) - fraction.length + DECIMALS;
  if (digits.length + shift > 16) throw new RangeError(`Amount too large: "${text}"`);
  let minor: number;
  if (shift >= 0) {
    minor = Number(`${digits}${'0'.repeat(shift)}`) || 0;
  } else {
    const kept = digits.slice(0, Math.max(0, digits.length + shift));
    const firstDropped = digits.length + shift >= 0 ? Number(digits[digits.length + shift] ?? '0') : 0;
    minor = Number(kept || '0') + (firstDropped >= 5 ? 1 : 0);
  }
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Amount too large: "${text}"`);
  return sign === '-' && minor !== 0 ? -minor : minor;
}

/** An amount from its decimal text, exactly ("1234567.89"). */
export function parseMoney(text: string, currency: CurrencyCode): Money {
  return makeMoney(parseMinor(text), currency);
}

/**
 * Minor units of a major-unit JSON number (2800.5 → 280050), rounded half away from zero on the
 * number's shortest decimal form, so 1.005 gives 101 (as written), not 100 (as the float holds it).
 */
export function toMinor(major: number): number {
  if (!Number.isFinite(major)) throw new RangeError(`Not an amount: ${major}`);
  return parseMinor(String(major));
}

/** Minor units of a major-unit JSON number, for a database column (see `toMinor`). */
export function toMinorUnits(major: number): MinorUnits {
  return toMinor(major) as MinorUnits;
}

/** The minor units of an amount, for a database column (its currency goes in a column of its own). */
export function toColumnUnits(amount: Money): MinorUnits {
  return amount.minor as MinorUnits;
}

/**
 * Whether a major-unit JSON number names whole minor units (at most two decimals). A number a client
 * computed as 0.1 + 0.2 still counts as 0.30: what is off by float noise alone is not refused.
 */
export function hasWholeMinorUnits(major: number): boolean {
  return Math.abs(Math.round(major * MINOR_PER_MAJOR) - major * MINOR_PER_MAJOR) < 1e-6;
}

/** A major-unit JSON number (the API's and the pricing rules' form) as Money. */
export function moneyFromMajor(major: number, currency: CurrencyCode): Money {
  return makeMoney(toMinor(major), currency);
}

/**
 * The major-unit JSON number of an amount (280050 → 2800.5), as the API sends it. The nearest double to
 * a decimal with two places prints back as that decimal.
 */
export function toMajor(amount: Money | number): number {
  const minor = typeof amount === 'number' ? amount : amount.minor;
  return assertMinor(minor) / MINOR_PER_MAJOR;
}

/** The decimal text of an amount, always with two decimals ("2800.50", "-0.10"): the database's form. */
export function formatDecimal(amount: Money | number): string {
  const minor = assertMinor(typeof amount === 'number' ? amount : amount.minor);
  const digits = String(Math.abs(minor)).padStart(DECIMALS + 1, '0');
  return `${minor < 0 ? '-' : ''}${digits.slice(0, -DECIMALS)}.${digits.slice(-DECIMALS)}`;
}

function assertSameCurrency(a: Money, b: Money) {
  if (a.currency !== b.currency) throw new TypeError(`Cannot combine ${a.currency} with ${b.currency}`);
}

export function addMoney(a: Money, b: Money): Money {
  assertSameCurrency(a, b);
  return makeMoney(a.minor + b.minor, a.currency);
}

export function subtractMoney(a: Money, b: Money): Money {
  assertSameCurrency(a, b);
  return makeMoney(a.minor - b.minor, a.currency);
}

/** An amount times a whole number (nights, guests). */
export function multiplyMoney(amount: Money, times: number): Money {
  if (!Number.isInteger(times)) throw new RangeError(`Money is multiplied by whole numbers only: ${times}`);
  return makeMoney(amount.minor * times, amount.currency);
}

/** Amounts of one currency added up; none add up to zero. */
export function sumMoney(amounts: Iterable<Money>, currency: CurrencyCode): Money {
  let minor = 0;
  for (const amount of amounts) {
    assertSameCurrency(amount, { minor: 0, currency });
    minor += amount.minor;
  }
  return makeMoney(minor, currency);
}

/**
 * An amount split by whole-number weights (e.g. `[1, 1, 1]` for three equal nights) so that the shares
 * add up to it exactly: each share is rounded down and the leftover minor units go one each to the
 * largest remainders, the first ones first on a tie.
 */
export function allocateMoney(amount: Money, weights: readonly number[]): Money[] {
  if (weights.length === 0) throw new RangeError('Allocate over at least one weight');
  if (weights.some((weight) => !Number.isSafeInteger(weight) || weight < 0))
    throw new RangeError('Weights are whole numbers of 0 or more');
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0) throw new RangeError('At least one weight must be above 0');
  const sign = amount.minor < 0 ? -1 : 1;
  const whole = Math.abs(amount.minor);
  // BigInt keeps amount × weight exact beyond 2^53.
  const shares = weights.map((weight) => {
    const product = BigInt(whole) * BigInt(weight);
    return { floor: Number(product / BigInt(total)), remainder: Number(product % BigInt(total)) };
  });
  let left = whole - shares.reduce((sum, share) => sum + share.floor, 0);
  const order = shares
    .map((share, index) => ({ index, remainder: share.remainder }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  const result = shares.map((share) => share.floor);
  for (const { index } of order) {
    if (left === 0) break;
    result[index]! += 1;
    left -= 1;
  }
  return result.map((minor) => makeMoney(sign * minor, amount.currency));
}

/** Negative, zero or positive as `a` is below, equal to or above `b` (same currency). */
export function compareMoney(a: Money, b: Money): number {
  assertSameCurrency(a, b);
  return Math.sign(a.minor - b.minor);
}

export function isSameMoney(a: Money, b: Money): boolean {
  return a.currency === b.currency && a.minor === b.minor;
}

/** Groups of three digits from the right: 1234567 → 1,234,567. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The Indian system: the last three digits, then groups of two: 1234567 → 12,34,567. */
function groupLakhs(digits: string): string {
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${digits.slice(-3)}`;
}

/**
 * An amount for people: "₹1,23,456.50" for rupees (lakh grouping, the rupee sign), "AED 1,200" for the
 * others. Whole amounts show no decimals; others show two.
 */
export function formatMoney(amount: Money): string {
  const minor = Math.abs(assertMinor(amount.minor));
  const whole = String(Math.floor(minor / MINOR_PER_MAJOR));
  const cents = minor % MINOR_PER_MAJOR;
  const fraction = cents === 0 ? '' : `.${String(cents).padStart(DECIMALS, '0')}`;
  const sign = amount.minor < 0 ? '-' : '';
  if (amount.currency === 'INR') return `${sign}₹${groupLakhs(whole)}${fraction}`;
  return `${amount.currency} ${sign}${groupThousands(whole)}${fraction}`;
}

/**
 * A chart axis's short amount: rupees as India abbreviates them ("1.1L", "3.1Cr"), others as "110K", "2.5M".
 */
export function formatCompactAmount(major: number, currency: CurrencyCode): string {
  return new Intl.NumberFormat(currency === 'INR' ? 'en-IN' : 'en-US', { notation: 'compact' }).format(major);
}

/** A major-unit amount as the API sends it, for people (see `formatMoney`). */
export function formatMajorAmount(major: number, currency: CurrencyCode): string {
  return formatMoney(moneyFromMajor(major, currency));
}

/** A decimal number as an exact fraction of whole numbers, read as written (12.5 → 125 / 10). */
function toFraction(value: number): { numerator: bigint; denominator: bigint } {
  const match = DECIMAL_TEXT.exec(String(value));
  if (!Number.isFinite(value) || !match) throw new RangeError(`Not a finite number: ${value}`);
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  const scale = fraction.length - Number(exponent);
  const digits = BigInt(`${sign}${whole || '0'}${fraction}`);
  return scale >= 0
    ? { numerator: digits, denominator: 10n ** BigInt(scale) }
    : { numerator: digits * 10n ** BigInt(-scale), denominator: 1n };
}

/**
 * `minor × numerator ÷ denominator` in whole minor units, computed exactly and rounded half away from
 * zero: a change in basis points (`scaleMinor(price, 10_000 + points, 10_000)`) or a tax likewise.
 * Decimal factors count as written (18.5 is 185 / 10), so no float error moves a rounding.
 */
export function scaleMinor(minor: number, numerator: number, denominator = 1): number {
  const top = toFraction(numerator);
  const bottom = toFraction(denominator);
  const dividend = BigInt(assertMinor(minor)) * top.numerator * bottom.denominator;
  const divisor = top.denominator * bottom.numerator;
  if (divisor === 0n) throw new RangeError('Cannot divide an amount by 0');
  const negative = dividend < 0n !== divisor < 0n;
  const a = dividend < 0n ? -dividend : dividend;
  const b = divisor < 0n ? -divisor : divisor;
  // Half away from zero: a remainder of at least half the divisor rounds up (in size).
  const size = (a * 2n + b) / (b * 2n);
  return assertMinor(Number(negative ? -size : size)) + 0;
}

/**
 * An amount's number without its currency, as quote lines show a nightly price ("1,500.5", "14,000";
 * rupees in lakhs, "1,50,000"): grouped as `formatMoney` groups the currency, up to two decimals.
 */
export function formatAmountNumber(minor: number, currency?: CurrencyCode): string {
  const size = Math.abs(assertMinor(minor));
  const cents = size % MINOR_PER_MAJOR;
  const fraction = cents === 0 ? '' : `.${String(cents).padStart(DECIMALS, '0').replace(/0$/, '')}`;
  const group = currency === 'INR' ? groupLakhs : groupThousands;
  return `${minor < 0 ? '-' : ''}${group(String(Math.floor(size / MINOR_PER_MAJOR)))}${fraction}`;
}
