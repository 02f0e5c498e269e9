import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';
import {
  DEFAULT_CURRENCY,
  NEW_PROPERTY_DEFAULTS,
  PROPERTY_TYPES,
  PropertyInputSchema,
  type NewProperty,
  type PropertyInput,
} from '@/domain/property';
import { Button } from '@/client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/client/components/ui/dialog';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/client/components/ui/select';
import { Textarea } from '@/client/components/ui/textarea';
import { isApiError } from '@/client/lib/api-client';
import { useCreateProperty } from './manage-api';

export const NOT_SIGNED_IN_MESSAGE = 'You must be logged in to create a property';
export const CREATE_FORBIDDEN_MESSAGE =
  "You don't have permission to create properties. Please check your authentication.";
export const CREATE_FAILED_MESSAGE = 'Failed to create property';

type PropertyFormValues = {
  name: string;
  description: string;
  address: string;
  city: string;
  country: string;
  property_type: (typeof PROPERTY_TYPES)[number];
  bedrooms: string;
  bathrooms: string;
  max_guests: string;
  base_price: string;
  amenities: string;
  airbnb_listing_id: string;
  booking_com_id: string;
};

const DEFAULT_VALUES: PropertyFormValues = {
  name: '',
  description: '',
  address: '',
  city: '',
  country: '',
  property_type: NEW_PROPERTY_DEFAULTS.property_type,
  bedrooms: String(NEW_PROPERTY_DEFAULTS.bedrooms),
  bathrooms: String(NEW_PROPERTY_DEFAULTS.bathrooms),
  max_guests: String(NEW_PROPERTY_DEFAULTS.max_guests),
  base_price: String(NEW_PROPERTY_DEFAULTS.base_price),
  amenities: '',
  airbnb_listing_id: '',
  booking_com_id: '',
};

/** The schema's key order is the spec's check order: the first failing field's message is shown. */
const FIELD_ORDER = Object.keys(PropertyInputSchema.shape) as (keyof PropertyFormValues)[];

export function firstErrorMessage(errors: FieldErrors<PropertyFormValues>): string | undefined {
  for (const field of FIELD_ORDER) {
    const message = errors[field]?.message;
    if (message) return message;
  }
  return undefined;
}

/** The error catalogue (spec section 8) for a failed create. */
export function describeCreateError(error: unknown): string {
  if (isApiError(error, 401)) return NOT_SIGNED_IN_MESSAGE;
  // Spec section 8: a message about row-level security becomes the permission text; any other
  // message (a cross-site refusal, say) is shown as the server wrote it.
  if (
    isApiError(error, 403) &&
    (!error.message || /row-level security|permission to create/i.test(error.message))
  )
    return CREATE_FORBIDDEN_MESSAGE;
  if (isApiError(error) && error.status !== 0 && error.message) return error.message;
  return CREATE_FAILED_MESSAGE;
}

type AddPropertyDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  signedIn: boolean;
  onCreated?: (id: string) => void;
  /** Where focus goes back to when the dialog closes (the button that opened it). */
  returnFocus?: RefObject<HTMLElement | null>;
};

