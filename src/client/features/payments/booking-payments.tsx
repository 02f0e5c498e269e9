import { WalletIcon } from 'lucide-react';
import type { Wire } from '@/domain/wire-amount';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { BOOKING_SOURCE_LABELS, type Booking } from '@/domain/booking';
import { formatMajorAmount } from '@/domain/money';
import type { PaymentSummary, ToReturnReason } from '@/domain/payment';
import { NextDue, PaymentsDialog, type PaymentsDialogMode } from './payments-dialog';

const TO_RETURN_LINES: Record<ToReturnReason, string> = {
  cancelled: 'held on a cancelled stay',
  channel_collects: 'paid here, though the channel collects',
  overpaid: 'paid above the total',
};

/**
 * A booking card's money: what was paid of the total and the balance, what is due next and when (marked
 * overdue), or who collects it for a channel's stay; money held that is to return; and a Payments button
 * that opens the ledger.
 */
export function BookingPayments({
  booking,
  summary,
  view: givenView,
  onViewChange,
}: {
  booking: Booking;
  summary: Wire<PaymentSummary>;
  /** The open dialog's view (null: closed), when the card opens it too (Record refund after cancelling). */
  view?: PaymentsDialogMode | null;
  onViewChange?: (view: PaymentsDialogMode | null) => void;
}) {
  const [ownView, setOwnView] = useState<PaymentsDialogMode | null>(null);
  const view = onViewChange ? (givenView ?? null) : ownView;
  const setView = onViewChange ?? setOwnView;
  const money = (amount: number) => formatMajorAmount(amount, summary.currency);
  let line: string;
  if (summary.payment_status === 'channel')
    line = `Collected by ${BOOKING_SOURCE_LABELS[booking.booking_source]}`;
  else if (!booking.amount_known) line = `Paid ${money(summary.net_paid)} · total not known`;
  else if (booking.status === 'cancelled') {
    line =
      summary.refunded > 0
        ? `Paid ${money(summary.paid)} · Refunded ${money(summary.refunded)}`
        : `Paid ${money(summary.paid)}`;
  } else {
    line = `Paid ${money(summary.net_paid)} of ${money(summary.total)}`;
    if (summary.credited > 0) line += ` · Credited ${money(summary.credited)}`;
    line += ` · Balance ${money(summary.balance)}`;
    if (summary.overpaid > 0) line += ` · Overpaid ${money(summary.overpaid)}`;
  }
  const showDue = summary.next_due !== null && booking.status !== 'cancelled';
  return (
    <section
      aria-label={`Payments of ${booking.guest_name}`}
      className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-md border p-2.5 text-sm"
      data-payments=""
    >
      <div className="min-w-0">
        <p className="font-medium" data-payment-line="">
          {line}
        </p>
        {showDue ? (
          <div className="text-xs">
            <NextDue summary={summary} />
          </div>
        ) : null}
        {summary.to_return > 0 ? (
          // Money held for nothing (a cancelled stay's, a channel's stay's, above the total): to act on.
          <p
            className="text-xs font-medium text-destructive"
            data-kept-after-cancel={booking.status === 'cancelled' ? '' : undefined}
            data-to-return=""
          >
            {money(summary.to_return)} {TO_RETURN_LINES[summary.to_return_reason ?? 'overpaid']}: record a
            refund in Payments if it goes back{' '}
            <Button
              type="button"
              variant="link"
              size="sm"
              className="h-auto p-0 text-xs"
              onClick={() => setView('out')}
              aria-haspopup="dialog"
            >
              Record refund
            </Button>
          </p>
        ) : null}
        {summary.security_deposit_held > 0 ? (
          <p className="text-xs text-muted-foreground">
            Security deposit held {money(summary.security_deposit_held)}
          </p>
        ) : null}
      </div>
      <Button
        type="button"
        size="sm"
        variant="outline"
        onClick={() => setView('ledger')}
        aria-haspopup="dialog"
        aria-label={`Payments of ${booking.guest_name}`}
      >
        <WalletIcon aria-hidden="true" />
        Payments
      </Button>
      <PaymentsDialog
        booking={booking}
        open={view !== null}
        startOn={view ?? 'ledger'}
        onOpenChange={(open) => setView(open ? (view ?? 'ledger') : null)}
      />
    </section>
  );
}
