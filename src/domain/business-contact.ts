import { z } from 'zod';
import { hasControlCharacters } from './fields';

/**
 * How guests reach the business: the phone, e-mail, postal address and social account the public site,
 * the e-mails, the invoices and the site's structured data give. The operator edits them in the
 * management area; until they save them, the defaults of the site's content module stand.
 */

export const BUSINESS_CONTACT_LIMITS = {
  phoneMax: 30,
  emailMax: 254,
  lineMax: 120,
  postalCodeMax: 12,
  socialHandleMax: 60,
  socialUrlMax: 300,
} as const;

/** Why a contact setting is refused, as the client words it (the API also sends an English message). */
export const BUSINESS_CONTACT_ERROR_CODES = [
  'contact_phone_invalid',
  'contact_email_invalid',
  'contact_address_invalid',
  'contact_social_invalid',
] as const;
export type BusinessContactErrorCode = (typeof BUSINESS_CONTACT_ERROR_CODES)[number];

export const BusinessContactSchema = z.object({
  saved: z.boolean().describe('False while the operator has saved none: these are the defaults'),
  phone: z.string().describe('As guests dial it from anywhere, e.g. +91 98765 43210'),
  email: z.string(),
  street: z.string(),
  city: z.string(),
  region: z.string().describe('State or region, e.g. Maharashtra'),
  postal_code: z.string(),
  country: z.string(),
  social_handle: z.string().describe('e.g. @shantivillaretreat; empty: none'),
  social_url: z.string().describe('The social account’s address; empty: none'),
});
export type BusinessContact = z.infer<typeof BusinessContactSchema>;

/** Digits a phone number must have to be dialled from abroad (E.164 allows at most 15). */
const PHONE_DIGITS = { min: 8, max: 15 } as const;
const PHONE_PATTERN = /^\+?[\d\s().-]+$/;
// Deliberately plain: one @, no spaces, a dot in the domain. The mail server has the last word.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Check = (value: string) => string | undefined;

/** A trimmed text whose every refusal carries its code (the API answers it beside the message). */
function contactText(label: string, code: BusinessContactErrorCode, check: Check) {
  return z
    .string({
      // A field left out or not text: the issue zod makes gets the code too (its params are kept).
      error: (issue) => {
        (issue as { params?: object }).params = { code };
        return issue.input === undefined ? `${label} is required` : `${label} must be text`;
      },
    })
    .transform((value) => value.trim())
    .superRefine((value, context) => {
      const problem = hasControlCharacters(value)
        ? `${label} contains characters that are not allowed`
        : check(value);
      if (problem) context.addIssue({ code: 'custom', message: problem, params: { code } });
    });
}

const lengthAtMost =
  (label: string, max: number, required: boolean): Check =>
  (value) => {
    if (required && value === '') return `${label} is required`;
    if (value.length > max) return `${label} must be at most ${max} characters`;
    return undefined;
  };

/** A line of the postal address, as long as its limit; refused with the address's code. */
const defineAddressLine = (label: string, max: number, { optional = false } = {}) =>
  contactText(label, 'contact_address_invalid', lengthAtMost(label, max, !optional));

/** A phone number guests can dial: digits with spaces, dashes or brackets, a leading + for the country. */
export function describePhoneProblem(value: string): string | undefined {
  if (value === '') return 'The phone number is required';
  if (value.length > BUSINESS_CONTACT_LIMITS.phoneMax || !PHONE_PATTERN.test(value))
    return 'The phone number may have only digits, spaces, brackets, dashes and a leading +, e.g. +91 98765 43210';
  const digits = value.replace(/\D/g, '').length;
  if (digits < PHONE_DIGITS.min || digits > PHONE_DIGITS.max)
    return `The phone number must have ${PHONE_DIGITS.min} to ${PHONE_DIGITS.max} digits, with the country code, e.g. +91 98765 43210`;
  return undefined;
}

export const BusinessContactUpdateSchema = z.object({
  phone: contactText('The phone number', 'contact_phone_invalid', describePhoneProblem),
  email: contactText('The e-mail address', 'contact_email_invalid', (value) => {
    if (value === '') return 'The e-mail address is required';
    if (value.length > BUSINESS_CONTACT_LIMITS.emailMax || !EMAIL_PATTERN.test(value))
      return 'The e-mail address must look like name@example.com';
    return undefined;
  }),
  street: defineAddressLine('The street', BUSINESS_CONTACT_LIMITS.lineMax),
  city: defineAddressLine('The city', BUSINESS_CONTACT_LIMITS.lineMax),
  region: defineAddressLine('The state or region', BUSINESS_CONTACT_LIMITS.lineMax),
  postal_code: defineAddressLine('The PIN or postal code', BUSINESS_CONTACT_LIMITS.postalCodeMax, {
    optional: true,
  }),
  country: defineAddressLine('The country', BUSINESS_CONTACT_LIMITS.lineMax),
  social_handle: contactText('The social handle', 'contact_social_invalid', (value) => {
    if (value.length > BUSINESS_CONTACT_LIMITS.socialHandleMax)
      return `The social handle must be at most ${BUSINESS_CONTACT_LIMITS.socialHandleMax} characters`;
    if (/\s/.test(value)) return 'The social handle must be one word, e.g. @shantivillaretreat';
    return undefined;
  }).default(''),
  social_url: contactText('The social link', 'contact_social_invalid', (value) => {
    if (value === '') return undefined;
    if (value.length > BUSINESS_CONTACT_LIMITS.socialUrlMax)
      return `The social link must be at most ${BUSINESS_CONTACT_LIMITS.socialUrlMax} characters`;
    if (!URL.canParse(value) || new URL(value).protocol !== 'https:')
      return 'The social link must be an https:// address, e.g. https://instagram.com/shantivillaretreat';
    return undefined;
  }).default(''),
});
export type BusinessContactUpdateInput = z.input<typeof BusinessContactUpdateSchema>;
export type BusinessContactUpdate = z.output<typeof BusinessContactUpdateSchema>;
