import { useQuery } from '@tanstack/react-query';
import { formatMajorAmount } from '@/domain/money';
import type { OutstandingBalances } from '@/domain/report';
import { QueryLoadError } from '@/client/components/query-state';
import { Badge } from '@/client/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { formatDate } from '@/client/lib/format';
import { outstandingBalancesQuery } from './reports-api';

/** What guests still owe today, for the property chosen or all of them (not bound to the report's period). */
export function OutstandingBalancesCard({ propertyId }: { propertyId: string | null }) {
  const balances = useQuery(outstandingBalancesQuery(propertyId));
  return (
    <Card>
      <CardHeader className="pb-2">
        <h3 id="outstanding-title" className="text-lg font-semibold">
          Outstanding balances
        </h3>
        <p className="text-sm text-muted-foreground">
          Confirmed and completed stays whose guest still owes money, the soonest due first.
        </p>
      </CardHeader>
      <CardContent>
        {balances.isPending ? (
          <Skeleton className="h-32 w-full" role="status" aria-label="Loading the outstanding balances" />
        ) : balances.isError ? (
          <QueryLoadError what="outstanding balances" query={balances} />
        ) : (
          <OutstandingBalancesTable data={balances.data} />
        )}
      </CardContent>
    </Card>
  );
}

export function OutstandingBalancesTable({ data }: { data: OutstandingBalances }) {
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
              <th scope="col" className="py-2 pr-3 font-medium">
                Guest
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Stay
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                Total
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                Paid
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                Balance
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Next due
              </th>
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
