/**
 * What a search of the bookings list looks for, read from what the operator typed: part of the guest's name
 * or e-mail (always), and, when the text has their shape, the booking's reference (SV-D3268112, also inside a
 * sentence: "I paid for SV-D3268112"), the guest's phone in any spelling (+91 98200 11223, 098200-11223), and a
 * code: a channel's reservation code (HM…), a payment's UTR or reference, an invoice number.
 */
export type BookingSearchTerms = {
  /** ILIKE pattern of the text, escaped: part of a name or e-mail. */
  pattern: string;
  /** The reference's eight hex digits (a booking id's first eight), lower case. */
  idPrefix: string | null;
  /** The phone's digits: the last ten (a national number without its country code or trunk 0). */
  phoneDigits: string | null;
  /** The text as a code, upper case, compared whole. */
  code: string | null;
};

const REFERENCE = /(?:^|[^0-9a-z])SV-?([0-9a-f]{8})(?![0-9a-f])/i;
const BARE_REFERENCE = /^[0-9a-f]{8}$/i;
const PHONE = /^\+?[\d\s().-]+$/;
const CODE = /^[0-9A-Z][0-9A-Z/_. -]{2,39}$/i;
/** A phone number has at least this many digits; fewer are a part of something else (a PIN code's start). */
const PHONE_MIN_DIGITS = 6;
const PHONE_KEPT_DIGITS = 10;

export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export function readBookingSearch(text: string): BookingSearchTerms {
  const q = text.trim();
  const reference = REFERENCE.exec(q)?.[1] ?? (BARE_REFERENCE.test(q) ? q : null);
  const digits = q.replace(/\D/g, '');
  const phoneDigits =
    PHONE.test(q) && digits.length >= PHONE_MIN_DIGITS ? digits.slice(-PHONE_KEPT_DIGITS) : null;
  return {
    pattern: `%${escapeLikePattern(q)}%`,
    idPrefix: reference ? reference.toLowerCase() : null,
    phoneDigits,
    code: CODE.test(q) ? q.toUpperCase() : null,
  };
}
