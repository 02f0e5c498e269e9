import { zodResolver } from '@hookform/resolvers/zod';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import type { ComponentProps } from 'react';
import {
  Controller,
  FormProvider,
  useFieldArray,
  useForm,
  useFormContext,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { toast } from 'sonner';
import { BOOKING_LIMITS } from '@/domain/booking';
import {
  INDIAN_GST,
  PricingRulesSchema,
  WEEKDAYS,
  type PricingRules,
  type PricingRulesInput,
  type PropertyPricing,
} from '@/domain/pricing';
import type { Wire } from '@/domain/wire-amount';
import { formatMajorAmount } from '@/domain/money';
import { SaveActions } from '@/client/components/save-actions';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card';
import { FormAlert, FormField, InputField } from '@/client/components/ui/form';
import { MoneyInput } from '@/client/components/ui/input';
import { Select } from '@/client/components/ui/select';
import { getErrorMessage } from '@/client/lib/api-client';
import { nullableNumber } from '@/client/lib/form-values';
import { useUpdatePricing } from './pricing-api';
import { PricingPreview } from './pricing-preview';

const wholeNumber = { valueAsNumber: true } as const;
/** The longest stay a guest can request: the rules cannot ask for more (the schema refuses it too). */
const NIGHTS_HINT = `at most ${BOOKING_LIMITS.maxNights} nights`;

/** The stay limits outside seasons: whole numbers, each with its bounds. */
const STAY_LIMITS = [
  { name: 'min_nights', label: 'Minimum nights', hint: NIGHTS_HINT, min: 1, max: BOOKING_LIMITS.maxNights },
  { name: 'max_nights', label: 'Maximum nights', hint: NIGHTS_HINT, min: 1, max: BOOKING_LIMITS.maxNights },
  { name: 'min_advance_days', label: 'Advance notice (days)', hint: '1: no same-day check-in', min: 0 },
  {
    name: 'max_advance_days',
    label: 'Booking horizon (days)',
    hint: `at most ${BOOKING_LIMITS.maxDaysAhead} days`,
    min: 1,
    max: BOOKING_LIMITS.maxDaysAhead,
  },
] as const;

const EMPTY_SEASON = {
  name: '',
  start: '',
  end: '',
  repeats_yearly: false,
  price: null,
  percent: null,
  min_nights: null,
  check_in_days: null,
};

/**
 * Edits a property's pricing rules: weekday prices, seasons, stay limits, guests, fees and taxes, with a
 * preview of what they charge. The form parses the same schema the server does.
 */
export function PricingForm({ propertyId, pricing }: { propertyId: string; pricing: Wire<PropertyPricing> }) {
  const update = useUpdatePricing(propertyId);
  const form = useForm<PricingRulesInput, unknown, PricingRules>({
    resolver: zodResolver(PricingRulesSchema),
    defaultValues: pricing.rules,
  });
  const { register, control, formState, watch } = form;
  const errors = formState.errors;
  const seasons = useFieldArray({ control, name: 'seasons' });
  const fees = useFieldArray({ control, name: 'fees' });
  const taxes = useFieldArray({ control, name: 'taxes' });
  const currency = pricing.currency;

  const save = form.handleSubmit(
    (rules) =>
      update.mutate(rules, {
        onSuccess: (saved) => {
          toast.success('Prices saved', {
            description: 'New quotes follow them; booked stays keep their price.',
          });
          form.reset(saved.rules);
        },
      }),
    () => toast.error('Error', { description: 'Some rules need fixing: see the marked fields.' }),
  );

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={save} className="grid gap-4">
        <Card>
          <CardHeader>
            <h3 className="text-lg font-semibold">Nightly prices</h3>
            <CardDescription>
              Leave a day blank for the base price ({formatMajorAmount(pricing.base_price, currency)}). A
              price set on a day in the calendar wins over every rule.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
            {WEEKDAYS.map((day, index) => (
              <FormField key={day} label={day} error={errors.weekday_prices?.[index]}>
                {(props) => (
                  <MoneyInput
                    {...props}
                    inputMode="decimal"
                    placeholder={String(pricing.base_price)}
                    {...register(`weekday_prices.${index}`, nullableNumber)}
                  />
                )}
              </FormField>
            ))}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <h3 className="text-lg font-semibold">Seasons</h3>
            <CardDescription>
              Dates with their own price (or a change in % on the usual price), minimum stay and check-in
              days. Where seasons overlap, the shorter one applies; of two as long, the one that starts later.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            {seasons.fields.length === 0 ? (
              <p className="text-sm text-muted-foreground">No seasons yet.</p>
            ) : null}
            {seasons.fields.map((field, index) => (
              <SeasonFields
                key={field.id}
                index={index}
                currency={currency}
                onRemove={() => seasons.remove(index)}
              />
            ))}
            <Button
              type="button"
              variant="outline"
              className="justify-self-start"
              onClick={() => seasons.append(EMPTY_SEASON)}
            >
              <PlusIcon aria-hidden="true" /> Add season
            </Button>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <h3 className="text-lg font-semibold">Stays</h3>
            <CardDescription>
              Outside seasons with their own minimum stay. Guests can request stays of up to{' '}
              {BOOKING_LIMITS.maxNights} nights, up to {BOOKING_LIMITS.maxDaysAhead} days ahead; longer or
              later stays are arranged with you directly.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {STAY_LIMITS.map(({ name, ...field }) => (
              <NumberField
                key={name}
                {...field}
                error={errors[name]}
                registration={register(name, wholeNumber)}
              />
            ))}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <h3 className="text-lg font-semibold">Guests and fees</h3>
          </CardHeader>
          <CardContent className="grid gap-3">
            <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
              <NumberField
                label="Guests the price covers"
                hint="blank: all"
                min={1}
                error={errors.guests_included}
                registration={register('guests_included', nullableNumber)}
              />
              <FormField label={`Each extra guest, per night (${currency})`} error={errors.extra_guest_fee}>
                {(props) => <MoneyInput {...props} {...register('extra_guest_fee', wholeNumber)} />}
              </FormField>
              <FormField label={`Cleaning fee, per stay (${currency})`} error={errors.cleaning_fee}>
                {(props) => <MoneyInput {...props} {...register('cleaning_fee', wholeNumber)} />}
              </FormField>
            </div>
            {fees.fields.map((field, index) => (
              <div key={field.id} className="grid grid-cols-[minmax(0,1fr)_8rem_9rem_auto] items-end gap-2">
                <InputField
                  label="Fee"
                  error={errors.fees?.[index]?.name}
                  {...register(`fees.${index}.name`)}
                />
                <FormField label={`Amount (${currency})`} error={errors.fees?.[index]?.amount}>
                  {(props) => <MoneyInput {...props} {...register(`fees.${index}.amount`, wholeNumber)} />}
                </FormField>
                <FormField label="Charged" error={errors.fees?.[index]?.per}>
                  {(props) => (
                    <Select {...props} {...register(`fees.${index}.per`)}>
                      <option value="stay">per stay</option>
                      <option value="night">per night</option>
                    </Select>
                  )}
                </FormField>
                <RemoveRowButton label={`Remove fee ${index + 1}`} onClick={() => fees.remove(index)} />
              </div>
            ))}
            <Button
              type="button"
              variant="outline"
              className="justify-self-start"
              onClick={() => fees.append({ name: '', amount: 0, per: 'stay' })}
            >
              <PlusIcon aria-hidden="true" /> Add a fee
            </Button>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <h3 className="text-lg font-semibold">Taxes</h3>
            <CardDescription>
              Each night takes the rate of its band, by its price before tax (as GST on accommodation is
              charged); a fee for the whole stay takes the highest rate of its nights. The quote names every
              rate it applied.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" {...register('prices_include_tax')} />
              The prices above already include tax
            </label>
            {taxes.fields.map((field, index) => (
              <TaxFields
                key={field.id}
                index={index}
                currency={currency}
                onRemove={() => taxes.remove(index)}
              />
            ))}
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                variant="outline"
                onClick={() => taxes.append({ name: '', bands: [{ up_to: null, rate: 0 }] })}
              >
                <PlusIcon aria-hidden="true" /> Add a tax
              </Button>
              {currency === 'INR' && !taxes.fields.some((field) => field.name === INDIAN_GST.name) ? (
                <Button
                  type="button"
                  variant="outline"
                  title="5% on nights up to ₹7,500, 18% above (rates since 22 September 2025)"
                  onClick={() => taxes.append(structuredClone(INDIAN_GST))}
                >
                  <PlusIcon aria-hidden="true" /> Add Indian GST
                </Button>
              ) : null}
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <h3 className="text-lg font-semibold">Preview</h3>
            <CardDescription>What these rules would charge, before you save them.</CardDescription>
          </CardHeader>
          <CardContent>
            <PricingPreview pricing={pricing} values={watch()} />
          </CardContent>
        </Card>

        {update.isError ? (
          <FormAlert>{getErrorMessage(update.error, 'The prices could not be saved')}</FormAlert>
        ) : null}
        <SaveActions
          className="sticky bottom-0 flex-nowrap border-t bg-background/95 py-3"
          dirty={formState.isDirty}
          pending={update.isPending}
          onUndo={() => form.reset(pricing.rules)}
          saveLabel="Save prices"
        />
      </form>
    </FormProvider>
  );
}

