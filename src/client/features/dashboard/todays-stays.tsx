import { useQuery } from '@tanstack/react-query';
import {
  ArrowDownRightIcon,
  ArrowUpRightIcon,
  BedDoubleIcon,
  CircleAlertIcon,
  HourglassIcon,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { DashboardStay } from '@/domain/dashboard';
import type { Property } from '@/domain/property';
import type { Wire } from '@/domain/wire-amount';
import { formatMajorAmount } from '@/domain/money';
import { QueryLoadError } from '@/client/components/query-state';
import { PropertyScopeToggle, type PropertyScope } from '@/client/components/property-scope-toggle';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { LapseCountdown, PaymentBadge, SourceBadge, StatusBadge } from '@/client/features/bookings';
import { formatDayMonth, formatShortDate } from '@/client/lib/format';
import { cn } from '@/client/lib/utils';
import { dashboardDayQuery } from './dashboard-api';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** "2 days" for a wait of 48 hours, "5 hours" below a day. */
function formatWait(hours: number): string {
  if (hours < 1) return 'under an hour';
  return hours >= 24 ? plural(Math.floor(hours / 24), 'day') : plural(hours, 'hour');
}

/**
 * The operator's day: who arrives, leaves and stays from today to a week ahead (the villa's today), and
 * what waits for a decision. For the selected property, or all of them.
 */
export function TodaysStays({
  selected,
  onReview,
}: {
  selected: Wire<Property> | null;
  onReview: (stay: DashboardStay) => void;
}) {
  const [scope, setScope] = useState<PropertyScope>('selected');
  const propertyId = scope === 'selected' && selected ? selected.id : null;
  const day = useQuery(dashboardDayQuery(propertyId));
  const showProperty = propertyId === null;

  const header = (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <div className="min-w-0 break-words">
        <h2 className="text-lg leading-tight font-semibold">Today and the next 7 days</h2>
        <CardDescription>
          {day.data ? `${formatShortDate(day.data.today)} – ${formatShortDate(day.data.until)}` : 'Loading…'}
          {' · '}
          {propertyId && selected ? selected.name : 'All properties'}
        </CardDescription>
      </div>
      <PropertyScopeToggle label="Show" selected={selected} scope={scope} onChange={setScope} />
    </div>
  );

  if (day.isError && !day.data) {
    return (
      <Card>
        <CardHeader>{header}</CardHeader>
        <CardContent>
          <QueryLoadError what="day's stays" query={day} />
        </CardContent>
      </Card>
    );
  }
  const data = day.data;
  const overdueIds = new Set(data?.overdue_payments.map((stay) => stay.id));
  const unpaidArrivals = data?.unpaid_arrivals.filter((stay) => !overdueIds.has(stay.id)) ?? [];
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <Card aria-busy={day.isPending}>
        <CardHeader>{header}</CardHeader>
        <CardContent className="grid grid-cols-1 gap-5 sm:grid-cols-3">
          <StayList
            title="Arrivals"
            icon={<ArrowDownRightIcon />}
            stays={data?.arrivals}
            empty="No arrivals"
            showProperty={showProperty}
            date={(stay) => stay.check_in}
          />
          <StayList
            title="Departures"
            icon={<ArrowUpRightIcon />}
            stays={data?.departures}
            empty="No departures"
            showProperty={showProperty}
            date={(stay) => stay.check_out}
          />
          <StayList
            title="Staying tonight"
            icon={<BedDoubleIcon />}
            stays={data?.in_house}
            empty="Nobody staying"
            showProperty={showProperty}
            date={(stay) => stay.check_out}
            dateLabel="until"
          />
        </CardContent>
      </Card>
      <Card aria-busy={day.isPending}>
        <CardHeader>
          <h2 className="text-lg leading-tight font-semibold">Needs a decision</h2>
          <CardDescription>
            Requests waiting, payments overdue, and confirmed stays arriving unpaid.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4">
          {!data ? (
            <Skeleton className="h-24 w-full" />
          ) : data.pending.length === 0 &&
            data.overdue_payments.length === 0 &&
            data.unpaid_arrivals.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing waits for you.</p>
          ) : (
            <ul className="grid grid-cols-1 gap-2" aria-label="Needs a decision">
              {data.pending.map((stay) => (
                <DecisionItem
                  key={stay.id}
                  stay={stay}
                  showProperty={showProperty}
                  onReview={onReview}
                  deadline={stay.lapses_at ? <LapseCountdown lapsesAt={stay.lapses_at} /> : null}
                >
                  <HourglassIcon aria-hidden="true" /> Waiting {formatWait(stay.waiting_hours)}
                </DecisionItem>
              ))}
              {data.overdue_payments.map((stay) => (
                <DecisionItem
                  key={stay.id}
                  stay={stay}
                  showProperty={showProperty}
                  onReview={onReview}
                  tone="destructive"
                >
                  <CircleAlertIcon aria-hidden="true" />{' '}
                  {formatMajorAmount(stay.overdue_amount, stay.currency)} overdue since{' '}
                  {formatDayMonth(stay.overdue_since)}
                </DecisionItem>
              ))}
              {/* An arrival already listed as overdue is not listed twice. */}
              {unpaidArrivals.map((stay) => (
                <DecisionItem key={stay.id} stay={stay} showProperty={showProperty} onReview={onReview}>
                  <CircleAlertIcon aria-hidden="true" /> Arrives {formatShortDate(stay.check_in)}, not paid
                </DecisionItem>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function StayList({
  title,
  icon,
  stays,
  empty,
  showProperty,
  date,
  dateLabel,
}: {
  title: string;
  icon: ReactNode;
  stays: DashboardStay[] | undefined;
  empty: string;
  showProperty: boolean;
  date: (stay: DashboardStay) => string;
  dateLabel?: string;
}) {
  return (
    <section aria-label={title}>
      <h3 className="mb-2 flex items-center gap-1.5 text-sm font-semibold text-muted-foreground [&_svg]:size-4">
        <span aria-hidden="true">{icon}</span>
        {title}
        {stays ? <span className="font-normal">({stays.length})</span> : null}
      </h3>
      {!stays ? (
        <Skeleton className="h-16 w-full" />
      ) : stays.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-2">
          {stays.map((stay) => (
            <li key={stay.id} className="rounded-md border p-2.5 text-sm" data-stay-id={stay.id}>
              <p className="flex items-baseline justify-between gap-2">
                <span className="truncate font-medium">{stay.guest_name}</span>
                <span className="shrink-0 text-xs text-muted-foreground">
                  {dateLabel ? `${dateLabel} ` : ''}
                  {formatShortDate(date(stay))}
                </span>
              </p>
              {showProperty ? (
                <p className="truncate text-xs text-muted-foreground">{stay.property_name}</p>
              ) : null}
              <p className="mt-1 text-xs text-muted-foreground">
                {plural(stay.nights, 'night')} ·{' '}
                {stay.guests_count === null ? 'guests not given' : plural(stay.guests_count, 'guest')}
              </p>
              <div className="mt-1.5 flex flex-wrap gap-1">
                <SourceBadge source={stay.booking_source} />
                {stay.status === 'pending' ? <StatusBadge status={stay.status} /> : null}
                <PaymentBadge status={stay.payment_status} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DecisionItem({
  stay,
  showProperty,
  onReview,
  children,
  deadline,
  tone,
}: {
  stay: DashboardStay;
  showProperty: boolean;
  onReview: (stay: DashboardStay) => void;
  children: ReactNode;
  /** When an unanswered guest request lapses (only those do). */
  deadline?: ReactNode;
  /** 'destructive' for money past due. */
  tone?: 'destructive';
}) {
  return (
    <li
      className="flex items-center justify-between gap-3 rounded-md border p-2.5 text-sm"
      data-stay-id={stay.id}
    >
      <div className="min-w-0">
        <p className="truncate font-medium">{stay.guest_name}</p>
        <p className="truncate text-xs text-muted-foreground">
          {formatShortDate(stay.check_in)} – {formatShortDate(stay.check_out)} ·{' '}
          {stay.amount_known
            ? formatMajorAmount(stay.total_amount, stay.currency)
            : `${stay.currency} unknown`}
          {showProperty ? ` · ${stay.property_name}` : ''}
        </p>
        <p
          className={cn(
            'mt-1 flex items-center gap-1 text-xs font-medium [&_svg]:size-3.5',
            tone === 'destructive' ? 'text-destructive' : 'text-accent',
          )}
        >
          {children}
        </p>
        {deadline ? <p className="mt-0.5 text-xs">{deadline}</p> : null}
      </div>
      <Button size="sm" variant="outline" onClick={() => onReview(stay)}>
        Review
      </Button>
    </li>
  );
}
