import { BedDoubleIcon, CheckCircle2Icon, MapPinIcon, PartyPopperIcon, UsersIcon } from 'lucide-react';
import { PROPERTY_TYPE_LABELS, type Property } from '@/domain/property';
import type { Wire } from '@/domain/wire-amount';
import { Badge } from '@/client/components/ui/badge';
import { cn } from '@/client/lib/utils';
import { formatMajorAmount } from '@/domain/money';

type PropertyCardProps = {
  property: Wire<Property>;
  selected: boolean;
  onSelect: (property: Wire<Property>) => void;
  /** The Properties view shows the type and Booking.com badges; the dashboard's list is compact. */
  detailed?: boolean;
};

/** A selectable property: a toggle button whose pressed state marks the selected property. */
export function PropertyCard({ property, selected, onSelect, detailed = false }: PropertyCardProps) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      data-property-id={property.id}
      onClick={() => onSelect(property)}
      className={cn(
        'group flex h-full w-full flex-col gap-3 rounded-lg border bg-card p-4 text-left shadow-sm transition-colors hover:border-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        selected && 'border-primary ring-2 ring-primary',
      )}
    >
      <span className="flex items-start justify-between gap-2">
        <span className="min-w-0">
          <span className="block truncate text-base font-semibold leading-tight">{property.name}</span>
          <span className="mt-1 flex items-center gap-1 text-sm text-muted-foreground">
            <MapPinIcon className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate">
              {property.city}, {property.country}
            </span>
          </span>
        </span>
        {selected ? (
          <span className="flex shrink-0 items-center gap-1 text-xs font-semibold text-primary">
            <CheckCircle2Icon className="size-4" aria-hidden="true" />
            Selected
          </span>
        ) : null}
      </span>
      {detailed ? (
        <span className="flex flex-wrap gap-1.5">
          <Badge variant="secondary">{PROPERTY_TYPE_LABELS[property.property_type]}</Badge>
          {property.booking_com_id ? <Badge variant="info">Booking.com</Badge> : null}
        </span>
      ) : null}
      <span className="mt-auto flex flex-wrap items-end justify-between gap-x-4 gap-y-1 text-sm">
        <span className="flex items-center gap-3 text-muted-foreground">
          <span className="flex items-center gap-1">
            <BedDoubleIcon className="size-4" aria-hidden="true" />
            {property.bedrooms} {property.bedrooms === 1 ? 'bedroom' : 'bedrooms'}
          </span>
          <span className="flex items-center gap-1">
            <UsersIcon className="size-4" aria-hidden="true" />
            {property.max_guests} {property.max_guests === 1 ? 'guest' : 'guests'}
          </span>
          {property.event_capacity ? (
            <span className="flex items-center gap-1" title="Guests for an event">
              <PartyPopperIcon className="size-4" aria-hidden="true" />
              {property.event_capacity} for events
            </span>
          ) : null}
        </span>
        <span className="font-semibold text-foreground">
          {formatMajorAmount(property.base_price, property.currency)}
          <span className="font-normal text-muted-foreground"> / night</span>
        </span>
      </span>
    </button>
  );
}
