import { sendCsvAttachment } from '../csv';
import type { FastifyInstance } from 'fastify';
import { addDaysToDate, shiftMonth, villaToday } from '../../domain/dates';
import type { MinorUnits } from '../../domain/money';
import { computeReportFigures, createEmptyReportCounts, sumReportCounts } from '../../domain/report';
import { getOperator } from '../auth/plugin';
import type { Db } from '../db/client';
import { withOperator } from '../db/with-operator';
import { requireProperty } from '../store/properties';
import { countReport } from './queries';
import { listLedgerForCsv, listOutstandingBalances } from './money-queries';
import { formatPaymentsCsv } from './payments-csv';
import { reportEndpoints } from '../../domain/contracts/reports';
import { registerEndpoint } from '../http/register-endpoint';
import { sumGstByMonth, type GstMonthRow } from '../invoices/register-queries';

/** A month's (or the period's) GST counts as the API answers them (in paise, sent in rupees). */
function shapeGstFigures(row: Omit<GstMonthRow, 'month'>) {
  return {
    taxable_value: row.taxable,
    cgst: row.cgst,
    sgst: row.sgst,
    igst: row.igst,
    invoices: row.invoices,
    credit_notes: row.credit_notes,
  };
}

/** Every month that has a night of [from, to), `yyyy-MM`, in order. */
function listMonths(from: string, to: string): string[] {
  const months: string[] = [];
  const last = addDaysToDate(to, -1).slice(0, 7);
  for (let month = from.slice(0, 7); month <= last; month = shiftMonth(month, 1)) months.push(month);
  return months;
}

export async function registerReportRoutes(app: FastifyInstance, options: { db: Db; now?: () => Date }) {
  registerEndpoint(
    app,
    reportEndpoints.getReport,
    {
      summary: 'Occupancy, nights sold, ADR, revenue and RevPAR by month and by source, per currency',
      description:
        'Over the active properties, or one. Cancelled stays never count and pending ones are not sold yet; a stay across a month end is split by night. Currencies are kept apart.',
    },
    (request) =>
      withOperator(options.db, getOperator(request).id, async (tx) => {
        const { query } = request;
        if (query.property) await requireProperty(tx, query.property);
        const counted = await countReport(tx, query);
        const months = listMonths(query.from, query.to);
        return {
          from: query.from,
          to: query.to,
          property_id: query.property ?? null,
          currencies: [...counted]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([currency, byMonth]) => {
              const list = months.map((month) => byMonth.get(month) ?? createEmptyReportCounts());
              return {
                currency,
                months: list.map((counts, index) => ({
                  month: months[index]!,
                  ...computeReportFigures(counts),
                })),
                total: computeReportFigures(sumReportCounts(list)),
              };
            }),
        };
      }),
  );

  registerEndpoint(
    app,
    reportEndpoints.listOutstandingBalances,
    {
      summary: 'What guests still owe: confirmed and completed stays with a balance, the soonest due first',
      description:
        "Each with its total, what was paid (less refunds), the balance, what is due next and by when, and whether it is overdue, by the ledger and the property's payment settings; totals per currency. Stays the channel collects owe nothing here.",
    },
    (request) =>
      withOperator(options.db, getOperator(request).id, async (tx) => {
        if (request.query.property) await requireProperty(tx, request.query.property);
        return listOutstandingBalances(tx, { ...request.query, today: villaToday(options.now?.()) });
      }),
  );

  registerEndpoint(
    app,
    reportEndpoints.getGstSummary,
    {
      summary: 'GST by month of issue: taxable value, CGST, SGST and IGST, net of credit notes',
      description:
        "Tax invoices and bills of supply issued in the period (from included, to excluded), less the credit notes issued in it, by the month of each document's day of issue; every month of the period, with zeros where nothing was issued. In rupees: receipts for stays outside India bear no GST and are left out. All properties unless one is named.",
    },
    (request) =>
      withOperator(options.db, getOperator(request).id, async (tx) => {
        const { query } = request;
        if (query.property) await requireProperty(tx, query.property);
        const byMonth = new Map((await sumGstByMonth(tx, query)).map((row) => [row.month, row]));
        const none = 0 as MinorUnits;
        const zero = { taxable: none, cgst: none, sgst: none, igst: none, invoices: 0, credit_notes: 0 };
        const months = listMonths(query.from, query.to).map((month) => ({
          month,
          ...(byMonth.get(month) ?? zero),
        }));
        const total = months.reduce(
          (sum, row) => ({
            taxable: (sum.taxable + row.taxable) as MinorUnits,
            cgst: (sum.cgst + row.cgst) as MinorUnits,
            sgst: (sum.sgst + row.sgst) as MinorUnits,
            igst: (sum.igst + row.igst) as MinorUnits,
            invoices: sum.invoices + row.invoices,
            credit_notes: sum.credit_notes + row.credit_notes,
          }),
          zero,
        );
        return {
          from: query.from,
          to: query.to,
          property_id: query.property ?? null,
          currency: 'INR' as const,
          months: months.map((row) => ({ month: row.month, ...shapeGstFigures(row) })),
          total: shapeGstFigures(total),
        };
      }),
  );

  registerEndpoint(
    app,
    reportEndpoints.exportPaymentsCsv,
    {
      summary: 'The payment ledger as CSV for the accountant: one line per entry received in the period',
      description:
        'Columns: received_on, booking_reference, guest_name, property, kind, method, reference, note, amount (money out and corrections of money in below 0), currency. Amounts in different currencies are never added: sum each currency apart. Text a spreadsheet would read as a formula is prefixed with an apostrophe.',
    },
    async (request, reply) => {
      const rows = await withOperator(options.db, getOperator(request).id, async (tx) => {
        if (request.query.property) await requireProperty(tx, request.query.property);
        return listLedgerForCsv(tx, request.query);
      });
      const name = `payments-${request.query.from}-to-${addDaysToDate(request.query.to, -1)}.csv`;
      return sendCsvAttachment(reply, name, formatPaymentsCsv(rows));
    },
  );
}
