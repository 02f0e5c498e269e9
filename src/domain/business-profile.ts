import { z } from 'zod';
import { optionalText, requiredText } from './fields';
import { gstinProblem, isGstStateCode, PAN_PATTERN } from './gstin';

/**
 * The business behind the invoices: who supplies the stays, where, under which PAN and GSTINs, and how
 * its invoices are numbered. An operator not registered for GST issues bills of supply (no tax).
 */

/** The lines an address on an invoice may have: each party's block must fit on the page beside the other. */
export const ADDRESS_LINES_MAX = 8;

export const BUSINESS_PROFILE_LIMITS = {
  legalNameMax: 200,
  tradeNameMax: 200,
  addressMax: 500,
  signatoryMax: 100,
  invoicePrefixMax: 6,
  // One GSTIN per state at most.
  gstinsMax: 40,
} as const;

/**
 * An invoice number is at most 16 characters (CGST Rule 46): six of prefix leave ten for the financial
 * year and the number, e.g. "SV/2526/000123".
 */
export const INVOICE_PREFIX_PATTERN = /^[A-Z0-9/-]{1,6}$/;

export const GstinEntrySchema = z.object({
  state_code: z.string().describe('GST state code, two digits (27: Maharashtra)'),
  gstin: z.string().describe('The 15-character GSTIN registered in that state'),
});
export type GstinEntry = z.infer<typeof GstinEntrySchema>;

export const BusinessProfileSchema = z.object({
  saved: z.boolean().describe('False while the operator has saved none: these are the defaults'),
  registered: z.boolean().describe('Registered for GST: tax invoices; not registered: bills of supply'),
  legal_name: z.string(),
  trade_name: z.string().nullable(),
  address: z.string(),
  state_code: z.string().nullable().describe("The GST state code of the business's address"),
  pan: z.string().nullable(),
  gstins: z.array(GstinEntrySchema),
  invoice_prefix: z.string(),
  signatory_name: z.string().nullable(),
});
export type BusinessProfile = z.infer<typeof BusinessProfileSchema>;

export const BUSINESS_PROFILE_DEFAULTS: BusinessProfile = {
  saved: false,
  registered: false,
  legal_name: '',
  trade_name: null,
  address: '',
  state_code: null,
  pan: null,
  gstins: [],
  invoice_prefix: 'INV',
  signatory_name: null,
};

const stateCode = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .refine(isGstStateCode, { message: `${label} must be a GST state code such as 27 (Maharashtra)` });

const upperTrimmed = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .transform((value) => value.toUpperCase());

export const BusinessProfileUpdateSchema = z
  .object({
    registered: z.boolean({ error: 'Registered for GST must be true or false' }),
    legal_name: requiredText('Legal name', { max: BUSINESS_PROFILE_LIMITS.legalNameMax, name: true }),
    trade_name: optionalText('Trade name', { max: BUSINESS_PROFILE_LIMITS.tradeNameMax, name: true }),
    address: requiredText('Address', {
      max: BUSINESS_PROFILE_LIMITS.addressMax,
      multiline: true,
      maxLines: ADDRESS_LINES_MAX,
    }),
    state_code: stateCode('State'),
    pan: upperTrimmed('PAN')
      .refine((value) => value === '' || PAN_PATTERN.test(value), {
        message: 'PAN must be 5 letters, 4 digits and a letter, such as AAPFU0939F',
      })
      .nullish()
      .transform((value) => (value ? value : null)),
    gstins: z
      .array(
        z.object({
          state_code: stateCode('GSTIN state'),
          gstin: upperTrimmed('GSTIN'),
        }),
        { error: 'GSTINs must be a list' },
      )
      .max(BUSINESS_PROFILE_LIMITS.gstinsMax, 'One GSTIN per state at most')
      .default([]),
    invoice_prefix: upperTrimmed('Invoice prefix').refine((value) => INVOICE_PREFIX_PATTERN.test(value), {
      message: `Invoice prefix must be 1 to ${BUSINESS_PROFILE_LIMITS.invoicePrefixMax} characters: capital letters, digits, '/' or '-'`,
    }),
    signatory_name: optionalText('Signatory name', { max: BUSINESS_PROFILE_LIMITS.signatoryMax, name: true }),
  })
  .superRefine((profile, context) => {
    if (profile.registered && !profile.pan) {
      context.addIssue({ code: 'custom', path: ['pan'], message: 'PAN is required when registered for GST' });
    }
    if (profile.registered && profile.gstins.length === 0) {
      context.addIssue({
        code: 'custom',
        path: ['gstins'],
        message: 'Add the GSTIN of at least one state when registered for GST',
      });
    }
    const seen = new Set<string>();
    profile.gstins.forEach((entry, index) => {
      const problem = gstinProblem(entry.gstin, profile.pan);
      if (problem) {
        context.addIssue({ code: 'custom', path: ['gstins', index, 'gstin'], message: problem });
      } else if (entry.gstin.slice(0, 2) !== entry.state_code) {
        context.addIssue({
          code: 'custom',
          path: ['gstins', index, 'gstin'],
          message: `GSTIN ${entry.gstin} is registered in state ${entry.gstin.slice(0, 2)}, not ${entry.state_code}`,
        });
      }
      if (seen.has(entry.state_code)) {
        context.addIssue({
          code: 'custom',
          path: ['gstins', index, 'state_code'],
          message: `Only one GSTIN per state: state ${entry.state_code} has one already`,
        });
      }
      seen.add(entry.state_code);
    });
  });
export type BusinessProfileUpdateInput = z.input<typeof BusinessProfileUpdateSchema>;
export type BusinessProfileUpdate = z.output<typeof BusinessProfileUpdateSchema>;