type SectionProps = { index: number; currency: string; onRemove: () => void };

const usePricingForm = () => useFormContext<PricingRulesInput, unknown, PricingRules>();

function SeasonFields({ index, currency, onRemove }: SectionProps) {
  const { register, formState } = usePricingForm();
  const error = formState.errors.seasons?.[index];
  return (
    <fieldset className="grid gap-3 rounded-lg border p-3">
      <legend className="px-1 text-sm font-semibold">Season {index + 1}</legend>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,2fr)_1fr_1fr_auto]">
        <InputField
          label="Name"
          error={error?.name}
          className="col-span-2 lg:col-span-1"
          placeholder="e.g. Diwali"
          {...register(`seasons.${index}.name`)}
        />
        <InputField
          label="First night"
          error={error?.start}
          type="date"
          {...register(`seasons.${index}.start`)}
        />
        <InputField label="Last night" error={error?.end} type="date" {...register(`seasons.${index}.end`)} />
        <label className="flex items-center gap-2 self-end pb-2 text-sm">
          <input type="checkbox" {...register(`seasons.${index}.repeats_yearly`)} />
          Every year
        </label>
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <FormField label={`Nightly price (${currency})`} hint="or a change in %" error={error?.price}>
          {(props) => <MoneyInput {...props} {...register(`seasons.${index}.price`, nullableNumber)} />}
        </FormField>
        <NumberField
          label="Change in %"
          hint="e.g. 20 or -10"
          step="1"
          error={error?.percent}
          registration={register(`seasons.${index}.percent`, nullableNumber)}
        />
        <NumberField
          label="Minimum nights"
          hint={`blank: the usual; ${NIGHTS_HINT}`}
          min={1}
          max={BOOKING_LIMITS.maxNights}
          error={error?.min_nights}
          registration={register(`seasons.${index}.min_nights`, nullableNumber)}
        />
      </div>
      <CheckInDays index={index} />
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="justify-self-start text-destructive"
        onClick={onRemove}
      >
        <Trash2Icon aria-hidden="true" /> Remove season
      </Button>
    </fieldset>
  );
}

