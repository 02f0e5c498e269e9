import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  CalendarDaysEditSchema,
  type CalendarChange,
  type CalendarDaysEdit,
  type UpdateCalendarDaysInput,
} from '@/domain/calendar';
import type { Property } from '@/domain/property';
import type { Wire } from '@/domain/wire-amount';
import { formatMajorAmount } from '@/domain/money';
import { FormDialog } from '@/client/components/form-dialog';
import { FormField, InputField } from '@/client/components/ui/form';
import { MoneyInput } from '@/client/components/ui/input';
import { getErrorMessage } from '@/client/lib/api-client';
import { useUpdateCalendarDays } from './calendar-api';

/**
 * Edits the days from start to end: close them, open them, or set (or reset) their nightly price. The
 * public form and quotes follow at once, because they read the same calendar rows. Render it while
 * open: it starts from the selected range.
 */
export function CalendarDaysDialog({
  property,
  range,
  open,
  onOpenChange,
}: {
  property: Wire<Property>;
  range: { start: string; end: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useUpdateCalendarDays(property.id);
  const form = useForm<CalendarDaysEdit, unknown, UpdateCalendarDaysInput>({
    resolver: zodResolver(CalendarDaysEditSchema),
    defaultValues: { start: range.start, end: range.end, change: 'unavailable', price: property.base_price },
  });
  const { register, formState, watch } = form;
  const errors = formState.errors;
  const change = watch('change');

  const submit = form.handleSubmit((body) =>
    update.mutate(body, {
      onSuccess: ({ updated }) => {
        toast.success('Calendar updated', {
          description: `${updated} day${updated === 1 ? '' : 's'} changed`,
        });
        onOpenChange(false);
      },
    }),
  );

  const options: { value: CalendarChange; label: string }[] = [
    { value: 'unavailable', label: 'Mark unavailable' },
    { value: 'available', label: 'Mark available' },
    { value: 'price', label: 'Set nightly price' },
    {
      value: 'base-price',
      label: `Back to the base price (${formatMajorAmount(property.base_price, property.currency)})`,
    },
  ];

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit dates"
      description="Bookings always win over these settings; they change open days only."
      onSubmit={submit}
      error={update.isError ? getErrorMessage(update.error, 'The calendar could not be updated') : null}
      submitLabel="Save"
      pendingLabel="Saving..."
      pending={update.isPending}
    >
      <div className="grid grid-cols-2 gap-3">
        <InputField label="From" error={errors.start} type="date" {...register('start')} />
        <InputField label="To (included)" error={errors.end} type="date" {...register('end')} />
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Change</legend>
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm">
            <input type="radio" value={option.value} {...register('change')} />
            {option.label}
          </label>
        ))}
      </fieldset>
      {change === 'price' ? (
        <FormField label={`Nightly price (${property.currency})`} error={errors.price}>
          {(props) => <MoneyInput {...props} {...register('price', { valueAsNumber: true })} />}
        </FormField>
      ) : null}
    </FormDialog>
  );
}
