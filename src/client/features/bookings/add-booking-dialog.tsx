import { zodResolver } from '@hookform/resolvers/zod';
import { PlusIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormDialog } from '@/client/components/form-dialog';
import { Button } from '@/client/components/ui/button';
import { FormField, InputField } from '@/client/components/ui/form';
import { MoneyInput } from '@/client/components/ui/input';
import { Select, SelectOptions } from '@/client/components/ui/select';
import { Textarea } from '@/client/components/ui/textarea';
import { getErrorMessage, isApiError } from '@/client/lib/api-client';
import { nullableNumber } from '@/client/lib/form-values';
import {
  BOOKING_SOURCE_LABELS,
  BOOKING_SOURCES,
  createManualBookingSchema,
  EMPTY_STAY_REQUEST,
  type ManualBooking,
  type ManualBookingInput,
} from '@/domain/booking';
import { villaToday } from '@/domain/dates';
import { isChannelCollected } from '@/domain/payment';
import type { Property } from '@/domain/property';
import type { Wire } from '@/domain/wire-amount';
import { DEFAULT_LANGUAGE } from '@/content/languages';
import { useCreateBooking } from './bookings-api';
import { GuestContactFields, StayDateFields } from './booking-form-fields';

const EMPTY: ManualBookingInput = {
  ...EMPTY_STAY_REQUEST,
  booking_source: 'direct',
  external_booking_id: '',
  status: 'confirmed',
  payment_status: 'unpaid',
  total_amount: null,
  guest_language: DEFAULT_LANGUAGE,
};

/**
 * Adds a booking by hand: a phone or walk-in guest, or one from Airbnb/Booking.com entered manually.
 * Given `open`, it is opened by its caller (with `initialStay`'s dates filled in) and shows no button.
 */
export function AddBookingDialog({
  property,
  initialStay,
  open: openFromCaller,
  onOpenChange,
}: {
  property: Wire<Property>;
  initialStay?: { check_in: string; check_out: string };
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = openFromCaller ?? ownOpen;
  const setOpen = (next: boolean) => (openFromCaller === undefined ? setOwnOpen(next) : onOpenChange?.(next));
  const schema = useMemo(() => createManualBookingSchema(() => villaToday()), []);
  const form = useForm<ManualBookingInput, unknown, ManualBooking>({
    resolver: zodResolver(schema),
    defaultValues: { ...EMPTY, ...initialStay },
  });
  const { register, handleSubmit, formState, reset } = form;
  const errors = formState.errors;
  const create = useCreateBooking(property.id);

  // Shown inside the dialog: while a modal is open, screen readers cannot reach the toasts.
  const [formError, setFormError] = useState<string | null>(null);
  const source = form.watch('booking_source') ?? 'direct';
  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    // The channel collects the guest's money: nothing is recorded here (the stay's badge says 'Payment: channel').
    const booking = isChannelCollected(values.booking_source)
      ? { ...values, payment_status: 'unpaid' as const }
      : values;
    return create.mutateAsync(booking).then(
      (booking) => {
        toast.success('Booking added', {
          description: `${booking.guest_name}, ${booking.check_in} → ${booking.check_out}`,
        });
        reset(EMPTY);
        setOpen(false);
      },
      (error: unknown) => {
        const message = getErrorMessage(error, 'The booking could not be added');
        setFormError(message);
        if (isApiError(error) && error.field && error.field in EMPTY) {
          form.setError(error.field as keyof ManualBookingInput, { message });
        }
      },
    );
  });

  return (
    <>
      {openFromCaller === undefined ? (
        <Button
          type="button"
          onClick={() => {
            setFormError(null);
            setOpen(true);
          }}
        >
          <PlusIcon aria-hidden="true" /> Add Booking
        </Button>
      ) : null}
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title="Add Booking"
        description={`A booking taken by phone, in person, or on Airbnb or Booking.com, for ${property.name}. Overlapping stays are refused.`}
        className="max-w-2xl"
        onSubmit={onSubmit}
        twoColumns
        error={formError}
        submitLabel="Add Booking"
        pendingLabel="Adding..."
        pending={create.isPending}
      >
        <StayDateFields register={register} errors={errors} />
        <GuestContactFields register={register} errors={errors} />
        <InputField
          label="Guests"
          required
          error={errors.guests_count}
          hint={`max ${property.max_guests}`}
          type="number"
          min={1}
          max={property.max_guests}
          {...register('guests_count', { valueAsNumber: true })}
        />
        <FormField label="Source" error={errors.booking_source}>
          {(props) => (
            <Select {...props} {...register('booking_source')}>
              <SelectOptions values={BOOKING_SOURCES} labels={BOOKING_SOURCE_LABELS} />
            </Select>
          )}
        </FormField>
        <InputField
          label="External booking id"
          error={errors.external_booking_id}
          hint="optional"
          {...register('external_booking_id')}
        />
        <FormField label="Status" error={errors.status}>
          {(props) => (
            <Select {...props} {...register('status')}>
              <option value="confirmed">Confirmed</option>
              <option value="pending">Pending</option>
            </Select>
          )}
        </FormField>
        {isChannelCollected(source) ? (
          <div className="flex flex-col gap-1.5 text-sm">
            <span className="font-medium">Payment</span>
            <p className="flex h-10 items-center text-muted-foreground">
              Collected by {BOOKING_SOURCE_LABELS[source]}
            </p>
          </div>
        ) : (
          // Only what needs no amount: a part paid or a refund is recorded with its amount in Payments.
          <FormField label="Payment" error={errors.payment_status}>
            {(props) => (
              <Select {...props} {...register('payment_status')}>
                <option value="unpaid">Not paid yet</option>
                <option value="paid">Paid in full</option>
              </Select>
            )}
          </FormField>
        )}
        <FormField
          label={`Total (${property.currency})`}
          error={errors.total_amount}
          hint="empty: priced from the calendar"
        >
          {(props) => <MoneyInput {...props} {...register('total_amount', nullableNumber)} />}
        </FormField>
        <FormField label="Special requests" error={errors.special_requests} className="sm:col-span-2">
          {(props) => <Textarea {...props} rows={2} {...register('special_requests')} />}
        </FormField>
      </FormDialog>
    </>
  );
}
