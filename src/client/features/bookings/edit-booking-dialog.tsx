import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormDialog } from '@/client/components/form-dialog';
import { FormField } from '@/client/components/ui/form';
import { Input, MoneyInput } from '@/client/components/ui/input';
import { Textarea } from '@/client/components/ui/textarea';
import {
  bookingInvoicesQuery,
  findCreditableInvoice,
  InvoiceDisagreements,
} from '@/client/features/invoices';
import { getErrorMessage, isApiError } from '@/client/lib/api-client';
import {
  BOOKING_SOURCE_LABELS,
  BookingUpdateSchema,
  formatBookingReference,
  isSamePrice,
  OPERATOR_NOTE_MAX,
  type Booking,
  type BookingUpdate,
  type BookingUpdateInput,
} from '@/domain/booking';
import type { InvoiceDisagreement } from '@/domain/invoice';
import { useUpdateBooking } from './bookings-api';
import { GuestLanguageField } from './guest-language-field';

type EditValues = Omit<
  Required<{ [Key in keyof BookingUpdateInput]: NonNullable<BookingUpdateInput[Key]> }>,
  'guests_count'
> & { guests_count: BookingUpdateInput['guests_count'] };

/**
 * The form starts from the booking as it is; a blank optional text is null to the server. A channel's
 * stay whose calendar gave no count starts blank, and stays unknown unless a count is typed.
 */
function describeValues(booking: Booking): EditValues {
  return {
    check_in: booking.check_in,
    check_out: booking.check_out,
    guests_count: booking.guests_count ?? undefined,
    total_amount: booking.total_amount,
    guest_name: booking.guest_name,
    guest_email: booking.guest_email,
    guest_phone: booking.guest_phone ?? '',
    special_requests: booking.special_requests ?? '',
    operator_note: booking.operator_note ?? '',
    guest_language: booking.guest_language,
  };
}

/**
 * Only what differs from the booking is sent, so a field nobody touched is never changed. The dates go
 * together: the server pairs one date alone with the stay's other date as it is now, which a tab opened
 * before someone else moved the stay has not seen.
 */
export function findBookingChanges(booking: Booking, values: BookingUpdate): Partial<BookingUpdate> {
  const change: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values) as [keyof BookingUpdate, unknown][]) {
    if (value === undefined) continue;
    const current = booking[key];
    const same = key === 'total_amount' ? isSamePrice(value as number, current as number) : value === current;
    if (!same) change[key] = value;
  }
  if ('check_in' in change || 'check_out' in change) {
    change.check_in = values.check_in;
    change.check_out = values.check_out;
  }
  return change as Partial<BookingUpdate>;
}

/** A channel's stay: its dates and total come from the channel. */
function isFromChannel(booking: Booking) {
  return booking.booking_source !== 'direct' || booking.channel_connection_id !== null;
}

/**
 * Changes a booking: its dates, guests, total, the guest's details and the operator's private note. A
 * refused save (nights another stay holds) is said in the dialog with what was typed kept; a channel's
 * stay shows its dates and total without letting them change.
 */
