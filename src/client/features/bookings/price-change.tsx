import { Button } from '@/client/components/ui/button';
import { FormAlert, FormField } from '@/client/components/ui/form';
import { Textarea } from '@/client/components/ui/textarea';
import { formatShortDate } from '@/client/lib/format';
import { cn } from '@/client/lib/utils';
import { KEPT_PRICE_REASON_MAX } from '@/domain/booking';
import type { BookingChangeQuote } from '@/domain/booking-reprice';
import { formatMajorAmount, formatMoney, makeMoney, toMinor } from '@/domain/money';
import type { StayQuoteSchema } from '@/domain/pricing';
import type { z } from 'zod';

type Quote = z.infer<typeof StayQuoteSchema>;
export type PriceKeep = 'new' | 'old';

/** One side of the comparison: the stay's dates and guests, its lines, fees, taxes and total. */
function PriceColumn({
  title,
  stay,
  quote,
  total,
  currency,
  testId,
}: {
  title: string;
  stay: { check_in: string; check_out: string; guests_count: number | null };
  /** Null: the stay has no breakdown of its own; undefined: not known yet. */
  quote: Quote | null | undefined;
  total: number;
  currency: string;
  testId: string;
}) {
  const amount = (major: number) => formatMajorAmount(major, currency);
  return (
    <section className="rounded-lg border bg-muted/40 px-3 py-2 text-sm" data-testid={testId}>
      <h4 className="font-medium">{title}</h4>
      <p className="text-xs text-muted-foreground">
        {formatShortDate(stay.check_in)} – {formatShortDate(stay.check_out)} ·{' '}
        {stay.guests_count === null
          ? 'guests not given'
          : stay.guests_count === 1
            ? '1 guest'
            : `${stay.guests_count} guests`}
      </p>
      {quote ? (
        <ul className="mt-2 space-y-1 text-muted-foreground">
          {quote.lines.map((line) => (
            <li key={line.label} className="flex justify-between gap-3">
              <span className="min-w-0">{line.label}</span>
              <span className="shrink-0 tabular-nums">{amount(line.amount)}</span>
            </li>
          ))}
          {quote.taxes.length > 0 ? (
            <>
              <li className="flex justify-between gap-3 border-t pt-1">
                <span>Subtotal</span>
                <span className="shrink-0 tabular-nums">{amount(quote.subtotal)}</span>
              </li>
              {quote.taxes.map((tax) => (
                <li key={`${tax.name}-${tax.rate}`} className="flex justify-between gap-3">
                  <span>
                    {tax.name} {tax.rate}%{quote.prices_include_tax ? ' (included)' : ''}
                  </span>
                  <span className="shrink-0 tabular-nums">{amount(tax.amount)}</span>
                </li>
              ))}
            </>
          ) : null}
        </ul>
      ) : quote === null ? (
        <p className="mt-2 text-xs text-muted-foreground">
          No breakdown: the total was set by hand or kept over a change.
        </p>
      ) : null}
      <p className="mt-2 flex justify-between gap-3 border-t pt-1 font-semibold">
        <span>Total</span>
        <span className="tabular-nums">{amount(total)}</span>
      </p>
    </section>
  );
}

/**
 * The price of the stay as edited beside its price now, and the operator's choice between them: the new
 * quote, or the total kept with a reason (kept in the activity log). While the quote loads, or when the
 * rules refuse the changed stay (its minimum stay, say), the current total can still be kept.
 */
export function PriceChange({
  booking,
  stay,
  quote,
  loading,
  error,
  onRetry,
  keep,
  onKeepChange,
  reason,
  onReasonChange,
  choiceError,
  reasonError,
}: {
  booking: {
    check_in: string;
    check_out: string;
    guests_count: number | null;
    total_amount: number;
    currency: string;
  };
  stay: { check_in: string; check_out: string; guests_count: number };
  quote: BookingChangeQuote | undefined;
  loading: boolean;
  error: string | null;
  /** A retry is offered for a failure that may pass (not for a stay the rules refuse). */
  onRetry?: () => void;
  keep: PriceKeep | null;
  onKeepChange: (keep: PriceKeep) => void;
  reason: string;
  onReasonChange: (reason: string) => void;
  choiceError: string | null;
  reasonError: string | null;
}) {
  const currency = booking.currency;
  const current = quote?.current ?? { ...booking, total: booking.total_amount, quote: undefined };
  const fresh = quote?.quote;
  const difference = fresh ? toMinor(fresh.total) - toMinor(current.total) : 0;
  const differenceText = fresh
    ? difference === 0
      ? 'the same as now'
      : `${difference > 0 ? '+' : '−'}${formatMoney(makeMoney(Math.abs(difference), currency))} on now`
    : null;
  return (
    <fieldset className="grid gap-3 sm:col-span-2" data-price-change="" aria-describedby="price-change-hint">
      <legend className="mb-1 text-sm font-medium">Price of the change</legend>
      <p id="price-change-hint" className="text-sm text-muted-foreground">
        New dates or guests are priced as the booking form prices them. Charge the new price, or keep the
        current total and say why.
      </p>
      <div className="grid gap-3 md:grid-cols-2">
        <PriceColumn
          title="Now"
          stay={current}
          quote={current.quote}
          total={current.total}
          currency={currency}
          testId="price-now"
        />
        {fresh ? (
          <PriceColumn
            title="With the change"
            stay={stay}
            quote={fresh}
            total={fresh.total}
            currency={currency}
            testId="price-new"
          />
        ) : error ? (
          <div className="grid content-start gap-2">
            <FormAlert className="rounded-lg">{error}</FormAlert>
            {onRetry ? (
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="justify-self-start"
                onClick={onRetry}
              >
                Try again
              </Button>
            ) : null}
          </div>
        ) : (
          <p
            className={cn(
              'rounded-lg border bg-muted/40 px-3 py-2 text-sm text-muted-foreground',
              loading && 'animate-pulse',
            )}
            aria-live="polite"
          >
            Working out the new price…
          </p>
        )}
      </div>
      <div className="grid gap-2" role="radiogroup" aria-label="Price to keep">
        <label className={cn('flex items-start gap-2 text-sm', !fresh && 'text-muted-foreground')}>
          <input
            type="radio"
            name="price-keep"
            value="new"
            className="mt-1"
            checked={keep === 'new'}
            disabled={!fresh}
            onChange={() => onKeepChange('new')}
          />
          <span>
            Charge the new price
            {fresh ? (
              <>
                {', '}
                <span className="font-medium tabular-nums">{formatMajorAmount(fresh.total, currency)}</span> (
                {differenceText})
              </>
            ) : null}
          </span>
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="radio"
            name="price-keep"
            value="old"
            className="mt-1"
            checked={keep === 'old'}
            onChange={() => onKeepChange('old')}
          />
          <span>
            Keep the current total,{' '}
            <span className="font-medium tabular-nums">{formatMajorAmount(current.total, currency)}</span>
          </span>
        </label>
        {choiceError ? (
          <p className="text-sm font-medium text-destructive" role="alert">
            {choiceError}
          </p>
        ) : null}
      </div>
      {keep === 'old' ? (
        <FormField
          label="Why the total stays"
          required
          hint="kept in the activity log"
          error={reasonError ? { message: reasonError } : undefined}
        >
          {(props) => (
            <Textarea
              {...props}
              rows={2}
              maxLength={KEPT_PRICE_REASON_MAX}
              value={reason}
              onChange={(event) => onReasonChange(event.target.value)}
            />
          )}
        </FormField>
      ) : null}
    </fieldset>
  );
}
