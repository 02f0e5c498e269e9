import { useQuery } from '@tanstack/react-query';
import type { Wire } from '@/domain/wire-amount';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { TitledDialog } from '@/client/components/titled-dialog';
import { DialogFooter } from '@/client/components/ui/dialog';
import { FormField } from '@/client/components/ui/form';
import { Textarea } from '@/client/components/ui/textarea';
import {
  canChangeStatus,
  canCompleteStay,
  formatBookingReference,
  HOST_MESSAGE_MAX,
  type Booking,
  type BookingStatus,
} from '@/domain/booking';
import { villaToday } from '@/domain/dates';
import { formatMajorAmount } from '@/domain/money';
import { isChannelCollected, type PaymentSummary } from '@/domain/payment';
import { getErrorMessage } from '@/client/lib/api-client';
import { bookingInvoicesQuery, findCreditableInvoice } from '@/client/features/invoices';
import { useUpdateBookingStatus } from './bookings-api';
import { DeclineSimilarRequests } from './decline-similar-requests';
import { EditBookingDialog } from './edit-booking-dialog';
import { MarkPaidDialog, type ScreenBox } from './mark-paid-dialog';

const ACTIONS: { status: BookingStatus; label: string; done: string; destructive?: boolean }[] = [
  { status: 'confirmed', label: 'Confirm', done: 'Booking confirmed' },
  { status: 'completed', label: 'Mark completed', done: 'Booking marked completed' },
  { status: 'cancelled', label: 'Cancel', done: 'Booking cancelled', destructive: true },
];

/**
 * A booking card's actions: only the transitions the booking allows (pending → confirmed/cancelled,
 * confirmed → completed/cancelled, completed only from the check-out day on), Mark paid while something is
 * owed on a stay the operator collects (its dialog asks how it was paid, then records the balance), and a
 * confirmation before cancelling.
 */
