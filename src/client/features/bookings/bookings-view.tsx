import { useQuery } from '@tanstack/react-query';
import { ChevronLeftIcon, ChevronRightIcon, DownloadIcon, SearchIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { BOOKING_SOURCES, BOOKING_SOURCE_LABELS, BOOKING_STATUSES } from '@/domain/booking';
import { BOOKING_PAGE_SIZE, type BookingListFilterKey } from '@/domain/booking-list';
import { bookingRoutes, buildEndpointPath } from '@/domain/contracts/routes';
import type { Property } from '@/domain/property';
import type { Wire } from '@/domain/wire-amount';
import { DateFilter } from '@/client/components/date-filter';
import { LoadingLine, QueryLoadError } from '@/client/components/query-state';
import { Button } from '@/client/components/ui/button';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { Card } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { Select } from '@/client/components/ui/select';
import { ViewSection } from '@/client/components/view-section';
import { useDebouncedValue } from '@/client/lib/use-debounced-value';
import { useUrlSearch } from '@/client/lib/use-url-search';
import { cn } from '@/client/lib/utils';
import { AddBookingDialog } from './add-booking-dialog';
import { formatStatus } from './booking-badges';
import { BookingCard } from './booking-card';
import { readBookingFilters } from './booking-filters';
import { bookingsPageQuery, toBookingListSearch } from './bookings-api';

const SEARCH_HINT =
  "The guest's name, e-mail or phone, a reference (SV-…), a channel's reservation code, a payment's UTR or an invoice number";

/**
 * The bookings of one property or of all: search by guest name, e-mail, phone, reference or code, filter by
 * property, status, source and dates, sort, and page through them. The server does the work (the list stays fast however
 * long the history), and the address bar keeps every choice (the property as the selected one), so a
 * reload or a shared link shows the same list.
 */
export function BookingsView({
  property,
  properties,
  onPropertyChange,
}: {
  /** The property whose bookings are listed; null lists every property's. */
  property: Wire<Property> | null;
  properties: readonly Wire<Property>[];
  /** Another property picked (null: all), with the search and filters to keep. */
  onPropertyChange: (propertyId: string | null, keep: Record<string, string>) => void;
}) {
  const { params, navigate } = useUrlSearch();
  const { filters, page, query } = readBookingFilters(params);
  const bookings = useQuery(bookingsPageQuery(property?.id ?? null, query));
  const ids = { search: useId(), searchHint: useId(), sort: useId() };

  // Typing stays immediate; the list follows once the typing pauses, without a history entry per key.
  const [search, setSearch] = useState(filters.q ?? '');
  const settledSearch = useDebouncedValue(search.trim(), 300);
  useEffect(() => {
    if (settledSearch !== (filters.q ?? '')) navigate({ q: settledSearch, page: null }, { replace: true });
  }, [settledSearch, filters.q, navigate]);

  const setFilter = (key: BookingListFilterKey, value: string) => navigate({ [key]: value, page: null });
  const goToPage = (next: number) => navigate({ page: next === 1 ? null : String(next) });

  // A page past the end (the list shrank, or a hand-edited address) goes back to the first.
  const beyondEnd = Boolean(
    bookings.data &&
    !bookings.isPlaceholderData &&
    bookings.data.total > 0 &&
    bookings.data.items.length === 0,
  );
  useEffect(() => {
    if (beyondEnd) navigate({ page: null }, { replace: true });
  }, [beyondEnd, navigate]);

  const total = bookings.data?.total ?? 0;
  const items = bookings.data?.items ?? [];
  const first = (page - 1) * BOOKING_PAGE_SIZE.default + 1;
  const last = first + items.length - 1;
  const pages = Math.max(1, Math.ceil(total / BOOKING_PAGE_SIZE.default));
  const exportHref = `${property ? buildEndpointPath(bookingRoutes.exportBookingsCsv, { propertyId: property.id }) : bookingRoutes.exportSearchedBookingsCsv.path}?${toBookingListSearch(filters)}`;

  return (
    <ViewSection
      id="bookings-title"
      title="Bookings Management"
      description={property?.name ?? 'All properties'}
      actions={
        <div className="flex flex-wrap gap-2">
          <a href={exportHref} download className={buttonVariants({ variant: 'outline' })}>
            <DownloadIcon aria-hidden="true" /> Export CSV
          </a>
          {property ? <AddBookingDialog property={property} /> : null}
        </div>
      }
    >
      <div role="search" aria-label="Filter bookings" className="grid gap-3">
        <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-[minmax(0,1fr)_13rem_11rem_11rem]">
          <div className="relative sm:col-span-3 lg:col-span-1">
            <label htmlFor={ids.search} className="sr-only">
              Search bookings
            </label>
            <span id={ids.searchHint} className="sr-only">
              {SEARCH_HINT}
            </span>
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id={ids.search}
              type="search"
              className="pl-9"
              placeholder="Search by guest name or email..."
              title={SEARCH_HINT}
              aria-describedby={ids.searchHint}
              maxLength={100}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <FilterSelect
            label="Filter by property"
            allLabel="All properties"
            value={property?.id}
            options={properties.map((each) => ({ value: each.id, label: each.name }))}
            onChange={(value) => onPropertyChange(value || null, filters)}
          />
          <FilterSelect
            label="Filter by status"
            allLabel="All Status"
            value={filters.status}
            options={BOOKING_STATUSES.map((value) => ({ value, label: formatStatus(value) }))}
            onChange={(value) => setFilter('status', value)}
          />
          <FilterSelect
            label="Filter by source"
            allLabel="All Sources"
            value={filters.source}
            options={BOOKING_SOURCES.map((value) => ({ value, label: BOOKING_SOURCE_LABELS[value] }))}
            onChange={(value) => setFilter('source', value)}
          />
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <DateFilter
            label="Leaving after"
            className="flex items-center gap-2"
            value={filters.from ?? ''}
            onChange={(value) => setFilter('from', value)}
          />
          <DateFilter
            label="Arriving before"
            className="flex items-center gap-2"
            value={filters.to ?? ''}
            onChange={(value) => setFilter('to', value)}
          />
          <label htmlFor={ids.sort} className="flex items-center gap-2">
            <span className="text-muted-foreground">Order</span>
            <Select
              id={ids.sort}
              className="w-44"
              value={filters.sort ?? 'newest'}
              onChange={(event) =>
                setFilter('sort', event.target.value === 'newest' ? '' : event.target.value)
              }
            >
              <option value="newest">Newest first</option>
              <option value="check_in">By check-in date</option>
            </Select>
          </label>
          {Object.keys(filters).length > 0 ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setSearch('');
                navigate({
                  q: null,
                  status: null,
                  source: null,
                  from: null,
                  to: null,
                  sort: null,
                  page: null,
                });
              }}
            >
              Clear filters
            </Button>
          ) : null}
        </div>
      </div>

      {bookings.isPending ? (
        <LoadingLine>Loading bookings...</LoadingLine>
      ) : bookings.isError && !bookings.data ? (
        <QueryLoadError what="bookings" query={bookings} />
      ) : (
        <div className={cn('grid gap-3 transition-opacity', bookings.isPlaceholderData && 'opacity-60')}>
          <p className="text-sm text-muted-foreground" role="status" aria-live="polite">
            {total === 0
              ? 'Showing 0 bookings'
              : `Showing ${first}–${last} of ${total} ${total === 1 ? 'booking' : 'bookings'}`}
          </p>
          {items.length === 0 ? (
            <Card className="py-12 text-center text-muted-foreground">
              No bookings found matching your criteria
            </Card>
          ) : (
            <ul className="grid items-start gap-3 xl:grid-cols-2" aria-label="Bookings">
              {items.map((booking) => (
                <BookingCard
                  key={booking.id}
                  booking={booking}
                  propertyName={property ? undefined : booking.property_name}
                />
              ))}
            </ul>
          )}
          {pages > 1 ? (
            <nav aria-label="Pages of bookings" className="flex items-center justify-center gap-3 pt-2">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => goToPage(page - 1)}>
                <ChevronLeftIcon aria-hidden="true" /> Previous
              </Button>
              <span className="text-sm text-muted-foreground">
                Page {page} of {pages}
              </span>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => goToPage(page + 1)}>
                Next <ChevronRightIcon aria-hidden="true" />
              </Button>
            </nav>
          ) : null}
        </div>
      )}
    </ViewSection>
  );
}

/** A list filter with "all" (no filter) first. */
function FilterSelect({
  label,
  allLabel,
  value,
  options,
  onChange,
}: {
  label: string;
  allLabel: string;
  value: string | undefined;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <Select aria-label={label} value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
      <option value="">{allLabel}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </Select>
  );
}
