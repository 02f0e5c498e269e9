import { wireResolver } from '@/client/lib/wire-resolver';
import type { Wire } from '@/domain/wire-amount';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/client/components/ui/button';
import { FormAlert, FormField, InputField } from '@/client/components/ui/form';
import { MoneyInput } from '@/client/components/ui/input';
import { Select, SelectOptions } from '@/client/components/ui/select';
import { Textarea } from '@/client/components/ui/textarea';
import { getErrorMessage, isApiError, readErrorCode } from '@/client/lib/api-client';
import { formatDayMonthYear } from '@/client/lib/format';
import { villaToday } from '@/domain/dates';
import type { RefundablePayment } from '@/domain/gateway-refund';
import { formatMajorAmount } from '@/domain/money';
import {
  createRecordPaymentSchema,
  createRefundPaymentSchema,
  INCOMING_KINDS,
  normalizeReference,
  OUTGOING_KINDS,
  PAYMENT_METHODS,
  type DuplicateReference,
  type PaymentKind,
  type PaymentEntry,
  type PaymentMethod,
  type PaymentSummary,
} from '@/domain/payment';
import {
  describeExcessRefusal,
  DuplicateReferenceNotice,
  readDuplicateReference,
} from './duplicate-reference';
import { PAYMENT_KIND_LABELS, PAYMENT_METHOD_LABELS } from './payment-labels';
import { useRecordEntry } from './payments-api';

type EntryValues = {
  kind: PaymentKind;
  amount: number;
  method: PaymentMethod;
  received_on: string;
  reference?: string | null;
  note?: string | null;
};
const FIELDS = ['kind', 'amount', 'method', 'received_on', 'reference', 'note'] as const;
const isField = (name: string | undefined): name is (typeof FIELDS)[number] =>
  (FIELDS as readonly string[]).includes(name ?? '');

/**
 * Records money received ('in': a payment, or a security deposit held) or paid back ('out': a refund, or
 * a security deposit returned). A refusal by the server (a refund above what was paid) is said at the
 * field it is about, and what was typed stays.
 */
