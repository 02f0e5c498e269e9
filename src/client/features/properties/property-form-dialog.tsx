import { useEffect, useState, type FormEvent } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';
import {
  DEFAULT_CURRENCY,
  isInIndia,
  NEW_PROPERTY_DEFAULTS,
  PROPERTY_CURRENCIES,
  PROPERTY_TYPE_LABELS,
  PROPERTY_TYPES,
  PropertyInputSchema,
  suggestCurrency,
  type Property,
  type PropertyInput,
} from '@/domain/property';
import type { Wire } from '@/domain/wire-amount';
import { wireResolver } from '@/client/lib/wire-resolver';
import { FormDialog } from '@/client/components/form-dialog';
import { Button } from '@/client/components/ui/button';
import { EntityHistory } from '@/client/features/activity';
import { FormField, InputField } from '@/client/components/ui/form';
import { CountInput, Input, MoneyInput } from '@/client/components/ui/input';
import { GstStateOptions } from '@/client/components/gst-state-options';
import { Select, SelectOptions } from '@/client/components/ui/select';
import { Textarea } from '@/client/components/ui/textarea';
import { getErrorMessage, isApiError } from '@/client/lib/api-client';
import { useCreateProperty, useUpdateProperty } from './properties-api';

export const NOT_SIGNED_IN_MESSAGE = 'You must be logged in to create a property';
export const CREATE_FORBIDDEN_MESSAGE =
  "You don't have permission to create properties. Please check your authentication.";
export const CREATE_FAILED_MESSAGE = 'Failed to create property';

const NEW_PROPERTY_VALUES: PropertyInput = {
  name: '',
  description: '',
  address: '',
  city: '',
  country: '',
  property_type: NEW_PROPERTY_DEFAULTS.property_type,
  bedrooms: NEW_PROPERTY_DEFAULTS.bedrooms,
  bathrooms: NEW_PROPERTY_DEFAULTS.bathrooms,
  max_guests: NEW_PROPERTY_DEFAULTS.max_guests,
  event_capacity: null,
  base_price: NEW_PROPERTY_DEFAULTS.base_price,
  currency: NEW_PROPERTY_DEFAULTS.currency,
  amenities: '',
  airbnb_listing_id: '',
  booking_com_id: '',
  state_code: '',
};

const toFormValues = (property: Wire<Property>): PropertyInput => ({
  name: property.name,
  description: property.description ?? '',
  address: property.address,
  city: property.city,
  country: property.country,
  property_type: property.property_type,
  bedrooms: property.bedrooms,
  bathrooms: property.bathrooms,
  max_guests: property.max_guests,
  event_capacity: property.event_capacity,
  base_price: property.base_price,
  currency: property.currency,
  amenities: property.amenities.join(', '),
  airbnb_listing_id: property.airbnb_listing_id ?? '',
  booking_com_id: property.booking_com_id ?? '',
  state_code: property.state_code ?? '',
});

/** The schema's key order is the order fields are checked in: the first failing one is named. */
const FIELD_ORDER = Object.keys(PropertyInputSchema.shape) as (keyof PropertyInput)[];

export function firstErrorMessage(errors: FieldErrors<PropertyInput>): string | undefined {
  for (const field of FIELD_ORDER) {
    const message = errors[field]?.message;
    if (message) return message;
  }
  return undefined;
}

/**
 * What a failed create tells the operator: a refusal for want of a session or of permission
 * (row-level security) in its own words, else the server's message, else a generic one.
 */
export function describeCreateError(error: unknown): string {
  if (isApiError(error, 401)) return NOT_SIGNED_IN_MESSAGE;
  if (
    isApiError(error, 403) &&
    (!error.message || /row-level security|permission to create/i.test(error.message))
  )
    return CREATE_FORBIDDEN_MESSAGE;
  return isApiError(error) && error.status !== 0
    ? getErrorMessage(error, CREATE_FAILED_MESSAGE)
    : CREATE_FAILED_MESSAGE;
}

type PropertyFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The property to edit; without it the dialog adds a new one. */
  property?: Wire<Property>;
  /** Creating needs a session: checked before the fields. */
  signedIn?: boolean;
  onCreated?: (id: string) => void;
  onDeactivated?: () => void;
};

/**
 * Adds a property or edits one, with the same fields and rules. Render it while open (it starts from
 * the property as it is at that moment). Every failed check shows a destructive 'Error' toast with the
 * first failing field's message, besides the field's own message;
 * what was typed is kept until a save succeeds. Editing also offers to deactivate the property (it
 * leaves every list; its bookings stay).
 */
export function PropertyFormDialog({
  open,
  onOpenChange,
  property,
  signedIn = true,
  onCreated,
  onDeactivated,
}: PropertyFormDialogProps) {
  const editing = Boolean(property);
  const create = useCreateProperty();
  const update = useUpdateProperty();
  const saving = create.isPending || update.isPending;
  // The base price is sent as typed: the server decodes it.
  const form = useForm<PropertyInput, unknown, PropertyInput>({
    resolver: wireResolver(PropertyInputSchema),
    defaultValues: property ? toFormValues(property) : NEW_PROPERTY_VALUES,
  });
  const { register, formState, watch, setValue } = form;
  const country = watch('country') ?? '';
  const inIndia = isInIndia(country);
  // A new property is priced in its country's currency until the operator picks one.
  const currencyPicked = Boolean(formState.dirtyFields.currency);
  useEffect(() => {
    if (!property && !currencyPicked) setValue('currency', suggestCurrency(country));
  }, [property, currencyPicked, country, setValue]);
  const errors = formState.errors;
  // A refused save is shown inside the dialog as well as in a toast: a modal dialog hides the toasts
  // from screen readers.
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmDeactivate, setConfirmDeactivate] = useState(false);

  const fail = (message: string) => {
    toast.error('Error', { description: message });
    setFormError(message);
  };

  const close = () => onOpenChange(false);

  const save = form.handleSubmit(
    (given) => {
      setFormError(null);
      // A GST state belongs to a property in India; one chosen before the country changed is dropped.
      const values = isInIndia(given.country) ? given : { ...given, state_code: null };
      if (property) {
        update.mutate(
          { propertyId: property.id, changes: values },
          {
            onSuccess: () => {
              toast.success('Property updated', { description: values.name });
              close();
            },
            onError: (error) => fail(getErrorMessage(error, 'The property could not be saved')),
          },
        );
        return;
      }
      create.mutate(values, {
        onSuccess: (created) => {
          toast.success('Success', { description: 'Property created successfully' });
          close();
          onCreated?.(created.id);
        },
        onError: (error) => fail(describeCreateError(error)),
      });
    },
    // Each field shows (and announces) its own message; the toast names the first.
    (invalid) => toast.error('Error', { description: firstErrorMessage(invalid) ?? CREATE_FAILED_MESSAGE }),
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // Creating needs a session before anything else is checked.
    if (!editing && !signedIn) {
      event.preventDefault();
      fail(NOT_SIGNED_IN_MESSAGE);
      return;
    }
    void save(event);
  };

  const deactivate = () => {
    if (!property) return;
    update.mutate(
      { propertyId: property.id, changes: { is_active: false } },
      {
        onSuccess: () => {
          toast.success('Property deactivated', {
            description: `${property.name} no longer appears in your lists`,
          });
          close();
          onDeactivated?.();
        },
        onError: (error) => fail(getErrorMessage(error, 'The property could not be deactivated')),
      },
    );
  };

  const currency = watch('currency') ?? property?.currency ?? DEFAULT_CURRENCY;
  const currencies = [...new Set([...PROPERTY_CURRENCIES, currency])];
  const text = (name: 'name' | 'address' | 'city' | 'country', label: string) => (
    <FormField label={label} required error={errors[name]}>
      {(props) => <Input {...props} autoComplete="off" aria-required="true" {...register(name)} />}
    </FormField>
  );
  const count = (name: 'bedrooms' | 'bathrooms' | 'max_guests', label: string) => (
    <FormField label={label} required error={errors[name]}>
      {(props) => <CountInput {...props} aria-required="true" {...register(name, { valueAsNumber: true })} />}
    </FormField>
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={property ? `Edit ${property.name}` : 'Add New Property'}
      description={
        property
          ? 'Changes apply at once to the management area and the public booking form.'
          : 'Create a new villa or property for booking management'
      }
      className="max-w-2xl"
      onSubmit={submit}
      error={formError}
      footerClassName="pt-2"
      submitLabel={property ? 'Save changes' : 'Create Property'}
      pendingLabel={property ? 'Saving...' : 'Creating...'}
      pending={saving}
      lockWhilePending
      after={
        property ? (
          <div className="border-t pt-3">
            <EntityHistory query={{ property_id: property.id }} label="History of this property" />
          </div>
        ) : null
      }
    >
      <p className="text-xs text-muted-foreground">
        Fields marked <span aria-hidden="true">*</span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>
      {text('name', 'Property Name')}
      <FormField label="Description" error={errors.description}>
        {(props) => <Textarea {...props} rows={3} {...register('description')} />}
      </FormField>
      {text('address', 'Address')}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('city', 'City')}
        {text('country', 'Country')}
      </div>
      {inIndia ? (
        <FormField
          label="State (for GST)"
          hint="the place of supply on its invoices"
          error={errors.state_code}
        >
          {(props) => (
            <Select {...props} {...register('state_code')}>
              <GstStateOptions none="Not set" />
            </Select>
          )}
        </FormField>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Property Type" error={errors.property_type}>
          {(props) => (
            <Select {...props} {...register('property_type')}>
              <SelectOptions values={PROPERTY_TYPES} labels={PROPERTY_TYPE_LABELS} />
            </Select>
          )}
        </FormField>
        <FormField
          label="Currency"
          hint={property && currency !== property.currency ? 'its bookings keep their own' : undefined}
          error={errors.currency}
        >
          {(props) => (
            <Select {...props} {...register('currency')}>
              {currencies.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={`Base Price (${currency})`} required error={errors.base_price}>
          {(props) => (
            <MoneyInput
              {...props}
              inputMode="decimal"
              aria-required="true"
              {...register('base_price', { valueAsNumber: true })}
            />
          )}
        </FormField>
      </div>
      <div className="grid grid-cols-3 gap-3">
        {count('bedrooms', 'Bedrooms')}
        {count('bathrooms', 'Bathrooms')}
        {count('max_guests', 'Max Guests')}
      </div>
      <FormField
        label="Event guests"
        hint="for weddings and gatherings, apart from those who stay the night; leave empty for none"
        error={errors.event_capacity}
      >
        {(props) => (
          <CountInput
            {...props}
            {...register('event_capacity', {
              setValueAs: (value: unknown) => (value === '' || value === null ? null : Number(value)),
            })}
          />
        )}
      </FormField>
      <InputField
        label="Amenities"
        error={errors.amenities}
        hint="separate with commas, e.g. Pool, Wi-Fi"
        autoComplete="off"
        {...register('amenities')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="Airbnb Listing ID"
          error={errors.airbnb_listing_id}
          autoComplete="off"
          {...register('airbnb_listing_id')}
        />
        <InputField
          label="Booking.com ID"
          error={errors.booking_com_id}
          autoComplete="off"
          {...register('booking_com_id')}
        />
      </div>
      {property ? (
        <div className="rounded-lg border border-destructive/30 p-4">
          {confirmDeactivate ? (
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <span>
                Deactivate {property.name}? It disappears from your lists and the site; its bookings stay.
              </span>
              <Button type="button" size="sm" variant="destructive" disabled={saving} onClick={deactivate}>
                Yes, deactivate
              </Button>
              <Button type="button" size="sm" variant="outline" onClick={() => setConfirmDeactivate(false)}>
                Keep it active
              </Button>
            </div>
          ) : (
            <Button
              type="button"
              size="sm"
              variant="destructive-outline"
              onClick={() => setConfirmDeactivate(true)}
            >
              Deactivate property
            </Button>
          )}
        </div>
      ) : null}
    </FormDialog>
  );
}
