import type { QuoteResult } from '@/domain/availability';
import { formatMajorAmount } from '@/domain/money';
import { FormAlert } from '@/client/components/ui/form';
import { fillText } from '@/content/fill-text';
import { useBookingFormText } from './booking-form-text';
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
  const { text: texts, formatDate, formatQuoteLine } = useBookingFormText();
  const text = texts.quote;
  if (!validStay) {
    return (
      <p className="rounded-xl bg-muted/60 px-4 py-3 text-sm text-muted-foreground">
        {text.choose}
        {fallbackCurrency ? fillText(text.inCurrency, { currency: fallbackCurrency }) : ''}.
      </p>
    );
  }
  if (blockedNights.length > 0) {
    return (
      <FormAlert className="rounded-xl">
        {text.unavailable}: {blockedNights.map(formatDate).join(', ')}.
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
          {!quote.available ? <p className="mb-2 font-medium text-destructive">{text.unavailable}</p> : null}
          <ul className="space-y-1 text-muted-foreground">
            {quote.lines.map((line) => (
              <li key={line.label} className="flex justify-between gap-4">
                <span>{formatQuoteLine(line, quote.currency)}</span>
                <span className="shrink-0 tabular-nums">
                  {formatMajorAmount(line.amount, quote.currency)}
                </span>
              </li>
            ))}
            {quote.taxes.length > 0 ? (
              <>
                <li className="flex justify-between gap-4 border-t pt-1">
                  <span>{text.subtotal}</span>
                  <span className="shrink-0 tabular-nums">
                    {formatMajorAmount(quote.subtotal, quote.currency)}
                  </span>
                </li>
                {quote.taxes.map((tax) => (
                  <li key={`${tax.name}-${tax.rate}`} className="flex justify-between gap-4">
                    <span>
                      {tax.name} {tax.rate}%{quote.prices_include_tax ? text.included : ''}
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
              {quote.nights_count === 1 ? text.totalOne : fillText(text.totalMany, { n: quote.nights_count })}
            </span>
            <span data-testid="quote-total" className="tabular-nums">
              {formatMajorAmount(quote.total, quote.currency)}
            </span>
          </p>
        </>
      ) : (
        <p className="text-muted-foreground">{text.working}</p>
      )}
    </div>
  );
}
