import type { InvoiceSummary } from '@/domain/invoice';
import { formatMoney, moneyFromMajor } from '@/domain/money';
import type { Wire } from '@/domain/wire-amount';

/** An amount of a document, in its currency, as people read it. */
export function formatInvoiceAmount(invoice: Pick<InvoiceSummary, 'currency'>, amount: number): string {
  return formatMoney(moneyFromMajor(amount, invoice.currency));
}

/**
 * The booking's invoice that credit notes can still take something back from. A booking has at most one
 * (a second invoice is issued only once the first is wholly credited); the list is newest first.
 */
export function findCreditableInvoice(
  invoices: readonly Wire<InvoiceSummary>[],
): Wire<InvoiceSummary> | undefined {
  return invoices.find((invoice) => invoice.left_to_credit !== null && invoice.left_to_credit > 0);
}
