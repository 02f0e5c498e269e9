import type { FastifyInstance } from 'fastify';
import { addDaysToDate, shiftMonth } from '../../domain/dates';
import { computeReportFigures, createEmptyReportCounts, sumReportCounts } from '../../domain/report';
import { getOperator } from '../auth/plugin';
import type { Db } from '../db/client';
import { withOperator } from '../db/with-operator';
import { requireProperty } from '../properties/queries';
import { countReport } from './queries';
import { reportEndpoints } from '../../domain/contracts/reports';
import { registerEndpoint } from '../register-endpoint';

/** Every month that has a night of [from, to), `yyyy-MM`, in order. */
function listMonths(from: string, to: string): string[] {
  const months: string[] = [];
  const last = addDaysToDate(to, -1).slice(0, 7);
  for (let month = from.slice(0, 7); month <= last; month = shiftMonth(month, 1)) months.push(month);
  return months;
}

export async function registerReportRoutes(app: FastifyInstance, options: { db: Db }) {
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
}
