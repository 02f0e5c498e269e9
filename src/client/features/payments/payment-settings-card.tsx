import { wireResolver } from '@/client/lib/wire-resolver';
import type { Wire } from '@/domain/wire-amount';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { QueryForm } from '@/client/components/query-state';
import { SaveActions } from '@/client/components/save-actions';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card';
import { FormAlert, FormField, InputField } from '@/client/components/ui/form';
import { MoneyInput } from '@/client/components/ui/input';
import { Textarea } from '@/client/components/ui/textarea';
import { useFormSave } from '@/client/lib/use-form-save';
import {
  PAYMENT_LIMITS,
  PaymentSettingsUpdateSchema,
  type PaymentSettings,
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
        <QueryForm query={settings} what="payment settings" loadingLabel="Loading payment settings...">
          {(saved) => <PaymentSettingsForm settings={saved} />}
        </QueryForm>
      </CardContent>
    </Card>
  );
}

function toValues(settings: Wire<PaymentSettings>): PaymentSettingsUpdateInput {
  return {
    deposit_percent: settings.deposit_percent,
    balance_due_days: settings.balance_due_days,
    security_deposit: settings.security_deposit,
    payment_instructions: settings.payment_instructions,
  };
}

export function PaymentSettingsForm({ settings }: { settings: Wire<PaymentSettings> }) {
  const update = useUpdatePaymentSettings(settings.property_id);
  const form = useForm<PaymentSettingsUpdateInput, unknown, PaymentSettingsUpdateInput>({
    resolver: wireResolver(PaymentSettingsUpdateSchema),
    defaultValues: toValues(settings),
  });
  const { register, formState, reset } = form;
  const errors = formState.errors;
  const number = { valueAsNumber: true } as const;
  const { submit, formError } = useFormSave({
    form,
    save: update.mutateAsync,
    onSaved: () => toast.success('Payment settings saved', { description: 'New schedules follow them.' }),
    fieldOf: (field) => (isField(field) ? field : undefined),
    failure: 'The payment settings could not be saved',
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Payment settings">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <InputField
          label="Deposit (%)"
          hint="0: none"
          error={errors.deposit_percent}
          type="number"
          min={0}
          max={100}
          step={1}
          {...register('deposit_percent', number)}
        />
        <InputField
          label="Balance due (days before check-in)"
          error={errors.balance_due_days}
          type="number"
          min={0}
          max={365}
          step={1}
          {...register('balance_due_days', number)}
        />
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
      <SaveActions
        dirty={formState.isDirty}
        pending={update.isPending}
        onUndo={() => reset(toValues(settings))}
        saveLabel="Save payment settings"
      />
    </form>
  );
}
