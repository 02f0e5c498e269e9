import { useQuery } from '@tanstack/react-query';
import type { Wire } from '@/domain/wire-amount';
import { formatMajorAmount } from '@/domain/money';
import type { OutstandingBalances } from '@/domain/report';
import { ColumnHeaders } from '@/client/components/column-headers';
import { Badge } from '@/client/components/ui/badge';
import { formatDate } from '@/client/lib/format';
import { ReportCard } from './report-card';
import { outstandingBalancesQuery } from './reports-api';

const COLUMNS = [
  { label: 'Guest' },
  { label: 'Stay' },
  { label: 'Total', numeric: true },
  { label: 'Paid', numeric: true },
  { label: 'Balance', numeric: true },
  { label: 'Next due' },
];

/** What guests still owe today, for the property chosen or all of them (not bound to the report's period). */
export function OutstandingBalancesCard({ propertyId }: { propertyId: string | null }) {
  const balances = useQuery(outstandingBalancesQuery(propertyId));
  return (
    <ReportCard
      id="outstanding-title"
      title="Outstanding balances"
      description="Confirmed and completed stays whose guest still owes money, the soonest due first."
      query={balances}
      what="outstanding balances"
      loadingLabel="Loading the outstanding balances"
    >
      {(data) => <OutstandingBalancesTable data={data} />}
    </ReportCard>
  );
}

export function OutstandingBalancesTable({ data }: { data: Wire<OutstandingBalances> }) {
  if (data.balances.length === 0) {
    return <p className="py-4 text-sm text-muted-foreground">No guest owes anything. All paid up.</p>;
  }
  const cell = 'py-2 pr-3 text-right tabular-nums';
  return (
    <div className="grid gap-3">
      <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm" aria-label="Owed per currency">
        {data.totals.map((total) => (
          <li key={total.currency}>
            <span className="font-semibold">{formatMajorAmount(total.balance, total.currency)}</span> owed
            {total.overdue > 0 ? (
              <span className="text-red-800">
                {' '}
                · {formatMajorAmount(total.overdue, total.currency)} overdue
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Outstanding balances by stay">
        <table className="w-full min-w-[38rem] text-sm">
          <caption className="sr-only">
            Outstanding balances: guest, stay, total, paid, balance and what is due next
          </caption>
          <thead>
            <tr className="border-b text-left text-muted-foreground">
              <ColumnHeaders className="py-2 pr-3" columns={COLUMNS} />
            </tr>
          </thead>
          <tbody>
            {data.balances.map((row) => {
              const money = (value: number) => formatMajorAmount(value, row.currency);
              return (
                <tr key={row.booking_id} className="border-b align-top last:border-b-0">
                  <th scope="row" className="py-2 pr-3 text-left font-medium">
                    {row.guest_name}
                    <span className="block text-xs font-normal text-muted-foreground">{row.reference}</span>
                  </th>
                  <td className="py-2 pr-3">
                    {row.property_name}
                    <span className="block text-xs whitespace-nowrap text-muted-foreground">
                      {formatDate(row.check_in)} – {formatDate(row.check_out)}
                    </span>
                  </td>
                  <td className={cell}>{money(row.total)}</td>
                  <td className={cell}>{money(row.paid)}</td>
                  <td className={`${cell} font-semibold`}>{money(row.balance)}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">
                    {row.next_due ? (
                      <>
                        <span className="tabular-nums">{money(row.next_due.amount)}</span>
                        <span className="block text-xs text-muted-foreground">
                          by {formatDate(row.next_due.date)}
                        </span>
                      </>
                    ) : (
                      '—'
                    )}
                    {row.overdue ? (
                      <Badge variant="danger" className="mt-1">
                        Overdue
                      </Badge>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
