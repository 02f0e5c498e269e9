import { zodResolver } from '@hookform/resolvers/zod';
import type { Wire } from '@/domain/wire-amount';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/client/components/ui/button';
import { FormAlert, FormField } from '@/client/components/ui/form';
import { Textarea } from '@/client/components/ui/textarea';
import { getErrorMessage, isApiError } from '@/client/lib/api-client';
import { formatDayMonthYear } from '@/client/lib/format';
import { formatMajorAmount } from '@/domain/money';
import {
  PAYMENT_LIMITS,
  VoidPaymentSchema,
  type PaymentEntry,
  type VoidPaymentInput,
} from '@/domain/payment';
import { PAYMENT_KIND_LABELS, PAYMENT_METHOD_LABELS } from './payment-labels';
import { useVoidEntry } from './payments-api';

/**
 * Whether the ledger may void an entry: not a void or correction, not one voided already, and not money
 * that moved through Razorpay (a Razorpay payment is refunded instead). The server has the last word.
 */
export function canVoidEntry(entry: Wire<PaymentEntry>): boolean {
  return !entry.corrects_id && !entry.voided && !entry.gateway_payment_id && entry.method !== 'razorpay';
}

/** Voids one entry with the reason the operator gives; what was typed stays when the server refuses. */
export function VoidEntryForm({
  bookingId,
  entry,
  onDone,
}: {
  bookingId: string;
  entry: Wire<PaymentEntry>;
  /** Back to the ledger, voided or not. */
  onDone: (voided: boolean) => void;
}) {
  const form = useForm<VoidPaymentInput>({
    resolver: zodResolver(VoidPaymentSchema),
    defaultValues: { reason: '' },
  });
  const { register, handleSubmit, formState, setError, setFocus } = form;
  const voidEntry = useVoidEntry(bookingId);
  const what = `${PAYMENT_KIND_LABELS[entry.kind]} of ${formatMajorAmount(entry.amount, entry.currency)}`;

  useEffect(() => {
    setFocus('reason');
  }, [setFocus]);

  const onSubmit = handleSubmit((values) =>
    voidEntry.mutateAsync({ entryId: entry.id, reason: values.reason }).then(
      () => {
        toast.success('Entry voided', { description: `${what} · ${values.reason}` });
        onDone(true);
      },
      (error: unknown) => {
        const message = getErrorMessage(error, 'The entry could not be voided');
        if (isApiError(error) && error.field === 'reason') setError('reason', { message });
        else setError('root', { message });
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Void entry">
      <p className="text-sm">
        <span className="font-medium">{what}</span> · {PAYMENT_METHOD_LABELS[entry.method]} · received{' '}
        {formatDayMonthYear(entry.received_on)}
        {entry.reference ? ` · Ref. ${entry.reference}` : ''}
      </p>
      <p className="text-sm text-muted-foreground">
        It stays in the ledger, struck through, and counts for nothing: not in the balance, the reports or the
        exports. A void cannot be undone; record the entry again if it was right.
      </p>
      <FormField label="Reason" error={formState.errors.reason} required>
        {(props) => (
          <Textarea
            {...props}
            rows={2}
            maxLength={PAYMENT_LIMITS.noteMax}
            placeholder="Typed 9000 for 900; recorded on the wrong stay"
            {...register('reason')}
          />
        )}
      </FormField>
      {formState.errors.root?.message ? <FormAlert>{formState.errors.root.message}</FormAlert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={() => onDone(false)} disabled={voidEntry.isPending}>
          Back to payments
        </Button>
        <Button type="submit" variant="destructive" disabled={voidEntry.isPending}>
          {voidEntry.isPending ? 'Voiding...' : 'Void entry'}
        </Button>
      </div>
    </form>
  );
}