export function PaymentEntryForm({
  bookingId,
  guestName,
  direction,
  summary,
  offerSecurityDeposit,
  refundablePayments = [],
  onDone,
}: {
  bookingId: string;
  guestName: string;
  direction: 'in' | 'out';
  summary: Wire<PaymentSummary>;
  /** The property asks a security deposit (or one is held): its kinds are offered. */
  offerSecurityDeposit: boolean;
  /** The booking's Razorpay payments and what each has left: a refund by Razorpay is taken from one. */
  refundablePayments?: readonly Wire<RefundablePayment>[];
  /** Back to the ledger: with the entry recorded and the summary after it, or without (the operator went back). */
  onDone: (recorded?: Wire<PaymentEntry>, after?: Wire<PaymentSummary>) => void;
}) {
  const schema = useMemo(
    () =>
      direction === 'in'
        ? createRecordPaymentSchema(() => villaToday())
        : createRefundPaymentSchema(() => villaToday()),
    [direction],
  );
  const kinds = direction === 'in' ? INCOMING_KINDS : OUTGOING_KINDS;
  const money = (amount: number) => formatMajorAmount(amount, summary.currency);
  const form = useForm<EntryValues>({
    resolver: wireResolver(schema) as unknown as Resolver<EntryValues>,
    defaultValues: {
      kind: kinds[0],
      // What is due next is what the guest most likely sent; a refund's amount is the operator's call.
      amount: direction === 'in' ? (summary.next_due?.amount ?? Number.NaN) : Number.NaN,
      method: 'upi',
      received_on: villaToday(),
      reference: '',
      note: '',
    },
  });
  const { register, handleSubmit, formState, setError, setFocus, watch } = form;
  const errors = formState.errors;
  const record = useRecordEntry(bookingId, direction);
  const [formError, setFormError] = useState<string | null>(null);
  // The server found the reference already in the ledger: asked about before it is recorded twice.
  const [duplicate, setDuplicate] = useState<DuplicateReference | null>(null);
  const confirmDuplicate = useRef(false);
  const kind = watch('kind');
  const method = watch('method');
  // A refund by Razorpay is made from one of its payments, named as its reference (pay_…).
  const throughRazorpay = direction === 'out' && kind === 'refund' && method === 'razorpay';
  const fullest = [...refundablePayments].sort((a, b) => b.refundable - a.refundable)[0];
  useEffect(() => {
    if (throughRazorpay) form.setValue('reference', fullest?.gateway_payment_id ?? '');
    else if (form.getValues('reference')?.startsWith('pay_')) form.setValue('reference', '');
  }, [throughRazorpay, fullest?.gateway_payment_id, form]);
  const reference = watch('reference');
  // Another reference typed after the warning: the warning was about the old one.
  useEffect(() => {
    setDuplicate((shown) =>
      shown && normalizeReference(reference ?? '') !== normalizeReference(shown.reference) ? null : shown,
    );
  }, [reference]);

  useEffect(() => {
    setFocus('amount');
  }, [setFocus]);

  const limit =
    kind === 'refund'
      ? summary.net_paid
      : kind === 'security_deposit_returned'
        ? summary.security_deposit_held
        : undefined;

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    const confirmed = confirmDuplicate.current;
    confirmDuplicate.current = false;
    return record.mutateAsync(confirmed ? { ...values, confirm_duplicate_reference: true } : values).then(
      (answer) => {
        if (!('entry' in answer)) {
          toast.warning('Refund pending at Razorpay', { description: answer.message, duration: 15_000 });
          onDone();
          return;
        }
        const { entry, summary: after } = answer;
        const what = PAYMENT_KIND_LABELS[entry.kind];
        toast.success(`${what} recorded`, {
          description: `${money(entry.amount)} · ${guestName} · Balance ${money(after.balance)}`,
        });
        onDone(entry, after);
      },
      (error: unknown) => {
        const message = getErrorMessage(
          error,
          `The ${direction === 'in' ? 'payment' : 'refund'} could not be recorded`,
        );
        const found = readDuplicateReference(error);
        if (found) {
          setDuplicate(found);
          return;
        }
        setDuplicate(null);
        const excess = describeExcessRefusal(error, summary.currency);
        if (excess) setError('amount', { message: excess }, { shouldFocus: true });
        // That Razorpay payment is recorded already: said at its id.
        else if (readErrorCode(error) === 'gateway_payment_recorded') {
          setError('reference', { message }, { shouldFocus: true });
        }
        // The ledger refused the amount (a refund above what was paid): said at the amount.
        else if (isApiError(error, 409)) setError('amount', { message }, { shouldFocus: true });
        else if (isApiError(error) && isField(error.field)) {
          setError(error.field, { message }, { shouldFocus: true });
        } else setFormError(message);
      },
    );
  });

  const verb = direction === 'in' ? 'Record payment' : 'Record refund';
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={verb}>
      <div className="grid gap-4 sm:grid-cols-2">
        {offerSecurityDeposit ? (
          <FormField label="Kind" error={errors.kind} className="sm:col-span-2">
            {(props) => (
              <Select {...props} {...register('kind')}>
                <SelectOptions values={kinds} labels={PAYMENT_KIND_LABELS} />
              </Select>
            )}
          </FormField>
        ) : null}
        <FormField
          label={`Amount (${summary.currency})`}
          hint={limit === undefined ? undefined : `at most ${money(limit)}`}
          error={errors.amount}
          required
        >
          {(props) => (
            <MoneyInput {...props} inputMode="decimal" {...register('amount', { valueAsNumber: true })} />
          )}
        </FormField>
        <FormField label="Method" error={errors.method} required>
          {(props) => (
            <Select {...props} {...register('method')}>
              <SelectOptions values={PAYMENT_METHODS} labels={PAYMENT_METHOD_LABELS} />
            </Select>
          )}
        </FormField>
        <InputField
          label={direction === 'in' ? 'Received on' : 'Paid back on'}
          error={errors.received_on}
          required
          type="date"
          max={villaToday()}
          {...register('received_on')}
        />
        {throughRazorpay ? (
          <FormField
            label="Razorpay payment"
            hint="Refunded from this payment, at most what it has left"
            error={errors.reference}
            required
          >
            {(props) => (
              <Select {...props} {...register('reference')}>
                {refundablePayments.map((payment) => (
                  <option
                    key={payment.gateway_payment_id}
                    value={payment.gateway_payment_id}
                    disabled={payment.refundable <= 0}
                  >
                    {payment.gateway_payment_id} · {formatDayMonthYear(payment.received_on)} ·{' '}
                    {money(payment.refundable)} left
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        ) : (
          <InputField
            label="UTR / reference"
            error={errors.reference}
            autoComplete="off"
            {...register('reference')}
          />
        )}
        <FormField label="Note" error={errors.note} className="sm:col-span-2">
          {(props) => <Textarea {...props} rows={2} {...register('note')} />}
        </FormField>
      </div>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      {duplicate ? (
        <DuplicateReferenceNotice
          duplicate={duplicate}
          pending={record.isPending}
          onConfirm={() => {
            confirmDuplicate.current = true;
            void onSubmit();
          }}
        />
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={() => onDone()} disabled={record.isPending}>
          Back to payments
        </Button>
        <Button type="submit" disabled={record.isPending}>
          {record.isPending ? 'Recording...' : verb}
        </Button>
      </div>
    </form>
  );
}
