import { format } from 'date-fns';
import type { Wire } from '@/domain/wire-amount';
import { CheckIcon, CopyIcon, LinkIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { getErrorMessage } from '@/client/lib/api-client';
import { formatMajorAmount } from '@/domain/money';
import type { PaymentLedger } from '@/domain/payment';
import { useCreatePaymentLink } from './payments-api';

/**
 * The booking's Razorpay link: the open one, or a button to make one for what is due now when the server
 * has Razorpay set up. A link for another amount than the one due is not reused by the server, so the
 * button stays offered beside it.
 */
export function PaymentLinkPanel({ bookingId, ledger }: { bookingId: string; ledger: Wire<PaymentLedger> }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const create = useCreatePaymentLink(bookingId);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const { summary } = ledger;
  const link = create.data ?? ledger.payment_link;
  const due = summary.next_due;
  const canCreate = ledger.online_payments.razorpay && due !== null && link?.amount !== due.amount;
  if (!link && !canCreate) return null;

  const copyLink = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopy('copied');
    } catch {
      // No clipboard (a page not served over HTTPS): the address is selected to copy by hand.
      field.current?.select();
      setCopy('failed');
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-2 rounded-md border p-3 text-sm">
      <h3 id={`${id}-title`} className="flex items-center gap-2 font-semibold">
        <LinkIcon aria-hidden="true" className="size-4" />
        Payment link
      </h3>
      {link ? (
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-url`} className="sr-only">
            Payment link address
          </label>
          <div className="flex flex-wrap gap-2 sm:flex-nowrap">
            <Input
              ref={field}
              id={`${id}-url`}
              readOnly
              value={link.url}
              spellCheck={false}
              className="min-w-0 flex-1 basis-full font-mono text-xs sm:basis-auto md:text-xs"
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button type="button" variant="outline" onClick={() => void copyLink(link.url)}>
              {copy === 'copied' ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
              {copy === 'copied' ? 'Copied' : 'Copy link'}
            </Button>
          </div>
          <p data-payment-link="">
            <span className="font-semibold tabular-nums">
              {formatMajorAmount(link.amount, summary.currency)}
            </span>{' '}
            · expires {format(new Date(link.expires_at), 'd MMM yyyy, h:mm a')}
          </p>
          <p className="text-muted-foreground">
            The guest&apos;s request page and e-mail show this link too.
          </p>
          <p role="status" className={copy === 'failed' ? 'text-destructive' : 'sr-only'}>
            {copy === 'copied'
              ? 'Link copied'
              : copy === 'failed'
                ? 'Could not copy: the link is selected, copy it with Ctrl+C or ⌘C.'
                : ''}
          </p>
        </div>
      ) : null}
      {canCreate && due ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button
            type="button"
            variant={link ? 'outline' : 'default'}
            size="sm"
            disabled={create.isPending}
            onClick={() => create.mutate()}
          >
            {create.isPending ? 'Creating link...' : 'Create payment link'}
          </Button>
          <span className="text-muted-foreground">
            for {formatMajorAmount(due.amount, summary.currency)}, what is due now
          </span>
        </div>
      ) : null}
      {create.isError ? (
        <p role="alert" className="text-destructive">
          {getErrorMessage(create.error, 'The payment link could not be made.')}
        </p>
      ) : null}
    </section>
  );
}
