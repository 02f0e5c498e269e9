import { queryOptions } from '@tanstack/react-query';
import { invoiceRoutes, reportRoutes } from '@/domain/contracts/routes';
import { buildEndpointUrl, callEndpoint } from '@/client/lib/api-client';
import { operatorDataKey } from '@/client/lib/query';

export const reportKeys = {
  all: [...operatorDataKey, 'reports'] as const,
  report: (query: { from: string; to: string; property: string | null }) =>
    [...reportKeys.all, query] as const,
};

/** Occupancy, revenue and the rest by month and source, for one property or all of them. */
export function reportQuery(query: { from: string; to: string; property: string | null }) {
  return queryOptions({
    queryKey: reportKeys.report(query),
    queryFn: ({ signal }) =>
      callEndpoint(reportRoutes.getReport, {
        query: { from: query.from, to: query.to, property: query.property ?? undefined },
        signal,
      }),
  });
}

/** What guests still owe (now, not over a period), for one property or all of them. */
export function outstandingBalancesQuery(property: string | null) {
  return queryOptions({
    queryKey: [...reportKeys.all, 'outstanding-balances', property] as const,
    queryFn: ({ signal }) =>
      callEndpoint(reportRoutes.listOutstandingBalances, {
        query: { property: property ?? undefined },
        signal,
      }),
  });
}

/** The address of the payment ledger's CSV for a period, which the browser downloads. */
export function buildPaymentsCsvUrl(query: { from: string; to: string; property: string | null }) {
  return buildEndpointUrl(reportRoutes.exportPaymentsCsv, {
    query: { from: query.from, to: query.to, property: query.property ?? undefined },
  });
}

/** GST by month of issue (taxable value, CGST, SGST, IGST, net of credit notes), for the report's period. */
export function gstSummaryQuery(query: { from: string; to: string; property: string | null }) {
  return queryOptions({
    queryKey: [...reportKeys.all, 'gst', query] as const,
    queryFn: ({ signal }) =>
      callEndpoint(reportRoutes.getGstSummary, {
        query: { from: query.from, to: query.to, property: query.property ?? undefined },
        signal,
      }),
  });
}

/** The address of the invoice register's CSV (for GSTR-1) for a period, which the browser downloads. */
export function buildInvoiceRegisterCsvUrl(query: { from: string; to: string; property: string | null }) {
  return buildEndpointUrl(invoiceRoutes.exportInvoiceRegisterCsv, {
    query: { from: query.from, to: query.to, property: query.property ?? undefined },
  });
}
