import { useQuery } from '@tanstack/react-query';
import type { Wire } from '@/domain/wire-amount';
import { useLayoutEffect, useRef, useState } from 'react';
import { ColumnHeaders } from '@/client/components/column-headers';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { TitledDialog } from '@/client/components/titled-dialog';
import { InlineLoadError, LoadingSkeletons } from '@/client/components/query-state';
import { formatDate, formatDayMonthYear } from '@/client/lib/format';
import { BookingInvoices, CreditNoteOffer } from '@/client/features/invoices';
import { formatBookingReference, type Booking } from '@/domain/booking';
import { villaToday } from '@/domain/dates';
import { formatMajorAmount } from '@/domain/money';
import type { PaymentEntry, PaymentSummary, ToReturnReason } from '@/domain/payment';
import { GatewayRefunds } from './gateway-refunds';
import { PaymentEntryForm } from './payment-entry-form';
import { PaymentLinkPanel } from './payment-link-panel';
import { PAYMENT_KIND_LABELS, PAYMENT_METHOD_LABELS } from './payment-labels';
import { ledgerQuery } from './payments-api';
import { canVoidEntry, VoidEntryForm } from './void-entry-form';

export type PaymentsDialogMode = 'ledger' | 'in' | 'out';
type Mode = PaymentsDialogMode;

/**
 * A booking's payments: what was paid and is owed, every entry of its ledger, and forms to record a
 * payment or a refund. The ledger loads when the dialog opens (the list shows many bookings at once).
 */
