import { z } from 'zod';
import { countDaysBetween } from './dates';
import { isoDate } from './fields';
import { MAX_REPORT_DAYS } from './report';
import { AmountSchema } from './wire-amount';

/**
 * The register of issued documents the accountant files GSTR-1 from, and GST by month for the reports.
 */

/** The register covers at most two years (731 days, a leap day included), so one export stays cheap. */
export const MAX_REGISTER_DAYS = 731;

const periodShape = {
  from: isoDate('from').describe('First day of issue (YYYY-MM-DD), included'),
  to: isoDate('to').describe('The day after the last day of issue (YYYY-MM-DD), excluded'),
  property: z
    .uuid({ error: 'property must be a property id (a UUID)' })
    .optional()
    .describe("Leave out for all the operator's properties"),
};

export const InvoiceRegisterQuerySchema = z
  .object(periodShape)
  .refine((query) => query.from < query.to, { message: '"to" must be after "from"', path: ['to'] })
  .refine((query) => countDaysBetween(query.from, query.to) <= MAX_REGISTER_DAYS, {
    message: `The invoice register covers at most ${MAX_REGISTER_DAYS} days (two years): export it in parts`,
    path: ['to'],
  });
export type InvoiceRegisterQuery = z.output<typeof InvoiceRegisterQuerySchema>;

/** GST by month of issue reads the same period as the reports (at most three years). */
export const GstSummaryQuerySchema = z
  .object(periodShape)
  .refine((query) => query.from < query.to, { message: '"to" must be after "from"', path: ['to'] })
  .refine((query) => countDaysBetween(query.from, query.to) <= MAX_REPORT_DAYS, {
    message: `GST by month covers at most ${MAX_REPORT_DAYS} days`,
    path: ['to'],
  });
export type GstSummaryQuery = z.output<typeof GstSummaryQuerySchema>;

const GstFiguresSchema = z.object({
  taxable_value: AmountSchema.describe(
    'Taxable value of tax invoices (value of supply of bills of supply) less credit notes',
  ),
  cgst: AmountSchema,
  sgst: AmountSchema,
  igst: AmountSchema,
  invoices: z.number().int().describe('Tax invoices and bills of supply issued'),
  credit_notes: z.number().int().describe('Credit notes issued, whose amounts are subtracted'),
});
export type GstFigures = z.infer<typeof GstFiguresSchema>;

export const GstSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  property_id: z.uuid().nullable(),
  currency: z
    .literal('INR')
    .describe('GST is charged in rupees; receipts for stays outside India are left out'),
  months: z.array(GstFiguresSchema.extend({ month: z.string().describe('yyyy-MM, by the day of issue') })),
  total: GstFiguresSchema,
});
export type GstSummary = z.infer<typeof GstSummarySchema>;
