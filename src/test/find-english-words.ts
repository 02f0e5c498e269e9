/** Finding English left in a Hindi or Marathi text: what the guest-language tests share. */
import { site } from '../content/site';

/**
 * Words a Hindi or Marathi page may show in Latin letters: names (the brands, the managing company),
 * what India writes in Latin letters whatever the language (UPI, GST, PDF, Wi-Fi, IST), and the sample
 * request's own data (a guest's name as they typed it, a reference, an invoice number).
 */
export const ALLOWED_LATIN_WORDS = new Set(
  [
    site.brandName,
    site.sisterBrand.name,
    site.managingCompany.name,
    'UPI GST GSTIN PAN PDF Wi-Fi IST INR OTP QR UTR',
    // Apps and services a guest pays with, by their names.
    'Google Pay PhonePe Paytm BHIM Razorpay',
    // The papers of India's guest register, as they are printed: Form C to the FRRO, an OCI card, an EPIC.
    'FRRO OCI EPIC',
    // The sample request's guest, as they typed their name.
    'Sample Guest',
  ].flatMap((words) => words.split(/\s+/)),
);

/** The Latin-letter words of a text that are not allowed (addresses of the web and e-mail taken out). */
export function findEnglishWords(text: string): string[] {
  const stripped = text
    // {placeholders} are filled in; yyyy-mm-dd is how a date is typed, in Latin digits, in every language.
    .replace(/\{\w+\}/g, ' ')
    .replace(/\byyyy-mm-dd\b|\bHH:MM\b/g, ' ')
    // A reference or an invoice number: SV-1A2B3C4D, SV/2627/0001.
    .replace(/\b[A-Z]{1,8}[-/][\w/-]*\d\b/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ')
    .replace(/@\w+/g, ' ')
    .replace(/\b[\w.-]+\.(com|in|example)\b/g, ' ');
  // A word with digits is a code (a reference, an example ID number); a lone letter names a form (Form C).
  return (stripped.match(/[A-Za-z0-9]+(?:[-'’][A-Za-z0-9]+)*/g) ?? []).filter(
    (word) => /[A-Za-z]{2}/.test(word) && !/\d/.test(word) && !ALLOWED_LATIN_WORDS.has(word),
  );
}
