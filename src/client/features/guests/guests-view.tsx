import { useQuery } from '@tanstack/react-query';
import { DownloadIcon, FileTextIcon } from 'lucide-react';
import { useState } from 'react';
import { ID_TYPE_LABELS, type GuestRegisterQueryInput, type RegisterStay } from '@/domain/check-in';
import { formatVillaTime } from '@/domain/dates';
import type { Property } from '@/domain/property';
import type { Wire } from '@/domain/wire-amount';
import { LoadError } from '@/client/components/load-error';
import { Button } from '@/client/components/ui/button';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Select } from '@/client/components/ui/select';
import { Skeleton } from '@/client/components/ui/skeleton';
import { formatLongDate } from '@/client/lib/format';
import { cn } from '@/client/lib/utils';
import { FormCSheetDialog } from './form-c-sheet';
import { buildGuestRegisterCsvUrl, guestRegisterQuery } from './guests-api';

function FormCBadge({ state, deadline }: { state: 'filed' | 'due' | 'overdue'; deadline: string }) {
  const tone =
    state === 'filed'
      ? 'bg-[#d9ecdf] text-success'
      : state === 'overdue'
        ? 'bg-[#f4dcd9] text-destructive'
        : 'bg-[#f3e6c9] text-[#6b4b00]';
  const text =
    state === 'filed'
      ? 'Form C filed'
      : `Form C ${state === 'overdue' ? 'overdue since' : 'due by'} ${formatVillaTime(deadline)}`;
  return (
    <span className={cn('inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold', tone)}>{text}</span>
  );
}

function StayCard({ stay }: { stay: RegisterStay }) {
  const [sheetOpen, setSheetOpen] = useState(false);
  const foreign = stay.guests.some((guest) => guest.form_c);
  return (
    <Card>
      <CardHeader className="pb-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="text-base leading-tight font-semibold break-words">
              {stay.property_name} · {formatLongDate(stay.check_in)} – {formatLongDate(stay.check_out)}
            </h3>
            <CardDescription>
              {stay.reference} · booked by {stay.booked_by} · checked in online{' '}
              {formatVillaTime(stay.checked_in_at)}
            </CardDescription>
          </div>
          {foreign ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-label={`Form C sheet for ${stay.reference}`}
              onClick={() => setSheetOpen(true)}
            >
              <FileTextIcon aria-hidden="true" />
              Form C sheet
            </Button>
          ) : null}
        </div>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border" aria-label={`Guests of ${stay.reference}`}>
          {stay.guests.map((guest) => (
            <li
              key={guest.id}
              className="grid gap-1 py-3 text-sm first:pt-0 last:pb-0 sm:grid-cols-[1.2fr_1fr_1fr_auto] sm:gap-3"
            >
              <div className="min-w-0">
                <p className="font-medium break-words">
                  {guest.position}. {guest.full_name}
                </p>
                <p className="break-words text-muted-foreground">{guest.address}</p>
              </div>
              <p>{guest.nationality_name}</p>
              <p className="lining-nums">
                {ID_TYPE_LABELS[guest.id_type].replace(' (last four digits)', '')} {guest.id_number}
              </p>
              <div className="flex flex-col gap-1 sm:items-end">
                <span className="text-muted-foreground lining-nums">
                  Arrives {guest.expected_arrival_time}
                </span>
                {guest.form_c ? (
                  <FormCBadge state={guest.form_c.state} deadline={guest.form_c.deadline} />
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
      {foreign ? <FormCSheetDialog stay={stay} open={sheetOpen} onOpenChange={setSheetOpen} /> : null}
    </Card>
  );
}

/**
 * The guest register: the stays whose guests checked in online, who stayed where and when with each guest's
 * details (ID numbers masked; the CSV and the Form C sheets give them in full, each reading recorded), and
 * each foreign guest's Form C with its deadline.
 */
export function GuestsView({
  properties,
  selected,
}: {
  properties: Wire<Property>[];
  selected: Wire<Property> | null;
}) {
  const [propertyId, setPropertyId] = useState<string>(selected?.id ?? '');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const query: GuestRegisterQueryInput = {
    property: propertyId || undefined,
    from: from || undefined,
    to: to && (!from || to > from) ? to : undefined,
  };
  const register = useQuery(guestRegisterQuery(query));
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold">Guest register</h2>
          <p className="text-sm text-muted-foreground">
            Who stayed where and when, from each stay&apos;s online check-in. ID numbers are masked here; the
            CSV and Form C sheets show them in full, and each reading is recorded in the activity log.
          </p>
        </div>
        <a
          href={buildGuestRegisterCsvUrl(query)}
          download
          className={cn(buttonVariants({ variant: 'outline' }), 'shrink-0')}
        >
          <DownloadIcon aria-hidden="true" />
          Download register CSV
        </a>
      </div>
      <div className="grid gap-3 sm:grid-cols-3" role="group" aria-label="Filter the register">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="register-property">Property</Label>
          <Select
            id="register-property"
            value={propertyId}
            onChange={(event) => setPropertyId(event.target.value)}
          >
            <option value="">All properties</option>
            {properties.map((property) => (
              <option key={property.id} value={property.id}>
                {property.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="register-from">Staying on or after</Label>
          <Input
            id="register-from"
            type="date"
            value={from}
            onChange={(event) => setFrom(event.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="register-to">Arriving before</Label>
          <Input id="register-to" type="date" value={to} onChange={(event) => setTo(event.target.value)} />
        </div>
      </div>
      {register.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : register.isError ? (
        <LoadError what="guest register" error={register.error} onRetry={() => void register.refetch()} />
      ) : register.data.length === 0 ? (
        <Card>
          <CardContent className="py-10 text-center text-muted-foreground">
            No guest has checked in online for these dates. Confirmed guests check in from their request page.
          </CardContent>
        </Card>
      ) : (
        <div className="flex flex-col gap-4">
          {register.data.map((stay) => (
            <StayCard key={stay.booking_id} stay={stay} />
          ))}
        </div>
      )}
    </div>
  );
}
