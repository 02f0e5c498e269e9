import type { QuoteResult } from '@/domain/availability';
import { BOOKING_MESSAGES } from '@/domain/booking';
import { formatMajorAmount } from '@/domain/money';
import { FormAlert } from '@/client/components/ui/form';
import { formatLongDate } from '@/client/lib/format';
import { cn } from '@/client/lib/utils';

/** The price of the chosen stay as the server works it out, or why there is none yet. */
export function QuoteSummary({
  validStay,
  blockedNights,
  quote,
  error,
  fallbackCurrency,
}: {
  validStay: boolean;
  blockedNights: string[];
  quote: QuoteResult | undefined;
  error: string | null;
  fallbackCurrency?: string;
}) {
  if (!validStay) {
    return (
      <p className="rounded-xl bg-muted/60 px-4 py-3 text-sm text-muted-foreground">
        Choose check-in and check-out to see the price{fallbackCurrency ? ` (in ${fallbackCurrency})` : ''}.
      </p>
    );
  }
  if (blockedNights.length > 0) {
    return (
      <FormAlert className="rounded-xl">
        {BOOKING_MESSAGES.unavailable}: {blockedNights.map(formatLongDate).join(', ')}.
      </FormAlert>
    );
  }
  if (error) return <FormAlert className="rounded-xl">{error}</FormAlert>;
  return (
    <div
      aria-live="polite"
      className={cn('rounded-xl bg-muted/60 px-4 py-3 text-sm', !quote && 'animate-pulse')}
    >
      {quote ? (
        <>
          {!quote.available ? (
            <p className="mb-2 font-medium text-destructive">{BOOKING_MESSAGES.unavailable}</p>
          ) : null}
          <ul className="space-y-1 text-muted-foreground">
            {quote.lines.map((line) => (
              <li key={line.label} className="flex justify-between gap-4">
                <span>{line.label}</span>
                <span className="shrink-0 tabular-nums">
                  {formatMajorAmount(line.amount, quote.currency)}
                </span>
              </li>
            ))}
            {quote.taxes.length > 0 ? (
              <>
                <li className="flex justify-between gap-4 border-t pt-1">
                  <span>Subtotal</span>
                  <span className="shrink-0 tabular-nums">
                    {formatMajorAmount(quote.subtotal, quote.currency)}
                  </span>
                </li>
                {quote.taxes.map((tax) => (
                  <li key={`${tax.name}-${tax.rate}`} className="flex justify-between gap-4">
                    <span>
                      {tax.name} {tax.rate}%{quote.prices_include_tax ? ' (included)' : ''}
                    </span>
                    <span className="shrink-0 tabular-nums">
                      {formatMajorAmount(tax.amount, quote.currency)}
                    </span>
                  </li>
                ))}
              </>
            ) : null}
          </ul>
          <p className="mt-2 flex justify-between gap-4 border-t pt-2 text-base font-semibold">
            <span>
              Total for {quote.nights_count} night{quote.nights_count === 1 ? '' : 's'}
            </span>
            <span data-testid="quote-total" className="tabular-nums">
              {formatMajorAmount(quote.total, quote.currency)}
            </span>
          </p>
        </>
      ) : (
        <p className="text-muted-foreground">Working out the price…</p>
      )}
    </div>
  );
}
