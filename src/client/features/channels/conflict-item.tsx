import { zodResolver } from '@hookform/resolvers/zod';
import { AlertTriangleIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { BOOKING_SOURCE_LABELS, type BookingSource } from '@/domain/booking';
import {
  DismissConflictFormSchema,
  type ConflictAction,
  type ConflictKind,
  type DismissConflictForm,
  type SyncConflict,
} from '@/domain/channel';
import { Button } from '@/client/components/ui/button';
import { FormField } from '@/client/components/ui/form';
import { Input } from '@/client/components/ui/input';
import { getErrorMessage } from '@/client/lib/api-client';
import { formatDate } from '@/client/lib/format';
import { labelConnection } from './channel-health';
import { useResolveConflict } from './channels-api';

/** What each decision is called for each kind of conflict (the server's accept/keep, in the operator's words). */
const ACTION_LABELS: Record<ConflictKind, Record<ConflictAction, string>> = {
  stay_overlaps: { accept_theirs: 'Cancel ours and accept theirs', keep_ours: 'Keep ours and dismiss' },
  block_overlaps_request: { accept_theirs: 'Decline our request', keep_ours: 'Keep the request' },
  cancelled_here: { accept_theirs: 'Restore the stay here', keep_ours: 'Keep it cancelled' },
};

/** The confirmation a decision that cancels or declines something here needs. */
const CONFIRMATIONS: Partial<Record<ConflictKind, string>> = {
  stay_overlaps: 'Cancel the booking(s) below and import the channel’s stay?',
  block_overlaps_request: 'Decline the pending request below?',
};

/** One conflict: theirs and ours side by side, with the decisions the server allows now. */
export function ConflictItem({ conflict }: { conflict: SyncConflict }) {
  const resolve = useResolveConflict();
  const [confirming, setConfirming] = useState(false);
  const [dismissing, setDismissing] = useState(false);
  const reason = useForm<DismissConflictForm>({
    resolver: zodResolver(DismissConflictFormSchema),
    defaultValues: { note: '' },
  });
  const channel = labelConnection({ channel: conflict.channel, name: conflict.connection_name });
  const labels = ACTION_LABELS[conflict.kind];
  const headingId = `conflict-${conflict.id}`;

  const decide = (action: ConflictAction, note?: string) =>
    resolve.mutate(
      { conflictId: conflict.id, action, note },
      {
        onSuccess: () => {
          setConfirming(false);
          setDismissing(false);
          toast.success('Conflict settled', { description: labels[action] });
        },
      },
    );

  const choose = (action: ConflictAction) => {
    if (action === 'accept_theirs' && CONFIRMATIONS[conflict.kind] && !confirming) setConfirming(true);
    // Keeping ours over a channel's stay is a decision someone may have to explain later: ask why.
    else if (action === 'keep_ours') setDismissing(true);
    else decide(action);
  };
  const dismiss = reason.handleSubmit(({ note }) => decide('keep_ours', note));

  return (
    <li
      aria-labelledby={headingId}
      data-conflict-id={conflict.id}
      className="grid gap-3 rounded-lg border border-red-300 bg-red-50/60 p-3 text-sm"
    >
      <p id={headingId} className="flex gap-2 font-medium text-red-950">
        <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {conflict.message}
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        <section aria-label={`Theirs: ${channel}`} className="rounded-md border bg-card p-2">
          <h4 className="text-xs font-semibold text-muted-foreground uppercase">Theirs · {channel}</h4>
          <p className="mt-1">
            {conflict.theirs.kind === 'stay' ? 'Stay' : 'Closed'} {formatDate(conflict.theirs.check_in)} –{' '}
            {formatDate(conflict.theirs.check_out)}
          </p>
          {conflict.theirs.external_booking_id ? (
            <p className="text-muted-foreground">Code {conflict.theirs.external_booking_id}</p>
          ) : conflict.theirs.summary ? (
            <p className="text-muted-foreground">{conflict.theirs.summary}</p>
          ) : null}
        </section>
        <section aria-label="Ours" className="rounded-md border bg-card p-2">
          <h4 className="text-xs font-semibold text-muted-foreground uppercase">Ours · here</h4>
          {conflict.ours.length === 0 ? (
            <p className="mt-1 text-muted-foreground">No booking here any more.</p>
          ) : (
            <ul className="mt-1 grid gap-1">
              {conflict.ours.map((booking) => (
                <li key={booking.id}>
                  <span className="font-medium">{booking.guest_name}</span>, {formatDate(booking.check_in)} –{' '}
                  {formatDate(booking.check_out)}{' '}
                  <span className="text-muted-foreground">
                    ({booking.status},{' '}
                    {BOOKING_SOURCE_LABELS[booking.booking_source as BookingSource] ?? booking.booking_source}
                    )
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      {conflict.holds_nights ? (
        <p className="text-red-950">
          Until you decide, these nights are closed on the website and on your other channels.
        </p>
      ) : null}
      {conflict.maybe_echo ? (
        <p className="text-muted-foreground">
          {channel} read this calendar after the request arrived: the closed nights may be the request itself
          coming back. If so, keep the request.
        </p>
      ) : null}
      {confirming ? (
        <p className="font-medium" id={`${headingId}-confirm`}>
          {CONFIRMATIONS[conflict.kind]}
        </p>
      ) : null}
      {dismissing ? (
        <form onSubmit={dismiss} noValidate className="grid gap-2" aria-label={`${labels.keep_ours}: why?`}>
          <FormField label="Why? (kept in the activity log)" error={reason.formState.errors.note} required>
            {(field) => (
              <Input
                {...field}
                {...reason.register('note')}
                autoFocus
                maxLength={500}
                placeholder="e.g. The guest cancelled on Airbnb; waiting for the calendar to update"
              />
            )}
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={resolve.isPending}>
              {labels.keep_ours}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setDismissing(false)}>
              Not now
            </Button>
          </div>
        </form>
      ) : null}
      <div className={dismissing ? 'hidden' : 'flex flex-wrap gap-2'}>
        {conflict.actions.includes('accept_theirs') ? (
          <Button
            type="button"
            size="sm"
            variant={confirming ? 'destructive' : 'outline'}
            disabled={resolve.isPending}
            onClick={() => choose('accept_theirs')}
            aria-describedby={confirming ? `${headingId}-confirm` : undefined}
          >
            {confirming
              ? `Yes, ${labels.accept_theirs.charAt(0).toLowerCase()}${labels.accept_theirs.slice(1)}`
              : labels.accept_theirs}
          </Button>
        ) : null}
        {confirming ? (
          <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            Not now
          </Button>
        ) : conflict.actions.includes('keep_ours') ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={resolve.isPending}
            onClick={() => choose('keep_ours')}
          >
            {labels.keep_ours}
          </Button>
        ) : null}
      </div>
      {resolve.isError ? (
        <p role="alert" className="text-destructive">
          {getErrorMessage(resolve.error, 'The conflict could not be settled')}
        </p>
      ) : null}
    </li>
  );
}