function CheckInDays({ index }: { index: number }) {
  const { control } = usePricingForm();
  return (
    <Controller
      control={control}
      name={`seasons.${index}.check_in_days`}
      render={({ field }) => {
        const days = field.value ?? [];
        const toggle = (weekday: number, on: boolean) => {
          const next = on ? [...days, weekday].sort() : days.filter((day) => day !== weekday);
          // None ticked means any day.
          field.onChange(next.length === 0 ? null : next);
        };
        return (
          <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <legend className="mb-1 text-sm font-medium">Check-in only on (none ticked: any day)</legend>
            {WEEKDAYS.map((day, weekday) => (
              <label key={day} className="flex items-center gap-1.5">
                <input
                  type="checkbox"
                  checked={days.includes(weekday)}
                  onChange={(event) => toggle(weekday, event.target.checked)}
                  onBlur={field.onBlur}
                />
                {day.slice(0, 3)}
              </label>
            ))}
          </fieldset>
        );
      }}
    />
  );
}

function TaxFields({ index, currency, onRemove }: SectionProps) {
  const { register, control, formState } = usePricingForm();
  const bands = useFieldArray({ control, name: `taxes.${index}.bands` });
  const error = formState.errors.taxes?.[index];
  return (
    <fieldset className="grid gap-3 rounded-lg border p-3">
      <legend className="px-1 text-sm font-semibold">Tax {index + 1}</legend>
      <InputField
        label="Name"
        error={error?.name}
        className="max-w-xs"
        placeholder="e.g. GST"
        {...register(`taxes.${index}.name`)}
      />
      {error?.bands?.message || error?.bands?.root?.message ? (
        <p role="alert" className="text-sm text-destructive">
          {error.bands.message ?? error.bands.root?.message}
        </p>
      ) : null}
      {bands.fields.map((field, band) => (
        <div key={field.id} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-end gap-2">
          <FormField
            label={`Nights up to (${currency})`}
            hint="blank: any price"
            error={error?.bands?.[band]?.up_to}
          >
            {(props) => (
              <MoneyInput {...props} {...register(`taxes.${index}.bands.${band}.up_to`, nullableNumber)} />
            )}
          </FormField>
          <NumberField
            label="Rate (%)"
            min={0}
            max={100}
            step="0.01"
            error={error?.bands?.[band]?.rate}
            registration={register(`taxes.${index}.bands.${band}.rate`, wholeNumber)}
          />
          <RemoveRowButton label={`Remove band ${band + 1}`} onClick={() => bands.remove(band)} />
        </div>
      ))}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => bands.insert(Math.max(0, bands.fields.length - 1), { up_to: 0, rate: 0 })}
        >
          <PlusIcon aria-hidden="true" /> Add a band
        </Button>
        <Button type="button" variant="ghost" size="sm" className="text-destructive" onClick={onRemove}>
          <Trash2Icon aria-hidden="true" /> Remove tax
        </Button>
      </div>
    </fieldset>
  );
}

type NumberFieldProps = {
  label: string;
  hint?: string;
  error?: { message?: string };
  registration: UseFormRegisterReturn;
} & Pick<ComponentProps<'input'>, 'min' | 'max' | 'step'>;

/** A labelled number input; its registration says how the value is read (a number, or blank as none). */
function NumberField({ label, hint, error, registration, ...bounds }: NumberFieldProps) {
  return <InputField label={label} hint={hint} error={error} type="number" {...bounds} {...registration} />;
}

/** Removes one row of a list (a fee, a tax band): an icon only, named for screen readers. */
function RemoveRowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button type="button" variant="ghost" size="icon" aria-label={label} onClick={onClick}>
      <Trash2Icon aria-hidden="true" />
    </Button>
  );
}
