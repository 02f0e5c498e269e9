import { useQuery } from '@tanstack/react-query';
import { FileDownIcon, FilePlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { InlineLoadError, LoadingSkeletons } from '@/client/components/query-state';
import { formatDayMonthYear } from '@/client/lib/format';
import type { Booking } from '@/domain/booking';
import { findRefundToCredit, type InvoiceSummary } from '@/domain/invoice';
import { makeMoney, moneyFromMajor, toMajor } from '@/domain/money';
import { CreditNoteDialog } from './credit-note-dialog';
import { findCreditableInvoice, formatInvoiceAmount } from './invoice-labels';
import { bookingInvoicesQuery, buildInvoicePdfUrl } from './invoices-api';
import { IssueInvoiceDialog } from './issue-invoice-dialog';
import type { Wire } from '@/domain/wire-amount';

/** Why a booking cannot be invoiced now, or undefined: the server refuses the same. */
function findWhyNotInvoiced(booking: Booking): string | undefined {
  if (booking.is_sample) return 'Sample bookings are not invoiced: they are made up to show the product.';
  if (booking.status !== 'confirmed' && booking.status !== 'completed')
    return `Only confirmed or completed stays are invoiced; this booking is ${booking.status}.`;
  return undefined;
}

/**
 * A booking's invoices and credit notes, newest first: each with its PDF, an invoice with something left
 * to credit with a way to issue a credit note, and a way to issue the booking's invoice while it has none
 * standing (one wholly credited no longer counts).
 */
export function BookingInvoices({ booking }: { booking: Booking }) {
  const invoices = useQuery(bookingInvoicesQuery(booking.id));
  const [issuing, setIssuing] = useState(false);
  const [crediting, setCrediting] = useState<Wire<InvoiceSummary> | null>(null);
  const whyNot = findWhyNotInvoiced(booking);
  const standing = invoices.data
    ? invoices.data.some((entry) => entry.kind !== 'credit_note' && (entry.left_to_credit ?? 0) > 0)
    : true;

  return (
    <section aria-labelledby={`invoices-${booking.id}`} className="grid gap-2" data-booking-invoices="">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`invoices-${booking.id}`} className="text-sm font-semibold">
          Invoices
        </h3>
        {whyNot || standing ? null : (
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => setIssuing(true)}
            aria-haspopup="dialog"
          >
            <FilePlusIcon aria-hidden="true" />
            Issue invoice
          </Button>
        )}
      </div>
      {invoices.isPending ? (
        <LoadingSkeletons
          label="Loading invoices..."
          rows={['h-14 w-full']}
          className="gap-2"
          aria-live="polite"
        />
      ) : invoices.isError ? (
        <InlineLoadError query={invoices} fallback="The invoices could not be loaded." />
      ) : invoices.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No invoices yet.{whyNot ? ` ${whyNot}` : ''}</p>
      ) : (
        <ul className="divide-y rounded-md border text-sm">
          {invoices.data.map((invoice) => (
            <InvoiceItem key={invoice.id} invoice={invoice} onCredit={() => setCrediting(invoice)} />
          ))}
        </ul>
      )}
      {issuing ? <IssueInvoiceDialog booking={booking} open onOpenChange={setIssuing} /> : null}
      {crediting ? (
        <CreditNoteDialog
          invoice={crediting}
          open
          onOpenChange={(open) => setCrediting(open ? crediting : null)}
        />
      ) : null}
    </section>
  );
}

function InvoiceItem({ invoice, onCredit }: { invoice: Wire<InvoiceSummary>; onCredit: () => void }) {
  const money = (amount: number) => formatInvoiceAmount(invoice, amount);
  const left = invoice.left_to_credit;
  const isCreditNote = invoice.kind === 'credit_note';
  return (
    <li
      className="grid gap-2 p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
      data-invoice-kind={invoice.kind}
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-medium">{invoice.title}</span>
          <span className="font-mono text-xs">{invoice.number}</span>
          <span className="text-muted-foreground">{formatDayMonthYear(invoice.issued_on)}</span>
        </p>
        <p>
          <span className={`font-semibold tabular-nums ${isCreditNote ? 'text-destructive' : ''}`}>
            {isCreditNote ? '−' : ''}
            {money(invoice.total)}
          </span>
          <span className="text-muted-foreground">
            {' '}
            · {invoice.recipient_name}
            {invoice.recipient_gstin ? ` (GSTIN ${invoice.recipient_gstin})` : ''}
          </span>
        </p>
        {invoice.corrects ? (
          <p className="text-muted-foreground">
            Corrects {invoice.corrects.number}: {invoice.corrects.reason}
          </p>
        ) : left === null ? null : left > 0 ? (
          <p className="text-muted-foreground">{money(left)} left to credit</p>
        ) : (
          <Badge variant="neutral">Fully credited</Badge>
        )}
      </div>
      <div className="flex flex-wrap gap-2 sm:justify-end">
        <a
          className={buttonVariants({ variant: 'outline', size: 'sm', shape: 'rounded' })}
          href={buildInvoicePdfUrl(invoice.id)}
          target="_blank"
          rel="noopener"
          aria-label={`Download PDF of ${invoice.title} ${invoice.number} (opens in a new tab)`}
        >
          <FileDownIcon aria-hidden="true" />
          Download PDF
        </a>
        {left !== null && left > 0 ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={onCredit}
            aria-haspopup="dialog"
            aria-label={`Issue credit note against ${invoice.number}`}
          >
            Issue credit note
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/**
 * After a refund: when the booking's invoice now states more than the guest pays (the stay's value changed),
 * offers the credit note for that much of the refund, opened prefilled in one click. A refund of money paid
 * twice leaves the guest paying what the invoice states: nothing is offered.
 */
export function CreditNoteOffer({
  bookingId,
  refund,
  keptAfter,
}: {
  bookingId: string;
  refund: number;
  /** What the guest has paid for the stay after the refund (the ledger's net_paid). */
  keptAfter: number;
}) {
  const invoices = useQuery(bookingInvoicesQuery(bookingId));
  const [open, setOpen] = useState(false);
  const [issued, setIssued] = useState(false);
  const invoice = invoices.data ? findCreditableInvoice(invoices.data) : undefined;
  if (!invoice || issued) return null;
  const minor = (amount: number) => moneyFromMajor(amount, invoice.currency).minor;
  const amount = toMajor(
    makeMoney(
      findRefundToCredit({
        refund: minor(refund),
        left: minor(invoice.left_to_credit ?? 0),
        keptAfter: minor(keptAfter),
      }),
      invoice.currency,
    ),
  );
  if (amount <= 0) return null;
  const describeCharged = (part: number) =>
    part === refund
      ? `the ${formatInvoiceAmount(invoice, part)} refunded`
      : `${formatInvoiceAmount(invoice, part)} of the ${formatInvoiceAmount(invoice, refund)} refunded`;
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-blue-300 bg-blue-50 p-3 text-sm"
      data-credit-note-offer=""
    >
      <p className="min-w-0">
        {invoice.title} {invoice.number} still charges {describeCharged(amount)}. If the stay's value changed,
        a credit note corrects it; money paid twice and returned needs none.
      </p>
      <Button type="button" size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
        Issue a credit note for {formatInvoiceAmount(invoice, amount)}
      </Button>
      {open ? (
        <CreditNoteDialog
          invoice={invoice}
          amount={amount}
          reason="Refund to the guest"
          open
          onOpenChange={setOpen}
          onIssued={() => setIssued(true)}
        />
      ) : null}
    </div>
  );
}
