import { zodResolver } from '@hookform/resolvers/zod';
import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '@/client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/client/components/ui/dialog';
import { FormAlert, FormField, InputField } from '@/client/components/ui/form';
import { Select, SelectOptions } from '@/client/components/ui/select';
import { getErrorMessage, readErrorCode } from '@/client/lib/api-client';
import { invalidateOperatorData } from '@/client/lib/query';
import {
  DuplicateReferenceNotice,
  PAYMENT_METHOD_LABELS,
  readDuplicateReference,
} from '@/client/features/payments';
import type { Booking } from '@/domain/booking';
import { formatMajorAmount } from '@/domain/money';
import {
  MarkPaidFormSchema,
  normalizeReference,
  PAYMENT_METHODS,
  type DuplicateReference,
  type MarkPaidFormValues,
} from '@/domain/payment';
import { useUpdatePaymentStatus } from './bookings-api';

/** Mark paid records the balance itself: a channel's payout is recorded in Payments instead. */
const METHODS = PAYMENT_METHODS.filter((method) => method !== 'channel');

/** A box on the screen (a DOMRect's edges), in viewport pixels. */
export type ScreenBox = { top: number; bottom: number };

/**
 * Where the dialog goes so that its buttons are not where the pressed button was: a second tap of a
 * thumb lands on the dialog's text or fields, never on its confirm or its cancel. Centred when that is
 * clear already, else at the top or the bottom of the screen. Null: centred (the stylesheet's place).
 */
function useDialogAwayFrom(opener: ScreenBox | null, open: boolean) {
  // Nodes, not refs: the dialog's portal mounts its content a render after it opens.
  const [box, content] = useState<HTMLDivElement | null>(null);
  const [buttons, footer] = useState<HTMLDivElement | null>(null);
  const [top, setTop] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!open || !opener || !box || !buttons || opener.bottom <= opener.top) {
      setTop(null);
      return;
    }
    const height = box.offsetHeight;
    const viewport = window.innerHeight;
    const margin = 12;
    const clear = (at: number) =>
      at + buttons.offsetTop + buttons.offsetHeight < opener.top - margin ||
      at + buttons.offsetTop > opener.bottom + margin;
    const centred = (viewport - height) / 2;
    const chosen = [centred, 16, viewport - 16 - height].find(clear);
    setTop(chosen === undefined || chosen === centred ? null : chosen);
  }, [open, opener, box, buttons]);
  const style: CSSProperties | undefined = top === null ? undefined : { top, translate: '-50% 0' };
  return { content, footer, style };
}

/**
 * Mark paid: a payment of the balance, by the method and with the reference the operator gives, shown
 * with its amount and confirmed; nothing is recorded by the tap that opens it. The server checks that the
 * balance is still the one shown (balance_changed), and asks before a reference is recorded twice.
 */
export function MarkPaidDialog({
  booking,
  balance,
  open,
  onOpenChange,
  opener,
  onCloseAutoFocus,
}: {
  booking: Booking;
  /** What is left to pay, as the list's summary says it; undefined when the card has no summary. */
  balance: number | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the Mark paid button was on the screen when it was pressed. */
  opener: ScreenBox | null;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const queryClient = useQueryClient();
  const paymentChange = useUpdatePaymentStatus();
  const form = useForm<MarkPaidFormValues>({
    resolver: zodResolver(MarkPaidFormSchema),
    // No method chosen for the operator: 'other' told the ledger nothing.
    defaultValues: { method: '' as MarkPaidFormValues['method'], reference: '' },
  });
  const { register, handleSubmit, formState, setError, watch, reset } = form;
  const [duplicate, setDuplicate] = useState<DuplicateReference | null>(null);
  const confirmDuplicate = useRef(false);
  const reference = watch('reference');
  const shownDuplicate =
    duplicate && normalizeReference(reference ?? '') === normalizeReference(duplicate.reference)
      ? duplicate
      : null;
  const place = useDialogAwayFrom(opener, open);
  const amount = balance === undefined ? 'the balance' : formatMajorAmount(balance, booking.currency);

  const close = (next: boolean) => {
    if (!next) {
      reset();
      setDuplicate(null);
    }
    onOpenChange(next);
  };

  const onSubmit = handleSubmit((values) => {
    const confirmed = confirmDuplicate.current;
    confirmDuplicate.current = false;
    return paymentChange
      .mutateAsync({
        booking,
        paymentStatus: 'paid',
        method: values.method,
        reference: values.reference,
        ...(balance === undefined ? {} : { amount: balance }),
        ...(confirmed ? { confirm_duplicate_reference: true } : {}),
      })
      .then(
        () => {
          toast.success('Payment recorded', {
            description: `${amount} · ${PAYMENT_METHOD_LABELS[values.method]} · ${booking.guest_name} has paid`,
          });
          close(false);
        },
        (error: unknown) => {
          const found = readDuplicateReference(error);
          setDuplicate(found ?? null);
          if (found) return;
          const message = getErrorMessage(error, 'The payment could not be recorded');
          const code = readErrorCode(error);
          if (code === 'gateway_payment_recorded') setError('reference', { message }, { shouldFocus: true });
          else setError('root', { message });
          // The balance moved since the list was loaded: the list reloads, and the dialog shows the new one.
          if (code === 'balance_changed') void invalidateOperatorData(queryClient);
        },
      );
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        ref={place.content}
        style={place.style}
        onCloseAutoFocus={onCloseAutoFocus}
        // A second tap outside (the thumb again) leaves it open with what was chosen: Not now closes it.
        onInteractOutside={(event) => event.preventDefault()}
      >
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Mark paid">
          <DialogHeader>
            <DialogTitle>Mark {booking.guest_name}’s booking paid?</DialogTitle>
            <DialogDescription>
              This records a payment of what is left to pay, received today, in the booking’s payments.
            </DialogDescription>
          </DialogHeader>
          <p className="rounded-md bg-muted p-3 text-sm">
            <span className="block text-xs text-muted-foreground">Amount</span>
            <span className="text-lg font-semibold tabular-nums" data-mark-paid-amount="">
              {amount}
            </span>
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Method" error={formState.errors.method} required>
              {(props) => (
                <Select {...props} {...register('method')}>
                  <option value="" disabled>
                    Choose how it was paid
                  </option>
                  <SelectOptions values={METHODS} labels={PAYMENT_METHOD_LABELS} />
                </Select>
              )}
            </FormField>
            <InputField
              label="UTR / reference"
              error={formState.errors.reference}
              autoComplete="off"
              {...register('reference')}
            />
          </div>
          {formState.errors.root?.message ? <FormAlert>{formState.errors.root.message}</FormAlert> : null}
          {shownDuplicate ? (
            <DuplicateReferenceNotice
              duplicate={shownDuplicate}
              pending={paymentChange.isPending}
              onConfirm={() => {
                confirmDuplicate.current = true;
                void onSubmit();
              }}
            />
          ) : null}
          <DialogFooter ref={place.footer}>
            <Button
              type="button"
              variant="outline"
              onClick={() => close(false)}
              disabled={paymentChange.isPending}
            >
              Not now
            </Button>
            <Button type="submit" disabled={paymentChange.isPending}>
              {paymentChange.isPending ? 'Recording...' : `Record ${amount} paid`}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
