import { zodResolver } from '@hookform/resolvers/zod';
import { PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
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
import { Input } from '@/client/components/ui/input';
import { Textarea } from '@/client/components/ui/textarea';
import { isApiError } from '@/client/lib/api-client';
import { PROPERTY_TYPES, PropertyUpdateSchema, type Property } from '@/domain/property';
import { useUpdateProperty } from './booking-mutations';
import { FormAlert, FormField, nativeSelectClass } from '@/client/components/ui/form-field';

type Values = Record<
  | 'name'
  | 'description'
  | 'address'
  | 'city'
  | 'country'
  | 'property_type'
  | 'bedrooms'
  | 'bathrooms'
  | 'max_guests'
  | 'base_price'
  | 'amenities'
  | 'airbnb_listing_id'
  | 'booking_com_id',
  string
>;

const toValues = (property: Property): Values => ({
  name: property.name,
  description: property.description ?? '',
  address: property.address,
  city: property.city,
  country: property.country,
  property_type: property.property_type,
  bedrooms: String(property.bedrooms),
  bathrooms: String(property.bathrooms),
  max_guests: String(property.max_guests),
  base_price: String(property.base_price),
  amenities: property.amenities.join(', '),
  airbnb_listing_id: property.airbnb_listing_id ?? '',
  booking_com_id: property.booking_com_id ?? '',
});

/** Edits a property, or deactivates it: it leaves every list, and its bookings stay. */
export function EditPropertyDialog({
  property,
  onDeactivated,
}: {
  property: Property;
  onDeactivated?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [confirmDeactivate, setConfirmDeactivate] = useState(false);
  const update = useUpdateProperty();
  const form = useForm<Values>({
    // The values are the form's text; the schema coerces them just as the server does.
    resolver: zodResolver(PropertyUpdateSchema) as never,
    defaultValues: toValues(property),
  });
  const { register, handleSubmit, formState, reset } = form;
  const errors = formState.errors;

  const openDialog = () => {
    reset(toValues(property));
    setConfirmDeactivate(false);
    setFormError(null);
    setOpen(true);
  };

  // Shown inside the dialog: while a modal is open, screen readers cannot reach the toasts.
  const [formError, setFormError] = useState<string | null>(null);
  const failWith = (error: unknown, fallback: string) => {
    const message = isApiError(error) && error.message ? error.message : fallback;
    setFormError(message);
    if (isApiError(error) && error.field && error.field in toValues(property)) {
      form.setError(error.field as keyof Values, { message });
    }
  };

  const save = handleSubmit((values) => {
    setFormError(null);
    return update.mutateAsync({ propertyId: property.id, changes: values }).then(
      () => {
        toast.success('Property updated', { description: values.name });
        setOpen(false);
      },
      (error: unknown) => failWith(error, 'The property could not be saved'),
    );
  });

  const deactivate = () =>
    update.mutate(
      { propertyId: property.id, changes: { is_active: false } },
      {
        onSuccess: () => {
          toast.success('Property deactivated', {
            description: `${property.name} no longer appears in your lists`,
          });
          setOpen(false);
          onDeactivated?.();
        },
        onError: (error) => failWith(error, 'The property could not be deactivated'),
      },
    );

  const text = (name: keyof Values, label: string, required = false) => (
    <FormField label={label} required={required} error={errors[name]}>
      {(props) => <Input {...props} {...register(name)} />}
    </FormField>
  );

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button type="button" variant="outline" onClick={openDialog}>
        <PencilIcon aria-hidden="true" /> Edit Property
      </Button>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit {property.name}</DialogTitle>
          <DialogDescription>
            Changes apply at once to the management area and the public booking form.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={save} className="grid gap-4 sm:grid-cols-2">
          {text('name', 'Name', true)}
          <FormField label="Type" error={errors.property_type}>
            {(props) => (
              <select {...props} className={nativeSelectClass} {...register('property_type')}>
                {PROPERTY_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {type[0]!.toUpperCase() + type.slice(1)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {text('address', 'Address', true)}
          {text('city', 'City', true)}
          {text('country', 'Country', true)}
          <FormField label={`Base price (${property.currency})`} required error={errors.base_price}>
            {(props) => <Input {...props} type="number" min={0} step="0.01" {...register('base_price')} />}
          </FormField>
          <FormField label="Bedrooms" required error={errors.bedrooms}>
            {(props) => <Input {...props} type="number" min={1} {...register('bedrooms')} />}
          </FormField>
          <FormField label="Bathrooms" required error={errors.bathrooms}>
            {(props) => <Input {...props} type="number" min={1} {...register('bathrooms')} />}
          </FormField>
          <FormField label="Max guests" required error={errors.max_guests}>
            {(props) => <Input {...props} type="number" min={1} {...register('max_guests')} />}
          </FormField>
          {text('amenities', 'Amenities (comma-separated)')}
          {text('airbnb_listing_id', 'Airbnb listing id')}
          {text('booking_com_id', 'Booking.com id')}
          <FormField label="Description" error={errors.description} className="sm:col-span-2">
            {(props) => <Textarea {...props} rows={3} {...register('description')} />}
          </FormField>
          <div className="rounded-lg border border-destructive/30 p-4 sm:col-span-2">
            {confirmDeactivate ? (
              <div className="flex flex-wrap items-center gap-3 text-sm">
                <span>
                  Deactivate {property.name}? It disappears from your lists and the site; its bookings stay.
                </span>
                <Button
                  type="button"
                  size="sm"
                  variant="destructive"
                  disabled={update.isPending}
                  onClick={deactivate}
                >
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
                variant="outline"
                className="text-destructive"
                onClick={() => setConfirmDeactivate(true)}
              >
                Deactivate property
              </Button>
            )}
          </div>
          {formError ? <FormAlert className="sm:col-span-2">{formError}</FormAlert> : null}
          <DialogFooter className="sm:col-span-2">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save changes'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
