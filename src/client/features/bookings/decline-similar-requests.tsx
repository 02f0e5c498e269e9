import { useState } from 'react';
import { toast } from 'sonner';
import type { Booking, DeclineScope } from '@/domain/booking';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { getErrorMessage } from '@/client/lib/api-client';
import { useDeclineSimilarRequests } from './bookings-api';

/** Declining one request tells its guest; declining all of them at once does not, and says so. */
const DECLINE_ALL_SENDS_NOTHING =
  'No one is e-mailed: requests sent in bulk are most likely spam, and a reply would confirm the address.';

/**
 * For a stranger who floods the calendar with requests: decline every pending request from this guest's
 * e-mail, or from the network the request came from, after a confirmation that says which.
 */
export function DeclineSimilarRequests({ booking, disabled }: { booking: Booking; disabled: boolean }) {
  const decline = useDeclineSimilarRequests();
  const [scope, setScope] = useState<DeclineScope | null>(null);
  const run = (by: DeclineScope) =>
    decline.mutate(
      { booking, by },
      {
        onSuccess: (result) => {
          toast.success(
            result.declined === 1
              ? '1 pending request declined'
              : `${result.declined} pending requests declined`,
            { description: by === 'email' ? booking.guest_email : `Network ${booking.request_network}` },
          );
          setScope(null);
        },
        onError: (error) =>
          toast.error('Error', { description: getErrorMessage(error, 'The requests could not be declined') }),
      },
    );
  // A request from the site knows its network; one entered by hand does not.
  const scopes: DeclineScope[] = booking.request_network ? ['email', 'network'] : ['email'];
  return (
    <>
      {scopes.map((by) => (
        <Button
          key={by}
          type="button"
          size="sm"
          variant="ghost"
          className="text-destructive"
          disabled={disabled || decline.isPending}
          onClick={() => setScope(by)}
        >
          {by === 'email' ? 'Decline all from this guest' : 'Decline all from this network'}
        </Button>
      ))}
      <ConfirmDialog
        open={scope !== null}
        onOpenChange={(open) => (open ? undefined : setScope(null))}
        title={
          scope === 'network'
            ? 'Decline every request from this network?'
            : 'Decline every request from this guest?'
        }
        description={
          <>
            {scope === 'network'
              ? `Every pending request sent from the network ${booking.request_network} will be cancelled and its nights freed. Confirmed bookings are not touched.`
              : `Every pending request from ${booking.guest_email} will be cancelled and its nights freed. Confirmed bookings are not touched.`}{' '}
            {DECLINE_ALL_SENDS_NOTHING}
          </>
        }
        keepLabel="Keep them"
        confirmLabel="Decline all"
        pendingLabel="Declining..."
        pending={decline.isPending}
        onConfirm={() => scope && run(scope)}
      />
    </>
  );
}
