import { useEffect, useState, type FormEvent } from 'react';
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
import type { Property } from '@/domain/property';
import { useUpdateCalendarDays, type CalendarDaysChange } from './booking-mutations';
import { FormAlert, FormField } from '@/client/components/ui/form-field';

type Change = 'unavailable' | 'available' | 'price' | 'base-price';

/**
 * Edits the days from start to end: close them, open them, or set (or reset) their nightly price. The
 * public form and quotes follow at once, because they read the same calendar rows.
 */
export function CalendarDaysDialog({
  property,
  range,
  open,
  onOpenChange,
}: {
  property: Property;
  range: { start: string; end: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [start, setStart] = useState(range.start);
  const [end, setEnd] = useState(range.end);
  const [change, setChange] = useState<Change>('unavailable');
  const [price, setPrice] = useState(String(property.base_price));
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateCalendarDays(property.id);

  useEffect(() => {
    if (!open) return;
    setStart(range.start);
    setEnd(range.end);
    setError(null);
  }, [open, range.start, range.end]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const body: CalendarDaysChange = { start, end };
    if (change === 'unavailable') body.is_available = false;
    if (change === 'available') body.is_available = true;
    if (change === 'base-price') body.price = null;
    if (change === 'price') {
      const value = Number(price);
      if (price.trim() === '' || !Number.isFinite(value) || value < 0) {
        setError('Enter a nightly price of 0 or more');
        return;
      }
      body.price = value;
    }
    update.mutate(body, {
      onSuccess: ({ updated }) => {
        toast.success('Calendar updated', {
          description: `${updated} day${updated === 1 ? '' : 's'} changed`,
        });
        onOpenChange(false);
      },
      onError: (failure) => setError(failure.message || 'The calendar could not be updated'),
    });
  };

  const options: { value: Change; label: string }[] = [
    { value: 'unavailable', label: 'Mark unavailable' },
    { value: 'available', label: 'Mark available' },
    { value: 'price', label: 'Set nightly price' },
    { value: 'base-price', label: `Back to the base price (${property.currency} ${property.base_price})` },
  ];

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit dates</DialogTitle>
          <DialogDescription>
            Bookings always win over these settings; they change open days only.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <div className="grid grid-cols-2 gap-3">
            <FormField label="From">
              {(props) => (
                <Input
                  {...props}
                  type="date"
                  value={start}
                  onChange={(event) => setStart(event.target.value)}
                  required
                />
              )}
            </FormField>
            <FormField label="To (included)">
              {(props) => (
                <Input
                  {...props}
                  type="date"
                  value={end}
                  onChange={(event) => setEnd(event.target.value)}
                  required
                />
              )}
            </FormField>
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Change</legend>
            {options.map((option) => (
              <label key={option.value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="change"
                  value={option.value}
                  checked={change === option.value}
                  onChange={() => setChange(option.value)}
                />
                {option.label}
              </label>
            ))}
          </fieldset>
          {change === 'price' ? (
            <FormField label={`Nightly price (${property.currency})`}>
              {(props) => (
                <Input
                  {...props}
                  type="number"
                  min={0}
                  step="0.01"
                  value={price}
                  onChange={(event) => setPrice(event.target.value)}
                />
              )}
            </FormField>
          ) : null}
          {error ? <FormAlert>{error}</FormAlert> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
