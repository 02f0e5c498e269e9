import { useQuery } from '@tanstack/react-query';
import type { GstSummary } from '@/domain/invoice-register';
import { formatMoney, moneyFromMajor } from '@/domain/money';
import { cn } from '@/client/lib/utils';
import { MonthHeaderCells } from './month-header-cells';
import { ReportCard } from './report-card';
import { formatMonthShort } from './report-format';
import { gstSummaryQuery } from './reports-api';
import type { Wire } from '@/domain/wire-amount';

const COLUMNS = ['Taxable value', 'CGST', 'SGST', 'IGST', 'Invoices', 'Credit notes'] as const;

/** GST by month of issue for the report's period, net of credit notes, as GSTR-3B asks for it. */
export function GstSummaryCard(props: { from: string; to: string; propertyId: string | null }) {
  const summary = useQuery(gstSummaryQuery({ from: props.from, to: props.to, property: props.propertyId }));
  return (
    <ReportCard
      id="gst-title"
      title="GST"
      description="Tax invoices and bills of supply by month of issue, less credit notes."
      query={summary}
      what="GST by month"
      loadingLabel="Loading GST by month"
    >
      {(data) => <GstSummaryTable data={data} />}
    </ReportCard>
  );
}

export function GstSummaryTable({ data }: { data: Wire<GstSummary> }) {
  if (data.total.invoices === 0 && data.total.credit_notes === 0) {
    return <p className="py-4 text-sm text-muted-foreground">No invoices were issued in this period.</p>;
  }
  const money = (value: number) => formatMoney(moneyFromMajor(value, data.currency));
  const cell = 'py-2 pr-3 text-right tabular-nums';
  const row = (label: string, figures: Wire<GstSummary['total']>, strong = false) => (
    <tr key={label} className={cn('border-b last:border-b-0', strong && 'font-semibold')}>
      <th scope="row" className="py-2 pr-3 text-left font-medium">
        {label}
      </th>
      <td className={cell}>{money(figures.taxable_value)}</td>
      <td className={cell}>{money(figures.cgst)}</td>
      <td className={cell}>{money(figures.sgst)}</td>
      <td className={cell}>{money(figures.igst)}</td>
      <td className={cell}>{figures.invoices}</td>
      <td className={cell}>{figures.credit_notes}</td>
    </tr>
  );
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="GST by month">
      <table className="w-full min-w-[40rem] text-sm whitespace-nowrap">
        <caption className="sr-only">
          GST by month of issue: taxable value, CGST, SGST and IGST net of credit notes, and the invoices and
          credit notes issued
        </caption>
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            <MonthHeaderCells columns={COLUMNS} />
          </tr>
        </thead>
        <tbody>{data.months.map((month) => row(formatMonthShort(month.month), month))}</tbody>
        <tfoot>{row('Total', data.total, true)}</tfoot>
      </table>
    </div>
  );
}
