import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
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
import { getErrorMessage, isApiError, readErrorCode } from '@/client/lib/api-client';
import { useDebouncedValue } from '@/client/lib/use-debounced-value';
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
import type { BookingChangeQuote } from '@/domain/booking-reprice';
import { isRealDate } from '@/domain/dates';
import type { InvoiceDisagreement } from '@/domain/invoice';
import { bookingChangeQuoteQuery, useUpdateBooking } from './bookings-api';
import { PriceChange, type PriceKeep } from './price-change';
import { GuestContactFields, lockInput, StayDateFields } from './booking-form-fields';
import type { Wire } from '@/domain/wire-amount';

type FieldInput = Omit<BookingUpdateInput, 'pricing'>;
type EditValues = Omit<
  Required<{ [Key in keyof FieldInput]: NonNullable<FieldInput[Key]> }>,
  'guests_count'
> & { guests_count: FieldInput['guests_count'] };

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
    if (value === undefined || key === 'pricing') continue;
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

/**
 * The stay as typed, when its dates or guests differ from the booking's and make a stay to price: a whole
 * date each, check-out after check-in, a whole number of guests.
 */
function findStayToPrice(
  booking: Booking,
  typed: { check_in?: string; check_out?: string; guests_count?: number },
) {
  const stay = {
    check_in: typed.check_in ?? '',
    check_out: typed.check_out ?? '',
    guests_count: typed.guests_count,
  };
  const changed =
    stay.check_in !== booking.check_in ||
    stay.check_out !== booking.check_out ||
    stay.guests_count !== booking.guests_count;
  const valid =
    /^\d{4}-\d{2}-\d{2}$/.test(stay.check_in) &&
    isRealDate(stay.check_in) &&
    /^\d{4}-\d{2}-\d{2}$/.test(stay.check_out) &&
    isRealDate(stay.check_out) &&
    stay.check_out > stay.check_in &&
    Number.isInteger(stay.guests_count) &&
    (stay.guests_count ?? 0) >= 1;
  return changed ? { valid, stay: { ...stay, guests_count: stay.guests_count ?? 0 } } : null;
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
  const [disagreements, setDisagreements] = useState<readonly Wire<InvoiceDisagreement>[]>([]);
  const fromChannel = isFromChannel(booking);
  // A settled stay keeps its terms: the server refuses them, so they are not offered.
  const settled = booking.status === 'cancelled' || booking.status === 'completed';
  const termsLocked = fromChannel || settled;
  // An invoice stays as issued: a change to what it charged is corrected by a credit note and a new one.
  const invoices = useQuery({
    ...bookingInvoicesQuery(booking.id),
    enabled: open && !termsLocked && !booking.is_sample,
  });
  const invoice = invoices.data ? findCreditableInvoice(invoices.data) : undefined;

  // New dates or guests of a direct stay are priced as the booking form prices them; the operator takes
  // that price or keeps the total with a reason. A channel's stay keeps its channel's price: no quote.
  const queryClient = useQueryClient();
  const [checkIn, checkOut, guestsCount] = form.watch(['check_in', 'check_out', 'guests_count']);
  const toPrice =
    open && !termsLocked
      ? findStayToPrice(booking, { check_in: checkIn, check_out: checkOut, guests_count: guestsCount })
      : null;
  const stayKey = toPrice?.valid
    ? `${toPrice.stay.check_in}|${toPrice.stay.check_out}|${toPrice.stay.guests_count}`
    : null;
  // Typed guests and dates settle before they are priced, so each keystroke is not a request.
  const pricedKey = useDebouncedValue(stayKey, 300);
  const pricedStay =
    toPrice?.valid && pricedKey === stayKey
      ? {
          check_in: toPrice.stay.check_in,
          check_out: toPrice.stay.check_out,
          guests_count: String(toPrice.stay.guests_count),
        }
      : null;
  const changeQuoteOptions = bookingChangeQuoteQuery(
    booking.id,
    pricedStay ?? { check_in: '', check_out: '', guests_count: '' },
  );
  const changeQuote = useQuery({ ...changeQuoteOptions, enabled: pricedStay !== null });
  const quote = pricedStay ? changeQuote.data : undefined;
  const quoteError =
    pricedStay && changeQuote.isError
      ? getErrorMessage(changeQuote.error, 'The new price could not be worked out')
      : null;
  const [keep, setKeep] = useState<PriceKeep | null>(null);
  const [reason, setReason] = useState('');
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);

  const close = (next: boolean) => {
    if (!next) {
      setFormError(null);
      setDisagreements([]);
      setKeep(null);
      setReason('');
      setChoiceError(null);
      setReasonError(null);
      form.reset(describeValues(booking));
    }
    onOpenChange(next);
  };

  /** The pricing choice a change of dates or guests is sent with, or why it cannot be sent yet. */
  const choosePricing = (): BookingUpdate['pricing'] | 'missing' => {
    if (keep === null) {
      setChoiceError('Choose the new price or keep the current total');
      return 'missing';
    }
    if (keep === 'new') {
      if (!quote) {
        setChoiceError('The new price is not worked out yet: wait for it, or keep the current total');
        return 'missing';
      }
      return { keep: 'new', quoted_total: quote.quote.total };
    }
    if (!reason.trim()) {
      setReasonError('Say why the total stays as it is');
      return 'missing';
    }
    return { keep: 'old', reason: reason.trim() };
  };

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    setDisagreements([]);
    setChoiceError(null);
    setReasonError(null);
    const change = findBookingChanges(booking, values);
    if (Object.keys(change).length === 0) {
      close(false);
      return;
    }
    if (toPrice && ('check_in' in change || 'guests_count' in change)) {
      // The price follows the choice, not the total field (hidden while a change is priced).
      delete change.total_amount;
      const pricing = choosePricing();
      if (pricing === 'missing') return;
      change.pricing = pricing;
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
        const code = readErrorCode(error);
        // The price moved since it was shown: the new one is shown, to be checked and saved again.
        if (code === 'quote_changed' && isApiError(error) && error.details.quote) {
          const fresh = error.details.quote as BookingChangeQuote['quote'];
          queryClient.setQueryData(
            changeQuoteOptions.queryKey,
            (shown) => shown && { ...shown, quote: fresh },
          );
        }
        if (code === 'reason_required') {
          setReasonError(message);
          return;
        }
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
      twoColumns
      error={formError}
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
      <StayDateFields register={register} errors={errors} locked={termsLocked} />
      <GuestContactFields register={register} errors={errors} />
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
            {...lockInput(settled)}
            {...register('guests_count', {
              // Blank is "still not known" on a stay that had no count, never 0 or NaN.
              setValueAs: (value: unknown) =>
                value === '' || value === undefined ? undefined : Number(value),
            })}
          />
        )}
      </FormField>
      {toPrice?.valid ? null : (
        <FormField label={`Total (${booking.currency})`} required error={errors.total_amount}>
          {(props) => (
            <MoneyInput
              {...props}
              {...lockInput(termsLocked)}
              {...register('total_amount', { valueAsNumber: true })}
            />
          )}
        </FormField>
      )}
      {toPrice?.valid ? (
        <PriceChange
          booking={booking}
          stay={toPrice.stay}
          quote={quote}
          loading={changeQuote.isFetching || pricedStay === null}
          error={quoteError}
          onRetry={
            isApiError(changeQuote.error) && changeQuote.error.status >= 400 && changeQuote.error.status < 500
              ? undefined
              : () => void changeQuote.refetch()
          }
          keep={keep}
          onKeepChange={(next) => {
            setKeep(next);
            setChoiceError(null);
          }}
          reason={reason}
          onReasonChange={(next) => {
            setReason(next);
            setReasonError(null);
          }}
          choiceError={choiceError}
          reasonError={reasonError}
        />
      ) : null}
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
