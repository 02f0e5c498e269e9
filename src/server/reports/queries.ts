import { sql } from 'drizzle-orm';
import type { BookingSource } from '../../domain/booking';
import {
  createEmptyReportCounts,
  SOLD_STATUSES,
  type ReportCounts,
  type ReportQuery,
} from '../../domain/report';
import type { Executor } from '../db/client';
import { overlapsNights } from '../db/overlaps';

type ReportRow = {
  kind: 'nights' | 'sold' | 'received';
  month: string;
  currency: string;
  source: BookingSource | null;
  nights: number;
  closed_nights: number;
  unpriced_nights: number;
  cents: number;
};

/**
 * The counts of a report, month by month and currency by currency, over the operator's active
 * properties (row-level security) or one of them. Every night of the period is a row per property;
 * a sold stay (confirmed or completed) gives each of its nights an equal share of its total, to the
 * cent (the first nights take the remainder), so a stay across a month's end is split by night and the
 * shares add up to the total exactly; money received counts in the month it arrived. A night the
 * operator or a channel closed counts as closed unless it was sold. Stays imported without a price count their
 * nights, and their revenue only once a payout is recorded on them (until then their nights are unpriced).
 */
export async function countReport(
  db: Executor,
  query: ReportQuery,
): Promise<Map<string, Map<string, ReportCounts>>> {
  const property = query.property ?? null;
  // Both drivers answer `execute` with `{ rows }`.
  const result = (await db.execute(sql`
    with props as (
      select id, currency from properties
      where is_active and (${property}::uuid is null or id = ${property}::uuid)
    ),
    -- A stay imported without a price is priced by what its channel paid out for it (payments less
    -- refunds recorded on it), once one is recorded; until then its nights count, its amount is unknown.
    paid_out as (
      select m.booking_id,
        sum(
          (case when m.kind = 'payment' then 1 else -1 end)
          * (case when m.corrects_id is null then 1 else -1 end)
          * round(m.amount * 100)::bigint
        )::bigint as cents
      from payments m
      join bookings b on b.id = m.booking_id
      join props p on p.id = b.property_id
      where m.kind in ('payment', 'refund') and not b.amount_known
      group by 1
    ),
    stays as (
      select b.property_id, b.booking_source, b.currency, b.check_in, b.check_out,
        b.amount_known or coalesce(o.cents, 0) > 0 as amount_known,
        case when b.amount_known then round(b.total_amount * 100)::bigint else greatest(coalesce(o.cents, 0), 0) end
          as cents,
        (b.check_out - b.check_in) as span
      from bookings b
      join props p on p.id = b.property_id
      left join paid_out o on o.booking_id = b.id
      where b.status in (${sql.join(
        SOLD_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )})
        and ${overlapsNights(sql`b.check_in`, sql`b.check_out`, { start: sql`${query.from}::date`, end: sql`${query.to}::date` })}
    ),
    sold as (
      select s.property_id, s.booking_source as source, s.currency, n::date as night, s.amount_known,
        s.cents / s.span + case when (n::date - s.check_in) < s.cents % s.span then 1 else 0 end as cents
      from stays s
      cross join lateral generate_series(
        greatest(s.check_in, ${query.from}::date), least(s.check_out, ${query.to}::date) - 1, interval '1 day'
      ) n
    ),
    nights as (
      select p.id as property_id, p.currency, n::date as night
      from props p
      cross join generate_series(${query.from}::date, ${query.to}::date - 1, interval '1 day') n
    ),
    -- Closed by the operator, or by a channel's imported block.
    closed as (
      select c.property_id, c.date as night
      from property_calendar c
      join props p on p.id = c.property_id
      where not c.is_available and c.date >= ${query.from}::date and c.date < ${query.to}::date
      union
      select b.property_id, n::date
      from channel_blocks b
      join props p on p.id = b.property_id
      cross join lateral generate_series(
        greatest(b.start_date, ${query.from}::date), least(b.end_date, ${query.to}::date) - 1, interval '1 day'
      ) n
      where ${overlapsNights(sql`b.start_date`, sql`b.end_date`, { start: sql`${query.from}::date`, end: sql`${query.to}::date` })}
    ),
    -- Money in by the day it arrived, whatever became of the stay: payments less refunds, a correcting
    -- entry counted against the kind it reverses; security deposits are held, not earned.
    received as (
      select to_char(m.received_on, 'YYYY-MM') as month, m.currency,
        sum(
          (case when m.kind = 'payment' then 1 else -1 end)
          * (case when m.corrects_id is null then 1 else -1 end)
          * round(m.amount * 100)::bigint
        ) as cents
      from payments m
      join bookings b on b.id = m.booking_id
      join props p on p.id = b.property_id
      where m.kind in ('payment', 'refund')
        and m.received_on >= ${query.from}::date and m.received_on < ${query.to}::date
      group by 1, 2
    )
    select 'nights' as kind, to_char(n.night, 'YYYY-MM') as month, n.currency, null as source,
      count(*)::int as nights,
      count(c.night)::int as closed_nights,
      0 as unpriced_nights,
      0::float8 as cents
    from nights n
    left join closed c
      on c.property_id = n.property_id and c.night = n.night
      and not exists (select 1 from sold s where s.property_id = n.property_id and s.night = n.night)
    group by 2, 3
    union all
    select 'sold', to_char(night, 'YYYY-MM'), currency, source, count(*)::int, 0,
      (count(*) filter (where not amount_known))::int, sum(cents)::float8
    from sold
    group by 2, 3, 4
    union all
    select 'received', month, currency, null, 0, 0, 0, cents::float8
    from received
  `)) as unknown as { rows: ReportRow[] };
  const byCurrency = new Map<string, Map<string, ReportCounts>>();
  for (const row of result.rows) {
    const months = byCurrency.get(row.currency) ?? new Map<string, ReportCounts>();
    byCurrency.set(row.currency, months);
    const counts = months.get(row.month) ?? createEmptyReportCounts();
    months.set(row.month, counts);
    if (row.kind === 'nights') {
      counts.nights += row.nights;
      counts.closed_nights += row.closed_nights;
    } else if (row.kind === 'received') {
      counts.received_cents += row.cents;
    } else if (row.source) {
      counts.booked_nights += row.nights;
      counts.unpriced_nights += row.unpriced_nights;
      counts.revenue_cents += row.cents;
      counts.sources.push({ source: row.source, nights: row.nights, revenue_cents: row.cents });
    }
  }
  return byCurrency;
}