export function PaymentsDialog({
  booking,
  open,
  onOpenChange,
  startOn = 'ledger',
}: {
  booking: Booking;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The view it opens on: the ledger, or straight on a form (a refund, after cancelling a paid stay). */
  startOn?: Mode;
}) {
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Payments · ${booking.guest_name}`}
      description={
        <>
          {formatBookingReference(booking.id)} · {formatDate(booking.check_in)} –{' '}
          {formatDate(booking.check_out)}
        </>
      }
      className="max-w-2xl"
    >
      {/* Rendered only while open: the ledger is fetched then, not for every card of the list. */}
      <LedgerPanel booking={booking} startOn={startOn} />
    </TitledDialog>
  );
}

function LedgerPanel({ booking, startOn }: { booking: Booking; startOn: Mode }) {
  const ledger = useQuery(ledgerQuery(booking.id));
  const [mode, setMode] = useState<Mode>(startOn);
  // The entry being voided (its form in place of the ledger), and the Void button to focus after.
  const [voiding, setVoiding] = useState<Wire<PaymentEntry> | null>(null);
  const voidedFrom = useRef<string | null>(null);
  // A refund just recorded, and what the guest pays after it: an invoiced stay's invoice may now state more
  // than that, so a credit note is offered.
  const [refunded, setRefunded] = useState<{ amount: number; keptAfter: number } | null>(null);
  const recordButton = useRef<HTMLButtonElement>(null);
  const refundButton = useRef<HTMLButtonElement>(null);
  // Back from a form, focus returns to the button that opened it (the form's fields are gone).
  const returnTo = useRef<Mode | null>(null);
  useLayoutEffect(() => {
    if (mode !== 'ledger' || !returnTo.current) return;
    (returnTo.current === 'in' ? recordButton : refundButton).current?.focus();
    returnTo.current = null;
  }, [mode]);
  const ledgerTable = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (voiding || !voidedFrom.current) return;
    // Its Void button is gone once voided: focus the entry's row instead, else the button.
    const row = ledgerTable.current?.querySelector<HTMLElement>(`[data-entry-id="${voidedFrom.current}"]`);
    (row?.querySelector<HTMLElement>('button') ?? row)?.focus();
    voidedFrom.current = null;
  }, [voiding]);

  if (ledger.isPending) {
    return (
      <LoadingSkeletons
        label="Loading payments..."
        rows={['h-16 w-full', 'h-24 w-full']}
        className="gap-2"
        aria-live="polite"
      />
    );
  }
  if (ledger.isError) {
    return <InlineLoadError query={ledger} fallback="The payments could not be loaded." />;
  }
  const { entries, summary } = ledger.data;
  const offerSecurityDeposit = summary.security_deposit_requested > 0 || summary.security_deposit_held > 0;

  if (voiding) {
    return (
      <section aria-labelledby="void-form-title" className="grid gap-3">
        <h3 id="void-form-title" className="font-semibold">
          Void an entry
        </h3>
        <VoidEntryForm
          bookingId={booking.id}
          entry={voiding}
          onDone={() => {
            voidedFrom.current = voiding.id;
            setVoiding(null);
          }}
        />
      </section>
    );
  }

  if (mode !== 'ledger') {
    return (
      <section aria-labelledby="payment-form-title" className="grid gap-3">
        <h3 id="payment-form-title" className="font-semibold">
          {mode === 'in' ? 'Record a payment' : 'Record a refund'}
        </h3>
        <PaymentSummaryFigures summary={summary} compact />
        <PaymentEntryForm
          bookingId={booking.id}
          guestName={booking.guest_name}
          direction={mode}
          summary={summary}
          offerSecurityDeposit={offerSecurityDeposit}
          refundablePayments={ledger.data.refundable_payments}
          onDone={(recorded, after) => {
            returnTo.current = mode;
            if (recorded?.kind === 'refund' && after)
              setRefunded({ amount: recorded.amount, keptAfter: after.net_paid });
            setMode('ledger');
          }}
        />
      </section>
    );
  }

  const canRefund = summary.net_paid > 0 || summary.security_deposit_held > 0;
  return (
    <div className="grid gap-4">
      <PaymentSummaryFigures summary={summary} />
      {refunded === null ? null : (
        <CreditNoteOffer bookingId={booking.id} refund={refunded.amount} keptAfter={refunded.keptAfter} />
      )}
      {/* A cancelled stay takes no payment: its link, if one is still open, is not handed out again. */}
      {booking.status === 'cancelled' ? null : (
        <PaymentLinkPanel bookingId={booking.id} ledger={ledger.data} />
      )}
      <GatewayRefunds bookingId={booking.id} refunds={ledger.data.gateway_refunds} />
      <section aria-labelledby="ledger-title">
        <h3 id="ledger-title" className="mb-2 text-sm font-semibold">
          Ledger
        </h3>
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing recorded yet.</p>
        ) : (
          <div ref={ledgerTable}>
            <LedgerTable entries={entries} currency={summary.currency} onVoid={setVoiding} />
          </div>
        )}
      </section>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          ref={refundButton}
          type="button"
          variant="outline"
          disabled={!canRefund}
          title={canRefund ? undefined : 'Nothing has been paid that could be refunded'}
          onClick={() => setMode('out')}
        >
          Refund
        </Button>
        <Button ref={recordButton} type="button" onClick={() => setMode('in')}>
          Record payment
        </Button>
      </div>
      <div className="border-t pt-4">
        <BookingInvoices booking={booking} />
      </div>
    </div>
  );
}

/** What the guest paid and owes, and what is due next. */
function PaymentSummaryFigures({ summary, compact }: { summary: Wire<PaymentSummary>; compact?: boolean }) {
  const money = (amount: number) => formatMajorAmount(amount, summary.currency);
  const figures: [string, string][] = [
    ['Total', money(summary.total)],
    // Credit notes take it off what is owed: without it the balance would not add up.
    ...(summary.credited > 0 ? ([['Credited', money(summary.credited)]] as [string, string][]) : []),
    ['Paid', money(summary.paid)],
    ...(summary.refunded > 0 ? ([['Refunded', money(summary.refunded)]] as [string, string][]) : []),
    ['Balance', money(summary.balance)],
    ...(summary.overpaid > 0 ? ([['Overpaid', money(summary.overpaid)]] as [string, string][]) : []),
    ...(summary.security_deposit_requested > 0 || summary.security_deposit_held > 0
      ? ([['Security deposit held', money(summary.security_deposit_held)]] as [string, string][])
      : []),
    ...(summary.to_return > 0 ? ([['To return', money(summary.to_return)]] as [string, string][]) : []),
  ];
  return (
    <div className="grid gap-2 rounded-md bg-muted p-3 text-sm">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {!compact || summary.next_due ? <NextDue summary={summary} /> : null}
      <ToReturnNote summary={summary} />
    </div>
  );
}

const TO_RETURN_WORDS: Record<ToReturnReason, string> = {
  cancelled: 'is held on a cancelled stay: refund it, or keep what your cancellation terms allow',
  channel_collects: 'was paid here, but the channel collects this stay: refund it to the guest',
  overpaid: 'was paid above the total: refund it, or change the total if the stay grew',
};

/** Money held that nothing is owed for, and what to do with it: something to act on. */
export function ToReturnNote({ summary }: { summary: Wire<PaymentSummary> }) {
  if (summary.to_return <= 0 || !summary.to_return_reason) return null;
  return (
    <p className="font-medium text-destructive" data-to-return="">
      {formatMajorAmount(summary.to_return, summary.currency)} {TO_RETURN_WORDS[summary.to_return_reason]}.
    </p>
  );
}

/** "₹7,000 due 12 Dec 2026", marked overdue once its day has passed. */
export function NextDue({ summary }: { summary: Wire<PaymentSummary> }) {
  if (!summary.next_due) {
    return summary.balance > 0 ? null : <p className="text-muted-foreground">Nothing is due.</p>;
  }
  return (
    <p className={summary.overdue ? 'font-medium text-destructive' : undefined} data-next-due="">
      {formatMajorAmount(summary.next_due.amount, summary.currency)} due{' '}
      {formatDayMonthYear(summary.next_due.date)}
      {summary.overdue ? (
        <Badge variant="danger" className="ml-2">
          Overdue
        </Badge>
      ) : null}
    </p>
  );
}

const LEDGER_COLUMNS = [{ label: 'Date' }, { label: 'Entry' }, { label: 'Amount', numeric: true }];

/**
 * Entries oldest first; money going back (a refund, a deposit returned, a correction) shown negative. A
 * voided entry is struck through with its reason; its void, an entry of its own, is said there.
 */
function LedgerTable({
  entries,
  currency,
  onVoid,
}: {
  entries: Wire<PaymentEntry>[];
  currency: string;
  onVoid: (entry: Wire<PaymentEntry>) => void;
}) {
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-sm">
        <thead className="bg-muted/60 text-left text-xs text-muted-foreground">
          <tr>
            <ColumnHeaders className="px-3 py-2" columns={LEDGER_COLUMNS} />
          </tr>
        </thead>
        <tbody>
          {entries
            .filter((entry) => !entry.void_reason)
            .map((entry) => {
              const outgoing = entry.kind === 'refund' || entry.kind === 'security_deposit_returned';
              // A correction counts against the entry it reverses.
              const negative = outgoing !== Boolean(entry.corrects_id);
              const amount = formatMajorAmount(entry.amount, entry.currency || currency);
              const struck = entry.voided ? 'line-through decoration-2' : undefined;
              return (
                <tr
                  key={entry.id}
                  tabIndex={-1}
                  className={`border-t align-top outline-none ${entry.voided ? 'text-muted-foreground' : ''}`}
                  data-entry-kind={entry.kind}
                  data-entry-id={entry.id}
                  data-voided={entry.voided ? '' : undefined}
                >
                  <td className={`px-3 py-2 whitespace-nowrap ${struck ?? ''}`}>
                    {formatDayMonthYear(entry.received_on)}
                  </td>
                  <td className="px-3 py-2">
                    <span className={struck}>
                      <span className="font-medium">
                        {PAYMENT_KIND_LABELS[entry.kind]}
                        {entry.corrects_id ? ' (correction)' : ''}
                      </span>
                      <span className="text-muted-foreground"> · {PAYMENT_METHOD_LABELS[entry.method]}</span>
                    </span>
                    {entry.reference ? (
                      <span className={`block break-all text-muted-foreground ${struck ?? ''}`}>
                        Ref. {entry.reference}
                      </span>
                    ) : null}
                    {entry.note ? (
                      <span className={`block break-words text-muted-foreground ${struck ?? ''}`}>
                        {entry.note}
                      </span>
                    ) : null}
                    {entry.voided ? (
                      <span className="block font-medium break-words text-foreground" data-void-reason="">
                        Voided {formatDayMonthYear(villaToday(new Date(entry.voided.voided_at)))}:{' '}
                        {entry.voided.reason}
                      </span>
                    ) : canVoidEntry(entry) ? (
                      <Button
                        type="button"
                        variant="link"
                        size="sm"
                        className="h-auto p-0 text-xs text-muted-foreground"
                        aria-label={`Void ${PAYMENT_KIND_LABELS[entry.kind].toLowerCase()} of ${amount} received ${formatDayMonthYear(entry.received_on)}`}
                        onClick={() => onVoid(entry)}
                      >
                        Void
                      </Button>
                    ) : null}
                  </td>
                  <td
                    className={`px-3 py-2 text-right font-semibold whitespace-nowrap tabular-nums ${negative && !entry.voided ? 'text-destructive' : ''} ${struck ?? ''}`}
                  >
                    {entry.voided ? <span className="sr-only">Voided: </span> : null}
                    {negative ? '−' : ''}
                    {amount}
                  </td>
                </tr>
              );
            })}
        </tbody>
      </table>
    </div>
  );
}
