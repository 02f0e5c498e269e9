import { useQuery } from '@tanstack/react-query';
import { DownloadIcon } from 'lucide-react';
import { lazy, Suspense, useId } from 'react';
import { BOOKING_SOURCE_LABELS } from '@/domain/booking';
import { countDaysBetween, villaToday } from '@/domain/dates';
import { MAX_REGISTER_DAYS } from '@/domain/invoice-register';
import type { Property } from '@/domain/property';
import type { Wire } from '@/domain/wire-amount';
import { formatMajorAmount } from '@/domain/money';
import type { Report, ReportFigures } from '@/domain/report';
import { DateFilter } from '@/client/components/date-filter';
import { QueryLoadError } from '@/client/components/query-state';
import { PropertyScopeToggle } from '@/client/components/property-scope-toggle';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { Card, CardContent, CardHeader } from '@/client/components/ui/card';
import { Select } from '@/client/components/ui/select';
import { Skeleton } from '@/client/components/ui/skeleton';
import { ViewSection } from '@/client/components/view-section';
import { formatDate } from '@/client/lib/format';
import { useUrlSearch } from '@/client/lib/use-url-search';
import { cn } from '@/client/lib/utils';
import { MonthHeaderCells } from './month-header-cells';
import { formatMonthShort, formatPercent } from './report-format';
import { REPORT_PERIODS, resolveReportPeriod, type ReportPeriod } from './report-period';
import { OutstandingBalancesCard } from './outstanding-balances';
import { GstSummaryCard } from './gst-summary';
import { buildInvoiceRegisterCsvUrl, buildPaymentsCsvUrl, reportQuery } from './reports-api';

// The chart library is loaded only when a report is shown.
const ReportCharts = lazy(() => import('./report-charts'));

/** The columns after the month, in the order `Row` fills them. */
const FIGURE_COLUMNS = ['Available', 'Booked', 'Occupancy', 'ADR', 'Revenue', 'RevPAR', 'Received'];

/** What the reports keep in the address bar. */
export const REPORTS_URL_PARAMETERS = ['period', 'from', 'to', 'scope'] as const;

const isPeriod = (value: string | null): value is ReportPeriod =>
  REPORT_PERIODS.some((period) => period.value === value);

/**
 * Occupancy, nights sold, ADR, revenue, RevPAR and money received for a period, by month and by source,
 * for the selected property or all of them; a chart to look at and a table with the exact figures.
 * Currencies are reported apart. Below them, GST by month, what guests owe today, and the ledger's and the
 * invoice register's CSV for the period.
 * The address bar keeps the choices.
 */