export function EditBookingDialog({
  booking,
  open,
  onOpenChange,
}: {
  booking: Booking;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useForm<BookingUpdateInput, unknown, BookingUpdate>({
    resolver: zodResolver(BookingUpdateSchema),
    values: open ? describeValues(booking) : undefined,
    resetOptions: { keepDirtyValues: true },
  });
  const { register, handleSubmit, formState } = form;
  const errors = formState.errors;
  const update = useUpdateBooking();
  const [formError, setFormError] = useState<string | null>(null);
  // The invoices the last save left disagreeing with the booking: said here, with their credit notes.
  const [disagreements, setDisagreements] = useState<readonly InvoiceDisagreement[]>([]);
  const fromChannel = isFromChannel(booking);
  // A settled stay keeps its terms: the server refuses them, so they are not offered.
  const settled = booking.status === 'cancelled' || booking.status === 'completed';
  const termsLocked = fromChannel || settled;
  // A field that cannot change looks it, not only behaves it.
  const lockedLook = (locked: boolean) => (locked ? 'bg-muted text-muted-foreground' : undefined);
  // An invoice stays as issued: a change to what it charged is corrected by a credit note and a new one.
  const invoices = useQuery({
    ...bookingInvoicesQuery(booking.id),
    enabled: open && !termsLocked && !booking.is_sample,
  });
  const invoice = invoices.data ? findCreditableInvoice(invoices.data) : undefined;

  const close = (next: boolean) => {
    if (!next) {
      setFormError(null);
      setDisagreements([]);
      form.reset(describeValues(booking));
    }
    onOpenChange(next);
  };

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    setDisagreements([]);
    const change = findBookingChanges(booking, values);
    if (Object.keys(change).length === 0) {
      close(false);
      return;
    }
    return update.mutateAsync({ booking, change }).then(
      (updated) => {
        toast.success('Booking changed', {
          description: `${updated.guest_name} · ${formatBookingReference(updated.id)}`,
        });
        // An invoice that now disagrees is said before the dialog closes, with its credit note at hand.
        if (updated.invoice_disagrees.length > 0) setDisagreements(updated.invoice_disagrees);
        else onOpenChange(false);
      },
      (error: unknown) => {
        const message = getErrorMessage(error, 'The booking could not be changed');
        setFormError(message);
        if (isApiError(error) && error.field && error.field in describeValues(booking)) {
          form.setError(error.field as keyof BookingUpdateInput, { message });
        }
      },
    );
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={`Edit booking ${formatBookingReference(booking.id)}`}
      description={
        termsLocked
          ? `${booking.guest_name}'s stay.`
          : `${booking.guest_name}'s stay. Moving it onto nights another stay holds is refused.`
      }
      className="max-w-2xl"
      onSubmit={onSubmit}
      formClassName="grid gap-4 sm:grid-cols-2"
      error={formError}
      alertClassName="sm:col-span-2"
      footerClassName="sm:col-span-2"
      submitLabel="Save changes"
      pendingLabel="Saving..."
      pending={update.isPending}
      after={
        disagreements.length > 0 ? (
          <InvoiceDisagreements
            bookingId={booking.id}
            currency={booking.currency}
            disagreements={disagreements}
          />
        ) : null
      }
    >
      {termsLocked ? (
        <p className="text-sm text-muted-foreground sm:col-span-2" data-terms-locked="">
          {fromChannel
            ? `The dates and total come from ${BOOKING_SOURCE_LABELS[booking.booking_source]}: change them there.`
            : `This booking is ${booking.status}: its dates, guests and total stay as they are.`}
        </p>
      ) : null}
      {invoice ? (
        <p className="text-sm text-muted-foreground sm:col-span-2" data-invoiced="">
          {`${invoice.title} ${invoice.number} was issued for this stay as it was, and stays so. If its dates, guests or total change, issue a credit note and a new invoice under Payments.`}
        </p>
      ) : null}
      <FormField label="Check-in" required error={errors.check_in}>
        {(props) => (
          <Input
            {...props}
            type="date"
            readOnly={termsLocked}
            className={lockedLook(termsLocked)}
            {...register('check_in')}
          />
        )}
      </FormField>
      <FormField label="Check-out" required error={errors.check_out}>
        {(props) => (
          <Input
            {...props}
            type="date"
            readOnly={termsLocked}
            className={lockedLook(termsLocked)}
            {...register('check_out')}
          />
        )}
      </FormField>
      <FormField label="Guest name" required error={errors.guest_name}>
        {(props) => <Input {...props} {...register('guest_name')} />}
      </FormField>
      <FormField label="Guest email" required error={errors.guest_email}>
        {(props) => <Input {...props} type="email" {...register('guest_email')} />}
      </FormField>
      <FormField label="Guest phone" error={errors.guest_phone}>
        {(props) => <Input {...props} type="tel" {...register('guest_phone')} />}
      </FormField>
      <GuestLanguageField error={errors.guest_language} registration={register('guest_language')} />
      <FormField
        label="Guests"
        required={booking.guests_count !== null}
        error={errors.guests_count}
        hint={booking.guests_count === null ? "not given by the channel's calendar" : undefined}
      >
        {(props) => (
          <Input
            {...props}
            type="number"
            min={1}
            readOnly={settled}
            className={lockedLook(settled)}
            {...register('guests_count', {
              // Blank is "still not known" on a stay that had no count, never 0 or NaN.
              setValueAs: (value: unknown) =>
                value === '' || value === undefined ? undefined : Number(value),
            })}
          />
        )}
      </FormField>
      <FormField label={`Total (${booking.currency})`} required error={errors.total_amount}>
        {(props) => (
          <MoneyInput
            {...props}
            readOnly={termsLocked}
            className={lockedLook(termsLocked)}
            {...register('total_amount', { valueAsNumber: true })}
          />
        )}
      </FormField>
      <FormField label="Special requests" error={errors.special_requests} className="sm:col-span-2">
        {(props) => <Textarea {...props} rows={2} {...register('special_requests')} />}
      </FormField>
      <FormField
        label="Private note"
        error={errors.operator_note}
        hint="only you see it"
        className="sm:col-span-2"
      >
        {(props) => (
          <Textarea {...props} rows={3} maxLength={OPERATOR_NOTE_MAX} {...register('operator_note')} />
        )}
      </FormField>
    </FormDialog>
  );
}
