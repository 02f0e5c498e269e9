import { addDaysToDate, getMonthRange, shiftMonth } from '@/domain/dates';

export const REPORT_PERIODS = [
  { value: 'this-month', label: 'This month' },
  { value: 'next-3-months', label: 'The next 3 months' },
  { value: 'last-12-months', label: 'The last 12 months' },
  { value: 'this-year', label: 'This year' },
  { value: 'custom', label: 'Custom dates' },
] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number]['value'];

/**
 * The nights [from, to) a period covers, from the villa's today. A custom period's `last` is the last
 * night included, as a person picks it.
 */
export function resolveReportPeriod(
  period: ReportPeriod,
  today: string,
  custom: { first?: string; last?: string } = {},
): { from: string; to: string } | null {
  const month = today.slice(0, 7);
  switch (period) {
    case 'this-month':
      return { from: getMonthRange(month).start, to: getMonthRange(month).end };
    case 'next-3-months':
      return { from: getMonthRange(month).start, to: getMonthRange(shiftMonth(month, 2)).end };
    case 'last-12-months':
      return { from: getMonthRange(shiftMonth(month, -11)).start, to: getMonthRange(month).end };
    case 'this-year':
      return { from: `${today.slice(0, 4)}-01-01`, to: `${Number(today.slice(0, 4)) + 1}-01-01` };
    case 'custom':
      return custom.first && custom.last && custom.last >= custom.first
        ? { from: custom.first, to: addDaysToDate(custom.last, 1) }
        : null;
  }
}
