import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { PrinterIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  FRRO_REFERENCE_MAX,
  MarkFormCFiledSchema,
  type MarkFormCFiled,
  type MarkFormCFiledInput,
  type RegisterGuest,
  type RegisterStay,
} from '@/domain/check-in';
import { formatVillaTime } from '@/domain/dates';
import { LoadError } from '@/client/components/load-error';
import { Button } from '@/client/components/ui/button';
import { TitledDialog } from '@/client/components/titled-dialog';
import { FormAlert, InputField } from '@/client/components/ui/form';
import { Skeleton } from '@/client/components/ui/skeleton';
import { getErrorMessage } from '@/client/lib/api-client';
import { formatLongDate } from '@/client/lib/format';
import { formCSheetQuery, useMarkFormCFiled } from './guests-api';

const date = (value: string | null) => (value ? formatLongDate(value) : '—');

/** Form C's fields in the FRRO's order, every one filled. */
function describeSheet(stay: RegisterStay, guest: RegisterGuest): [string, string][] {
  const c = guest.form_c!;
  return [
    ['Full name', guest.full_name],
    ['Nationality', guest.nationality_name],
    ['Address in country of residence', guest.address],
    ['Passport number', c.passport_number],
    ['Passport place of issue', c.passport_place_of_issue],
    ['Passport date of issue', date(c.passport_issued_on)],
    ['Passport date of expiry', date(c.passport_expires_on)],
    ['Visa number', c.visa_number ?? 'Not needed (visa-free nationality)'],
    ['Visa type', c.visa_type ?? '—'],
    ['Visa date of expiry', c.visa_expires_on ? date(c.visa_expires_on) : '—'],
    ['Date of arrival in India', date(c.arrived_in_india_on)],
    ['Arriving from', c.arriving_from],
    ['Purpose of visit', c.purpose_of_visit],
    ['Next destination', c.next_destination],
    ['Accommodation', `${stay.property_name}${stay.property_address ? `, ${stay.property_address}` : ''}`],
    ['Arrival at the accommodation', formatVillaTime(c.arrival_at)],
    ['Intended departure', date(stay.check_out)],
    ['Booking reference', stay.reference],
  ];
}

function FiledForm({ guest }: { guest: RegisterGuest }) {
  const mark = useMarkFormCFiled();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<MarkFormCFiledInput, unknown, MarkFormCFiled>({
    resolver: zodResolver(MarkFormCFiledSchema),
    defaultValues: { frro_reference: guest.form_c?.frro_reference ?? '' },
  });
  const onSubmit = form.handleSubmit((body) =>
    mark.mutateAsync({ guestId: guest.id, body }).then(
      () => setError(null),
      (failure: unknown) => setError(getErrorMessage(failure, 'The filing could not be recorded')),
    ),
  );
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-3 border-t border-border pt-4 sm:flex-row sm:items-end print:hidden"
    >
      <InputField
        label={`FRRO reference for ${guest.full_name}`}
        error={form.formState.errors.frro_reference}
        className="flex-1"
        maxLength={FRRO_REFERENCE_MAX}
        {...form.register('frro_reference')}
      />
      <Button type="submit" disabled={mark.isPending}>
        {mark.isPending
          ? 'Recording…'
          : guest.form_c?.frro_reference
            ? 'Correct reference'
            : 'Record Form C filed'}
      </Button>
      {error ? <FormAlert className="sm:basis-full">{error}</FormAlert> : null}
    </form>
  );
}

/**
 * A foreign guest's Form C, every field filled, to copy into the FRRO's portal or print; and where the
 * FRRO's reference is recorded once it is filed. Opening it reads the guest's passport and visa numbers in
 * full, which the audit log records.
 */
export function FormCSheetDialog({
  stay,
  open,
  onOpenChange,
}: {
  stay: RegisterStay;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Form C · ${stay.reference}`}
      description={
        <>
          {stay.property_name} · {date(stay.check_in)} to {date(stay.check_out)}. Report each foreign guest to
          the FRRO within 24 hours of arrival.
        </>
      }
      className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl"
      data-print-sheet=""
    >
      {open ? <SheetBody stay={stay} /> : null}
    </TitledDialog>
  );
}

function SheetBody({ stay }: { stay: RegisterStay }) {
  const sheet = useQuery(formCSheetQuery(stay.booking_id));
  if (sheet.isPending) return <Skeleton className="h-64 w-full" />;
  if (sheet.isError)
    return <LoadError what="Form C sheet" error={sheet.error} onRetry={() => void sheet.refetch()} />;
  const full = sheet.data.find((item) => item.booking_id === stay.booking_id) ?? stay;
  const foreigners = full.guests.filter((guest) => guest.form_c);
  return (
    <div className="flex flex-col gap-6">
      {foreigners.map((guest) => (
        <section key={guest.id} aria-label={`Form C for ${guest.full_name}`} className="flex flex-col gap-3">
          <p className="text-sm">
            {guest.form_c!.state === 'filed' ? (
              <span className="font-semibold text-success">
                Filed {formatVillaTime(guest.form_c!.filed_at!)} · FRRO reference{' '}
                {guest.form_c!.frro_reference}
              </span>
            ) : (
              <span
                className={
                  guest.form_c!.state === 'overdue' ? 'font-semibold text-destructive' : 'font-semibold'
                }
              >
                Due by {formatVillaTime(guest.form_c!.deadline)}
                {guest.form_c!.state === 'overdue' ? ' (overdue)' : ''}
              </span>
            )}
          </p>
          <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[14rem_1fr]">
            {describeSheet(full, guest).map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-medium text-muted-foreground">{label}</dt>
                <dd className="mb-1 break-words text-foreground sm:mb-0">{value}</dd>
              </div>
            ))}
          </dl>
          <FiledForm guest={guest} />
        </section>
      ))}
      <div className="print:hidden">
        <Button type="button" variant="outline" onClick={() => window.print()}>
          <PrinterIcon aria-hidden="true" />
          Print Form C
        </Button>
      </div>
    </div>
  );
}
