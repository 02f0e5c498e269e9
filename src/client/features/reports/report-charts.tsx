import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { BOOKING_SOURCE_LABELS } from '@/domain/booking';
import { formatCompactAmount, formatMajorAmount } from '@/domain/money';
import type { Report } from '@/domain/report';
import { SOURCE_COLOURS } from '@/client/lib/source-colours';
import { cn } from '@/client/lib/utils';
import { formatMonthShort, formatPercent } from './report-format';
import type { Wire } from '@/domain/wire-amount';

type Months = Wire<Report>['currencies'][number]['months'];

/**
 * Occupancy and revenue by month, the revenue stacked by source, and the money received beside it. The charts are pictures for the eye:
 * the table beside them carries the exact figures for screen readers, so the charts are hidden from them.
 */
export default function ReportCharts({ months, currency }: { months: Months; currency: string }) {
  const sources = [...new Set(months.flatMap((month) => month.sources.map((item) => item.source)))];
  const data = months.map((month) => ({
    label: formatMonthShort(month.month),
    occupancy: month.occupancy === null ? 0 : Math.round(month.occupancy * 1000) / 10,
    booked: month.revenue,
    received: month.received,
    ...Object.fromEntries(month.sources.map((item) => [item.source, item.revenue])),
  }));
  return (
    <div aria-hidden="true" className="grid gap-6 lg:grid-cols-2">
      <figure className="min-w-0">
        <figcaption className="mb-2 text-sm font-semibold">Occupancy by month</figcaption>
        <ResponsiveContainer width="100%" height={240}>
          <BarChart data={data} accessibilityLayer={false} margin={{ left: -12, right: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} />
            <YAxis tick={{ fontSize: 12 }} domain={[0, 100]} unit="%" />
            <Tooltip formatter={(value) => formatPercent(Number(value) / 100)} />
            <Bar dataKey="occupancy" name="Occupancy" fill="#9a6532" radius={[3, 3, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </figure>
      <MoneyByMonthChart title={`Revenue by month and source (${currency})`} data={data} currency={currency}>
        {sources.map((source) => (
          <Bar
            key={source}
            dataKey={source}
            name={BOOKING_SOURCE_LABELS[source]}
            stackId="revenue"
            fill={SOURCE_COLOURS[source]}
          />
        ))}
      </MoneyByMonthChart>
      <MoneyByMonthChart
        title={`Money received beside revenue booked, by month (${currency})`}
        data={data}
        currency={currency}
        className="lg:col-span-2"
      >
        <Bar dataKey="received" name="Money received" fill="#9a6532" radius={[3, 3, 0, 0]} />
        <Bar dataKey="booked" name="Revenue booked" fill="#2f4a3f" radius={[3, 3, 0, 0]} />
      </MoneyByMonthChart>
    </div>
  );
}

/** Amounts of money by month as bars (`children`), on an axis of compact amounts with a legend. */
function MoneyByMonthChart({
  title,
  data,
  currency,
  className,
  children,
}: {
  title: string;
  data: Record<string, unknown>[];
  currency: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <figure className={cn('min-w-0', className)}>
      <figcaption className="mb-2 text-sm font-semibold">{title}</figcaption>
      <ResponsiveContainer width="100%" height={240}>
        <BarChart data={data} accessibilityLayer={false} margin={{ left: 8, right: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis
            tick={{ fontSize: 12 }}
            tickFormatter={(value: number) => formatCompactAmount(value, currency)}
          />
          <Tooltip formatter={(value) => formatMajorAmount(Number(value), currency)} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {children}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
