import { Badge } from '@/client/components/ui/badge';
import { BOOKING_SOURCE_LABELS, type BookingSource, type PaymentStatus } from '@/domain/booking';

type BadgeVariant = 'success' | 'warning' | 'info' | 'danger' | 'neutral';

/** Status colours: pending yellow, confirmed green, completed blue, cancelled red, anything else grey. */
export function getStatusVariant(status: string): BadgeVariant {
  switch (status) {
    case 'pending':
      return 'warning';
    case 'confirmed':
      return 'success';
    case 'completed':
      return 'info';
    case 'cancelled':
      return 'danger';
    default:
      return 'neutral';
  }
}

export function formatStatus(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

export function formatSource(source: string): string {
  return BOOKING_SOURCE_LABELS[source as BookingSource] ?? source;
}

export function StatusBadge({ status, variant }: { status: string; variant?: BadgeVariant }) {
  return (
    <Badge variant={variant ?? getStatusVariant(status)} data-status={status}>
      {formatStatus(status)}
    </Badge>
  );
}

export function SourceBadge({ source }: { source: string }) {
  return (
    <Badge variant="outline" data-source={source}>
      {formatSource(source)}
    </Badge>
  );
}

/**
 * The spec's badge, in its words: 'Payment: {payment_status}', green when paid, otherwise yellow. The status
 * is the one the ledger derives; the card's figures beside it say what was paid, owed or collected.
 */
export const PAYMENT_BADGES: Record<PaymentStatus, { label: string; variant: BadgeVariant; title?: string }> =
  {
    unpaid: { label: 'Payment: unpaid', variant: 'warning' },
    partial: { label: 'Payment: partial', variant: 'warning' },
    paid: { label: 'Payment: paid', variant: 'success' },
    refunded: { label: 'Payment: refunded', variant: 'warning' },
    // The channel takes the guest's money and pays the operator out: nothing to chase here.
    channel: { label: 'Payment: channel', variant: 'warning', title: 'The channel collects this stay' },
  };

export function PaymentBadge({ status }: { status: PaymentStatus }) {
  const badge = PAYMENT_BADGES[status] ?? { label: `Payment: ${status}`, variant: 'warning' };
  return (
    <Badge variant={badge.variant} data-payment={status} title={badge.title}>
      {badge.label}
    </Badge>
  );
}
