import type { FastifyReply } from 'fastify';
import { formatInvoiceFileName } from '../../domain/invoice';
import type { InvoiceDocument } from '../../domain/invoice-document';
import { renderInvoicePdf } from './render-invoice-pdf';

/**
 * An issued document's PDF as the answer, shown in the browser under its number. It names a person and
 * their stay, so no shared cache keeps it.
 */
export async function sendInvoicePdf(reply: FastifyReply, document: InvoiceDocument) {
  const pdf = await renderInvoicePdf(document);
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${formatInvoiceFileName(document.number)}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}