export function BookingActions({
  booking,
  payment,
  onRecordRefund,
}: {
  booking: Booking;
  /** The list's payment summary (when it has one): what is left to pay, and what was paid. */
  payment?: Wire<PaymentSummary>;
  /** Opens the booking's payments on their refund form. */
  onRecordRefund?: () => void;
}) {
  const balance = payment?.balance;
  // Cancelling keeps the money: the operator decides what goes back and records it as a refund.
  const kept = payment && payment.net_paid > 0 ? formatMajorAmount(payment.net_paid, payment.currency) : null;
  const statusChange = useUpdateBookingStatus();
  // Where Mark paid was when pressed (null: its dialog is closed): the dialog's buttons go elsewhere.
  const [markPaidFrom, setMarkPaidFrom] = useState<ScreenBox | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  // A request from the booking form is answered by e-mail: the operator may add words of their own.
  const emailsGuest = typeof booking.guest_confirmed === 'boolean';
  const [noteOpen, setNoteOpen] = useState(false);
  const [note, setNote] = useState('');
  const [editing, setEditing] = useState(false);
  const busy = statusChange.isPending;
  // Only a confirmed stay can have been invoiced: its invoices load when the cancel prompt opens.
  const invoices = useQuery({
    ...bookingInvoicesQuery(booking.id),
    enabled: confirmCancel && booking.status === 'confirmed' && !booking.is_sample,
  });
  const invoice = invoices.data ? findCreditableInvoice(invoices.data) : undefined;
  const available = ACTIONS.filter(
    (action) =>
      canChangeStatus(booking.status, action.status) &&
      (action.status !== 'completed' || canCompleteStay(booking, villaToday())),
  );
  // A channel's stay is paid out by the channel, and a stay of unknown total has no balance to record.
  const canMarkPaid =
    booking.status !== 'cancelled' &&
    booking.amount_known &&
    booking.payment_status !== 'channel' &&
    !isChannelCollected(booking.booking_source) &&
    (balance === undefined ? booking.payment_status !== 'paid' : balance > 0);
  // The pressed button may vanish with the change (Confirm after confirming): keep keyboard focus in
  // this card, on its next action or on the group itself.
  const group = useRef<HTMLDivElement>(null);
  const keepFocus = () =>
    requestAnimationFrame(() =>
      (group.current?.querySelector<HTMLElement>('button:not(:disabled)') ?? group.current)?.focus(),
    );

  const changeStatus = (status: BookingStatus, done: string, message?: string) =>
    statusChange.mutate(
      { booking, status, message },
      {
        onSuccess: () => {
          const refundDue = status === 'cancelled' && kept !== null;
          toast.success(done, {
            description: refundDue
              ? `${booking.guest_name} · ${formatBookingReference(booking.id)} · ${kept} was paid: record what you refund in Payments.`
              : `${booking.guest_name} · ${formatBookingReference(booking.id)}`,
            ...(refundDue && onRecordRefund
              ? { action: { label: 'Record refund', onClick: onRecordRefund }, duration: 15_000 }
              : {}),
          });
        },
        onError: (error) =>
          toast.error('Error', { description: getErrorMessage(error, 'The booking could not be changed') }),
        onSettled: () => {
          setConfirmCancel(false);
          setNoteOpen(false);
          keepFocus();
        },
      },
    );

  return (
    <div
      ref={group}
      tabIndex={-1}
      className="flex flex-wrap gap-2 outline-none"
      aria-label={`Actions for ${booking.guest_name}`}
      role="group"
    >
      {available.map((action) => (
        <Button
          key={action.status}
          type="button"
          size="sm"
          variant={action.destructive ? 'outline' : action.status === 'confirmed' ? 'default' : 'secondary'}
          className={action.destructive ? 'text-destructive' : undefined}
          disabled={busy}
          onClick={() =>
            action.destructive ? setConfirmCancel(true) : changeStatus(action.status, action.done)
          }
        >
          {action.label}
        </Button>
      ))}
      {booking.status === 'pending' && emailsGuest ? (
        <Button type="button" size="sm" variant="ghost" disabled={busy} onClick={() => setNoteOpen(true)}>
          Reply with a note
        </Button>
      ) : null}
      <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => setEditing(true)}>
        Edit
      </Button>
      {canMarkPaid ? (
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={busy}
          aria-haspopup="dialog"
          onClick={(event) => {
            const { top, bottom } = event.currentTarget.getBoundingClientRect();
            setMarkPaidFrom({ top, bottom });
          }}
        >
          Mark paid
        </Button>
      ) : null}
      <MarkPaidDialog
        booking={booking}
        balance={balance}
        open={markPaidFrom !== null}
        opener={markPaidFrom}
        onOpenChange={(open) => {
          if (!open) setMarkPaidFrom(null);
        }}
        onCloseAutoFocus={(event) => {
          // Mark paid is gone once paid: focus stays in the card instead.
          event.preventDefault();
          keepFocus();
        }}
      />
      {booking.status === 'pending' ? <DeclineSimilarRequests booking={booking} disabled={busy} /> : null}
      <EditBookingDialog booking={booking} open={editing} onOpenChange={setEditing} />
      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        onCloseAutoFocus={(event) => {
          // The Cancel button that opened it may be gone: focus stays in the card instead.
          event.preventDefault();
          keepFocus();
        }}
        title="Cancel this booking?"
        description={
          <>
            {`${booking.guest_name}’s stay from ${booking.check_in} to ${booking.check_out} will be cancelled and its nights freed for other guests. This cannot be undone.`}
            {kept ? (
              <span className="mt-2 block font-medium text-foreground" data-paid-before-cancel="">
                {kept} was paid for this stay. After cancelling, record what you refund in Payments.
              </span>
            ) : null}
            {invoice ? (
              <span className="mt-2 block font-medium text-foreground" data-invoiced-before-cancel="">
                This stay is invoiced ({invoice.title} {invoice.number}): after cancelling, issue a credit
                note against it in Payments, Invoices.
              </span>
            ) : null}
          </>
        }
        keepLabel="Keep booking"
        confirmLabel="Cancel booking"
        pendingLabel="Cancelling..."
        pending={statusChange.isPending}
        onConfirm={() => changeStatus('cancelled', 'Booking cancelled', emailsGuest ? note : undefined)}
      >
        {emailsGuest ? <GuestNoteField value={note} onChange={setNote} /> : null}
      </ConfirmDialog>
      <TitledDialog
        open={noteOpen}
        onOpenChange={setNoteOpen}
        title={`Confirm ${booking.guest_name}’s request?`}
        description="The guest is told by e-mail, with how to pay. Your note goes into that e-mail."
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          keepFocus();
        }}
      >
        <GuestNoteField value={note} onChange={setNote} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setNoteOpen(false)}>
            Not now
          </Button>
          <Button
            type="button"
            disabled={statusChange.isPending}
            onClick={() => changeStatus('confirmed', 'Booking confirmed', note)}
          >
            {statusChange.isPending ? 'Confirming...' : 'Confirm request'}
          </Button>
        </DialogFooter>
      </TitledDialog>
    </div>
  );
}

/** Words of the operator's own for the guest's e-mail (optional), kept while the dialog is open. */
function GuestNoteField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <FormField label="Message to the guest" hint="optional, put into their e-mail">
      {(props) => (
        <Textarea
          {...props}
          rows={3}
          maxLength={HOST_MESSAGE_MAX}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
