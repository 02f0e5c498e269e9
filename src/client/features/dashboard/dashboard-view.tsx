import {
  BuildingIcon,
  CalendarDaysIcon,
  ClipboardListIcon,
  PlusIcon,
  UsersIcon,
  WalletIcon,
} from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { DashboardStay } from '@/domain/dashboard';
import type { Property } from '@/domain/property';
import type { Wire } from '@/domain/wire-amount';
import { DEFAULT_CURRENCY } from '@/domain/property';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { formatMajorAmount } from '@/domain/money';
import { ChannelsAttention } from '@/client/features/channels';
import { FormCDeadlines } from '@/client/features/guests';
import { NoPropertiesYet, PropertyCard } from '@/client/features/properties';
import { SampleDataBanner } from '@/client/features/sample-data';
import { dashboardStatsQuery } from './dashboard-api';
import { TodaysStays } from './todays-stays';

/** The dashboard lists at most six properties; the Properties view lists them all. */
export const DASHBOARD_PROPERTY_LIMIT = 6;

type DashboardViewProps = {
  properties: Wire<Property>[];
  selectedId: string | null;
  /** Opens a stay that needs a decision in its property's bookings. */
  onReview: (stay: DashboardStay) => void;
  onSelect: (property: Wire<Property>) => void;
  onAddProperty: () => void;
  onOpenCalendar: () => void;
  onOpenBookings: () => void;
  /** Opens a property's Channels view (from a connection that needs attention). */
  onOpenChannels: (propertyId: string) => void;
  /** Opens the guest register (from a Form C to file). */
  onOpenGuests?: () => void;
};

export function DashboardView({
  properties,
  selectedId,
  onReview,
  onSelect,
  onAddProperty,
  onOpenCalendar,
  onOpenBookings,
  onOpenChannels,
  onOpenGuests,
}: DashboardViewProps) {
  const stats = useQuery(dashboardStatsQuery());
  const figure = (value: number | undefined, render: (value: number) => string) =>
    stats.data && value !== undefined ? render(value) : stats.isError ? '—' : undefined;

  return (
    <div className="grid grid-cols-1 gap-6">
      <SampleDataBanner />
      <section aria-labelledby="stats-title">
        <h2 id="stats-title" className="sr-only">
          Overview
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <StatCard
            label="Total Properties"
            icon={<BuildingIcon />}
            value={figure(stats.data?.totalProperties, String)}
          />
          <StatCard
            label="Average Price"
            icon={<WalletIcon />}
            value={
              stats.data
                ? stats.data.averagePrices.length === 0
                  ? formatMajorAmount(0, DEFAULT_CURRENCY)
                  : stats.data.averagePrices
                      .map((entry) => formatMajorAmount(entry.average, entry.currency))
                      .join(' · ')
                : stats.isError
                  ? '—'
                  : undefined
            }
            hint={
              (stats.data?.averagePrices.length ?? 0) > 1
                ? 'Base price per night, averaged in each currency'
                : undefined
            }
          />
          <StatCard
            label="Total Capacity"
            icon={<UsersIcon />}
            value={figure(stats.data?.totalCapacity, (value) => `${value} Guests`)}
          />
          <StatCard
            label="Active Bookings"
            icon={<CalendarDaysIcon />}
            value={figure(stats.data?.activeBookings, String)}
            hint="Pending or confirmed, not yet checked out"
          />
        </dl>
        {stats.isError ? (
          <p className="mt-2 flex items-center gap-2 text-sm text-destructive">
            The figures could not be loaded.
            <Button variant="link" size="sm" className="h-auto p-0" onClick={() => void stats.refetch()}>
              Try again
            </Button>
          </p>
        ) : null}
      </section>

      <ChannelsAttention onOpenChannels={onOpenChannels} />

      <FormCDeadlines onOpenGuests={onOpenGuests} />

      <TodaysStays
        selected={properties.find((property) => property.id === selectedId) ?? null}
        onReview={onReview}
      />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <Card className="order-2 lg:order-1">
          <CardHeader className="flex-row items-center justify-between gap-2 space-y-0">
            <div>
              <h2 className="text-lg leading-tight font-semibold">Properties</h2>
              <CardDescription>Select a property to see its calendar and bookings.</CardDescription>
            </div>
          </CardHeader>
          <CardContent>
            {properties.length === 0 ? (
              <NoPropertiesYet onAddProperty={onAddProperty} />
            ) : (
              <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                {properties.slice(0, DASHBOARD_PROPERTY_LIMIT).map((property) => (
                  <li key={property.id}>
                    <PropertyCard
                      property={property}
                      selected={property.id === selectedId}
                      onSelect={onSelect}
                    />
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>

        <Card className="order-1 self-start lg:order-2">
          <CardHeader>
            <h2 className="text-lg leading-tight font-semibold">Quick Actions</h2>
          </CardHeader>
          <CardContent className="grid gap-2">
            <Button className="justify-start" onClick={onAddProperty}>
              <PlusIcon aria-hidden="true" />
              Add New Property
            </Button>
            {[
              { label: 'View Calendar', Icon: CalendarDaysIcon, onClick: onOpenCalendar },
              { label: 'Manage Bookings', Icon: ClipboardListIcon, onClick: onOpenBookings },
            ].map(({ label, Icon, onClick }) => (
              <Button
                key={label}
                variant="outline"
                className="justify-start"
                disabled={properties.length === 0}
                onClick={onClick}
              >
                <Icon aria-hidden="true" />
                {label}
              </Button>
            ))}
            {!selectedId && properties.length > 0 ? (
              <p className="text-xs text-muted-foreground">
                No property selected: the calendar opens on the first, and the bookings of all are listed.
              </p>
            ) : null}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function StatCard({
  label,
  value,
  icon,
  hint,
}: {
  label: string;
  value: string | undefined;
  icon: ReactNode;
  hint?: string;
}) {
  return (
    <Card className="p-4">
      <dt className="flex items-start justify-between gap-2 text-sm font-medium text-muted-foreground">
        {label}
        <span className="text-accent [&_svg]:size-4" aria-hidden="true">
          {icon}
        </span>
      </dt>
      <dd className="mt-2 text-2xl font-semibold tracking-tight" data-stat={label}>
        {value ?? <Skeleton className="h-8 w-20" />}
        {value === undefined ? <span className="sr-only">Loading</span> : null}
      </dd>
      {hint ? <dd className="mt-1 text-xs text-muted-foreground">{hint}</dd> : null}
    </Card>
  );
}
