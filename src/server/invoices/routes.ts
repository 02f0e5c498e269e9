import { sendCsvAttachment } from '../csv';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invoiceEndpoints } from '../../domain/contracts/invoices';
import { addDaysToDate, villaToday } from '../../domain/dates';
import { getOperator } from '../auth/plugin';
import type { Db, Tx } from '../db/client';
import { withOperator } from '../db/with-operator';
import { requireProperty } from '../store/properties';
import { registerEndpoint } from '../http/register-endpoint';
import { withSignedInOperator } from '../auth/operator-work';
import { DomainError } from '../../domain/domain-error';
import { INVOICE_NOT_FOUND } from '../../domain/invoice';
import type { FindUnprintableCharacters } from '../../domain/printable-text';
import { issueCreditNote } from '../operations/issue-credit-note';
import { issueInvoice } from '../operations/issue-invoice';
import {
  findInvoiceRow,
  listInvoiceRows,
  listRelatedInvoiceRows,
  shapeInvoices,
  type InvoiceRow,
} from '../store/invoices';
import { formatInvoiceRegisterCsv, INVOICE_REGISTER_COLUMNS } from './register-csv';
import { listInvoiceRegisterRows } from './register-queries';
import { findUnprintableCharacters } from './pdf-text';
import { sendInvoicePdf } from './send-invoice-pdf';

/** What every issue of a document is given by the route. */
type Issuer = { operatorId: string; issuedOn: string; findUnprintable: FindUnprintableCharacters };

export async function registerInvoiceRoutes(
  app: FastifyInstance,
  options: {
    db: Db;
    now?: () => Date;
    /** Hands what an issue wrote to its subscribers (the guest's e-mail with the document), after the commit. */
    onEventsWritten?: () => void;
  },
) {
  const today = () => villaToday(options.now?.());
  // An invoice and a credit note are issued alike: as the signed-in operator, dated today, refused when the
  // PDF could not print them; the guest's e-mail with the document is left to the subscribers once the
  // issue is committed. Answered as listed, with the document.
  const issueDocument = async (
    request: FastifyRequest,
    issue: (tx: Tx, issuer: Issuer) => Promise<{ row: InvoiceRow; invoice?: InvoiceRow }>,
  ) => {
    const { row, invoice } = await withSignedInOperator(options.db, request, (tx, operatorId) =>
      issue(tx, { operatorId, issuedOn: today(), findUnprintable: findUnprintableCharacters }),
    );
    options.onEventsWritten?.();
    return { ...shapeInvoices([row], invoice && [invoice])[0]!, document: row.document };
  };

  registerEndpoint(
    app,
    invoiceEndpoints.listInvoices,
    {
      summary: "The operator's invoices, bills of supply, receipts and credit notes, newest first",
      description:
        'Filter by booking, or by the day of issue (from included, to excluded). Each invoice says what credit notes can still take back of it; each credit note names the invoice it corrects.',
    },
    (request) =>
      withOperator(options.db, getOperator(request).id, async (tx) => {
        const rows = await listInvoiceRows(tx, request.query);
        return shapeInvoices(rows, await listRelatedInvoiceRows(tx, rows));
      }),
  );

  registerEndpoint(
    app,
    invoiceEndpoints.issueInvoice,
    {
      summary:
        "Issue a booking's tax invoice (a bill of supply when not registered for GST; a receipt outside India)",
      description:
        'Numbered consecutively in the financial year (April to March), at most 16 characters. The guest is the recipient unless a name is given; a GSTIN makes it a B2B invoice (its name and address are then required). A channel stay is invoiced only with the amount the channel paid (amount, tax included). One invoice per booking at a time: issue a credit note against it to change it.',
    },
    async (request, reply) => {
      const summary = await issueDocument(request, async (tx, issuer) => ({
        row: await issueInvoice(tx, { ...request.body, ...issuer, bookingId: request.params.bookingId }),
      }));
      return reply.status(201).send(summary);
    },
  );

  registerEndpoint(
    app,
    invoiceEndpoints.issueCreditNote,
    {
      summary: 'Issue a credit note against an invoice: all that is left of it, or part of it',
      description:
        'For a refund, a cancellation or a correction after invoicing. The amount (tax included) is shared over the invoice lines by what each has left and taken back into value and tax at its rate; never more than the invoice has left. Numbered in its own series.',
    },
    async (request, reply) => {
      const summary = await issueDocument(request, (tx, issuer) =>
        issueCreditNote(tx, { ...request.body, ...issuer, invoiceId: request.params.invoiceId }),
      );
      return reply.status(201).send(summary);
    },
  );

  registerEndpoint(
    app,
    invoiceEndpoints.exportInvoiceRegisterCsv,
    {
      summary:
        'The invoice register as CSV for GSTR-1: each invoice, bill of supply, receipt and credit note issued in the period',
      description: [
        `Documents issued from \`from\` (included) to \`to\` (excluded), at most two years; all properties unless one is named. Invoices and bills of supply first, then credit notes, then receipts, each series in number order.`,
        `One line per rate band of a document (GSTR-1 reports each invoice by rate): \`total\` is the band's taxable value plus its tax, \`document_value\` the whole document's total, repeated on each of its lines as GSTR-1's invoice value is.`,
        `Columns: ${INVOICE_REGISTER_COLUMNS.join(', ')}. A place of supply reads "27-Maharashtra"; rates are percentages ("18"); amounts plain decimals ("12000.00").`,
        `Credit notes carry positive amounts, with document_type "Credit note" and the invoice they correct: GSTR-1's credit note tables (CDNR, CDNUR) take them so, and the note itself prints them so; subtract them to net a column.`,
        'Text a spreadsheet would read as a formula is prefixed with an apostrophe.',
      ].join(' '),
    },
    async (request, reply) => {
      const rows = await withOperator(options.db, getOperator(request).id, async (tx) => {
        if (request.query.property) await requireProperty(tx, request.query.property);
        return listInvoiceRegisterRows(tx, request.query);
      });
      const name = `invoice-register-${request.query.from}-to-${addDaysToDate(request.query.to, -1)}.csv`;
      return sendCsvAttachment(reply, name, formatInvoiceRegisterCsv(rows));
    },
  );

  registerEndpoint(
    app,
    invoiceEndpoints.getInvoicePdf,
    {
      summary: 'An invoice, bill of supply, receipt or credit note as a PDF, as it was issued',
      description:
        'Drawn from the document stored when it was issued, so a later change of the business profile or the booking never changes it. Shown inline, named after its number.',
    },
    async (request, reply) => {
      const row = await withOperator(options.db, getOperator(request).id, (tx) =>
        findInvoiceRow(tx, request.params.invoiceId),
      );
      if (!row) throw new DomainError('invoice_not_found', INVOICE_NOT_FOUND);
      return sendInvoicePdf(reply, row.document);
    },
  );
}