export function ReportsView({ selected }: { selected: Wire<Property> | null }) {
  const { params, navigate } = useUrlSearch();
  const period: ReportPeriod = isPeriod(params.get('period'))
    ? (params.get('period') as ReportPeriod)
    : 'last-12-months';
  const scope = selected && params.get('scope') !== 'all' ? 'selected' : 'all';
  const first = params.get('from') ?? '';
  const last = params.get('to') ?? '';
  const range = resolveReportPeriod(period, villaToday(), { first, last });
  const propertyId = scope === 'selected' && selected ? selected.id : null;
  const report = useQuery({
    ...reportQuery({ from: range?.from ?? '', to: range?.to ?? '', property: propertyId }),
    enabled: Boolean(range),
  });
  const periodId = useId();

  return (
    <ViewSection
      id="reports-title"
      title="Reports"
      description={
        <>
          {propertyId && selected ? selected.name : 'All active properties'}
          {range ? ` · ${formatDate(range.from)} – ${formatDate(lastNight(range.to))}` : ''}
        </>
      }
      actions={
        <div className="flex max-w-full min-w-0 flex-wrap items-end gap-3 text-sm">
          <PropertyScopeToggle
            label="Properties"
            selected={selected}
            scope={scope}
            onChange={(value) => navigate({ scope: value === 'all' ? 'all' : null })}
          />
          <label htmlFor={periodId} className="grid gap-1">
            <span className="text-muted-foreground">Period</span>
            <Select
              id={periodId}
              className="w-52"
              value={period}
              onChange={(event) => navigate({ period: event.target.value })}
            >
              {REPORT_PERIODS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </label>
          {period === 'custom' ? (
            <>
              <DateFilter
                label="First night"
                className="grid gap-1"
                value={first}
                onChange={(from) => navigate({ from })}
              />
              <DateFilter
                label="Last night"
                className="grid gap-1"
                value={last}
                onChange={(to) => navigate({ to })}
              />
            </>
          ) : null}
          {range ? (
            <a
              href={buildPaymentsCsvUrl({ ...range, property: propertyId })}
              download
              className={buttonVariants({ variant: 'outline' })}
            >
              <DownloadIcon aria-hidden="true" /> Download payments CSV
            </a>
          ) : null}
          {range && countDaysBetween(range.from, range.to) <= MAX_REGISTER_DAYS ? (
            <a
              href={buildInvoiceRegisterCsvUrl({ ...range, property: propertyId })}
              download
              className={buttonVariants({ variant: 'outline' })}
            >
              <DownloadIcon aria-hidden="true" /> Download invoice register (CSV)
            </a>
          ) : null}
        </div>
      }
    >
      {!range ? (
        <Card className="py-10 text-center text-muted-foreground">
          Choose the first and last night of the period.
        </Card>
      ) : report.isPending ? (
        <div className="grid gap-4" role="status" aria-label="Loading the report">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : report.isError ? (
        <QueryLoadError what="report" query={report} />
      ) : report.data.currencies.length === 0 ? (
        <Card className="py-10 text-center text-muted-foreground">No active properties to report on.</Card>
      ) : (
        report.data.currencies.map((entry) => (
          <CurrencyReport key={entry.currency} entry={entry} several={report.data.currencies.length > 1} />
        ))
      )}
      {range ? <GstSummaryCard from={range.from} to={range.to} propertyId={propertyId} /> : null}
      <OutstandingBalancesCard propertyId={propertyId} />
    </ViewSection>
  );
}

const lastNight = (to: string) => {
  const date = new Date(`${to}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
};

function CurrencyReport({ entry, several }: { entry: Wire<Report>['currencies'][number]; several: boolean }) {
  const { currency, total, months } = entry;
  const money = (value: number | null) => (value === null ? '—' : formatMajorAmount(value, currency));
  const sources = [...new Set(months.flatMap((month) => month.sources.map((item) => item.source)))];
  return (
    <Card>
      <CardHeader className="pb-2">
        <h3 className="text-lg font-semibold">
          {several ? `Properties priced in ${currency}` : `Figures in ${currency}`}
        </h3>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          <Figure
            label="Occupancy"
            value={formatPercent(total.occupancy)}
            hint={`${total.booked_nights} of ${total.available_nights} nights`}
          />
          <Figure label="Nights sold" value={String(total.booked_nights)} />
          <Figure label="ADR" value={money(total.adr)} hint="Average daily rate" />
          <Figure
            label="Revenue"
            value={money(total.revenue)}
            hint={total.unpriced_nights > 0 ? describeUnpriced(total.unpriced_nights) : undefined}
          />
          <Figure label="RevPAR" value={money(total.revpar)} hint="Revenue per available night" />
          <Figure
            label="Money received"
            value={money(total.received)}
            hint="Payments less refunds, by the day received"
          />
        </dl>
        {total.unpriced_nights > 0 ? (
          <p className="text-sm text-muted-foreground">
            {total.unpriced_nights} booked night{total.unpriced_nights === 1 ? '' : 's'} came from channel
            calendars without a price and no payout is recorded on them yet: they count in occupancy, and in
            revenue and ADR once their payout is recorded on the stay.
          </p>
        ) : null}
        <Suspense fallback={<Skeleton className="h-64 w-full" />}>
          <ReportCharts months={months} currency={currency} />
        </Suspense>
        {/* Focusable, so the keyboard can scroll the table sideways on a narrow screen. */}
        <div
          className="overflow-x-auto"
          tabIndex={0}
          role="region"
          aria-label={`Figures by month in ${currency}`}
        >
          <table className="w-full min-w-[44rem] text-sm whitespace-nowrap">
            <caption className="sr-only">
              Figures by month in {currency}: available and booked nights, occupancy, ADR, revenue, RevPAR,
              money received and revenue by source
            </caption>
            <thead>
              <tr className="border-b text-left text-muted-foreground">
                <MonthHeaderCells
                  columns={[...FIGURE_COLUMNS, ...sources.map((source) => BOOKING_SOURCE_LABELS[source])]}
                />
              </tr>
            </thead>
            <tbody>
              {months.map((month) => (
                <Row
                  key={month.month}
                  label={formatMonthShort(month.month)}
                  figures={month}
                  sources={sources}
                  money={money}
                />
              ))}
            </tbody>
            <tfoot>
              <Row label="Total" figures={total} sources={sources} money={money} strong />
            </tfoot>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}

function Row({
  label,
  figures,
  sources,
  money,
  strong,
}: {
  label: string;
  figures: Wire<ReportFigures>;
  sources: ReportFigures['sources'][number]['source'][];
  money: (value: number | null) => string;
  strong?: boolean;
}) {
  const cell = 'py-2 pr-3 text-right tabular-nums';
  return (
    <tr className={cn('border-b last:border-b-0', strong && 'font-semibold')}>
      <th scope="row" className="py-2 pr-3 text-left font-medium">
        {label}
      </th>
      <td className={cell}>{figures.available_nights}</td>
      <td className={cell}>{figures.booked_nights}</td>
      <td className={cell}>{formatPercent(figures.occupancy)}</td>
      <td className={cell}>{money(figures.adr)}</td>
      <td className={cell}>
        {money(figures.revenue)}
        {figures.unpriced_nights > 0 ? (
          <span className="block text-xs font-normal text-muted-foreground">
            {describeUnpriced(figures.unpriced_nights)}
          </span>
        ) : null}
      </td>
      <td className={cell}>{money(figures.revpar)}</td>
      <td className={cell}>{money(figures.received)}</td>
      {sources.map((source) => {
        const split = figures.sources.find((item) => item.source === source);
        return (
          <td key={source} className={cell}>
            {split
              ? `${money(split.revenue)} (${split.nights} ${split.nights === 1 ? 'night' : 'nights'})`
              : '—'}
          </td>
        );
      })}
    </tr>
  );
}

/** Beside a revenue: the nights it leaves out, as their amount is not known yet. */
const describeUnpriced = (nights: number) =>
  `+ ${nights} ${nights === 1 ? 'night' : 'nights'}, amount unknown`;

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-lg border p-3">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tracking-tight" data-figure={label}>
        {value}
      </dd>
      {hint ? <dd className="text-xs text-muted-foreground">{hint}</dd> : null}
    </div>
  );
}
