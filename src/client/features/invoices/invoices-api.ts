import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { invoiceRoutes } from '@/domain/contracts/routes';
import type { IssueCreditNoteInput, IssueInvoiceInput } from '@/domain/invoice';
import { buildEndpointUrl, callEndpoint } from '@/client/lib/api-client';
import { invalidateOperatorData, operatorDataKey } from '@/client/lib/query';

export const invoiceKeys = {
  all: [...operatorDataKey, 'invoices'] as const,
  booking: (bookingId: string) => [...invoiceKeys.all, 'booking', bookingId] as const,
};

/** A booking's documents: invoices (or bills of supply, receipts) and the credit notes against them. */
export function bookingInvoicesQuery(bookingId: string) {
  return queryOptions({
    queryKey: invoiceKeys.booking(bookingId),
    queryFn: ({ signal }) =>
      callEndpoint(invoiceRoutes.listInvoices, { query: { booking_id: bookingId }, signal }),
  });
}

/** Where a document's PDF is: a plain link, opened by the browser (the answer is application/pdf). */
export function buildInvoicePdfUrl(invoiceId: string): string {
  return buildEndpointUrl(invoiceRoutes.getInvoicePdf, { params: { invoiceId } });
}

/** Issuing changes what reports and other views may show: every view of the operator's data reloads. */
export function useIssueInvoice(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IssueInvoiceInput) =>
      callEndpoint(invoiceRoutes.issueInvoice, { params: { bookingId }, body }),
    onSuccess: () => void invalidateOperatorData(queryClient),
  });
}

export function useIssueCreditNote(invoiceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IssueCreditNoteInput) =>
      callEndpoint(invoiceRoutes.issueCreditNote, { params: { invoiceId }, body }),
    onSuccess: () => void invalidateOperatorData(queryClient),
  });
}
