import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm, type FieldPath } from 'react-hook-form';
import { toast } from 'sonner';
import { QueryForm } from '@/client/components/query-state';
import { SaveActions } from '@/client/components/save-actions';
import { FormAlert, InputField } from '@/client/components/ui/form';
import { useFormSave } from '@/client/lib/use-form-save';
import {
  BUSINESS_CONTACT_LIMITS,
  BusinessContactUpdateSchema,
  type BusinessContact,
  type BusinessContactUpdate,
  type BusinessContactUpdateInput,
} from '@/domain/business-contact';
import { AccountCard } from './account-card';
import { businessContactQuery, useUpdateBusinessContact } from './account-api';

type Values = BusinessContactUpdateInput;

const FIELDS = [
  'phone',
  'email',
  'street',
  'city',
  'region',
  'postal_code',
  'country',
  'social_handle',
  'social_url',
] as const satisfies readonly FieldPath<Values>[];

/** How guests reach the business, as a card of the Account view: the site, e-mails and invoices give it. */
export function BusinessContactCard() {
  const contact = useQuery(businessContactQuery());
  return (
    <AccountCard
      id="business-contact-title"
      title="Contact details"
      description="How guests reach you: shown on the public site and in its search listing, in every e-mail to a guest and on the invoices you issue from now on. The site shows a change as soon as you save it."
    >
      <QueryForm query={contact} what="the contact details" loadingLabel="Loading the contact details...">
        {(saved) => <BusinessContactForm contact={saved} />}
      </QueryForm>
    </AccountCard>
  );
}

function toValues(contact: BusinessContact): Values {
  const { saved: _saved, ...values } = contact;
  return values;
}

export function BusinessContactForm({ contact }: { contact: BusinessContact }) {
  const update = useUpdateBusinessContact();
  const form = useForm<Values, unknown, BusinessContactUpdate>({
    resolver: zodResolver(BusinessContactUpdateSchema),
    defaultValues: toValues(contact),
  });
  const { register, formState, reset } = form;
  const errors = formState.errors;
  const { submit, formError } = useFormSave({
    form,
    save: update.mutateAsync,
    onSaved: () =>
      toast.success('Contact details saved', {
        description: 'The site, your e-mails to guests and new invoices give them now.',
      }),
    fieldOf: (field) => FIELDS.find((name) => name === field),
    failure: 'The contact details could not be saved',
  });

  // The address's lines but the PIN code: each required, as long as the server allows.
  const renderAddressLine = (name: (typeof FIELDS)[number], label: string, autoComplete: string) => (
    <InputField
      label={label}
      error={errors[name]}
      required
      autoComplete={autoComplete}
      maxLength={BUSINESS_CONTACT_LIMITS.lineMax}
      {...register(name)}
    />
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Contact details">
      {contact.saved ? null : (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          These are placeholders: guests see them until you save your own.
        </p>
      )}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <InputField
          label="Phone"
          hint="with the country code"
          error={errors.phone}
          required
          type="tel"
          autoComplete="tel"
          maxLength={BUSINESS_CONTACT_LIMITS.phoneMax}
          placeholder="+91 98765 43210"
          {...register('phone')}
        />
        <InputField
          label="E-mail"
          error={errors.email}
          required
          type="email"
          autoComplete="email"
          maxLength={BUSINESS_CONTACT_LIMITS.emailMax}
          {...register('email')}
        />
      </div>
      {renderAddressLine('street', 'Street', 'address-line1')}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {renderAddressLine('city', 'City', 'address-level2')}
        <InputField
          label="PIN code"
          hint="or postal code"
          error={errors.postal_code}
          autoComplete="postal-code"
          maxLength={BUSINESS_CONTACT_LIMITS.postalCodeMax}
          {...register('postal_code')}
        />
        {renderAddressLine('region', 'State or region', 'address-level1')}
        {renderAddressLine('country', 'Country', 'country-name')}
        <InputField
          label="Social handle"
          hint="optional"
          error={errors.social_handle}
          maxLength={BUSINESS_CONTACT_LIMITS.socialHandleMax}
          placeholder="@shantivillaretreat"
          {...register('social_handle')}
        />
        <InputField
          label="Social link"
          hint="optional, https://"
          error={errors.social_url}
          type="url"
          maxLength={BUSINESS_CONTACT_LIMITS.socialUrlMax}
          placeholder="https://instagram.com/shantivillaretreat"
          {...register('social_url')}
        />
      </div>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <SaveActions
        dirty={formState.isDirty}
        pending={update.isPending}
        onUndo={() => reset(toValues(contact))}
        saveLabel="Save contact details"
      />
    </form>
  );
}
