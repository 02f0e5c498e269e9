import { TriangleAlertIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/client/components/ui/button';
import { readErrorCode, isApiError } from '@/client/lib/api-client';
import { formatDayMonthYear } from '@/client/lib/format';
import { formatMajorAmount, moneyFromMajor } from '@/domain/money';
import {
  describeIncomingExcess,
  DuplicateReferenceSchema,
  type DuplicateReference,
  type IncomingExcess,
} from '@/domain/payment';

/** The server's duplicate_reference refusal: where the reference already is, or undefined. */
export function readDuplicateReference(error: unknown): DuplicateReference | undefined {
  if (!isApiError(error, 409) || readErrorCode(error) !== 'duplicate_reference') return undefined;
  const parsed = DuplicateReferenceSchema.safeParse(error.details);
  return parsed.success ? parsed.data : undefined;
}

/** A payment_above_balance refusal in words, from its figures (undefined for any other error). */
export function describeExcessRefusal(error: unknown, currency: string): string | undefined {
  if (!isApiError(error, 409) || readErrorCode(error) !== 'payment_above_balance') return undefined;
  const { balance, security_deposit, max } = error.details as Partial<Record<keyof IncomingExcess, number>>;
  if (typeof balance !== 'number' || typeof security_deposit !== 'number' || typeof max !== 'number') {
    return undefined;
  }
  const money = (amount: number) => moneyFromMajor(amount, currency);
  return describeIncomingExcess({
    balance: money(balance),
    security_deposit: money(security_deposit),
    max: money(max),
  });
}

/**
 * A reference already in the ledger: where it is, and a way to record it again all the same (two
 * payments may share a reference; most often it is the same payment recorded twice).
 */
export function DuplicateReferenceNotice({
  duplicate,
  pending,
  onConfirm,
}: {
  duplicate: DuplicateReference;
  pending: boolean;
  onConfirm: () => void;
}) {
  // Below a long form on a phone: brought into sight, as it is what the operator must answer now.
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    notice.current?.scrollIntoView?.({ block: 'nearest' });
  }, [duplicate]);
  return (
    <div
      ref={notice}
      role="alert"
      className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      data-duplicate-reference=""
    >
      <p className="flex gap-2 font-medium">
        <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          {duplicate.reference} is already recorded: a payment of{' '}
          {formatMajorAmount(duplicate.amount, duplicate.currency)} received{' '}
          {formatDayMonthYear(duplicate.received_on)}, on {duplicate.guest_name}’s booking{' '}
          {duplicate.booking_reference}.
        </span>
      </p>
      <p>Record it again only if this is another payment with the same reference.</p>
      <div>
        <Button type="button" size="sm" variant="outline" disabled={pending} onClick={onConfirm}>
          {pending ? 'Recording...' : 'Record it again'}
        </Button>
      </div>
    </div>
  );
}
