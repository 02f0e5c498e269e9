import { useId, useMemo, useState } from 'react';
import { addDaysToDate, listDatesBetween } from '@/domain/dates';
import {
  PRICING_PREVIEW_NIGHTS,
  priceNight,
  priceStay,
  PricingRulesSchema,
  type PricingRulesInput,
  type PropertyPricing,
} from '@/domain/pricing';
import type { Wire } from '@/domain/wire-amount';
import { formatMajorAmount } from '@/domain/money';
import { Input } from '@/client/components/ui/input';
import { formatShortDate } from '@/client/lib/format';
import { cn } from '@/client/lib/utils';

const REASON_STYLES = {
  base: 'bg-card',
  weekday: 'bg-blue-50',
  season: 'bg-amber-50',
  day: 'bg-green-50',
} as const;

/**
 * What the rules being edited would charge: the next 60 nights, each with its price and why, and a
 * sample stay's full quote. Computed in the browser by the same function the server prices with.
 */
export function PricingPreview({
  pricing,
  values,
}: {
  pricing: Wire<PropertyPricing>;
  values: PricingRulesInput;
}) {
  const parsed = PricingRulesSchema.safeParse(values);
  const dayPrices = useMemo(
    () => new Map(pricing.day_prices.map((day) => [day.date, day.price])),
    [pricing.day_prices],
  );
  const ids = { checkIn: useId(), nights: useId(), guests: useId() };
  const [sample, setSample] = useState({ checkIn: addDaysToDate(pricing.today, 14), nights: 3, guests: 2 });

  if (!parsed.success) {
    return (
      <p className="rounded-md bg-muted px-4 py-3 text-sm text-muted-foreground">
        Fix the rules above to see the preview.
      </p>
    );
  }
  const rules = parsed.data;
  const nights = listDatesBetween(pricing.today, addDaysToDate(pricing.today, PRICING_PREVIEW_NIGHTS)).map(
    (date) => priceNight({ date, basePrice: pricing.base_price, rules, dayPrice: dayPrices.get(date) }),
  );
  const validSample =
    /^\d{4}-\d{2}-\d{2}$/.test(sample.checkIn) &&
    sample.nights >= 1 &&
    sample.nights <= 365 &&
    sample.guests >= 1;
  const quote = validSample
    ? priceStay({
        checkIn: sample.checkIn,
        checkOut: addDaysToDate(sample.checkIn, sample.nights),
        guests: sample.guests,
        basePrice: pricing.base_price,
        currency: pricing.currency,
        rules,
        dayPrices,
      })
    : null;

  return (
    <div className="grid gap-6">
      <section aria-labelledby="preview-nights">
        <h4 id="preview-nights" className="mb-2 text-sm font-semibold">
          The next {PRICING_PREVIEW_NIGHTS} nights
        </h4>
        <ol className="grid grid-cols-3 gap-1.5 sm:grid-cols-6 lg:grid-cols-10">
          {nights.map((night) => (
            <li
              key={night.date}
              className={cn('rounded-md border p-1.5 text-xs', REASON_STYLES[night.reason.kind])}
              title={night.label}
              data-date={night.date}
            >
              <span className="block text-muted-foreground">{formatShortDate(night.date)}</span>
              <span className="block font-semibold tabular-nums">
                {formatMajorAmount(night.price, pricing.currency)}
              </span>
              <span className="block truncate text-muted-foreground">{night.label}</span>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="preview-quote" className="grid gap-3">
        <h4 id="preview-quote" className="text-sm font-semibold">
          A sample quote
        </h4>
        <div className="flex flex-wrap gap-3 text-sm">
          <label htmlFor={ids.checkIn} className="grid gap-1">
            <span className="text-muted-foreground">Check-in</span>
            <Input
              id={ids.checkIn}
              type="date"
              className="w-40"
              value={sample.checkIn}
              onChange={(event) => setSample({ ...sample, checkIn: event.target.value })}
            />
          </label>
          <label htmlFor={ids.nights} className="grid gap-1">
            <span className="text-muted-foreground">Nights</span>
            <Input
              id={ids.nights}
              type="number"
              min={1}
              max={365}
              className="w-24"
              value={sample.nights}
              onChange={(event) => setSample({ ...sample, nights: event.target.valueAsNumber })}
            />
          </label>
          <label htmlFor={ids.guests} className="grid gap-1">
            <span className="text-muted-foreground">Guests</span>
            <Input
              id={ids.guests}
              type="number"
              min={1}
              className="w-24"
              value={sample.guests}
              onChange={(event) => setSample({ ...sample, guests: event.target.valueAsNumber })}
            />
          </label>
        </div>
        {quote ? (
          <dl
            className="grid max-w-lg gap-1 rounded-md bg-muted/60 px-4 py-3 text-sm"
            data-testid="sample-quote"
          >
            {quote.lines.map((line) => (
              <div key={line.label} className="flex justify-between gap-4">
                <dt>{line.label}</dt>
                <dd className="tabular-nums">{formatMajorAmount(line.amount, quote.currency)}</dd>
              </div>
            ))}
            {quote.taxes.map((tax) => (
              <div
                key={`${tax.name}-${tax.rate}`}
                className="flex justify-between gap-4 text-muted-foreground"
              >
                <dt>
                  {tax.name} {tax.rate}% on {formatMajorAmount(tax.base, quote.currency)}
                </dt>
                <dd className="tabular-nums">{formatMajorAmount(tax.amount, quote.currency)}</dd>
              </div>
            ))}
            <div className="mt-1 flex justify-between gap-4 border-t pt-2 font-semibold">
              <dt>Total</dt>
              <dd className="tabular-nums">{formatMajorAmount(quote.total, quote.currency)}</dd>
            </div>
          </dl>
        ) : (
          <p className="text-sm text-muted-foreground">Choose a check-in date, nights and guests.</p>
        )}
      </section>
    </div>
  );
}
