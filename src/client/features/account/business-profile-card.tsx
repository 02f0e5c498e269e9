import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useFieldArray, useForm, type FieldPath } from 'react-hook-form';
import { toast } from 'sonner';
import { QueryForm } from '@/client/components/query-state';
import { SaveActions } from '@/client/components/save-actions';
import { Button } from '@/client/components/ui/button';
import { FormAlert, FormField, InputField } from '@/client/components/ui/form';
import { Select } from '@/client/components/ui/select';
import { Textarea } from '@/client/components/ui/textarea';
import { useFormSave } from '@/client/lib/use-form-save';
import {
  BUSINESS_PROFILE_LIMITS,
  BusinessProfileUpdateSchema,
  type BusinessProfile,
  type BusinessProfileUpdate,
  type BusinessProfileUpdateInput,
} from '@/domain/business-profile';
import { GST_STATE_CODES, GST_STATES } from '@/domain/gstin';
import { AccountCard } from './account-card';
import { businessProfileQuery, useUpdateBusinessProfile } from './account-api';

type Values = BusinessProfileUpdateInput;

/** The business behind the invoices, as a card of the Account view. */
export function BusinessProfileCard() {
  const profile = useQuery(businessProfileQuery());
  return (
    <AccountCard
      id="business-profile-title"
      title="Business"
      description="The business named on your invoices. Registered for GST: tax invoices with your GSTIN of the property's state; not registered: bills of supply, with no tax charged."
    >
      <QueryForm query={profile} what="the business profile" loadingLabel="Loading the business profile...">
        {(saved) => <BusinessProfileForm profile={saved} />}
      </QueryForm>
    </AccountCard>
  );
}

function toValues(profile: BusinessProfile): Values {
  return {
    registered: profile.registered,
    legal_name: profile.legal_name,
    trade_name: profile.trade_name ?? '',
    address: profile.address,
    state_code: profile.state_code ?? '',
    pan: profile.pan ?? '',
    gstins: profile.gstins.map(({ state_code, gstin }) => ({ state_code, gstin })),
    invoice_prefix: profile.invoice_prefix,
    signatory_name: profile.signatory_name ?? '',
  };
}

/** The server names a field as a JSON pointer ("gstins/0/gstin"); the form as a dotted path. */
function formFieldOf(field: string | undefined): FieldPath<Values> | undefined {
  if (!field) return undefined;
  const path = field.split('/').join('.');
  if (path === 'gstins') return 'gstins.root' as FieldPath<Values>;
  const known = [
    'registered',
    'legal_name',
    'trade_name',
    'address',
    'state_code',
    'pan',
    'invoice_prefix',
    'signatory_name',
  ];
  return known.includes(path) || /^gstins\.\d+\.(gstin|state_code)$/.test(path)
    ? (path as FieldPath<Values>)
    : undefined;
}

function StateOptions() {
  return (
    <>
      <option value="">Choose a state</option>
      {GST_STATE_CODES.map((code) => (
        <option key={code} value={code}>
          {code} {GST_STATES[code]}
        </option>
      ))}
    </>
  );
}

export function BusinessProfileForm({ profile }: { profile: BusinessProfile }) {
  const update = useUpdateBusinessProfile();
  const form = useForm<Values, unknown, BusinessProfileUpdate>({
    resolver: zodResolver(BusinessProfileUpdateSchema),
    defaultValues: toValues(profile),
  });
  const { register, formState, reset, control } = form;
  const errors = formState.errors;
  const gstins = useFieldArray({ control, name: 'gstins' });
  const gstinsError = errors.gstins?.root?.message ?? errors.gstins?.message;
  const { submit, formError } = useFormSave({
    form,
    save: update.mutateAsync,
    onSaved: (saved) =>
      toast.success('Business profile saved', {
        description: saved.registered
          ? 'Your invoices will be tax invoices under these GSTINs.'
          : 'Your invoices will be bills of supply, with no tax charged.',
      }),
    fieldOf: formFieldOf,
    failure: 'The business profile could not be saved',
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Business profile">
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...register('registered')} />
        Registered for GST
      </label>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <InputField
          label="Legal name"
          error={errors.legal_name}
          required
          maxLength={BUSINESS_PROFILE_LIMITS.legalNameMax}
          {...register('legal_name')}
        />
        <InputField
          label="Trade name"
          hint="if different"
          error={errors.trade_name}
          maxLength={BUSINESS_PROFILE_LIMITS.tradeNameMax}
          {...register('trade_name')}
        />
      </div>
      <FormField label="Address" error={errors.address} required>
        {(props) => (
          <Textarea
            {...props}
            rows={3}
            maxLength={BUSINESS_PROFILE_LIMITS.addressMax}
            {...register('address')}
          />
        )}
      </FormField>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <FormField label="State" error={errors.state_code} required>
          {(props) => (
            <Select {...props} {...register('state_code')}>
              <StateOptions />
            </Select>
          )}
        </FormField>
        <InputField
          label="PAN"
          hint="required when registered"
          error={errors.pan}
          maxLength={10}
          autoCapitalize="characters"
          placeholder="AAPFU0939F"
          {...register('pan')}
        />
        <InputField
          label="Invoice prefix"
          hint="up to 6: A-Z, 0-9, / or -"
          error={errors.invoice_prefix}
          required
          maxLength={BUSINESS_PROFILE_LIMITS.invoicePrefixMax}
          autoCapitalize="characters"
          {...register('invoice_prefix')}
        />
      </div>
      <fieldset className="grid gap-3 rounded-lg border p-3">
        <legend className="px-1 text-sm font-semibold">GSTINs (one per state)</legend>
        {gstins.fields.length === 0 ? <p className="text-sm text-muted-foreground">No GSTIN yet.</p> : null}
        {gstins.fields.map((field, index) => {
          const error = errors.gstins?.[index];
          return (
            <div key={field.id} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-end gap-2">
              <FormField label={`State of GSTIN ${index + 1}`} error={error?.state_code}>
                {(props) => (
                  <Select {...props} {...register(`gstins.${index}.state_code`)}>
                    <StateOptions />
                  </Select>
                )}
              </FormField>
              <InputField
                label={`GSTIN ${index + 1}`}
                error={error?.gstin}
                maxLength={15}
                autoCapitalize="characters"
                placeholder="27AAPFU0939F1ZV"
                {...register(`gstins.${index}.gstin`)}
              />
              <Button
                type="button"
                variant="outline"
                aria-label={`Remove GSTIN ${index + 1}`}
                onClick={() => gstins.remove(index)}
              >
                Remove
              </Button>
            </div>
          );
        })}
        {gstinsError ? (
          <p role="alert" className="text-sm text-destructive">
            {gstinsError}
          </p>
        ) : null}
        <div>
          <Button
            type="button"
            variant="outline"
            disabled={gstins.fields.length >= BUSINESS_PROFILE_LIMITS.gstinsMax}
            onClick={() => gstins.append({ state_code: '', gstin: '' })}
          >
            Add a GSTIN
          </Button>
        </div>
      </fieldset>
      <InputField
        label="Authorised signatory"
        error={errors.signatory_name}
        maxLength={BUSINESS_PROFILE_LIMITS.signatoryMax}
        {...register('signatory_name')}
      />
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <SaveActions
        dirty={formState.isDirty}
        pending={update.isPending}
        onUndo={() => reset(toValues(profile))}
        saveLabel="Save business profile"
      />
    </form>
  );
}
