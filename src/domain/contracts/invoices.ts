import { z } from 'zod';
import { InvoiceDocumentSchema } from '../invoice-document';
import {
  InvoiceListQuerySchema,
  InvoiceSummarySchema,
  IssueCreditNoteSchema,
  IssueInvoiceSchema,
} from '../invoice';
import { InvoiceRegisterQuerySchema } from '../invoice-register';
import { BookingIdParamsSchema } from './bookings';
import { defineEndpoint, errorResponses } from './endpoint';
import { invoiceRoutes } from './routes';

export const InvoiceIdParamsSchema = z.object({
  invoiceId: z.uuid({ error: 'Invoice not found' }),
});

const IssuedInvoiceSchema = InvoiceSummarySchema.extend({ document: InvoiceDocumentSchema });

export const invoiceEndpoints = {
  listInvoices: defineEndpoint({
    ...invoiceRoutes.listInvoices,
    tags: ['invoices'],
    session: true,
    query: InvoiceListQuerySchema,
    responses: { 200: z.array(InvoiceSummarySchema), ...errorResponses(400, 401) },
  }),
  issueInvoice: defineEndpoint({
    ...invoiceRoutes.issueInvoice,
    tags: ['invoices'],
    session: true,
    params: BookingIdParamsSchema,
    body: IssueInvoiceSchema,
    responses: { 201: IssuedInvoiceSchema, ...errorResponses(400, 401, 404, 409) },
  }),
  issueCreditNote: defineEndpoint({
    ...invoiceRoutes.issueCreditNote,
    tags: ['invoices'],
    session: true,
    params: InvoiceIdParamsSchema,
    body: IssueCreditNoteSchema,
    responses: { 201: IssuedInvoiceSchema, ...errorResponses(400, 401, 404, 409) },
  }),
  getInvoicePdf: defineEndpoint({
    ...invoiceRoutes.getInvoicePdf,
    tags: ['invoices'],
    session: true,
    params: InvoiceIdParamsSchema,
    produces: ['application/pdf'],
    responses: { 200: z.string().describe('application/pdf'), ...errorResponses(400, 401, 404) },
  }),
  exportInvoiceRegisterCsv: defineEndpoint({
    ...invoiceRoutes.exportInvoiceRegisterCsv,
    tags: ['invoices'],
    session: true,
    query: InvoiceRegisterQuerySchema,
    produces: ['text/csv'],
    responses: {
      200: z.string().describe('text/csv; charset=utf-8'),
      ...errorResponses(400, 401, 404),
    },
  }),
};
