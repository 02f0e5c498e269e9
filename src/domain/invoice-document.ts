import { z } from 'zod';

/**
 * An issued document as it was issued: everything its PDF, the register and the guest see, kept whole
 * with it, so that a later change of the business profile, the property or the booking never changes
 * a document already given (an issued invoice never changes; corrections are credit notes).
 *
 * Amounts are in minor units (paise) of `currency`; rates in basis points (500 = 5 %).
 */

export const INVOICE_KINDS = ['tax_invoice', 'bill_of_supply', 'receipt', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** Who is taxed how: CGST and SGST within a state, IGST across states, none on a bill or a receipt. */
export const TAX_SPLITS = ['intra_state', 'inter_state', 'none'] as const;
export type TaxSplit = (typeof TAX_SPLITS)[number];

/** Services Accounting Code for accommodation in hotels, inns, guest houses and the like. */
export const ACCOMMODATION_SAC = '996311';

const minor = z.number().int();

export const InvoicePartySchema = z.object({
  name: z.string().describe('Legal name (the supplier) or the guest or company (the recipient)'),
  trade_name: z.string().nullable(),
  address: z.string().nullable(),
  state_code: z.string().nullable().describe('GST state code, two digits'),
  state_name: z.string().nullable(),
  gstin: z.string().nullable(),
  pan: z.string().nullable(),
  // The supplier's contact details when it was issued (none on documents issued before they were settings).
  phone: z.string().nullish(),
  email: z.string().nullish(),
});
export type InvoiceParty = z.infer<typeof InvoicePartySchema>;

export const InvoiceLineSchema = z.object({
  description: z.string().describe('e.g. "Accommodation at Sunset Villa, 2 nights, 12–14 Dec 2026"'),
  sac: z.string().nullable().describe('996311 on tax invoices and bills of supply; null on a receipt'),
  nights: z.number().int().nullable().describe('Nights charged at this rate, when known'),
  taxable_minor: minor.describe('Taxable value (the value of supply on a bill or receipt)'),
  rate_bp: z.number().int().describe('The GST rate in basis points (500 = 5 %); 0 on a bill or receipt'),
  cgst_minor: minor,
  sgst_minor: minor,
  igst_minor: minor,
  total_minor: minor.describe('Taxable value plus its tax'),
});
export type InvoiceLine = z.infer<typeof InvoiceLineSchema>;

export const InvoiceDocumentSchema = z.object({
  kind: z.enum(INVOICE_KINDS),
  title: z.string().describe('"Tax Invoice", "Bill of Supply", "Receipt" or "Credit Note"'),
  number: z.string().max(16),
  issued_on: z.string().describe('The date of issue, YYYY-MM-DD, at the villa'),
  currency: z.string(),
  supplier: InvoicePartySchema,
  recipient: InvoicePartySchema,
  /** Place of supply for accommodation is where the property is. */
  place_of_supply: z
    .object({ state_code: z.string(), state_name: z.string() })
    .nullable()
    .describe('Null on a receipt for a property outside India'),
  tax_split: z.enum(TAX_SPLITS),
  reverse_charge: z.boolean().describe('Always false for accommodation: "Reverse charge: No"'),
  stay: z.object({
    property_name: z.string(),
    property_address: z.string(),
    check_in: z.string(),
    check_out: z.string(),
    nights: z.number().int(),
    guests: z.number().int().nullable().describe("null: a channel's stay whose calendar did not say"),
    booking_reference: z.string(),
  }),
  lines: z.array(InvoiceLineSchema),
  taxable_minor: minor,
  cgst_minor: minor,
  sgst_minor: minor,
  igst_minor: minor,
  total_minor: minor,
  total_in_words: z.string().describe('"Indian Rupees One Lakh Ten Thousand Three Hundred Thirty Only"'),
  /** A credit note names the invoice it corrects and why. */
  corrects: z.object({ number: z.string(), issued_on: z.string(), reason: z.string() }).nullable(),
  signatory: z.string().nullable().describe('Name of the authorised signatory'),
  notes: z.array(z.string()).describe('Lines printed under the totals'),
});
export type InvoiceDocument = z.infer<typeof InvoiceDocumentSchema>;
