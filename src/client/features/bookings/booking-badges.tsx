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

/** What each payment status says on a badge, and its colour: paid green, owed yellow, channel blue. */
export const PAYMENT_BADGES: Record<PaymentStatus, { label: string; variant: BadgeVariant }> = {
  unpaid: { label: 'Payment: unpaid', variant: 'warning' },
  partial: { label: 'Payment: partial', variant: 'warning' },
  paid: { label: 'Payment: paid', variant: 'success' },
  refunded: { label: 'Payment: refunded', variant: 'neutral' },
  // The channel takes the guest's money and pays the operator out: nothing to chase here.
  channel: { label: 'Paid via channel', variant: 'info' },
};

export function PaymentBadge({ status }: { status: PaymentStatus }) {
  const badge = PAYMENT_BADGES[status] ?? { label: `Payment: ${status}`, variant: 'neutral' };
  return (
    <Badge variant={badge.variant} data-payment={status}>
      {badge.label}
    </Badge>
  );
}
