import { DomainError } from '../../domain/domain-error';
import {
  findFiscalYear,
  findInvoiceSeries,
  findMaxSequence,
  formatFiscalYear,
  formatInvoiceNumber,
} from '../../domain/invoice';
import type { InvoiceKind } from '../../domain/invoice-document';
import type { Tx } from '../db/client';
import { takeNextSequence } from '../store/invoices';

/**
 * The next number of a document's series in the financial year of its day of issue, refused when the
 * year's numbers of this prefix are used up (a number has at most 16 characters). The series stays locked
 * until the transaction ends, so an issue rolled back gives its number back.
 */
export async function takeInvoiceNumber(
  tx: Tx,
  input: { operatorId: string; prefix: string; kind: InvoiceKind; issuedOn: string },
) {
  const series = findInvoiceSeries(input.kind);
  const fiscalYear = findFiscalYear(input.issuedOn);
  const sequence = await takeNextSequence(tx, { operatorId: input.operatorId, series, fiscalYear });
  if (sequence > findMaxSequence(input.prefix, series, fiscalYear))
    throw new DomainError(
      'invoice_numbers_used_up',
      `The numbers of FY ${formatFiscalYear(fiscalYear)} with prefix ${input.prefix} are used up: choose a shorter invoice prefix in your business profile`,
      { prefix: input.prefix, fiscal_year: formatFiscalYear(fiscalYear) },
    );
  return { fiscalYear, sequence, number: formatInvoiceNumber(input.prefix, series, fiscalYear, sequence) };
}