export function AddPropertyDialog({
  open,
  onOpenChange,
  signedIn,
  onCreated,
  returnFocus,
}: AddPropertyDialogProps) {
  const createProperty = useCreateProperty();
  // The toaster sits outside the modal dialog, which hides everything else from screen readers while
  // open; this live region inside the dialog announces the same message.
  const [announcement, setAnnouncement] = useState('');
  const showError = (description: string) => {
    toast.error('Error', { description });
    setAnnouncement((previous) => (previous === description ? `${description}\u00a0` : description));
  };
  const form = useForm<PropertyFormValues, unknown, NewProperty>({
    // The form holds text; the shared schema trims, coerces numbers and splits amenities.
    resolver: zodResolver(PropertyInputSchema as never) as never,
    defaultValues: DEFAULT_VALUES,
    shouldFocusError: true,
  });
  const { register, control, formState } = form;
  const id = useId();
  const fieldId = (name: keyof PropertyFormValues) => `${id}-${name}`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // Spec section 5, rule 1 comes before the field checks.
    if (!signedIn) {
      event.preventDefault();
      showError(NOT_SIGNED_IN_MESSAGE);
      return;
    }
    void form.handleSubmit(
      (values) => {
        createProperty.mutate(values as PropertyInput, {
          onSuccess: (created) => {
            toast.success('Success', { description: 'Property created successfully' });
            form.reset(DEFAULT_VALUES);
            setAnnouncement('');
            onOpenChange(false);
            onCreated?.(created.id);
          },
          onError: (error) => showError(describeCreateError(error)),
        });
      },
      (errors) => showError(firstErrorMessage(errors) ?? CREATE_FAILED_MESSAGE),
    )(event);
  };

  const invalid = (name: keyof PropertyFormValues) => (formState.errors[name] ? true : undefined);
  const saving = createProperty.isPending;

  return (
    <Dialog open={open} onOpenChange={(next) => (saving ? undefined : onOpenChange(next))}>
      <DialogContent
        className="max-w-2xl"
        onCloseAutoFocus={(event) => {
          const target = returnFocus?.current;
          if (target?.isConnected) {
            event.preventDefault();
            target.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>Add New Property</DialogTitle>
          <DialogDescription>Create a new villa or property for booking management</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-busy={saving}>
          <p className="text-xs text-muted-foreground">
            Fields marked <span aria-hidden="true">*</span>
            <span className="sr-only">with an asterisk</span> are required.
          </p>
          <Field label="Property Name" htmlFor={fieldId('name')} required>
            <Input
              id={fieldId('name')}
              autoComplete="off"
              aria-required="true"
              aria-invalid={invalid('name')}
              {...register('name')}
            />
          </Field>
          <Field label="Description" htmlFor={fieldId('description')}>
            <Textarea id={fieldId('description')} rows={3} {...register('description')} />
          </Field>
          <Field label="Address" htmlFor={fieldId('address')} required>
            <Input
              id={fieldId('address')}
              autoComplete="off"
              aria-required="true"
              aria-invalid={invalid('address')}
              {...register('address')}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="City" htmlFor={fieldId('city')} required>
              <Input
                id={fieldId('city')}
                autoComplete="off"
                aria-required="true"
                aria-invalid={invalid('city')}
                {...register('city')}
              />
            </Field>
            <Field label="Country" htmlFor={fieldId('country')} required>
              <Input
                id={fieldId('country')}
                autoComplete="off"
                aria-required="true"
                aria-invalid={invalid('country')}
                {...register('country')}
              />
            </Field>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Property Type" htmlFor={fieldId('property_type')}>
              <Controller
                control={control}
                name="property_type"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                    <SelectTrigger id={fieldId('property_type')} onBlur={field.onBlur} ref={field.ref}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {PROPERTY_TYPES.map((type) => (
                        <SelectItem key={type} value={type} className="capitalize">
                          {type.charAt(0).toUpperCase() + type.slice(1)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </Field>
            <Field label={`Base Price (${DEFAULT_CURRENCY})`} htmlFor={fieldId('base_price')} required>
              <Input
                id={fieldId('base_price')}
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                aria-required="true"
                aria-invalid={invalid('base_price')}
                {...register('base_price')}
              />
            </Field>
          </div>
          <div className="grid grid-cols-3 gap-3">
            <Field label="Bedrooms" htmlFor={fieldId('bedrooms')} required>
              <Input
                id={fieldId('bedrooms')}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                aria-required="true"
                aria-invalid={invalid('bedrooms')}
                {...register('bedrooms')}
              />
            </Field>
            <Field label="Bathrooms" htmlFor={fieldId('bathrooms')} required>
              <Input
                id={fieldId('bathrooms')}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                aria-required="true"
                aria-invalid={invalid('bathrooms')}
                {...register('bathrooms')}
              />
            </Field>
            <Field label="Max Guests" htmlFor={fieldId('max_guests')} required>
              <Input
                id={fieldId('max_guests')}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                aria-required="true"
                aria-invalid={invalid('max_guests')}
                {...register('max_guests')}
              />
            </Field>
          </div>
          <Field
            label="Amenities"
            htmlFor={fieldId('amenities')}
            hint="Separate with commas, e.g. Pool, Wi-Fi, Parking"
          >
            <Input
              id={fieldId('amenities')}
              autoComplete="off"
              aria-describedby={`${fieldId('amenities')}-hint`}
              {...register('amenities')}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Airbnb Listing ID" htmlFor={fieldId('airbnb_listing_id')}>
              <Input
                id={fieldId('airbnb_listing_id')}
                autoComplete="off"
                {...register('airbnb_listing_id')}
              />
            </Field>
            <Field label="Booking.com ID" htmlFor={fieldId('booking_com_id')}>
              <Input id={fieldId('booking_com_id')} autoComplete="off" {...register('booking_com_id')} />
            </Field>
          </div>
          <p role="alert" className="sr-only">
            {announcement ? `Error: ${announcement}` : ''}
          </p>
          <DialogFooter className="pt-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Creating...' : 'Create Property'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function Field({
  label,
  htmlFor,
  required,
  hint,
  children,
}: {
  label: string;
  htmlFor: string;
  required?: boolean;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={htmlFor}>
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-destructive">
            *
          </span>
        ) : null}
      </Label>
      {children}
      {hint ? (
        <p id={`${htmlFor}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
