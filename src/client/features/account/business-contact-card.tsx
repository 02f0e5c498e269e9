import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { toast } from 'sonner';
import { LoadError } from '@/client/components/load-error';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card';
import { FormAlert, FormField } from '@/client/components/ui/form';
import { Input } from '@/client/components/ui/input';
import { Skeleton } from '@/client/components/ui/skeleton';
import { getErrorMessage, isApiError } from '@/client/lib/api-client';
import {
  BUSINESS_CONTACT_LIMITS,
  BusinessContactUpdateSchema,
  type BusinessContact,
  type BusinessContactUpdate,
  type BusinessContactUpdateInput,
} from '@/domain/business-contact';
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
    <section aria-labelledby="business-contact-title">
      <Card>
        <CardHeader>
          <h2 id="business-contact-title" className="font-display text-xl font-semibold">
            Contact details
          </h2>
          <CardDescription>
            How guests reach you: shown on the public site and in its search listing, in every e-mail to a
            guest and on the invoices you issue from now on. The site shows a change as soon as you save it.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {contact.isPending ? (
            <div role="status" className="grid gap-3">
              <span className="sr-only">Loading the contact details...</span>
              <Skeleton className="h-10 w-full" />
              <Skeleton className="h-20 w-full" />
            </div>
          ) : contact.isError ? (
            <LoadError
              what="the contact details"
              error={contact.error}
              onRetry={() => void contact.refetch()}
              retrying={contact.isFetching}
            />
          ) : (
            // Keyed by what was saved, so a save or another tab's change starts the form afresh.
            <BusinessContactForm key={JSON.stringify(contact.data)} contact={contact.data} />
          )}
        </CardContent>
      </Card>
    </section>
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
  const { register, handleSubmit, formState, setError, reset } = form;
  const errors = formState.errors;
  const [formError, setFormError] = useState<string | null>(null);

  const save = handleSubmit((values) => {
    setFormError(null);
    return update.mutateAsync(values).then(
      () =>
        toast.success('Contact details saved', {
          description: 'The site, your e-mails to guests and new invoices give them now.',
        }),
      (error: unknown) => {
        const message = getErrorMessage(error, 'The contact details could not be saved');
        const field = isApiError(error) ? FIELDS.find((name) => name === error.field) : undefined;
        if (field) setError(field, { message }, { shouldFocus: true });
        else setFormError(message);
      },
    );
  });

  return (
    <form noValidate onSubmit={save} className="grid gap-4" aria-label="Contact details">
      {contact.saved ? null : (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          These are placeholders: guests see them until you save your own.
        </p>
      )}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FormField label="Phone" hint="with the country code" error={errors.phone} required>
          {(props) => (
            <Input
              {...props}
              type="tel"
              autoComplete="tel"
              maxLength={BUSINESS_CONTACT_LIMITS.phoneMax}
              placeholder="+91 98765 43210"
              {...register('phone')}
            />
          )}
        </FormField>
        <FormField label="E-mail" error={errors.email} required>
          {(props) => (
            <Input
              {...props}
              type="email"
              autoComplete="email"
              maxLength={BUSINESS_CONTACT_LIMITS.emailMax}
              {...register('email')}
            />
          )}
        </FormField>
      </div>
      <FormField label="Street" error={errors.street} required>
        {(props) => (
          <Input
            {...props}
            autoComplete="address-line1"
            maxLength={BUSINESS_CONTACT_LIMITS.lineMax}
            {...register('street')}
          />
        )}
      </FormField>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FormField label="City" error={errors.city} required>
          {(props) => (
            <Input
              {...props}
              autoComplete="address-level2"
              maxLength={BUSINESS_CONTACT_LIMITS.lineMax}
              {...register('city')}
            />
          )}
        </FormField>
        <FormField label="PIN code" hint="or postal code" error={errors.postal_code}>
          {(props) => (
            <Input
              {...props}
              autoComplete="postal-code"
              maxLength={BUSINESS_CONTACT_LIMITS.postalCodeMax}
              {...register('postal_code')}
            />
          )}
        </FormField>
        <FormField label="State or region" error={errors.region} required>
          {(props) => (
            <Input
              {...props}
              autoComplete="address-level1"
              maxLength={BUSINESS_CONTACT_LIMITS.lineMax}
              {...register('region')}
            />
          )}
        </FormField>
        <FormField label="Country" error={errors.country} required>
          {(props) => (
            <Input
              {...props}
              autoComplete="country-name"
              maxLength={BUSINESS_CONTACT_LIMITS.lineMax}
              {...register('country')}
            />
          )}
        </FormField>
        <FormField label="Social handle" hint="optional" error={errors.social_handle}>
          {(props) => (
            <Input
              {...props}
              maxLength={BUSINESS_CONTACT_LIMITS.socialHandleMax}
              placeholder="@shantivillaretreat"
              {...register('social_handle')}
            />
          )}
        </FormField>
        <FormField label="Social link" hint="optional, https://" error={errors.social_url}>
          {(props) => (
            <Input
              {...props}
              type="url"
              maxLength={BUSINESS_CONTACT_LIMITS.socialUrlMax}
              placeholder="https://instagram.com/shantivillaretreat"
              {...register('social_url')}
            />
          )}
        </FormField>
      </div>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={!formState.isDirty || update.isPending}
          onClick={() => reset(toValues(contact))}
        >
          Undo changes
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save contact details'}
        </Button>
      </div>
    </form>
  );
}
