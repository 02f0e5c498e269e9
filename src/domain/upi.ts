import { formatDecimal, type Money } from './money';

/**
 * UPI without a gateway: a `upi://pay` link (NPCI's UPI linking specification) any UPI app opens with the
 * payee, the amount and a note filled in. The guest pays from their own app; the operator records the
 * payment when it arrives (its UTR as the reference).
 */

/**
 * A VPA (UPI ID): `name@handle`. The name is what banks allow (letters, digits, dot, hyphen, underscore,
 * e.g. a mobile number); the handle names the bank or app (okaxis, ybl, paytm…).
 */
export const VPA_PATTERN = /^[a-z0-9][a-z0-9._-]{0,63}@[a-z][a-z0-9]{1,63}$/;

/** The longest payee name and note put into a link: UPI apps cut longer ones, or refuse them. */
export const UPI_PAYEE_NAME_MAX = 50;
export const UPI_NOTE_MAX = 50;

/**
 * The most one UPI payment may carry for most payers (₹1,00,000 a day at most banks): above it a link would
 * only fail in the guest's app, so the guest is told another way to pay.
 */
export const UPI_MAX_AMOUNT_MINOR = 1_00_000_00;

export type UpiPayee = { vpa: string; payeeName: string };

/** Whether `value` is a VPA as UPI apps accept it (lower case: VPAs are case-insensitive). */
export function isVpa(value: string): boolean {
  return value.length <= 100 && VPA_PATTERN.test(value);
}

/**
 * Percent-encoding of a query value as RFC 3986 has it: encodeURIComponent leaves !'()* alone, which some
 * apps misread, so they are encoded too. A space is %20, never '+' (not every app reads '+' as a space).
 */
function encodeQueryValue(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** At most `max` characters (whole code points, so no emoji is cut in half), trimmed. */
function limitText(text: string, max: number): string {
  return Array.from(text.replace(/\s+/g, ' ').trim()).slice(0, max).join('').trim();
}

/**
 * The `upi://pay?pa=…&pn=…&am=…&cu=INR&tn=…` link that pays `amount` to `vpa`. The amount is written from
 * whole paise with exactly two decimals (no float on the way); only rupees can be paid by UPI.
 */
export function buildUpiPayUri(input: UpiPayee & { amount: Money; note: string }): string {
  if (input.amount.currency !== 'INR')
    throw new RangeError(`UPI pays rupees (INR) only, not ${input.amount.currency}`);
  if (!Number.isSafeInteger(input.amount.minor) || input.amount.minor <= 0)
    throw new RangeError(`A UPI payment is of more than ₹0: ${input.amount.minor} paise`);
  const vpa = input.vpa.trim().toLowerCase();
  if (!isVpa(vpa)) throw new RangeError(`Not a UPI ID (name@handle): "${input.vpa}"`);
  const payeeName = limitText(input.payeeName, UPI_PAYEE_NAME_MAX);
  const note = limitText(input.note, UPI_NOTE_MAX);
  // The VPA's characters need no encoding, and '@' is kept as is: some apps do not decode %40 in pa.
  const fields: [string, string][] = [
    ['pa', vpa],
    ['pn', encodeQueryValue(payeeName)],
    ['am', formatDecimal(input.amount)],
    ['cu', 'INR'],
    ...(note ? ([['tn', encodeQueryValue(note)]] as [string, string][]) : []),
  ];
  return `upi://pay?${fields.map(([key, value]) => `${key}=${value}`).join('&')}`;
}
