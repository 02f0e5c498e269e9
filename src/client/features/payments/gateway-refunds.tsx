import { RotateCwIcon } from 'lucide-react';
import type { Wire } from '@/domain/wire-amount';
import { toast } from 'sonner';
import { Button } from '@/client/components/ui/button';
import { getErrorMessage } from '@/client/lib/api-client';
import { formatTimestampDate } from '@/client/lib/format';
import type { GatewayRefund } from '@/domain/gateway-refund';
import { formatMajorAmount } from '@/domain/money';
import { useReconcileRefunds } from './payments-api';

/**
 * Refunds through Razorpay that are not in the ledger: pending ones (Razorpay has not said whether it made
 * them; they count as refunded meanwhile, and can be checked with Razorpay now) and ones it refused.
 */
export function GatewayRefunds({
  bookingId,
  refunds,
}: {
  bookingId: string;
  refunds: readonly Wire<GatewayRefund>[];
}) {
  const reconcile = useReconcileRefunds(bookingId);
  const pending = refunds.filter((refund) => refund.status === 'pending');
  const failed = refunds.filter((refund) => refund.status === 'failed' && !refund.refund_entry_id);
  if (pending.length === 0 && failed.length === 0) return null;
  const check = () =>
    reconcile.mutateAsync().then(
      ({ gateway_refunds }) => {
        const still = gateway_refunds.filter((refund) => refund.status === 'pending').length;
        if (still === 0) toast.success('Razorpay answered: the refunds are recorded');
        else
          toast.info(
            `Razorpay has not said yet: ${still === 1 ? 'the refund stays' : `${still} refunds stay`} pending`,
          );
      },
      (error: unknown) =>
        toast.error(getErrorMessage(error, 'Razorpay could not be asked. Please try again.')),
    );
  return (
    <section aria-labelledby="gateway-refunds-title" className="grid gap-2 rounded-md border p-3 text-sm">
      <h3 id="gateway-refunds-title" className="font-semibold">
        Refunds through Razorpay
      </h3>
      <ul className="grid gap-2">
        {pending.map((refund) => (
          <li key={refund.id} data-refund-status="pending">
            <span className="font-medium">
              {formatMajorAmount(refund.amount, refund.currency)} from {refund.gateway_payment_id}
            </span>
            <span className="block text-muted-foreground">
              Pending since {formatTimestampDate(refund.created_at)}: Razorpay has not said whether it made it
              (asked {refund.attempts === 1 ? 'once' : `${refund.attempts} times`}, always as one refund). It
              counts as refunded until Razorpay answers, and is never made twice.
            </span>
          </li>
        ))}
        {failed.map((refund) => (
          <li key={refund.id} data-refund-status="failed">
            <span className="font-medium">
              {formatMajorAmount(refund.amount, refund.currency)} from {refund.gateway_payment_id}: not made
            </span>
            {refund.failure ? <span className="block text-muted-foreground">{refund.failure}</span> : null}
          </li>
        ))}
      </ul>
      {pending.length > 0 ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => void check()}
          disabled={reconcile.isPending}
        >
          <RotateCwIcon aria-hidden="true" className={reconcile.isPending ? 'animate-spin' : undefined} />
          {reconcile.isPending ? 'Asking Razorpay...' : 'Check with Razorpay'}
        </Button>
      ) : null}
    </section>
  );
}
