import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { LoadError } from '@/client/components/load-error';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card';
import { FormAlert, FormField } from '@/client/components/ui/form';
import { Input, MoneyInput } from '@/client/components/ui/input';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Textarea } from '@/client/components/ui/textarea';
import { getErrorMessage, isApiError } from '@/client/lib/api-client';
import {
  PAYMENT_LIMITS,
  PaymentSettingsUpdateSchema,
  type PaymentSettings,
  type PaymentSettingsUpdate,
  type PaymentSettingsUpdateInput,
} from '@/domain/payment';
import { paymentSettingsQuery, useUpdatePaymentSettings } from './payments-api';
import { paymentTexts } from '@/content/payments';

const FIELDS = ['deposit_percent', 'balance_due_days', 'security_deposit', 'payment_instructions'] as const;
const isField = (name: string | undefined): name is (typeof FIELDS)[number] =>
  (FIELDS as readonly string[]).includes(name ?? '');

/** A property's payment schedule, security deposit and payment instructions, as a card of its own. */
export function PaymentSettingsCard({ propertyId }: { propertyId: string }) {
  const settings = useQuery(paymentSettingsQuery(propertyId));
  return (
    <Card aria-labelledby="payment-settings-title">
      <CardHeader>
        <h3 id="payment-settings-title" className="text-lg font-semibold">
          Payments
        </h3>
        <CardDescription>
          When guests pay: a deposit when you confirm a stay, the balance before check-in (all at once when
          the stay is closer than that).
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <div role="status" className="grid gap-3">
            <span className="sr-only">Loading payment settings...</span>
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : settings.isError ? (
          <LoadError
            what="payment settings"
            error={settings.error}
            onRetry={() => void settings.refetch()}
            retrying={settings.isFetching}
          />
        ) : (
          // Keyed by what was saved, so a save or another tab's change starts the form afresh.
          <PaymentSettingsForm key={JSON.stringify(settings.data)} settings={settings.data} />
        )}
      </CardContent>
    </Card>
  );
}

function toValues(settings: PaymentSettings): PaymentSettingsUpdateInput {
  return {
    deposit_percent: settings.deposit_percent,
    balance_due_days: settings.balance_due_days,
    security_deposit: settings.security_deposit,
    payment_instructions: settings.payment_instructions,
  };
}

export function PaymentSettingsForm({ settings }: { settings: PaymentSettings }) {
  const update = useUpdatePaymentSettings(settings.property_id);
  const form = useForm<PaymentSettingsUpdateInput, unknown, PaymentSettingsUpdate>({
    resolver: zodResolver(PaymentSettingsUpdateSchema),
    defaultValues: toValues(settings),
  });
  const { register, handleSubmit, formState, setError, reset } = form;
  const errors = formState.errors;
  const [formError, setFormError] = useState<string | null>(null);
  const number = { valueAsNumber: true } as const;

  const save = handleSubmit((values) => {
    setFormError(null);
    return update.mutateAsync(values).then(
      () => toast.success('Payment settings saved', { description: 'New schedules follow them.' }),
      (error: unknown) => {
        const message = getErrorMessage(error, 'The payment settings could not be saved');
        if (isApiError(error) && isField(error.field)) {
          setError(error.field, { message }, { shouldFocus: true });
        } else setFormError(message);
      },
    );
  });

  return (
    <form noValidate onSubmit={save} className="grid gap-4" aria-label="Payment settings">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <FormField label="Deposit (%)" hint="0: none" error={errors.deposit_percent}>
          {(props) => (
            <Input
              {...props}
              type="number"
              min={0}
              max={100}
              step={1}
              {...register('deposit_percent', number)}
            />
          )}
        </FormField>
        <FormField label="Balance due (days before check-in)" error={errors.balance_due_days}>
          {(props) => (
            <Input
              {...props}
              type="number"
              min={0}
              max={365}
              step={1}
              {...register('balance_due_days', number)}
            />
          )}
        </FormField>
        <FormField
          label={`Security deposit (${settings.currency})`}
          hint="refundable; 0: none"
          error={errors.security_deposit}
        >
          {(props) => <MoneyInput {...props} inputMode="decimal" {...register('security_deposit', number)} />}
        </FormField>
      </div>
      <FormField label="Payment instructions" error={errors.payment_instructions}>
        {(props) => (
          <>
            <Textarea
              {...props}
              rows={4}
              maxLength={PAYMENT_LIMITS.instructionsMax}
              placeholder="e.g. Bank transfer to HDFC Bank, A/c 5010 0123 4567, IFSC HDFC0000123, quoting your booking reference."
              aria-describedby={[props['aria-describedby'], 'payment-instructions-hint']
                .filter(Boolean)
                .join(' ')}
              {...register('payment_instructions')}
            />
            <p id="payment-instructions-hint" className="text-xs text-muted-foreground">
              Guests see these words in their confirmation e-mail and on their request page when UPI or
              Razorpay is not set up. Left blank, they read: “{paymentTexts.fallbackInstructions}”
            </p>
          </>
        )}
      </FormField>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={!formState.isDirty || update.isPending}
          onClick={() => reset(toValues(settings))}
        >
          Undo changes
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save payment settings'}
        </Button>
      </div>
    </form>
  );
}
